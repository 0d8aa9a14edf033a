package frontend

import (
	"math"
	"strconv"
	"strings"
)

// typeExpr computes the type, rank and (when constant) value of an
// expression, resolving names. It never panics on malformed trees.
func (c *checker) typeExpr(e *Expr, sc *Scope) {
	if e == nil {
		return
	}
	e.Rank = 0
	switch e.Kind {
	case ELit:
		c.literal(e, sc)
	case EName:
		c.nameRef(e, sc)
	case ERef:
		c.ref(e, sc)
	case EComponent:
		c.component(e, sc)
	case EParen:
		c.typeExpr(e.X, sc)
		e.Type, e.Rank, e.Const = e.X.Type, e.X.Rank, e.X.Const
	case EUnary:
		c.unary(e, sc)
	case EBinary:
		c.binary(e, sc)
	case EComplex:
		c.typeExpr(e.X, sc)
		c.typeExpr(e.Y, sc)
		k := 4
		for _, p := range []*Expr{e.X, e.Y} {
			if p.Type.Base == TyReal && p.Type.Kind > k {
				k = p.Type.Kind
			}
		}
		e.Type = Type{Base: TyComplex, Kind: k}
		if e.X.Const != nil && e.Y.Const != nil {
			re, ok1 := e.X.Const.AsFloat()
			im, ok2 := e.Y.Const.AsFloat()
			if ok1 && ok2 {
				e.Const = &Value{Type: e.Type, Cmplx: complex(re, im)}
			}
		}
	case EArray:
		c.arrayCons(e, sc)
	case EImpliedDo:
		c.impliedDo(e, sc)
	case ERange:
		for _, r := range e.Range {
			if r != nil {
				c.typeExpr(r, sc)
				c.checkIntegerExpr(r, "a subscript")
			}
		}
		e.Type = IntType
		e.Rank = 1
	case EKeyword:
		c.typeExpr(e.X, sc)
		e.Type, e.Rank, e.Const = e.X.Type, e.X.Rank, e.X.Const
	case EStar:
		e.Type = UnknownType
	}
}

// literal types a literal constant.
func (c *checker) literal(e *Expr, sc *Scope) {
	v := e.Lit.Value
	kindOf := func(suffix string, def int, b BaseType) int {
		if suffix == "" {
			return def
		}
		if n, err := strconv.Atoi(suffix); err == nil {
			if !validKind(b, n) {
				c.diags.errorf(e.Pos, "invalid kind %s for a literal", suffix)
				return def
			}
			return n
		}
		s := sc.Lookup(suffix)
		if s == nil || s.Kind != SymParameter || s.Const == nil {
			if s == nil && c.isOpaque(sc) || s != nil && s.Kind == SymOpaque {
				return def
			}
			c.diags.errorf(e.Pos, "kind parameter %s of a literal is not a named integer constant", suffix)
			return def
		}
		s.Used = true
		n, _ := s.Const.AsInt()
		if !validKind(b, int(n)) {
			c.diags.errorf(e.Pos, "invalid kind %d for a literal", n)
			return def
		}
		return int(n)
	}
	switch e.Lit.Type {
	case TokInt:
		num, suffix := splitKind(v)
		k := kindOf(suffix, 4, TyInteger)
		e.Type = Type{Base: TyInteger, Kind: k}
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			if k < 16 {
				c.diags.errorf(e.Pos, "integer literal %s is too large", num)
			}
			return
		}
		if k < 8 && n > math.MaxInt32 {
			// gfortran rejects this too ("Integer too big for its kind").
			c.diags.errorf(e.Pos, "integer literal %s is too large for kind %d", num, k)
		}
		e.Const = &Value{Type: e.Type, Int: n}
	case TokReal:
		num, suffix := splitKind(v)
		k := 4
		exp := strings.IndexAny(num, "edq")
		mant := num
		if exp >= 0 {
			switch num[exp] {
			case 'd':
				k = 8
			case 'q':
				k = 16
			}
			mant = num[:exp] + "e" + num[exp+1:]
		}
		if suffix != "" {
			if exp >= 0 && num[exp] != 'e' {
				c.diags.errorf(e.Pos, "a real literal with a D or Q exponent cannot have a kind suffix")
			}
			k = kindOf(suffix, k, TyReal)
		}
		e.Type = Type{Base: TyReal, Kind: k}
		f, err := strconv.ParseFloat(mant, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			c.diags.errorf(e.Pos, "malformed real literal %s", v)
			return
		}
		if k == 4 {
			f = float64(float32(f))
		}
		e.Const = &Value{Type: e.Type, Real: f}
	case TokString:
		s := unquote(v)
		k := 1
		if i := strings.IndexAny(v, "'\""); i > 1 && v[i-1] == '_' {
			k = kindOf(v[:i-1], 1, TyCharacter)
		}
		e.Type = Type{Base: TyCharacter, Kind: k, Len: len(s)}
		e.Const = &Value{Type: e.Type, Str: s}
	case TokLogical:
		_, suffix := splitKind(strings.Trim(v, "."))
		if i := strings.Index(v, "._"); i >= 0 {
			suffix = v[i+2:]
		}
		k := kindOf(suffix, 4, TyLogical)
		e.Type = Type{Base: TyLogical, Kind: k}
		e.Const = &Value{Type: e.Type, Bool: strings.HasPrefix(v, ".true.")}
	case TokBOZ:
		e.Type = BOZType
		c.boz = append(c.boz, e)
		digits := v[2 : len(v)-1]
		base := 16
		switch v[0] {
		case 'b':
			base = 2
		case 'o':
			base = 8
		}
		n, err := strconv.ParseUint(digits, base, 64)
		if err != nil {
			if _, err2 := strconv.ParseUint(strings.Repeat("0", 1)+digits, base, 128%64+64); err2 != nil && !strings.Contains(err.Error(), "range") {
				c.diags.errorf(e.Pos, "invalid BOZ literal %s", v)
			}
			return
		}
		e.Const = &Value{Type: Type{Base: TyBOZ}, Int: int64(n)}
	}
}

// splitKind splits "1.0_dp" into ("1.0", "dp").
func splitKind(s string) (string, string) {
	if i := strings.IndexByte(s, '_'); i > 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// lookupVar resolves a name used as a value; it declares implicitly typed
// variables and reports undeclared names under IMPLICIT NONE.
func (c *checker) lookupVar(name string, pos Pos, sc *Scope) *Symbol {
	if s := sc.Lookup(name); s != nil {
		s.Used = true
		if s.Kind == SymUnknown {
			// Named in an attribute statement only: a variable, implicitly typed.
			s.Kind = SymVariable
			if !s.Type.Known() {
				if t, ok := sc.ImplicitType(name); ok {
					s.Type, s.ImplicitType = t, true
				}
			}
		}
		return s
	}
	if c.isOpaque(sc) {
		s := &Symbol{Name: name, Kind: SymOpaque, Pos: pos}
		return s
	}
	t, ok := sc.ImplicitType(name)
	if !ok {
		c.diags.errorf(pos, "undeclared name %s (IMPLICIT NONE is in effect)", name)
		// Declare it to avoid repeated errors.
		s, _ := scopeUnit(sc).Add(&Symbol{Name: name, Kind: SymVariable, Pos: pos, Type: UnknownType})
		return s
	}
	u := scopeUnit(sc)
	s, _ := u.Add(&Symbol{Name: name, Kind: SymVariable, Pos: pos, Type: t, ImplicitType: true, Used: true})
	return s
}

// nameRef types a bare name.
func (c *checker) nameRef(e *Expr, sc *Scope) {
	s := c.lookupVar(e.Name, e.Pos, sc)
	e.Sym = s
	switch s.Kind {
	case SymVariable:
		e.Ref = RefVariable
		e.Type, e.Rank = s.Type, s.Rank
		s.UsedAsData = true
	case SymParameter:
		e.Ref = RefConstant
		e.Type, e.Rank = s.Type, s.Rank
		e.Const = s.Const
		if s.Const != nil && s.Const.IsArray() {
			e.Rank = len(s.Const.Shape)
		}
	case SymProcedure, SymIntrinsic, SymGeneric:
		e.Ref = RefProcedure
		e.Type = s.Type
		if s.Proc != nil && s.Proc.Result != nil && sc.Unit == s.Proc {
			// Inside a function, its name is the result variable.
			e.Ref = RefVariable
			e.Type, e.Rank = s.Proc.Result.Type, s.Proc.Result.Rank
		}
	case SymOpaque:
		e.Ref = RefOpaque
		e.Type, e.Rank = UnknownType, -1
	case SymType:
		e.Ref = RefStructure
		e.Type = Type{Base: TyDerived, Derived: s.Derived}
	case SymNamelist, SymCommon, SymConstruct, SymModule, SymProgram:
		e.Type = UnknownType
	default:
		e.Type = s.Type
	}
}

// argInfo describes a typed actual argument for intrinsic matching.
func argInfo(x *Expr) ArgInfo {
	return ArgInfo{Present: true, Type: x.Type, Rank: x.Rank, Const: x.Const}
}

// ref types name(args): an array element or section, a substring, a
// function call (user, generic, intrinsic) or a structure constructor.
func (c *checker) ref(e *Expr, sc *Scope) {
	base := e.X
	if base == nil {
		e.Type = UnknownType
		return
	}
	// Function calls and constructors by name.
	if base.Kind == EName {
		s := sc.Lookup(base.Name)
		if s == nil || s.Kind == SymIntrinsic || s.Kind == SymProcedure || s.Kind == SymGeneric || s.Kind == SymType || s.Kind == SymStmtFunc ||
			(s.Kind == SymUnknown && s.External) {
			c.callRef(e, s, sc)
			return
		}
		if s.Kind == SymVariable && s.Rank == 0 && s.Type.Base != TyCharacter && !s.TypeDeclared && s.ImplicitType && !s.Dummy {
			// An implicitly typed name called as a function (external).
			c.callRef(e, nil, sc)
			return
		}
		if s.Kind == SymVariable && s.Rank == 0 && s.UsedAsData && !(s.Type.Base == TyCharacter && len(e.Args) == 1 && e.Args[0].Kind == ERange) {
			c.diags.errorf(e.Pos, "%s is not a procedure or an array: it is a scalar variable", s.Name)
			for _, a := range e.Args {
				c.typeExpr(a, sc)
			}
			e.Type = s.Type
			return
		}
		if s.Kind == SymVariable && s.Rank == 0 && mayBeExternalFunction(s, e.Args) {
			// "real :: f" then f(x): an external function (or a dummy
			// procedure) with an implicit interface.
			s.Kind, s.External = SymProcedure, true
			c.callRef(e, s, sc)
			return
		}
		if s.Kind == SymUnknown {
			s.Kind = SymVariable
			if !s.Type.Known() {
				if t, ok := sc.ImplicitType(s.Name); ok {
					s.Type = t
				}
			}
		}
	}
	c.typeExpr(base, sc)
	c.subscripts(e, sc)
}

// subscripts types base(args) where base is a data object.
func (c *checker) subscripts(e *Expr, sc *Scope) {
	base := e.X
	for _, a := range e.Args {
		c.typeExpr(a, sc)
	}
	bt := base.Type
	if base.Kind == EComponent && base.Ref == RefProcedure {
		c.bindingFunction(e, base, sc)
		return
	}
	if base.Ref == RefOpaque || !bt.Known() && base.Rank <= 0 && base.Sym == nil {
		e.Ref, e.Type, e.Rank = RefOpaque, UnknownType, -1
		return
	}
	if base.Kind == EComponent && base.Sym != nil && base.Sym.External {
		// A procedure pointer component call: obj%fp(args).
		e.Ref, e.Type, e.Rank = RefFunction, base.Type, 0
		return
	}
	if bt.Base == TyCharacter && base.Rank > 0 && len(e.Args) == 1 && e.Args[0].Kind == ERange &&
		(base.Kind == EComponent && base.Sym != nil && base.Sym.Rank == 0 || base.Kind == ERef && base.Ref == RefElement) {
		// z(:)%a(2:2) or names(1:3)(2:2): substrings of each element.
		e.Ref, e.Type, e.Rank = RefSubstring, Type{Base: TyCharacter, Kind: bt.Kind, Len: LenUnknown}, base.Rank
		e.Sym = base.Sym
		return
	}
	if base.Rank == 0 && bt.Base == TyCharacter {
		// Substring s(lo:hi).
		if len(e.Args) != 1 || e.Args[0].Kind != ERange {
			c.diags.errorf(e.Pos, "a scalar character variable takes a substring range (lo:hi), not subscripts")
			e.Type = bt
			return
		}
		e.Ref, e.Type = RefSubstring, Type{Base: TyCharacter, Kind: bt.Kind, Len: substringLen(e.Args[0], bt.Len)}
		e.Sym = base.Sym
		return
	}
	if base.Rank == 0 {
		if base.Sym != nil && (base.Sym.Kind == SymVariable || base.Sym.Kind == SymParameter) && base.Kind == EName {
			c.diags.errorf(e.Pos, "%s is not an array or a function", base.Sym.Name)
		} else if base.Kind == EComponent && base.Sym != nil {
			c.diags.errorf(e.Pos, "component %s is not an array", base.Sym.Name)
		} else if base.Kind == ERef && base.Type.Base == TyCharacter {
			// a(i)(lo:hi): substring of an element.
			e.Ref, e.Type = RefSubstring, Type{Base: TyCharacter, Kind: bt.Kind, Len: LenUnknown}
			return
		}
		e.Type = bt
		return
	}
	e.Ref = RefElement
	e.Sym = base.Sym
	e.Type = bt
	if base.Rank > 0 && len(e.Args) != base.Rank {
		// Allow a(i)(lo:hi) substring forms to be handled by the outer ref.
		c.diags.errorf(e.Pos, "rank mismatch: %s has rank %d but %d subscripts are given", designatorName(base), base.Rank, len(e.Args))
	}
	rank := 0
	for _, a := range e.Args {
		if a.Kind == ERange {
			rank++
		} else if a.Kind == EKeyword || a.Kind == EStar {
			c.diags.errorf(a.Pos, "syntax error: unexpected %s in subscripts", a)
		} else if a.Rank > 0 {
			rank++ // vector subscript
			c.checkIntegerExpr(a, "a subscript")
		} else {
			c.checkIntegerExpr(a, "a subscript")
		}
	}
	if base.Kind == EComponent && base.X != nil && base.X.Rank > 0 {
		// a(:)%b(i): the parent part gives the rank.
		if rank > 0 {
			c.diags.errorf(e.Pos, "rank mismatch: two parts of %s have nonzero rank", e)
		}
		rank += base.X.Rank
	}
	e.Rank = rank
	if base.Rank < 0 {
		e.Rank = -1
	}
	// Element of a constant array.
	if base.Const != nil && base.Const.IsArray() && rank == 0 && len(e.Args) == len(base.Const.Shape) {
		off, mul := 0, 1
		ok := true
		for i, a := range e.Args {
			if a.Const == nil {
				ok = false
				break
			}
			n, _ := a.Const.AsInt()
			lo := int64(1)
			if base.Sym != nil && base.Sym.Shape != nil && i < len(base.Sym.Shape.Dims) && base.Sym.Shape.Dims[i].Lo != nil && base.Sym.Shape.Dims[i].Lo.Const != nil {
				lo, _ = base.Sym.Shape.Dims[i].Lo.Const.AsInt()
			}
			idx := int(n - lo)
			if idx < 0 || idx >= base.Const.Shape[i] {
				ok = false
				break
			}
			off += idx * mul
			mul *= base.Const.Shape[i]
		}
		if ok && off < len(base.Const.Elems) {
			v := base.Const.Elems[off]
			e.Const = &v
		}
	}
}

func designatorName(e *Expr) string {
	switch e.Kind {
	case EName, EComponent:
		return e.Name
	}
	return e.String()
}

// component types base%name.
func (c *checker) component(e *Expr, sc *Scope) {
	c.typeExpr(e.X, sc)
	bt := e.X.Type
	e.Rank = e.X.Rank
	switch bt.Base {
	case TyDerived:
		if bt.Derived == nil {
			e.Type, e.Rank = UnknownType, -1
			return
		}
		comp := bt.Derived.Component(e.Name)
		if comp == nil {
			if b := bt.Derived.FindBinding(e.Name); b != nil {
				// A type-bound procedure reference (called by the enclosing ERef).
				e.Ref = RefProcedure
				return
			}
			c.diags.errorf(e.Pos, "type %s has no component %s", bt.Derived.Name, e.Name)
			e.Type = UnknownType
			return
		}
		e.Sym = comp
		e.Type = comp.Type
		if comp.Rank != 0 {
			// With an array parent, a following subscript list must make this
			// part scalar (see subscripts); the rank here is the component's.
			e.Rank = comp.Rank
		}
		e.Ref = RefVariable
	case TyComplex:
		if e.Name == "re" || e.Name == "im" {
			e.Type = Type{Base: TyReal, Kind: bt.Kind}
			return
		}
		c.diags.errorf(e.Pos, "a complex value has no component %s", e.Name)
		e.Type = UnknownType
	case TyCharacter:
		if e.Name == "len" || e.Name == "kind" {
			e.Type, e.Rank = IntType, 0
			return
		}
		c.diags.errorf(e.Pos, "a character value has no component %s", e.Name)
		e.Type = UnknownType
	case TyUnknown, TyClassStar:
		e.Type, e.Rank = UnknownType, -1
	default:
		if e.Name == "kind" {
			e.Type, e.Rank = IntType, 0
			return
		}
		c.diags.errorf(e.Pos, "%s is not of a derived type; it has no component %s", designatorName(e.X), e.Name)
		e.Type = UnknownType
	}
}

// arrayCons types an array constructor.
func (c *checker) arrayCons(e *Expr, sc *Scope) {
	e.Rank = 1
	var t Type
	if e.TypeSpec != nil {
		t = c.resolveTypeSpec(e.TypeSpec, sc)
		if t.Base == TyCharacter {
			t.Len = c.charLen(e.TypeSpec, nil, sc)
		}
	}
	allConst := true
	var elems []Value
	for _, a := range e.Args {
		c.typeExpr(a, sc)
		if a.Kind == EImpliedDo || a.Const == nil {
			allConst = false
		} else if a.Const.IsArray() {
			elems = append(elems, a.Const.Elems...)
		} else {
			elems = append(elems, *a.Const)
		}
		if e.TypeSpec == nil && !t.Known() && a.Type.Known() {
			t = a.Type
		} else if e.TypeSpec == nil && t.Known() && a.Type.Known() && a.Type.Base != t.Base && a.Type.Base != TyBOZ {
			c.diags.errorf(a.Pos, "type mismatch: array constructor values of types %s and %s", t, a.Type)
		}
	}
	if t.Base == TyCharacter && e.TypeSpec == nil {
		t.Len = LenUnknown
		if len(e.Args) > 0 && e.Args[0].Type.Len >= 0 {
			t.Len = e.Args[0].Type.Len
		}
	}
	e.Type = t
	if allConst && t.Known() {
		vs := make([]Value, len(elems))
		for i, v := range elems {
			vs[i] = convertConst(v, t)
		}
		e.Const = &Value{Type: t, Elems: vs, Shape: []int{len(vs)}}
	}
}

// impliedDo types an implied-do (its variable is local to it).
func (c *checker) impliedDo(e *Expr, sc *Scope) {
	inner := NewScope(ScopeImpliedDo, sc, sc.Unit)
	vt := IntType
	if e.TypeSpec != nil {
		vt = c.resolveTypeSpec(e.TypeSpec, sc)
	} else if s := sc.Lookup(e.Name); s != nil && s.Type.Known() {
		vt = s.Type
	} else if t, ok := sc.ImplicitType(e.Name); ok {
		vt = t
	} else if !c.isOpaque(sc) {
		c.diags.errorf(e.Pos, "undeclared implied-do variable %s (IMPLICIT NONE is in effect)", e.Name)
	}
	inner.Add(&Symbol{Name: e.Name, Kind: SymVariable, Pos: e.Pos, Type: vt, TypeDeclared: true})
	for _, r := range e.Range {
		if r != nil {
			c.typeExpr(r, sc)
		}
	}
	for _, a := range e.Args {
		c.typeExpr(a, inner)
	}
	e.Rank = 1
	if len(e.Args) > 0 {
		e.Type = e.Args[0].Type
	}
}

// substringLen is the length of a substring (lo:hi) when its bounds are
// constant (LenUnknown otherwise); baseLen is the parent's length.
func substringLen(r *Expr, baseLen int) int {
	lo, hi := int64(1), int64(baseLen)
	if r.Range[0] != nil {
		if r.Range[0].Const == nil {
			return LenUnknown
		}
		lo, _ = r.Range[0].Const.AsInt()
	}
	if r.Range[1] != nil {
		if r.Range[1].Const == nil {
			return LenUnknown
		}
		hi, _ = r.Range[1].Const.AsInt()
	} else if baseLen < 0 {
		return LenUnknown
	}
	if hi < lo {
		return 0
	}
	return int(hi - lo + 1)
}

// allowBOZ marks BOZ literals that are actual arguments of an intrinsic.
func (c *checker) allowBOZ(args []*Expr) {
	for _, a := range args {
		if a.Kind == EKeyword {
			a = a.X
		}
		if a != nil && a.Kind == ELit && a.Lit.Type == TokBOZ {
			c.bozOK[a] = true
		}
	}
}
