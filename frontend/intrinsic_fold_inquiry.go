package frontend

// The intrinsic table's constant-folding rules, continued from
// intrinsic_fold.go: character, inquiry, array inquiry and reduction folds.

import "strings"

// Character folds.

func foldChar(c *call, rt Type) (Value, bool) {
	i, ok := c.ci(0)
	if !ok || i < 0 || i > 255 || rt.Kind != 1 {
		return Value{}, false
	}
	return mkStr(string([]byte{byte(i)}), rt), true
}

func foldIchar(c *call, rt Type) (Value, bool) {
	s, ok := c.cs(0)
	if !ok || len(s) != 1 {
		return Value{}, false
	}
	return mkInt(int64(s[0]), rt), true
}

func foldStrFn(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		s, ok := c.cs(0)
		if !ok {
			return Value{}, false
		}
		switch op {
		case "len_trim":
			return mkInt(int64(len(strings.TrimRight(s, " "))), rt), true
		case "trim":
			return mkStr(strings.TrimRight(s, " "), rt), true
		case "adjustl":
			t := strings.TrimLeft(s, " ")
			return mkStr(t+strings.Repeat(" ", len(s)-len(t)), rt), true
		case "adjustr":
			t := strings.TrimRight(s, " ")
			return mkStr(strings.Repeat(" ", len(s)-len(t))+t, rt), true
		case "repeat":
			n, ok := c.ci(1)
			if !ok || n < 0 || int64(len(s))*n > 1<<20 {
				return Value{}, false
			}
			return mkStr(strings.Repeat(s, int(n)), rt), true
		}
		t, ok := c.cs(1)
		if !ok {
			return Value{}, false
		}
		back := false
		if c.has(2) {
			b, ok := c.cb(2)
			if !ok {
				return Value{}, false
			}
			back = b
		}
		switch op {
		case "index":
			if back {
				return mkInt(int64(strings.LastIndex(s, t)+1), rt), true
			}
			return mkInt(int64(strings.Index(s, t)+1), rt), true
		case "scan":
			if back {
				return mkInt(int64(strings.LastIndexAny(s, t)+1), rt), true
			}
			return mkInt(int64(strings.IndexAny(s, t)+1), rt), true
		case "verify":
			pos := 0
			for k := range len(s) {
				idx := k
				if back {
					idx = len(s) - 1 - k
				}
				if strings.IndexByte(t, s[idx]) < 0 {
					pos = idx + 1
					break
				}
			}
			return mkInt(int64(pos), rt), true
		case "lge", "lgt", "lle", "llt":
			cmp := compareBlank(s, t)
			r := map[string]bool{"lge": cmp >= 0, "lgt": cmp > 0, "lle": cmp <= 0, "llt": cmp < 0}[op]
			return mkBool(r, rt), true
		}
		return Value{}, false
	}
}

func foldMerge(c *call, rt Type) (Value, bool) {
	t, ok1 := c.cv(0)
	f, ok2 := c.cv(1)
	m, ok3 := c.cb(2)
	if !ok1 || !ok2 || !ok3 {
		return Value{}, false
	}
	if m {
		return t, true
	}
	return f, true
}

// Inquiry folds from the argument's type.

func foldKind(c *call, rt Type) (Value, bool) {
	t := c.typ(0)
	switch t.Base {
	case TyInteger, TyReal, TyComplex, TyLogical:
		if t.Kind > 0 {
			return mkInt(int64(t.Kind), rt), true
		}
	case TyCharacter:
		return mkInt(int64(max(t.Kind, 1)), rt), true
	}
	return Value{}, false
}

// foldModel folds the numeric model inquiries by name.
func foldModel(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		t := c.typ(0)
		if t.Base == TyInteger {
			switch op {
			case "huge":
				h, ok := intHuge(t.Kind)
				return mkInt(h, rt), ok
			case "digits":
				return mkInt(int64(intDigits(t.Kind)), rt), validKind(TyInteger, t.Kind)
			case "range":
				return mkInt(int64(intRange(t.Kind)), rt), validKind(TyInteger, t.Kind)
			case "radix":
				return mkInt(2, rt), true
			case "bit_size":
				if !validKind(TyInteger, t.Kind) {
					return Value{}, false
				}
				return mkInt(int64(t.Kind)*8, rt), true
			}
			return Value{}, false
		}
		if t.Base != TyReal && t.Base != TyComplex {
			return Value{}, false
		}
		m, ok := realModelOf(t.Kind)
		if !ok {
			return Value{}, false
		}
		switch op {
		case "huge":
			return Value{Type: rt, Real: m.huge}, true
		case "tiny":
			return Value{Type: rt, Real: m.tiny}, true
		case "epsilon":
			return Value{Type: rt, Real: m.eps}, true
		case "digits":
			return mkInt(int64(m.digits), rt), true
		case "precision":
			return mkInt(int64(m.precision), rt), true
		case "range":
			return mkInt(int64(m.rng), rt), true
		case "radix":
			return mkInt(2, rt), true
		case "maxexponent":
			return mkInt(int64(m.maxexp), rt), true
		case "minexponent":
			return mkInt(int64(m.minexp), rt), true
		}
		return Value{}, false
	}
}

func foldLen(c *call, rt Type) (Value, bool) {
	t := c.typ(0)
	if t.Base != TyCharacter {
		return Value{}, false
	}
	if t.Len >= 0 {
		return mkInt(int64(t.Len), rt), true
	}
	if v, ok := c.cv(0); ok && v.Type.Base == TyCharacter {
		return mkInt(int64(len(v.Str)), rt), true
	}
	return Value{}, false
}

func foldStorageSize(c *call, rt Type) (Value, bool) {
	n, ok := storageBits(c.typ(0))
	if !ok {
		return Value{}, false
	}
	return mkInt(n, rt), true
}

func foldCSizeof(c *call, rt Type) (Value, bool) {
	if c.arg(0).Rank != 0 {
		return Value{}, false
	}
	n, ok := storageBits(c.typ(0))
	if !ok {
		return Value{}, false
	}
	return mkInt(n/8, rt), true
}

func foldNewLine(c *call, rt Type) (Value, bool) {
	return mkStr("\n", rt), true
}

func foldSelectedIntKind(c *call, rt Type) (Value, bool) {
	r, ok := c.ci(0)
	if !ok {
		return Value{}, false
	}
	return mkInt(selectedIntKind(r), rt), true
}

func foldSelectedRealKind(c *call, rt Type) (Value, bool) {
	var p, r, radix int64
	var ok bool
	if c.has(0) {
		if p, ok = c.ci(0); !ok {
			return Value{}, false
		}
	}
	if c.has(1) {
		if r, ok = c.ci(1); !ok {
			return Value{}, false
		}
	}
	if c.has(2) {
		if radix, ok = c.ci(2); !ok {
			return Value{}, false
		}
	}
	return mkInt(selectedRealKind(p, r, radix, c.has(2)), rt), true
}

func foldSelectedCharKind(c *call, rt Type) (Value, bool) {
	s, ok := c.cs(0)
	if !ok {
		return Value{}, false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "ascii", "default":
		return mkInt(1, rt), true
	case "iso_10646":
		return mkInt(4, rt), true
	}
	return mkInt(-1, rt), true
}

func foldSelectedLogicalKind(c *call, rt Type) (Value, bool) {
	b, ok := c.ci(0)
	if !ok {
		return Value{}, false
	}
	for _, k := range logicalKinds {
		if int64(k)*8 >= b {
			return mkInt(int64(k), rt), true
		}
	}
	return mkInt(-1, rt), true
}

// Array inquiry folds (size, shape, lbound, ubound) from a constant array.

func foldBounds(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		var shape []int
		if c.arg(0).Rank == 0 {
			shape = []int{}
		} else {
			v, ok := c.arrayConst(0)
			if !ok {
				return Value{}, false
			}
			shape = v.Shape
		}
		ext := func(d int) int64 {
			switch op {
			case "lbound":
				return 1
			case "ubound", "shape", "size":
				return int64(shape[d])
			}
			return 0
		}
		dimArg := -1
		if op != "shape" {
			dimArg = 1
		}
		if dimArg >= 0 && c.has(dimArg) {
			d, ok := c.ci(dimArg)
			if !ok || d < 1 || d > int64(len(shape)) {
				return Value{}, false
			}
			return mkInt(ext(int(d-1)), rt), true
		}
		if op == "size" {
			n := int64(1)
			for _, e := range shape {
				n *= int64(e)
			}
			return mkInt(n, rt), true
		}
		elems := make([]Value, len(shape))
		for d := range shape {
			elems[d] = mkInt(ext(d), rt)
		}
		return Value{Type: rt, Elems: elems, Shape: []int{len(shape)}}, true
	}
}

// Reduction folds.

// reduceSpec describes one reduction: the initial value for an empty set,
// and the combination step.
type reduceSpec struct {
	init func(rt Type) (Value, bool)
	step func(acc, x Value, rt Type) (Value, bool)
}

// foldReduce folds a reduction of a constant array; hasMask tells that the
// third dummy is a mask (sum, product, maxval, minval).
func foldReduce(spec reduceSpec, hasMask bool) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		arr, ok := c.arrayConst(0)
		if !ok {
			return Value{}, false
		}
		var mask *Value
		if mi := c.maskIndex(1, 2); hasMask && mi >= 0 {
			a := c.arg(mi)
			if a.Const == nil {
				return Value{}, false
			}
			if a.Const.IsArray() {
				if m, ok := c.arrayConst(mi); !ok || !equalShape(m.Shape, arr.Shape) {
					return Value{}, false
				}
			}
			mask = a.Const
		}
		selected := func(k int) bool {
			switch {
			case mask == nil:
				return true
			case mask.IsArray():
				return mask.Elems[k].Bool
			}
			return mask.Bool
		}
		reduce := func(idx []int) (Value, bool) {
			acc, ok := spec.init(rt)
			if !ok {
				return Value{}, false
			}
			for _, k := range idx {
				if !selected(k) {
					continue
				}
				if acc, ok = spec.step(acc, arr.Elems[k], rt); !ok {
					return Value{}, false
				}
			}
			return acc, true
		}
		di := 1
		if hasMask {
			di = c.dimIndex(1)
		}
		if di < 0 || !c.has(di) {
			all := make([]int, len(arr.Elems))
			for k := range all {
				all[k] = k
			}
			return reduce(all)
		}
		d, ok := c.ci(di)
		rank := len(arr.Shape)
		if !ok || d < 1 || d > int64(rank) {
			return Value{}, false
		}
		dd := int(d - 1)
		inner, _ := shapeSize(arr.Shape[:dd])
		outer, _ := shapeSize(arr.Shape[dd+1:])
		ext := arr.Shape[dd]
		if rank == 1 {
			idx := make([]int, ext)
			for j := range idx {
				idx[j] = j
			}
			return reduce(idx)
		}
		elems := make([]Value, 0, inner*outer)
		idx := make([]int, ext)
		for o := range outer {
			for i := range inner {
				for j := range ext {
					idx[j] = i + inner*(j+ext*o)
				}
				v, ok := reduce(idx)
				if !ok {
					return Value{}, false
				}
				elems = append(elems, v)
			}
		}
		shape := append(append([]int{}, arr.Shape[:dd]...), arr.Shape[dd+1:]...)
		return Value{Type: rt, Elems: elems, Shape: shape}, true
	}
}

func zeroOf(rt Type, one bool) (Value, bool) {
	n := int64(0)
	if one {
		n = 1
	}
	switch rt.Base {
	case TyInteger:
		return mkInt(n, rt), true
	case TyReal:
		return mkReal(float64(n), rt)
	case TyComplex:
		return mkCmplx(complex(float64(n), 0), rt)
	}
	return Value{}, false
}

func arith(acc, x Value, rt Type, mul bool) (Value, bool) {
	switch rt.Base {
	case TyInteger:
		if mul {
			return mkInt(acc.Int*x.Int, rt), true
		}
		return mkInt(acc.Int+x.Int, rt), true
	case TyReal:
		if mul {
			return mkReal(acc.Real*x.Real, rt)
		}
		return mkReal(acc.Real+x.Real, rt)
	case TyComplex:
		if mul {
			return mkCmplx(acc.Cmplx*x.Cmplx, rt)
		}
		return mkCmplx(acc.Cmplx+x.Cmplx, rt)
	}
	return Value{}, false
}

var (
	sumSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return zeroOf(rt, false) },
		step: func(acc, x Value, rt Type) (Value, bool) { return arith(acc, x, rt, false) },
	}
	productSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return zeroOf(rt, true) },
		step: func(acc, x Value, rt Type) (Value, bool) { return arith(acc, x, rt, true) },
	}
	countSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkInt(0, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) {
			if x.Bool {
				acc.Int++
			}
			return acc, true
		},
	}
	anySpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkBool(false, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) { return mkBool(acc.Bool || x.Bool, rt), true },
	}
	allSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkBool(true, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) { return mkBool(acc.Bool && x.Bool, rt), true },
	}
)

// extremeSpec is maxval (isMax) or minval of integer or real arrays; the
// empty result is the most negative (positive) number of the kind.
func extremeSpec(isMax bool) reduceSpec {
	return reduceSpec{
		init: func(rt Type) (Value, bool) {
			switch rt.Base {
			case TyInteger:
				h, ok := intHuge(rt.Kind)
				if isMax {
					return mkInt(-h-1, rt), ok
				}
				return mkInt(h, rt), ok
			case TyReal:
				m, ok := realModelOf(rt.Kind)
				if isMax {
					return Value{Type: rt, Real: -m.huge}, ok
				}
				return Value{Type: rt, Real: m.huge}, ok
			}
			return Value{}, false
		},
		step: func(acc, x Value, rt Type) (Value, bool) {
			switch rt.Base {
			case TyInteger:
				if isMax && x.Int > acc.Int || !isMax && x.Int < acc.Int {
					return mkInt(x.Int, rt), true
				}
				return acc, true
			case TyReal:
				if isMax && x.Real > acc.Real || !isMax && x.Real < acc.Real {
					return mkReal(x.Real, rt)
				}
				return acc, true
			}
			return Value{}, false
		},
	}
}

func foldCompilerVersion(c *call, rt Type) (Value, bool) {
	return mkStr("fgpu Fortran front end (GNU Fortran compatible)", rt), true
}

func foldCompilerOptions(c *call, rt Type) (Value, bool) { return mkStr("", rt), true }

// ---------------------------------------------------------------------------
