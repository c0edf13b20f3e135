package cnf

import (
	"bufio"
	"io"
	"strconv"
)

// ProofSink takes the steps of a DRAT proof as a solver makes them: each
// lemma must follow from the formula and the lemmas before it by unit
// propagation (RUP), and Delete drops a clause that later lemmas no longer
// need. Any stage that decides by reasoning on the formula's variables
// (line solving, the learner, a SAT solver) can feed one; an empty lemma
// ends a proof of unsatisfiability.
type ProofSink interface {
	Lemma(c Clause)
	Delete(c Clause)
}

// DRATWriter is a ProofSink that writes DRAT text: "LIT... 0" per lemma,
// "d LIT... 0" per deletion. It buffers: call Flush at the end, and check
// its error there.
type DRATWriter struct {
	w       *bufio.Writer
	buf     []byte
	Lemmas  int   // lemmas written
	Deleted int   // deletions written
	Bytes   int64 // bytes written
}

// NewDRATWriter returns a DRATWriter writing to w.
func NewDRATWriter(w io.Writer) *DRATWriter {
	return &DRATWriter{w: bufio.NewWriterSize(w, 1<<16)}
}

// Lemma writes c as a lemma.
func (d *DRATWriter) Lemma(c Clause) {
	d.Lemmas++
	d.write(false, c)
}

// Delete writes the deletion of c.
func (d *DRATWriter) Delete(c Clause) {
	d.Deleted++
	d.write(true, c)
}

// WriteLine writes one step that is already DRAT text, such as a line
// of gophersat's certificate ("1 -2 0"), and a newline.
func (d *DRATWriter) WriteLine(s string) {
	d.Lemmas++
	n, _ := d.w.WriteString(s)
	d.w.WriteByte('\n')
	d.Bytes += int64(n) + 1
}

func (d *DRATWriter) write(del bool, c Clause) {
	b := d.buf[:0]
	if del {
		b = append(b, 'd', ' ')
	}
	for _, l := range c {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	b = append(b, '0', '\n')
	n, _ := d.w.Write(b)
	d.Bytes += int64(n)
	d.buf = b
}

// Flush writes what is buffered and returns the first write error, if
// any.
func (d *DRATWriter) Flush() error { return d.w.Flush() }
