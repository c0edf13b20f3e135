package picture

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// SVG writes the puzzle as a printed nonogram in SVG: clue numbers in their
// colours, thin lines between cells and thick ones every five, and
// o.Solution filled in if given. It draws the same picture as [Image].
func SVG(w io.Writer, p *puzzle.Puzzle, o RenderOptions) error {
	sc, err := layout(p, o)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", sc.w, sc.h, sc.w, sc.h)
	if sc.title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", escape(sc.title))
	}
	bw.WriteString("<g shape-rendering=\"crispEdges\">\n")
	for _, b := range sc.fills {
		fmt.Fprintf(bw, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%v\"/>\n", b.x, b.y, b.w, b.h, b.c)
	}
	bw.WriteString("</g>\n")
	if len(sc.labels) > 0 {
		bw.WriteString("<g font-family=\"Go, DejaVu Sans, Helvetica, Arial, sans-serif\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">\n")
		for _, l := range sc.labels {
			fmt.Fprintf(bw, "<text x=\"%d\" y=\"%d\" font-size=\"%s\" fill=\"%v\">%s</text>\n", l.x, l.y, num(l.size), l.c, escape(l.text))
		}
		bw.WriteString("</g>\n")
	}
	if len(sc.marks) > 0 {
		bw.WriteString("<g fill=\"none\" stroke-width=\"2\">\n")
		for _, b := range sc.marks {
			// The stroke is centred on the path: inset by half its width
			// so that it lies inside the box, as Image draws it.
			fmt.Fprintf(bw, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" stroke=\"%v\"/>\n", b.x+1, b.y+1, b.w-2, b.h-2, b.c)
		}
		bw.WriteString("</g>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// num formats a length with at most two decimals.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func escape(s string) string {
	var sb strings.Builder
	_ = xml.EscapeText(&sb, []byte(s))
	return sb.String()
}
