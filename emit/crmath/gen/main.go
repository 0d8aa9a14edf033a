// Command gen writes the tables of emit/crmath (tables_*.h) from big.Float
// values (frontend/crmath): go run ./emit/crmath/gen [-check]. Each group
// registers its writer in a file of its own (explog.go, trig.go, atan.go).
// With -check it compares instead of writing and exits 1 on a difference
// (emit/crmath's TestTablesCurrent runs it).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// groups maps a tables file to the function writing its text.
var groups = map[string]func(w *writer){}

type writer struct{ b bytes.Buffer }

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// lit is a C++ literal that reads back as x exactly.
func lit(x float64) string {
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// dd splits v into hi = v rounded and lo = (v - hi) rounded.
func dd(v *big.Float) (hi, lo float64) {
	hi, _ = v.Float64()
	r := new(big.Float).SetPrec(v.Prec()+64).Sub(v, new(big.Float).SetFloat64(hi))
	lo, _ = r.Float64()
	return hi, lo
}

// ddTable writes a table of double-double values {hi, lo}.
func (w *writer) ddTable(name, comment string, vals []*big.Float) {
	w.printf("// %s\nFGPU_CR_TABLE double %s[%d][2] = {\n", comment, name, len(vals))
	for _, v := range vals {
		hi, lo := dd(v)
		w.printf("  {%s, %s},\n", lit(hi), lit(lo))
	}
	w.printf("};\n")
}

// dTable writes a table of doubles.
func (w *writer) dTable(name, comment string, vals []float64) {
	w.printf("// %s\nFGPU_CR_TABLE double %s[%d] = {\n", comment, name, len(vals))
	for _, v := range vals {
		w.printf("  %s,\n", lit(v))
	}
	w.printf("};\n")
}

func text(file string, gen func(w *writer)) []byte {
	w := &writer{}
	w.printf("// Written by emit/crmath/gen (go run ./emit/crmath/gen): do not edit.\n")
	gen(w)
	return w.b.Bytes()
}

func main() {
	check := flag.Bool("check", false, "compare with the files instead of writing them")
	dir := flag.String("dir", "emit/crmath", "the directory of the headers")
	flag.Parse()
	var names []string
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	bad := false
	for _, n := range names {
		t := text(n, groups[n])
		p := filepath.Join(*dir, n)
		if *check {
			old, err := os.ReadFile(p)
			if err != nil || !bytes.Equal(old, t) {
				fmt.Fprintf(os.Stderr, "%s is not what gen writes (go run ./emit/crmath/gen)\n", p)
				bad = true
			}
			continue
		}
		if err := os.WriteFile(p, t, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if bad {
		os.Exit(1)
	}
}
