package fig18;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.time.Millisecond;
import org.jfree.data.time.TimeSeries;
import org.jfree.data.time.TimeSeriesCollection;

/**
 * FIG. 18, row jfreechart (UnsafeIterator; FIG. 16's bug shape on
 * JFreeChart 1.0.19 from Debian's libjfreechart-java): a time series
 * chart whose feeders add points to a series while other threads add
 * series to the chart's dataset.
 *
 * <p>A point added to a series fires a change event; the dataset is a
 * listener of its series, and the chart's plot a listener of the dataset,
 * so the event reaches the plot, which re-ranges its date axis: the
 * dataset iterates its list of series (TimeSeriesCollection.getDomainBounds).
 * Adding a series adds to that list and registers the dataset as a
 * listener of the new series. When a feeder's event is being handled
 * while another thread adds a series, the iteration throws
 * ConcurrentModificationException. In this run the adders wait before
 * adding (500 ms, and 100 ms more each): the feeders are done by then, and
 * the adders do not overlap, so nothing fails. A sleep is no
 * synchronisation: UnsafeIterator predicts the interleavings that fail.
 */
public class JFreeChartListeners {
    static final int FEEDERS = 2, ADDERS = 2, POINTS = 3;

    public static void main(String[] args) throws Exception {
        TimeSeries prices = new TimeSeries("prices");
        TimeSeriesCollection dataset = new TimeSeriesCollection(prices);
        JFreeChart chart = ChartFactory.createTimeSeriesChart("Prices", "time", "price", dataset, false, false, false);
        Thread[] feeders = new Thread[FEEDERS];
        boolean[] failed = new boolean[FEEDERS + ADDERS];
        for (int i = 0; i < FEEDERS; i++) {
            int me = i;
            feeders[i] = new Thread(() -> {
                try {
                    for (int k = 0; k < POINTS; k++) {
                        synchronized (prices) { // feeders do not race with each other
                            prices.addOrUpdate(new Millisecond(me * 1000 + k, 0, 0, 12, 1, 1, 2024), 100.0 + k);
                        }
                    }
                } catch (RuntimeException e) {
                    e.printStackTrace();
                    failed[me] = true;
                }
            }, "feeder-" + i);
            feeders[i].start();
        }
        Thread[] adders = new Thread[ADDERS];
        for (int i = 0; i < ADDERS; i++) {
            int me = FEEDERS + i;
            String name = "volume-" + i;
            long delay = 500 + 100 * i;
            adders[i] = new Thread(() -> {
                Timing.pause(delay);
                try {
                    dataset.addSeries(new TimeSeries(name));
                } catch (RuntimeException e) {
                    e.printStackTrace();
                    failed[me] = true;
                }
            }, "adder-" + i);
            adders[i].start();
        }
        for (Thread t : feeders) {
            t.join();
        }
        for (Thread t : adders) {
            t.join();
        }
        Timing.check(failed);
        System.out.println(chart.getTitle().getText() + ": " + dataset.getSeriesCount() + " series, "
                + prices.getItemCount() + " points");
    }

}
