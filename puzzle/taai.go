package puzzle

import (
	"errors"
	"io"
)

// TODO(owner of taai.go): replace this stub.

func decodeTAAI(r io.Reader) ([]parsed, error) {
	return nil, errors.New("taai: reader not written yet")
}

func encodeTAAI(w io.Writer, p *Puzzle) error { return errors.New("taai: writer not written yet") }
