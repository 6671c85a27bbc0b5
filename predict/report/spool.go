package report

import (
	"bytes"
	"io"
	"os"
)

// spool holds what a writer renders before it can write it: in memory up
// to limit bytes, then in a temporary file. The HTML page's head counts
// the reports and says whether an interrupt cut the page short, so its
// reports are rendered before it; a run with a hundred thousand reports
// renders gigabytes of them (the lock-heavy STD member of 100K events:
// killed at 10 GB of memory before the page was spooled), which a file
// holds where memory cannot.
type spool struct {
	limit int
	mem   bytes.Buffer
	file  *os.File
}

// htmlSpoolLimit is how many bytes of rendered reports the HTML writer
// keeps in memory before it spools them to a file.
const htmlSpoolLimit = 64 << 20

func newSpool(limit int) *spool { return &spool{limit: limit} }

// Write appends p, moving what is held to a temporary file once it would
// pass the limit.
func (s *spool) Write(p []byte) (int, error) {
	if s.file == nil && s.mem.Len()+len(p) > s.limit {
		f, err := os.CreateTemp("", "gpredict-report-*")
		if err != nil {
			return 0, err
		}
		s.file = f
		if _, err := s.mem.WriteTo(f); err != nil {
			return 0, err
		}
	}
	if s.file != nil {
		return s.file.Write(p)
	}
	return s.mem.Write(p)
}

// WriteTo copies everything written, in order, to w.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	if s.file == nil {
		return s.mem.WriteTo(w)
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	return io.Copy(w, s.file)
}

// Close removes the temporary file, if there is one.
func (s *spool) Close() error {
	if s.file == nil {
		return nil
	}
	name := s.file.Name()
	err := s.file.Close()
	if rm := os.Remove(name); err == nil {
		err = rm
	}
	s.file = nil
	return err
}
