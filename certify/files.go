package certify

import (
	"bytes"
	"context"
	"errors"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
)

// Dir puts a certificate's files in a folder, made when needed.
type Dir string

// Create creates name in the folder.
func (d Dir) Create(name string) (io.WriteCloser, error) {
	if err := os.MkdirAll(string(d), 0o777); err != nil {
		return nil, err
	}
	return os.Create(filepath.Join(string(d), name))
}

// Discard removes name from the folder.
func (d Dir) Discard(name string) { os.Remove(filepath.Join(string(d), name)) }

// ErrTooBig ends a certificate that passed a [Memory]'s limit.
var ErrTooBig = errors.New("certificate too large")

// Memory keeps a certificate's files in memory, in the order they were
// finished. Writes fail once its context ends, and with [ErrTooBig] once
// the files pass its limit.
type Memory struct {
	names []string
	data  []*bytes.Buffer
	ctx   context.Context
	limit int64
	total int64
}

// NewMemory keeps files of at most limit bytes in all, while ctx lasts.
func NewMemory(ctx context.Context, limit int64) *Memory {
	return &Memory{ctx: ctx, limit: limit}
}

type memFile struct {
	fs   *Memory
	name string
	buf  bytes.Buffer
	done bool
}

func (f *memFile) Write(b []byte) (int, error) {
	if err := f.fs.ctx.Err(); err != nil {
		return 0, err
	}
	if f.fs.total += int64(len(b)); f.fs.total > f.fs.limit {
		return 0, ErrTooBig
	}
	return f.buf.Write(b)
}

func (f *memFile) Close() error {
	if !f.done {
		f.done = true
		f.fs.names, f.fs.data = append(f.fs.names, f.name), append(f.fs.data, &f.buf)
	}
	return nil
}

// Create starts a file, kept when it is closed.
func (m *Memory) Create(name string) (io.WriteCloser, error) {
	return &memFile{fs: m, name: name}, nil
}

// Discard drops a kept file.
func (m *Memory) Discard(name string) {
	if i := slices.Index(m.names, name); i >= 0 {
		m.names, m.data = slices.Delete(m.names, i, i+1), slices.Delete(m.data, i, i+1)
	}
}

// Names lists the kept files in the order they were finished.
func (m *Memory) Names() []string { return slices.Clone(m.names) }

// All yields the kept files, name and contents, in the order they were
// finished.
func (m *Memory) All() iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		for i, n := range m.names {
			if !yield(n, m.data[i].Bytes()) {
				return
			}
		}
	}
}
