package kernelir

// Array reductions of a kernel body (sum, maxval, count, dot_product,
// norm2, ...) of whole arrays and sections: the reduction runs in a
// sequential loop nest in array element order (the first dimension
// fastest: gfortran's order, so a sum gives gfortran's bits), inside the
// iteration, over the shape of one of its operands; and array
// assignments of sections, elementwise.

import (
	"fmt"
	"strings"
)

// Reduce is the reduction Name of its elementwise operands Args over the
// elements of Shape's shape, a scalar of type T. Name is one of
// ReduceNames. Args: sum, product, maxval, minval, norm2 the array
// (converted to T for sum, product, norm2); count, any, all a truth
// value; dot_product both vectors, converted to T. Inside Args, a Section
// is the element of a section at the reduction's position; Shape is the
// operand whose shape the reduction loops over (the first array operand
// of Args[0], as Fortran's conformance allows).
type Reduce struct {
	Pos   Pos
	Name  string
	Args  []Expr
	Shape *Section
	T     Type
}

// ReduceNames are the reductions Reduce computes, with their number of
// operands.
var ReduceNames = map[string]int{"sum": 1, "product": 1, "maxval": 1, "minval": 1, "count": 1, "any": 1, "all": 1, "norm2": 1, "dot_product": 2}

// Section is a whole array (Dims nil) or a section of Array, an operand
// of the enclosing Reduce: its value is the element at the reduction's
// position (the k-th Range dimension at the k-th position of the loop
// nest).
type Section struct {
	Array *Array
	Dims  []SectionDim
}

// SectionDim is one subscript of a section: a scalar (Fixed, int64) or a
// triplet Lo:Hi:Step (int64; nil: the array's bound, the step 1).
type SectionDim struct {
	Fixed        Expr
	Lo, Hi, Step Expr
}

// Ranges is the number of the section's dimensions (its rank).
func (s *Section) Ranges() int {
	if s.Dims == nil {
		return s.Array.Rank
	}
	n := 0
	for _, d := range s.Dims {
		if d.Fixed == nil {
			n++
		}
	}
	return n
}

func (e *Reduce) Type() Type  { return e.T }
func (e *Section) Type() Type { return e.Array.Elem }
func (*Reduce) expr()         {}
func (*Section) expr()        {}

func sectionString(s *Section) string {
	if s.Dims == nil {
		return s.Array.Name + "[:]"
	}
	var ds []string
	for _, d := range s.Dims {
		if d.Fixed != nil {
			ds = append(ds, ExprString(d.Fixed))
			continue
		}
		part := func(e Expr) string {
			if e == nil {
				return ""
			}
			return ExprString(e)
		}
		t := part(d.Lo) + ":" + part(d.Hi)
		if d.Step != nil {
			t += ":" + part(d.Step)
		}
		ds = append(ds, t)
	}
	return fmt.Sprintf("%s[%s]", s.Array.Name, strings.Join(ds, ", "))
}

func reduceString(r *Reduce) string {
	var args []string
	for _, a := range r.Args {
		args = append(args, ExprString(a))
	}
	shape := "?"
	if r.Shape != nil {
		shape = sectionString(r.Shape)
	}
	return fmt.Sprintf("%s:%s(%s over %s)", r.Name, r.T, strings.Join(args, ", "), shape)
}

// reduce checks a reduction: a known name, its operands' number
// and types, a Shape of an array declared, Sections only inside a Reduce,
// of its shape's rank.
func (v *verifier) reduce(x *Reduce) {
	n, ok := ReduceNames[x.Name]
	if !ok {
		v.fail("the unknown reduction %s", x.Name)
		return
	}
	if len(x.Args) != n {
		v.fail("the reduction %s with %d operands", x.Name, len(x.Args))
		return
	}
	if x.Shape == nil {
		v.fail("the reduction %s without a shape", x.Name)
		return
	}
	rank := x.Shape.Ranges()
	v.section(x.Shape, rank)
	outer := v.reduceRank
	v.reduceRank = rank
	for _, a := range x.Args {
		v.expr(a)
		if unsupported(a) {
			continue
		}
		switch x.Name {
		case "count", "any", "all":
			if !a.Type().Truth() {
				v.fail("%s of a %s value", x.Name, a.Type())
			}
		default:
			if a.Type() != x.T && (x.Name == "sum" || x.Name == "product" || x.Name == "norm2" || x.Name == "dot_product") {
				v.fail("%s of a %s operand as %s", x.Name, a.Type(), x.T)
			}
		}
	}
	v.reduceRank = outer
	switch x.Name {
	case "count":
		if x.T.Base != Integer {
			v.fail("count as %s", x.T)
		}
	case "any", "all":
		if !x.T.Truth() {
			v.fail("%s as %s", x.Name, x.T)
		}
	}
}

// section checks a section of rank rank.
func (v *verifier) section(s *Section, rank int) {
	if !v.arrays[s.Array] {
		v.fail("the array %s is not declared", s.Array.Name)
		return
	}
	if s.Dims != nil && len(s.Dims) != s.Array.Rank {
		v.fail("%d subscripts of the array %s of rank %d", len(s.Dims), s.Array.Name, s.Array.Rank)
	}
	if s.Ranges() != rank {
		v.fail("a section of %s of rank %d in a reduction of rank %d", s.Array.Name, s.Ranges(), rank)
	}
	for _, d := range s.Dims {
		if d.Fixed != nil {
			v.int64(d.Fixed, "a subscript of "+s.Array.Name)
			continue
		}
		for _, e := range []Expr{d.Lo, d.Hi, d.Step} {
			if e != nil {
				v.int64(e, "a bound of a section of "+s.Array.Name)
			}
		}
	}
}

// ArrayAssign is an array assignment LHS = RHS of a section (or whole
// array) of an array of the kernel: elementwise, the first dimension
// outermost, RHS read at each element's position (its Sections conform
// with LHS; a scalar RHS is every element's value; converted to the
// element type, a truth value for a logical). The builder makes it only
// where RHS does not read the assigned array through another designator
// (lowering.AssignOverlaps), so the order of the elements does not matter.
type ArrayAssign struct {
	Pos Pos
	LHS *Section
	RHS Expr
}

func (s *ArrayAssign) At() Pos { return s.Pos }
func (*ArrayAssign) stmt()     {}

// arrayAssign checks an array assignment.
func (v *verifier) arrayAssign(x *ArrayAssign) {
	if x.LHS == nil || x.RHS == nil {
		v.fail("an array assignment without its sides")
		return
	}
	rank := x.LHS.Ranges()
	if rank == 0 {
		v.fail("an array assignment to a section of rank 0 of %s", x.LHS.Array.Name)
	}
	v.section(x.LHS, rank)
	outer := v.reduceRank
	v.reduceRank = rank
	v.expr(x.RHS)
	v.reduceRank = outer
	if !unsupported(x.RHS) && !agree(x.LHS.Type(), x.RHS.Type()) {
		v.fail("assignment of a %s value to elements of %s", x.RHS.Type(), x.LHS.Type())
	}
}

// ArrayTemp declares an array of the iteration of a constant shape (a
// BLOCK construct's array), under the names an array argument has: its
// storage, and its descriptor's parts constant (Lower[d], the extent
// Extent[d]; the strides of a contiguous array in column-major order).
type ArrayTemp struct {
	Pos           Pos
	Array         *Array
	Lower, Extent []int64
}

func (s *ArrayTemp) At() Pos { return s.Pos }
func (*ArrayTemp) stmt()     {}

// arrayTemp checks an array temporary.
func (v *verifier) arrayTemp(x *ArrayTemp) {
	v.declareArray(x.Array, "array temporary")
	if x.Array == nil {
		return
	}
	if !x.Array.Local || len(x.Lower) != x.Array.Rank || len(x.Extent) != x.Array.Rank {
		v.fail("the array temporary %s: local %v, %d bounds of rank %d", x.Array.Name, x.Array.Local, len(x.Lower), x.Array.Rank)
	}
	for _, e := range x.Extent {
		if e < 0 {
			v.fail("the array temporary %s of a negative extent", x.Array.Name)
		}
	}
}
