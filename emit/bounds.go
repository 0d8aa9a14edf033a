package emit

// This file writes the bounds checks of device code under -fcheck=bounds
// (facts/bounds.go; design doc, "Stopping on the device"): a subscript is
// written through fgpu_bcheck, which returns it when it is within the
// bounds of its dimension, and otherwise records the check's site and a
// code holding the index and the bound it failed, as a stop records its
// site and code (the first recorded in an iteration wins), and returns
// the lower bound, so that the statement reads and writes no storage
// outside the array. The statement is followed by the test a call of a
// procedure that can stop gets (exprStops), which ends the iteration or
// returns from the device procedure; the host reports the failure as
// gfortran does and ends the program with status 2 (replay.go).
//
// When several iterations fail, the one reported is the one whose thread
// records its site first (fgpu_record_stop): any of them, as the design
// doc says of several threads that stop. In one statement the first
// check evaluated in C++ order wins, which need not be gfortran's (the
// left side first, dimensions last to first).

import (
	"fmt"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/lowering"
)

// boundsPrelude is the C++ of the checks, written after the prelude when
// the plan checks bounds. The code packs the index and the bound as two
// 32-bit halves (index high); a pair that does not fit is recorded as
// index == bound, which no failure has (the host then says so).
const boundsPrelude = `// -fcheck=bounds: i within [lo, hi], else the site and code are recorded
// (unless one is already) and lo returned.
FGPU_FN int64_t fgpu_bcheck(int64_t i, int64_t lo, int64_t hi, int64_t site, int64_t* ps, int64_t* pc) {
  if (i >= lo && i <= hi) return i;
  if (*ps == 0) {
    const int64_t b = i < lo ? lo : hi;
    const int64_t m = (int64_t)(-2147483647 - 1), x = (int64_t)2147483647;
    const bool fits = i >= m && i <= x && b >= m && b <= x;
    const uint32_t hi32 = (uint32_t)(int32_t)(fits ? i : m), lo32 = (uint32_t)(int32_t)(fits ? b : m);
    *pc = (int64_t)(((uint64_t)hi32 << 32) | (uint64_t)lo32);
    *ps = site;
  }
  return lo;
}
`

type boundsRefKey struct {
	ref *frontend.Expr
	dim int // 0-based
}

// boundsOn reports a plan built with -fcheck=bounds.
func (g *kernelGen) boundsOn() bool {
	return g.funcs != nil && g.funcs.plan != nil && g.funcs.plan.BoundsCheck
}

// boundsSite is the stop site of the check of dimension d (0-based) of
// reference ref, nil when it has none (a subscript known to be in
// bounds, or a reference facts did not see).
func (g *kernelGen) boundsSite(ref *frontend.Expr, d int) *lowering.StopSite {
	if !g.boundsOn() {
		return nil
	}
	f := g.funcs
	if f.bounds == nil {
		f.bounds = map[boundsRefKey]*lowering.StopSite{}
		for _, s := range f.plan.StopSites {
			if s.Bounds == nil {
				continue
			}
			for _, r := range s.Bounds.Refs {
				f.bounds[boundsRefKey{r, s.Bounds.Dim - 1}] = s
			}
		}
	}
	return f.bounds[boundsRefKey{ref, d}]
}

// boundsChecked reports a reference with a checked subscript.
func (g *kernelGen) boundsChecked(e *frontend.Expr) bool {
	if !g.boundsOn() || !facts.BoundsRef(e) {
		return false
	}
	for d := range e.Args {
		if g.boundsSite(e, d) != nil {
			return true
		}
	}
	return false
}

// checkedSub is index idx (a C int64_t expression) of dimension d of
// reference ref, checked against lo and hi ("" for no upper bound: the
// last dimension of an assumed-size array). Without -fcheck=bounds it is
// idx itself. A subscript facts did not record is not yet implemented,
// unless it is a constant within constant bounds.
func (g *kernelGen) checkedSub(ref *frontend.Expr, d int, idx, lo, hi string) string {
	if !g.boundsOn() {
		return idx
	}
	s := g.boundsSite(ref, d)
	if s == nil {
		if !facts.BoundsRef(ref) || !facts.InBounds(ref, d) {
			g.nyi(frontend.NYIBoundsCheck, ref.Pos, "checking the bounds of %s in device code (-fcheck=bounds)", ref)
		}
		return idx
	}
	if hi == "" {
		hi = "INT64_MAX"
	}
	args := g.hiddenStopArgs(ref.Pos)
	return fmt.Sprintf("fgpu_bcheck(%s, %s, %s, %d, %s, %s)", idx, lo, hi, s.ID, args[0], args[1])
}

// assumedSizeDim reports the last dimension of an assumed-size array
// (a(*)), whose upper bound is not known.
func assumedSizeDim(s *frontend.Symbol, d int) bool {
	return s != nil && s.Shape != nil && d < len(s.Shape.Dims) && s.Shape.Dims[d].Star
}

// arrayHi is the upper bound of dimension d (0-based) of an array of
// device code named by its symbol (lb + ex - 1; "" for the last dimension
// of an assumed-size array).
func arrayHi(s *frontend.Symbol, d int) string {
	if assumedSizeDim(s, d) {
		return ""
	}
	return fmt.Sprintf("(lb%d_%s + ex%d_%s - 1)", d+1, s.Name, d+1, s.Name)
}

// constHi is the upper bound of dimension d of a named constant array.
func constHi(s *frontend.Symbol, d int) string {
	if d >= len(s.Dims) {
		return ""
	}
	return fmt.Sprintf("%dLL", constLower(s, d)+int64(s.Dims[d])-1)
}

// sectionSub is index idx of dimension d of the element of section e at
// the elementwise indices, checked (checkedSub) when e subscripts its
// array; a whole array (a name, a component) is not checked: its
// elements are within its bounds. Each element is checked, so the index
// reported is that of the first element out of bounds, where gfortran
// reports the section's bound ("outside of expected range").
func (g *kernelGen) sectionSub(e *frontend.Expr, d int, idx, lo, hi string) string {
	if !facts.BoundsRef(e) {
		return idx
	}
	return g.checkedSub(e, d, idx, lo, hi)
}
