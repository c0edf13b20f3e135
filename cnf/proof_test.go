package cnf

import (
	"bytes"
	"errors"
	"testing"
)

func TestDRATWriter(t *testing.T) {
	var buf bytes.Buffer
	var sink ProofSink = NewDRATWriter(&buf)
	sink.Lemma(Clause{1, -2})
	sink.Delete(Clause{3, 4, -5})
	sink.Lemma(Clause{-1})
	sink.Lemma(nil)
	d := sink.(*DRATWriter)
	d.WriteLine("7 0")
	if err := d.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "1 -2 0\nd 3 4 -5 0\n-1 0\n0\n7 0\n"
	if got := buf.String(); got != want {
		t.Errorf("DRAT text = %q, want %q", got, want)
	}
	if d.Lemmas != 4 || d.Deleted != 1 || d.Bytes != int64(len(want)) {
		t.Errorf("counts: %d lemmas, %d deleted, %d bytes; want 4, 1, %d", d.Lemmas, d.Deleted, d.Bytes, len(want))
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestDRATWriterError(t *testing.T) {
	d := NewDRATWriter(failWriter{})
	for range 20000 { // more than the buffer holds
		d.Lemma(Clause{1, 2, 3})
	}
	if err := d.Flush(); err == nil {
		t.Error("Flush after a failed write = nil, want the error")
	}
}
