package emit

// size, shape, lbound and ubound in device code (F2018 16.9.109, .173,
// .178, .197): of a whole array the kernel or device procedure holds (its
// bounds lb<d>_<name> and extents ex<d>_<name>: the loop's arrays, its
// procedure's and device procedures' assumed-shape, allocatable and pointer
// dummies), of an allocatable component whose descriptor or table entry
// the kernel holds (t%v, a(i)%v), and of a section or other array
// designator (its extents; its bounds are 1 and the extent). DIM may be
// absent (size: the product; shape, lbound, ubound: a rank-1 value read
// element by element at g.at), a constant, or computed at run time (the
// dimension picked among the array's); KIND is the result's type.

import (
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// inquiry renders size, shape, lbound or ubound of the actuals a (array,
// dim) as a value of C type ct.
func (g *kernelGen) inquiry(e *frontend.Expr, name string, a []*frontend.Expr, ct string) string {
	if len(a) == 0 || a[0] == nil || a[0].Rank <= 0 {
		g.internal(e.Pos, "%s of a scalar in device code", name)
		return "0"
	}
	x := a[0]
	rank := x.Rank
	var lb, ex func(d int) string // d from 0
	if row, ok := g.row(x); ok {
		lb = func(d int) string { return fmt.Sprintf("%s.lb[%d]", row, d) }
		ex = func(d int) string { return fmt.Sprintf("%s.ex[%d]", row, d) }
	} else if s := rootSym(x); x.Kind == frontend.EName && s != nil {
		lb = func(d int) string { return fmt.Sprintf("lb%d_%s", d+1, s.Name) }
		ex = func(d int) string { return fmt.Sprintf("ex%d_%s", d+1, s.Name) }
	} else if sh, ok := lowering.ConstShape(x); ok && (lowering.InquiryValue(x) || x.Kind == frontend.EArray) {
		// An array value of a shape known here (shape(b), a constructor):
		// not evaluated; its bounds are 1 and its extents.
		lb = func(int) string { return "1" }
		ex = func(d int) string { return fmt.Sprintf("%dLL", sh[d]) }
	} else {
		// A section (or another array designator): its extents; its
		// bounds are 1 and its extents.
		dims := g.arrayShape(x)
		if len(dims) != rank {
			g.nyi(frontend.NYIIntrinsic, e.Pos, "%s of %s in an offloaded loop (its extents are not known here)", name, x)
			return "0"
		}
		lb = func(int) string { return "1" }
		ex = func(d int) string { return "(" + dims[d].ext + ")" }
	}
	// val is the result for dimension d: a dimension of extent 0 has the
	// bounds 1 and 0.
	val := func(d int) string { return cxx.DimInquiry(name, lb(d), ex(d)) }
	// pick is the result for the dimension idx (from 0) computed at run
	// time.
	pick := func(idx string) string {
		out := val(rank - 1)
		for d := rank - 2; d >= 0; d-- {
			out = fmt.Sprintf("(%s == %d ? %s : %s)", idx, d, val(d), out)
		}
		return fmt.Sprintf("((%s)%s)", ct, out)
	}
	dim := (*frontend.Expr)(nil)
	if name != "shape" && len(a) > 1 {
		dim = a[1]
	}
	switch {
	case dim == nil && name == "size":
		var f []string
		for d := 0; d < rank; d++ {
			f = append(f, ex(d))
		}
		return fmt.Sprintf("((%s)(%s))", ct, strings.Join(f, " * "))
	case dim == nil:
		// A rank-1 value: its element at g.at.
		if len(g.at) != 1 {
			g.internal(e.Pos, "the element of %s read with %d indices", e, len(g.at))
			return "0"
		}
		return pick(g.at[0])
	case dim.Const != nil:
		d, ok := dim.Const.AsInt()
		if !ok || d < 1 || int(d) > rank {
			g.nyi(frontend.NYIIntrinsic, e.Pos, "%s with DIM out of range in an offloaded loop", name)
			return "0"
		}
		return fmt.Sprintf("((%s)%s)", ct, val(int(d)-1))
	}
	return pick(fmt.Sprintf("(%s - 1)", g.convertTo(dim, "int64_t")))
}
