package frontend

// The intrinsic table's construction and its result-type rules
// (intrinsic_table.go has the table and its conventions).

import (
	"strings"
)

// Table construction.

// parseArgs turns "x,y?,kind?" into dummies; '?' marks optional, "..." a
// variadic (and optional) last dummy.
func parseArgs(spec string) []IntrinsicArg {
	if spec == "" {
		return nil
	}
	var out []IntrinsicArg
	for _, f := range strings.Split(spec, ",") {
		a := IntrinsicArg{Name: strings.TrimSpace(f)}
		if strings.HasSuffix(a.Name, "...") {
			a.Name = strings.TrimSuffix(a.Name, "...")
			a.Variadic, a.Optional = true, true
		}
		if strings.HasSuffix(a.Name, "?") {
			a.Name = strings.TrimSuffix(a.Name, "?")
			a.Optional = true
		}
		out = append(out, a)
	}
	return out
}

type tableBuilder struct {
	m map[string]*Intrinsic
}

// add enters one definition under each of the space separated names.
func (b *tableBuilder) add(class IntrinsicClass, names, spec string, res resultFn, fold foldFn) []*Intrinsic {
	var out []*Intrinsic
	for _, name := range strings.Fields(names) {
		in := &Intrinsic{Name: name, Class: class, Args: parseArgs(spec)}
		if res != nil && class != IntrSubroutine && class != IntrElementalSub {
			in.Result = wrapResult(in, res)
			if fold != nil {
				f := fold
				if class == IntrElemental {
					f = elementalFold(fold)
				}
				in.Fold = wrapFold(in, f)
			}
		}
		b.m[name] = in
		out = append(out, in)
	}
	return out
}

// elemental, inquiry, transf and sub are shorthands of add.
func (b *tableBuilder) elemental(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrElemental, names, spec, res, fold)
}

func (b *tableBuilder) inquiry(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrInquiry, names, spec, res, fold)
}

func (b *tableBuilder) transf(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrTransformational, names, spec, res, fold)
}

func (b *tableBuilder) sub(names, spec string, impure bool) {
	for _, in := range b.add(IntrSubroutine, names, spec, nil, nil) {
		in.Impure = impure
	}
}

func (b *tableBuilder) impure(names ...string) {
	for _, n := range names {
		if in := b.m[n]; in != nil {
			in.Impure = true
		}
	}
}

func wrapResult(in *Intrinsic, res resultFn) func([]ArgInfo) (Type, int, error) {
	return func(args []ArgInfo) (t Type, rank int, err error) {
		if intrinsicRecover {
			defer func() {
				if recover() != nil {
					t, rank, err = UnknownType, -1, nil
				}
			}()
		}
		c := &call{in: in, a: args}
		if err := c.checkArity(); err != nil {
			return UnknownType, 0, err
		}
		return res(c)
	}
}

func wrapFold(in *Intrinsic, fold foldFn) func([]ArgInfo) (Value, bool) {
	return func(args []ArgInfo) (v Value, ok bool) {
		if intrinsicRecover {
			defer func() {
				if recover() != nil {
					v, ok = Value{}, false
				}
			}()
		}
		rt, _, err := in.Result(args)
		if err != nil {
			return Value{}, false
		}
		return fold(&call{in: in, a: args}, rt)
	}
}

// elementalFold applies a scalar fold element by element when some
// arguments are constant arrays (all present arguments must be constant and
// the arrays conformable).
func elementalFold(f foldFn) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		var shape []int
		n := 0
		for i, a := range c.a {
			if !a.Present {
				continue
			}
			if a.Const == nil {
				return Value{}, false
			}
			if !a.Const.IsArray() {
				continue
			}
			v, ok := c.arrayConst(i)
			if !ok {
				return Value{}, false
			}
			if shape == nil {
				shape, n = v.Shape, len(v.Elems)
			} else if !equalShape(shape, v.Shape) {
				return Value{}, false
			}
		}
		if shape == nil {
			return f(c, rt)
		}
		elems := make([]Value, n)
		for k := range n {
			sub := &call{in: c.in, a: make([]ArgInfo, len(c.a))}
			copy(sub.a, c.a)
			for i, a := range sub.a {
				if a.Present && a.Const.IsArray() {
					e := a.Const.Elems[k]
					if e.Type.Base == TyUnknown {
						e.Type = a.Const.Type
					}
					sub.a[i].Const, sub.a[i].Rank, sub.a[i].Type = &e, 0, e.Type
				}
			}
			v, ok := f(sub, rt)
			if !ok {
				return Value{}, false
			}
			elems[k] = v
		}
		t := rt
		if n > 0 {
			t = elems[0].Type
		}
		return Value{Type: t, Elems: elems, Shape: append([]int(nil), shape...)}, true
	}
}

func equalShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Result rule builders.

// typeRule computes the result type of a call whose arguments passed their
// checks.
type typeRule func(c *call) (Type, error)

// elem is the result rule of an elemental function: argument checks, a type
// rule and the elemental rank.
func elem(checks []cat, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.checkAll(checks); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		return t, c.elemRank(), nil
	}
}

// scalar is the result rule of a function with a scalar result.
func scalar(checks []cat, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.checkAll(checks); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		return t, 0, nil
	}
}

func cs(k ...cat) []cat { return k }

// fixed gives a fixed type.
func fixed(t Type) typeRule { return func(*call) (Type, error) { return t, nil } }

// same gives the type of argument i (a BOZ argument gives default integer).
func same(i int) typeRule {
	return func(c *call) (Type, error) {
		t := c.typ(i)
		if t.Base == TyBOZ {
			return IntType, nil
		}
		return t, nil
	}
}

// withKind gives base type b of the kind given by argument ki, else def.
func withKind(b BaseType, ki, def int) typeRule {
	return func(c *call) (Type, error) {
		k, err := c.kindArg(ki, b, def)
		t := Type{Base: b, Kind: k}
		if b == TyCharacter {
			t.Len = 1
		}
		return t, err
	}
}

// sameKindAs gives base type b with the kind of argument i (def when that is
// unknown or of another category).
func sameKindAs(b BaseType, i, def int) typeRule {
	return func(c *call) (Type, error) {
		t := c.typ(i)
		if t.Base == TyUnknown {
			return UnknownType, nil
		}
		k := t.Kind
		if t.Base == TyBOZ || t.Base == TyInteger && (b == TyReal || b == TyComplex) || k == 0 {
			k = def
		}
		return Type{Base: b, Kind: k}, nil
	}
}

// pairSame checks that arguments 0 and 1 have the same type and gives the
// type of argument 0 (of 1 when 0 is a BOZ constant).
func pairSame(c *call) (Type, error) {
	if err := c.sameBase(0, 1); err != nil {
		return UnknownType, err
	}
	t := c.typ(0)
	if t.Base == TyBOZ {
		t = c.typ(1)
		if t.Base == TyBOZ {
			t = IntType
		}
	}
	return t, nil
}

// maxMin is the type rule of max and min: the type of the first argument,
// the largest kind of the arguments of that type (gfortran), the longest
// length for characters.
func maxMin(c *call) (Type, error) {
	t := c.typ(0)
	if !t.Known() {
		return UnknownType, nil
	}
	for i := 1; i < len(c.a); i++ {
		a := c.a[i]
		if !a.Present || !a.Type.Known() {
			continue
		}
		if (a.Type.Base == TyCharacter) != (t.Base == TyCharacter) {
			return UnknownType, c.errorf("arguments must all be character or all numeric")
		}
		if a.Type.Base == t.Base && a.Type.Kind > t.Kind {
			t.Kind = a.Type.Kind
		}
		if t.Base == TyCharacter {
			if a.Type.Len < 0 || t.Len < 0 {
				t.Len = LenUnknown
			} else if a.Type.Len > t.Len {
				t.Len = a.Type.Len
			}
		}
	}
	return t, nil
}

// bitsType is the type of iand-like functions: the integer argument's type
// (BOZ arguments take the other's kind).
func bitsType(c *call) (Type, error) {
	if t := c.typ(0); t.Base != TyBOZ {
		return t, nil
	}
	for i := 1; i < len(c.a); i++ {
		if c.a[i].Present && c.a[i].Type.Base == TyInteger {
			return c.a[i].Type, nil
		}
	}
	return IntType, nil
}

// logicalOrBits is the type rule of gfortran's and/or/xor.
func logicalOrBits(c *call) (Type, error) {
	if c.typ(0).Base == TyLogical {
		if err := c.sameBase(0, 1); err != nil {
			return UnknownType, err
		}
		return c.typ(0), nil
	}
	return bitsType(c)
}

// ---------------------------------------------------------------------------
// Result rules for transformational and inquiry functions.

// reduction is sum/product/maxval/...(array, dim, mask) (hasMask) or
// any/all/count/...(mask, dim): the type given by tr, scalar without dim,
// rank-1 with dim.
func reduction(k cat, hasMask bool, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.check(0, k); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(0); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		dim := 1
		if hasMask {
			dim = c.dimIndex(1)
		}
		if dim < 0 || !c.has(dim) {
			return t, 0, nil
		}
		if err := c.check(dim, cInt); err != nil {
			return UnknownType, 0, err
		}
		return t, c.rankMinusOne(0), c.checkDim(dim, c.arg(0).Rank)
	}
}

// dimIndex returns i when argument i is a present non-logical dim argument,
// -1 otherwise (a logical argument there is a positional mask).
func (c *call) dimIndex(i int) int {
	a := c.arg(i)
	if !a.Present || a.Type.Base == TyLogical {
		return -1
	}
	return i
}

// maskIndex returns the index of the mask argument given its dummy position
// and that of dim (see dimIndex), -1 when absent.
func (c *call) maskIndex(dim, mask int) int {
	if c.has(dim) && c.typ(dim).Base == TyLogical {
		return dim
	}
	if c.has(mask) {
		return mask
	}
	return -1
}

func (c *call) rankMinusOne(i int) int {
	r := c.arg(i).Rank
	if r < 0 {
		return -1
	}
	return max(r-1, 0)
}

// arrayArg reports a scalar where an array is required.
func (c *call) arrayArg(i int) error {
	a := c.arg(i)
	if a.Present && a.Rank == 0 && a.Type.Known() {
		return c.errorf("argument '%s' must be an array", c.argName(i))
	}
	return nil
}

// checkDim reports a constant dim argument out of 1..rank.
func (c *call) checkDim(i, rank int) error {
	d, ok := c.ci(i)
	if !ok || c.arg(i).Type.Base != TyInteger {
		return nil
	}
	if d < 1 || (rank >= 0 && d > int64(max(rank, 1))) {
		return c.errorf("dim=%d is out of range", d)
	}
	return nil
}

// location is maxloc/minloc/findloc: integer(kind) rank-1 array, or rank-1
// less with dim. arr, dim and kind are the argument positions.
func location(arr, dim, kind int, k cat) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.check(arr, k); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(arr); err != nil {
			return UnknownType, 0, err
		}
		kd, err := c.kindArg(kind, TyInteger, 4)
		if err != nil {
			return UnknownType, 0, err
		}
		t := Type{Base: TyInteger, Kind: kd}
		if c.dimIndex(dim) < 0 {
			return t, 1, nil
		}
		if err := c.check(dim, cInt); err != nil {
			return UnknownType, 0, err
		}
		return t, c.rankMinusOne(arr), c.checkDim(dim, c.arg(arr).Rank)
	}
}

// boundRule is lbound/ubound/shape-like: integer(kind), scalar with dim,
// else rank 1.
func boundRule(dim, kind int) resultFn {
	return func(c *call) (Type, int, error) {
		if dim >= 0 {
			if err := c.arrayArg(0); err != nil {
				return UnknownType, 0, err
			}
		}
		kd, err := c.kindArg(kind, TyInteger, 4)
		if err != nil {
			return UnknownType, 0, err
		}
		t := Type{Base: TyInteger, Kind: kd}
		if dim >= 0 && c.has(dim) {
			if err := c.check(dim, cInt); err != nil {
				return UnknownType, 0, err
			}
			return t, 0, c.checkDim(dim, c.arg(0).Rank)
		}
		return t, 1, nil
	}
}

func matmulRule(c *call) (Type, int, error) {
	if err := c.checkAll(cs(cNum|cLog, cNum|cLog)); err != nil {
		return UnknownType, 0, err
	}
	ta, tb := c.typ(0), c.typ(1)
	if ta.Known() && tb.Known() && (ta.Base == TyLogical) != (tb.Base == TyLogical) {
		return UnknownType, 0, c.errorf("arguments must be both numeric or both logical")
	}
	ra, rb := c.arg(0).Rank, c.arg(1).Rank
	for i, r := range []int{ra, rb} {
		if r == 0 || r > 2 {
			return UnknownType, 0, c.errorf("argument '%s' must be of rank 1 or 2", c.argName(i))
		}
	}
	if ra == 1 && rb == 1 {
		return UnknownType, 0, c.errorf("arguments must not both be of rank 1")
	}
	rank := -1
	switch {
	case ra == 2 && rb == 2:
		rank = 2
	case ra == 1 || rb == 1:
		rank = 1
	}
	return PromoteNumeric(ta, tb), rank, nil
}

func dotProductRule(c *call) (Type, int, error) {
	if err := c.checkAll(cs(cNum|cLog, cNum|cLog)); err != nil {
		return UnknownType, 0, err
	}
	ta, tb := c.typ(0), c.typ(1)
	if ta.Known() && tb.Known() && (ta.Base == TyLogical) != (tb.Base == TyLogical) {
		return UnknownType, 0, c.errorf("arguments must be both numeric or both logical")
	}
	for i := range 2 {
		if r := c.arg(i).Rank; r >= 0 && r != 1 {
			return UnknownType, 0, c.errorf("argument '%s' must be of rank 1", c.argName(i))
		}
	}
	return PromoteNumeric(ta, tb), 0, nil
}

func cPtr(fun bool) typeRule {
	return func(*call) (Type, error) {
		d := cPtrType
		if fun {
			d = cFunPtrType
		}
		return Type{Base: TyDerived, Derived: d}, nil
	}
}

// ---------------------------------------------------------------------------
