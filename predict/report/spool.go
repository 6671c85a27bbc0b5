package report

import (
	"bufio"
	"bytes"
	"io"
	"os"

	"gpredict/internal/tempfile"
)

// spool holds what a writer renders before it can write it: in memory up
// to limit bytes, then in a temporary file without a name
// (tempfile.Unlinked). The HTML page's head counts
// the reports and says whether an interrupt cut the page short, so its
// reports are rendered before it; a run with a hundred thousand reports
// renders gigabytes of them (the lock-heavy STD member of 100K events:
// killed at 10 GB of memory before the page was spooled), which a file
// holds where memory cannot.
type spool struct {
	limit int
	mem   bytes.Buffer
	file  *os.File
	// buf gathers the template's many small writes to the file: one
	// system call each made a 10K-event member's page take 114 s
	// instead of 40 s.
	buf *bufio.Writer
}

// htmlSpoolLimit is how many bytes of rendered reports the HTML writer
// keeps in memory before it spools them to a file.
const htmlSpoolLimit = 64 << 20

func newSpool(limit int) *spool { return &spool{limit: limit} }

// Write appends p, moving what is held to a temporary file once it would
// pass the limit.
func (s *spool) Write(p []byte) (int, error) {
	if s.file == nil && s.mem.Len()+len(p) > s.limit {
		f, err := tempfile.Unlinked("gpredict-report-*")
		if err != nil {
			return 0, err
		}
		s.file, s.buf = f, bufio.NewWriterSize(f, 1<<20)
		if _, err := s.mem.WriteTo(s.buf); err != nil {
			return 0, err
		}
	}
	if s.file != nil {
		return s.buf.Write(p)
	}
	return s.mem.Write(p)
}

// WriteTo copies everything written, in order, to w.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	if s.file == nil {
		return s.mem.WriteTo(w)
	}
	if err := s.buf.Flush(); err != nil {
		return 0, err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	return io.Copy(w, s.file)
}

// Close closes the temporary file, if there is one, which frees its
// bytes (it has no name).
func (s *spool) Close() error {
	if s.file == nil {
		return nil
	}
	err := s.file.Close()
	s.file = nil
	return err
}
