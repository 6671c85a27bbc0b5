package trace

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Format names an input format of docs/trace-format.md.
type Format string

// The input formats.
const (
	FormatText     Format = "text"     // .trace (docs/trace-format.md)
	FormatJSONL    Format = "jsonl"    // .jsonl (docs/trace-format.md)
	FormatSTD      Format = "std"      // .std, RAPID's text format
	FormatRapidBin Format = "rapidbin" // .data / .rapidbin, RAPID's binary format
)

// Formats lists the input formats, for help texts and errors.
const Formats = "text, jsonl, std or rapidbin"

// ParseFormat checks a --input-format value; "" means "by extension".
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case "", FormatText, FormatJSONL, FormatSTD, FormatRapidBin:
		return f, nil
	}
	return "", fmt.Errorf("input format %q: want %s", s, Formats)
}

// extensions maps file extensions to formats.
var extensions = map[string]Format{
	".trace": FormatText, ".jsonl": FormatJSONL, ".std": FormatSTD,
	".data": FormatRapidBin, ".rapidbin": FormatRapidBin,
}

// FormatOf chooses the format of path by its extension.
func FormatOf(path string) (Format, error) {
	if f, ok := extensions[strings.ToLower(filepath.Ext(path))]; ok {
		return f, nil
	}
	return "", fmt.Errorf("%s: cannot tell the trace format from the extension; want .trace, .jsonl, .std, .data or .rapidbin, or give --input-format %s", path, strings.ReplaceAll(Formats, ", ", "|"))
}

// Read reads the files (or directories) in paths as one trace. format ""
// chooses each file's format by its extension; otherwise it applies to all.
// A directory stands for its files of the format, sorted by name: *.trace
// unless format says otherwise. A thread split across files is an error.
func Read(paths []string, format string) (*Trace, error) {
	return ReadContext(context.Background(), paths, format)
}

// ReadContext is Read, stopped by ctx: a recording of millions of events
// takes seconds to read, and a named pipe may keep its reader waiting for
// ever. Once ctx is done the file being read is closed, which ends a
// read that waits, and ReadContext returns ctx's error.
func ReadContext(ctx context.Context, paths []string, format string) (*Trace, error) {
	tr, err := read(ctx, paths, format)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err() // the error of a read cut short says nothing more
	}
	return tr, err
}

func read(ctx context.Context, paths []string, format string) (*Trace, error) {
	f, err := ParseFormat(format)
	if err != nil {
		return nil, err
	}
	files, err := expandPaths(paths, f)
	if err != nil {
		return nil, err
	}
	b := NewBuilder()
	for _, file := range files {
		if err := readFile(ctx, b, file, f); err != nil {
			return nil, err
		}
	}
	if err := b.Resolve(); err != nil {
		return nil, err
	}
	return b.Finish(), nil
}

// expandPaths replaces directories by the files they hold.
func expandPaths(paths []string, f Format) ([]string, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no trace files given")
	}
	var files []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		ext := ".trace"
		for e, ef := range extensions {
			if ef == f && (f != FormatRapidBin || e == ".data") {
				ext = e
			}
		}
		matches, err := filepath.Glob(filepath.Join(p, "*"+ext))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s: directory holds no *%s files", p, ext)
		}
		sort.Strings(matches)
		files = append(files, matches...)
	}
	return files, nil
}

func readFile(ctx context.Context, b *Builder, path string, f Format) error {
	if f == "" {
		var err error
		if f, err = FormatOf(path); err != nil {
			return err
		}
	}
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	// Closing the file ends a read that waits (a pipe's); for one that
	// does not, the reader below stops at its next read.
	defer context.AfterFunc(ctx, func() { file.Close() })()
	return ReadFrom(b, path, f, ctxReader{ctx, file})
}

// ctxReader reads r until ctx is done. The readers read a buffer of 64 KB
// at a time, so a trace is read for about a millisecond at most after
// ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// ReadFrom reads one input of format f (not "") from r into b; name is used
// in error positions.
func ReadFrom(b *Builder, name string, f Format, r io.Reader) error {
	switch f {
	case FormatText:
		return ReadText(b, name, r)
	case FormatJSONL:
		return ReadJSONL(b, name, r)
	case FormatSTD:
		return ReadSTD(b, name, r)
	case FormatRapidBin:
		return ReadRapidBin(b, name, r)
	}
	return fmt.Errorf("input format %q: want %s", f, Formats)
}

// ParseText reads a text-format trace held in a string: a convenience for
// tests and examples.
func ParseText(name, src string) (*Trace, error) {
	b := NewBuilder()
	if err := ReadText(b, name, strings.NewReader(src)); err != nil {
		return nil, err
	}
	if err := b.Resolve(); err != nil {
		return nil, err
	}
	return b.Finish(), nil
}
