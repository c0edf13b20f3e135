package backend

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/cnf"
)

// The worker protocol lets a parent run gophersat in a child process that
// it can kill, keeping the search incremental. The parent writes a DIMACS
// problem line and clauses, then a line "c solve"; the worker answers in
// SAT-competition form ("s SATISFIABLE" and a "v" line, or "s
// UNSATISFIABLE"). The parent may then add clauses (no new problem line) and
// write "c solve" again. End of input ends the worker. A line "c proof
// PATH" before the first "c solve" makes that solve run gophersat in
// certified mode, writing its DRAT proof to the file PATH (certify.Verdict).

// ServeWorker runs the worker side of the protocol on r and w, solving with
// gophersat. The nonosat command runs it as a hidden sub-command; it also
// serves a whole file ending in "c solve". Input that goes on during a
// search is an error. A worker started by this package dies with its
// parent on Linux (see workerAttr), so it does not search on as an orphan.
func ServeWorker(r io.Reader, w io.Writer) error {
	lines := make(chan workerLine)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
		for sc.Scan() {
			lines <- workerLine{text: sc.Text()}
		}
		lines <- workerLine{err: sc.Err(), eof: true}
		close(lines)
	}()
	s := &workerServer{lines: lines, bw: bufio.NewWriter(w), f: &cnf.Formula{}}
	for l := range lines {
		if l.err != nil || l.eof {
			return l.err
		}
		s.n++
		if err := s.line(strings.TrimSpace(l.text)); err != nil {
			return err
		}
	}
	return nil
}

// workerLine is a line of the worker's input, or its end.
type workerLine struct {
	text string
	err  error
	eof  bool
}

// workerServer is ServeWorker's state: the formula read so far, the
// solver once the first "c solve" made it, and the clause being read.
type workerServer struct {
	lines     <-chan workerLine
	bw        *bufio.Writer
	f         *cnf.Formula
	b         *gophersatBackend
	cur       cnf.Clause
	proofPath string // set by "c proof PATH": the next solve, the first, writes a DRAT proof there
	n         int    // lines read
}

// line handles one input line, trimmed (line s.n).
func (s *workerServer) line(text string) error {
	switch {
	case text == "":
	case strings.HasPrefix(text, "c proof "):
		s.proofPath = strings.TrimPrefix(text, "c proof ")
	case text == "c solve" && s.proofPath != "" && s.b == nil:
		if err := serveProof(s.bw, s.f, s.proofPath); err != nil {
			return err
		}
		s.proofPath = ""
	case text == "c solve":
		return s.solve()
	case text[0] == 'c':
	case text[0] == 'p':
		fs := strings.Fields(text)
		if len(fs) != 4 || fs[1] != "cnf" {
			return fmt.Errorf("worker input line %d: bad problem line %q", s.n, text)
		}
		v, err := strconv.Atoi(fs[2])
		if err != nil || v < 0 || v > 1<<30 {
			return fmt.Errorf("worker input line %d: bad problem line %q", s.n, text)
		}
		s.f.NumVars = v
	default:
		return s.literals(text)
	}
	return nil
}

// solve solves the formula and the clauses added since, and writes the
// answer. Input that goes on meanwhile is an error; its end lets the
// search finish and be answered.
func (s *workerServer) solve() error {
	if s.b == nil {
		s.b = newGophersat(s.f)
	}
	type answer struct {
		m   cnf.Model
		err error
	}
	done := make(chan answer, 1)
	go func() {
		ok, m, err := s.b.Solve(context.Background())
		if !ok {
			m = nil
		}
		done <- answer{m, err}
	}()
	var a answer
	select {
	case a = <-done:
	case l := <-s.lines:
		if !l.eof || l.err != nil {
			return fmt.Errorf("worker input line %d: input went on during a search", s.n+1)
		}
		a = <-done // the input ended: answer, then stop
	}
	if a.err != nil {
		return a.err
	}
	if err := cnf.WriteModel(s.bw, a.m); err != nil {
		return err
	}
	return s.bw.Flush()
}

// literals reads a line of clause literals; a 0 ends a clause, which
// goes into the formula before the first solve and to the solver after.
func (s *workerServer) literals(text string) error {
	for _, tok := range strings.Fields(text) {
		x, err := strconv.ParseInt(tok, 10, 32)
		if err != nil || x < -int64(s.f.NumVars) || x > int64(s.f.NumVars) {
			return fmt.Errorf("worker input line %d: bad literal %q", s.n, tok)
		}
		if x != 0 {
			s.cur = append(s.cur, cnf.Lit(x))
			continue
		}
		if s.b == nil {
			s.f.Clauses = append(s.f.Clauses, s.cur)
		} else {
			s.b.Add(s.cur)
		}
		s.cur = nil
	}
	return nil
}

// workerBackend drives a worker child process. A done context kills it.
type workerBackend struct {
	f       *cnf.Formula
	argv    []string
	cmd     *exec.Cmd
	in      *bufio.Writer
	stdin   io.WriteCloser
	out     *bufio.Reader
	pending []cnf.Clause
	dead    error
}

func newWorker(f *cnf.Formula, argv []string) *workerBackend {
	return &workerBackend{f: f, argv: argv}
}

func (b *workerBackend) Add(c cnf.Clause) { b.pending = append(b.pending, c) }

func (b *workerBackend) start() error {
	b.cmd = exec.Command(b.argv[0], b.argv[1:]...)
	workerAttr(b.cmd)
	var err error
	if b.stdin, err = b.cmd.StdinPipe(); err != nil {
		return err
	}
	stdout, err := b.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := b.cmd.Start(); err != nil {
		return fmt.Errorf("starting SAT worker %s: %w", b.argv[0], err)
	}
	b.in = bufio.NewWriterSize(b.stdin, 1<<16)
	b.out = bufio.NewReader(stdout)
	return nil
}

func (b *workerBackend) Solve(ctx context.Context) (bool, cnf.Model, error) {
	if b.dead != nil {
		return false, nil, b.dead
	}
	if err := clock.Err(ctx); err != nil {
		return false, nil, err
	}
	first := b.cmd == nil
	if first {
		if err := b.start(); err != nil {
			b.dead = err
			return false, nil, err
		}
	}
	type answer struct {
		sat bool
		m   cnf.Model
		err error
	}
	done := make(chan answer, 1)
	go func() {
		if first {
			fmt.Fprintf(b.in, "p cnf %d %d\n", b.f.NumVars, len(b.f.Clauses))
			writeClauses(b.in, b.f.Clauses)
		}
		writeClauses(b.in, b.pending)
		b.pending = nil
		b.in.WriteString("c solve\n")
		if err := b.in.Flush(); err != nil {
			done <- answer{err: fmt.Errorf("SAT worker: %w", err)}
			return
		}
		st, m, err := readAnswer(b.out, b.f.NumVars)
		done <- answer{st == cnf.Sat, m, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			b.kill()
			b.dead = a.err
		}
		return a.sat, a.m, a.err
	case <-ctx.Done():
		b.kill()
		<-done
		b.dead = clock.Err(ctx)
		return false, nil, clock.Err(ctx)
	}
}

// readAnswer reads one answer: an "s" line and, for SAT, "v" lines up to
// the closing 0.
func readAnswer(r *bufio.Reader, numVars int) (cnf.Status, cnf.Model, error) {
	var sb strings.Builder
	for {
		line, err := r.ReadString('\n')
		sb.WriteString(line)
		t := strings.TrimSpace(line)
		if t == "s UNSATISFIABLE" || strings.HasSuffix(t, " 0") && strings.HasPrefix(t, "v") || t == "v 0" {
			break
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return cnf.Unknown, nil, fmt.Errorf("SAT worker ended without an answer")
			}
			return cnf.Unknown, nil, err
		}
	}
	return cnf.ReadModel(strings.NewReader(sb.String()), numVars)
}

func writeClauses(w *bufio.Writer, cs []cnf.Clause) {
	var buf []byte
	for _, c := range cs {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		w.Write(buf)
	}
}

func (b *workerBackend) kill() {
	if b.cmd != nil && b.cmd.Process != nil {
		b.cmd.Process.Kill()
		b.stdin.Close()
		b.cmd.Wait()
		b.cmd.Process = nil
	}
}

func (b *workerBackend) Close() {
	if b.cmd != nil && b.cmd.Process != nil {
		b.stdin.Close()
		b.cmd.Wait()
		b.cmd.Process = nil
	}
}
