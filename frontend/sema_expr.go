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

// callRef types a function reference or structure constructor name(args).
func (c *checker) callRef(e *Expr, s *Symbol, sc *Scope) {
	base := e.X
	name := base.Name
	for _, a := range e.Args {
		c.typeExpr(a, sc)
	}
	if s == nil {
		// Not declared: an intrinsic, or an external function.
		if in := LookupIntrinsic(name); in != nil {
			c.intrinsicCall(e, in, sc)
			return
		}
		if c.isOpaque(sc) {
			e.Ref, e.Type, e.Rank = RefOpaque, UnknownType, -1
			return
		}
		t, ok := sc.ImplicitType(name)
		if !ok {
			c.diags.errorf(e.Pos, "undeclared function or array %s (IMPLICIT NONE is in effect)", name)
			e.Type = UnknownType
			return
		}
		// An external function with an implicit interface.
		sym := &Symbol{Name: name, Kind: SymProcedure, Pos: e.Pos, Type: t, External: true, ImplicitType: true}
		if g := c.global.Local(name); g != nil && g.Proc != nil {
			sym.Proc = g.Proc
			if g.Proc.Result != nil {
				sym.Type = g.Proc.Result.Type
			}
		}
		if old := scopeUnit(sc).Local(name); old != nil {
			sym = old
		} else {
			scopeUnit(sc).Add(sym)
		}
		base.Sym = sym
		e.Sym, e.Ref, e.Type = sym, RefFunction, sym.Type
		if sym.Proc != nil {
			e.Proc = sym.Proc
		}
		return
	}
	s.Used = true
	base.Sym = s
	e.Sym = s
	switch s.Kind {
	case SymIntrinsic:
		c.intrinsicCall(e, s.Builtin, sc)
	case SymType:
		if s.Generic != nil {
			if sp := c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, false); sp != nil {
				c.setCallResult(e, sp)
				return
			}
		}
		e.Ref = RefStructure
		e.Type = Type{Base: TyDerived, Derived: s.Derived}
		c.checkConstructor(e, s.Derived)
		// A constructor of constants is a constant (c_null_ptr = c_ptr(0)).
		v := &Value{Type: e.Type}
		for _, a := range e.Args {
			x := a
			if x.Kind == EKeyword {
				x = x.X
			}
			if x.Const == nil {
				v = nil
				break
			}
			v.Elems = append(v.Elems, *x.Const)
		}
		e.Const = v
	case SymGeneric:
		// A generic may extend an intrinsic of the same name: references
		// that match none of its specifics are the intrinsic's.
		sp := c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, false)
		if sp == nil {
			if in := LookupIntrinsic(name); in != nil {
				c.intrinsicCall(e, in, sc)
				return
			}
			sp = c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, true)
		}
		if sp == nil {
			e.Type, e.Rank = UnknownType, -1
			e.Ref = RefFunction
			return
		}
		c.setCallResult(e, sp)
	case SymStmtFunc:
		e.Ref, e.Type = RefFunction, s.Type
	default:
		c.setCallResult(e, s)
	}
}

// setCallResult fills a function reference's type from the procedure.
func (c *checker) setCallResult(e *Expr, s *Symbol) {
	e.Ref = RefFunction
	e.Type = s.Type
	p := s.Proc
	if p != nil {
		e.Proc = p
		if !p.IsFunction && p.Head != nil {
			c.diags.errorf(e.Pos, "%s is a subroutine; it cannot be referenced as a function", s.Name)
		}
		if p.Result != nil {
			e.Type, e.Rank = p.Result.Type, p.Result.Rank
			if p.Elemental {
				r := 0
				for _, a := range e.Args {
					x := a
					if x.Kind == EKeyword {
						x = x.X
					}
					if x.Rank > r || x.Rank < 0 {
						r = x.Rank
					}
				}
				e.Rank = r
			}
		}
		c.checkArgs(e.Args, p, s.Name, e.Pos, -1)
	} else if s.Kind == SymVariable || s.Kind == SymParameter {
		c.diags.errorf(e.Pos, "%s is not a procedure", s.Name)
	}
}

// checkArgs checks actual arguments against a procedure's dummies: count,
// keywords and (for known types) type compatibility.
func (c *checker) checkArgs(args []*Expr, p *Procedure, name string, pos Pos, pass int) {
	if p == nil || p.Scope == nil && !p.Separate {
		return
	}
	dummies := dropDummy(p.Dummies, pass)
	bound := make([]bool, len(dummies))
	positional := true
	for i, a := range args {
		if a.Kind == EKeyword {
			positional = false
			found := false
			for j, d := range dummies {
				if d.Name == a.Name {
					if bound[j] {
						c.diags.errorf(a.Pos, "argument %s of %s given twice", a.Name, name)
					}
					bound[j], found = true, true
					c.checkArgType(a.X, d, name, p.Elemental)
				}
			}
			if !found {
				c.diags.errorf(a.Pos, "%s has no dummy argument named %s", name, a.Name)
			}
			continue
		}
		if !positional {
			c.diags.errorf(a.Pos, "a positional argument follows a keyword argument")
			continue
		}
		if i >= len(dummies) {
			c.diags.errorf(a.Pos, "wrong number of arguments: too many arguments in the reference to %s (it takes %d)", name, len(dummies))
			return
		}
		bound[i] = true
		c.checkArgType(a, dummies[i], name, p.Elemental)
	}
	for j, d := range dummies {
		if !bound[j] && !d.Optional && d.Name != "*" {
			c.diags.errorf(pos, "wrong number of arguments: missing argument %s in the reference to %s", d.Name, name)
			return
		}
	}
}

func (c *checker) checkArgType(a *Expr, d *Symbol, name string, elemental bool) {
	if a == nil || d == nil || a.Kind == EStar {
		return
	}
	if d.Kind == SymProcedure || d.External || a.Ref == RefProcedure {
		return
	}
	if a.Rank >= 0 && d.Rank >= 0 && a.Type.Known() && !elemental {
		switch {
		case (d.Assumed == "shape" || d.Assumed == "deferred") && a.Rank != d.Rank:
			c.diags.errorf(a.Pos, "rank mismatch: argument %s of %s has rank %d, but an array of rank %d was passed", d.Name, name, d.Rank, a.Rank)
			return
		case d.Rank == 0 && a.Rank > 0:
			c.diags.errorf(a.Pos, "rank mismatch: argument %s of %s is a scalar, but an array of rank %d was passed", d.Name, name, a.Rank)
			return
		}
	}
	at, dt := a.Type, d.Type
	if !at.Known() || !dt.Known() || dt.Base == TyClassStar || dt.Base == TyTypeStar || at.Base == TyBOZ {
		return
	}
	ok := at.Base == dt.Base
	if ok && at.Base == TyDerived {
		ok = compatibleAssign(dt, at) || at.Class && at.Derived != nil && dt.Derived != nil && dt.Derived.Extends(at.Derived)
	}
	if ok && at.Base != TyDerived && at.Base != TyCharacter && at.Kind != dt.Kind && at.Kind != 0 && dt.Kind != 0 {
		ok = false
	}
	if !ok {
		c.diags.errorf(a.Pos, "type mismatch: argument %s of %s is %s, but %s was passed", d.Name, name, dt, at)
	}
}

// resolveGeneric picks the specific procedure of a generic for the
// arguments; nil when none matches (reported when report is set).
func (c *checker) resolveGeneric(g *Generic, args []*Expr, pos Pos, sc *Scope, report bool) *Symbol {
	specs := c.genericSpecifics(g, sc)
	for _, s := range specs {
		if s.Proc != nil && argsMatch(args, s.Proc, -1) {
			return s
		}
	}
	if !report || len(specs) == 0 {
		return nil
	}
	for _, a := range args {
		x := a
		if x.Kind == EKeyword {
			x = x.X
		}
		if !x.Type.Known() || x.Rank < 0 {
			return nil // can't decide; stay quiet
		}
	}
	for _, s := range specs {
		if s.Proc == nil || s.Proc.Scope == nil {
			return nil
		}
	}
	var types []string
	for _, a := range args {
		x := a
		if x.Kind == EKeyword {
			x = x.X
		}
		t := x.Type.String()
		if x.Rank > 0 {
			t += " rank " + strconv.Itoa(x.Rank)
		}
		types = append(types, t)
	}
	c.diags.errorf(pos, "no specific procedure of generic %s matches the arguments (%s)", g.Name, strings.Join(types, ", "))
	return nil
}

// genericSpecifics resolves the specific names of a generic lazily.
func (c *checker) genericSpecifics(g *Generic, sc *Scope) []*Symbol {
	if len(g.Names) > 0 {
		look := g.Scope
		if look == nil {
			look = sc
		}
		var pending []string
		for _, n := range g.Names {
			s := look.Lookup(n)
			if s == nil {
				s = sc.Lookup(n)
			}
			if s == nil {
				if c.declaring {
					// Contained procedures are declared after the specification
					// part that may use the generic: resolve again later.
					pending = append(pending, n)
				} else if !c.isOpaque(look) {
					c.diags.errorf(g.Pos, "undeclared specific procedure %s of generic %s", n, g.Name)
				}
				continue
			}
			if s.Kind == SymGeneric && s.Generic != nil && s.Generic != g {
				// a generic name listed as specific: use its specifics
				g.Specifics = append(g.Specifics, c.genericSpecifics(s.Generic, sc)...)
				continue
			}
			g.Specifics = append(g.Specifics, s)
		}
		g.Names = pending
	}
	return g.Specifics
}

// argsMatch reports whether actual arguments fit a specific's dummies by
// type, kind and rank (TKR), lenient where types are unknown.
func argsMatch(args []*Expr, p *Procedure, pass int) bool {
	dummies := dropDummy(p.Dummies, pass)
	bound := make([]bool, len(dummies))
	for i, a := range args {
		var d *Symbol
		x := a
		if a.Kind == EKeyword {
			x = a.X
			for j, dd := range dummies {
				if dd.Name == a.Name {
					d = dd
					bound[j] = true
				}
			}
			if d == nil {
				return false
			}
		} else {
			if i >= len(dummies) {
				return false
			}
			d = dummies[i]
			bound[i] = true
		}
		if !tkrMatch(x, d, p.Elemental) {
			return false
		}
	}
	for j, d := range dummies {
		if !bound[j] && !d.Optional {
			return false
		}
	}
	return true
}

func tkrMatch(x *Expr, d *Symbol, elemental bool) bool {
	at, dt := x.Type, d.Type
	if d.Kind == SymProcedure || d.External {
		return x.Ref == RefProcedure || !at.Known()
	}
	if !at.Known() || !dt.Known() {
		return true
	}
	switch dt.Base {
	case TyClassStar, TyTypeStar:
		return rankOK(x, d, elemental)
	}
	if at.Base == TyBOZ {
		return dt.Base == TyInteger
	}
	if at.Base != dt.Base {
		return false
	}
	if at.Base == TyDerived {
		if at.Derived == nil || dt.Derived == nil {
			return true
		}
		if dt.Class {
			if !at.Derived.Extends(dt.Derived) {
				return false
			}
		} else if at.Derived != dt.Derived && at.Derived.Name != dt.Derived.Name {
			return false
		}
	} else if at.Base != TyCharacter && at.Kind != dt.Kind {
		return false
	}
	return rankOK(x, d, elemental)
}

func rankOK(x *Expr, d *Symbol, elemental bool) bool {
	if x.Rank < 0 || d.Rank < 0 {
		return true
	}
	if elemental && d.Rank == 0 {
		return true
	}
	if d.Assumed == "size" || d.Assumed == "explicit" && x.Rank > 0 {
		return x.Rank > 0 || d.Rank == 0
	}
	return x.Rank == d.Rank
}

// intrinsicCall types a call of an intrinsic function.
func (c *checker) intrinsicCall(e *Expr, in *Intrinsic, sc *Scope) {
	e.Ref, e.Intr = RefIntrinsic, in
	c.allowBOZ(e.Args)
	if in.Result == nil {
		c.diags.errorf(e.Pos, "%s is an intrinsic subroutine; it cannot be referenced as a function", in.Name)
		e.Type = UnknownType
		return
	}
	args, ok := c.matchIntrinsicArgs(in, e.Args, e.Pos)
	if !ok {
		e.Type, e.Rank = UnknownType, -1
		return
	}
	t, r, err := in.Result(args)
	if err != nil {
		c.diags.errorf(e.Pos, "%v", err)
		e.Type, e.Rank = UnknownType, -1
		return
	}
	e.Type, e.Rank = t, r
	if in.Fold != nil {
		// lbound/ubound of named arrays with lower bounds are not folded here.
		if (in.Name == "lbound" || in.Name == "ubound") && len(e.Args) > 0 && e.Args[0].Sym != nil && e.Args[0].Sym.Shape != nil {
			return
		}
		if v, ok := in.Fold(args); ok {
			e.Const = &v
		}
	}
}

// matchIntrinsicArgs orders actual arguments by the intrinsic's dummies.
func (c *checker) matchIntrinsicArgs(in *Intrinsic, actual []*Expr, pos Pos) ([]ArgInfo, bool) {
	out := make([]ArgInfo, len(in.Args))
	variadic := len(in.Args) > 0 && in.Args[len(in.Args)-1].Variadic
	positional := true
	for i, a := range actual {
		if a.Kind == EKeyword {
			positional = false
			found := false
			for j, d := range in.Args {
				if d.Name == a.Name {
					if out[j].Present {
						c.diags.errorf(a.Pos, "argument %s of intrinsic %s given twice", a.Name, in.Name)
						return nil, false
					}
					out[j] = argInfo(a.X)
					found = true
				}
			}
			if !found {
				c.diags.errorf(a.Pos, "intrinsic %s has no argument named %s", in.Name, a.Name)
				return nil, false
			}
			continue
		}
		if !positional {
			c.diags.errorf(a.Pos, "a positional argument follows a keyword argument")
			return nil, false
		}
		if i >= len(in.Args) {
			if variadic {
				out = append(out, argInfo(a))
				continue
			}
			c.diags.errorf(a.Pos, "wrong number of arguments: too many arguments for intrinsic %s", in.Name)
			return nil, false
		}
		out[i] = argInfo(a)
	}
	for j, d := range in.Args {
		if !out[j].Present && !d.Optional {
			c.diags.errorf(pos, "wrong number of arguments: missing argument %s of intrinsic %s", d.Name, in.Name)
			return nil, false
		}
	}
	return out, true
}

// checkConstructor checks a structure constructor's components.
func (c *checker) checkConstructor(e *Expr, dt *DerivedType) {
	if dt == nil {
		return
	}
	comps := dt.AllComponents()
	if len(e.Args) > len(comps) {
		c.diags.errorf(e.Pos, "too many values in the structure constructor of type %s", dt.Name)
		return
	}
	for _, a := range e.Args {
		if a.Kind == EKeyword && dt.Component(a.Name) == nil {
			c.diags.errorf(a.Pos, "type %s has no component %s", dt.Name, a.Name)
		}
	}
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

func (c *checker) unary(e *Expr, sc *Scope) {
	c.typeExpr(e.X, sc)
	x := e.X
	e.Rank = x.Rank
	switch e.Op {
	case "+", "-":
		if x.Type.Known() && !x.Type.IsNumeric() {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x}, sc)
				return
			}
			if c.typeBoundOp(e, e.Op, []*Expr{x}) {
				return
			}
			c.diags.errorf(e.Pos, "type mismatch: unary %s of %s", e.Op, x.Type)
		}
		e.Type = x.Type
		if x.Const != nil && !x.Const.IsArray() && e.Op == "-" {
			v := *x.Const
			switch v.Type.Base {
			case TyInteger:
				v.Int = -v.Int
			case TyReal:
				v.Real = -v.Real
			case TyComplex:
				v.Cmplx = -v.Cmplx
			}
			e.Const = &v
		} else if x.Const != nil {
			e.Const = x.Const
		}
	case ".not.":
		if x.Type.Known() && x.Type.Base != TyLogical {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x}, sc)
				return
			}
			c.diags.errorf(e.Pos, "type mismatch: .not. of %s", x.Type)
		}
		e.Type = LogicalType
		if x.Type.Base == TyLogical {
			e.Type = x.Type
		}
		if x.Const != nil && !x.Const.IsArray() {
			e.Const = &Value{Type: e.Type, Bool: !x.Const.Bool}
		}
	default:
		g := c.operatorGeneric(e.Op, sc)
		if g == nil && c.typeBoundOp(e, e.Op, []*Expr{x}) {
			return
		}
		if g == nil {
			if !c.isOpaque(sc) {
				c.diags.errorf(e.Pos, "undefined operator %s", e.Op)
			}
			e.Type, e.Rank = UnknownType, -1
			return
		}
		c.definedOp(e, g, []*Expr{x}, sc)
	}
}

// typeBoundOp resolves an operator bound to an operand's derived type
// (generic :: operator(+) => ...); it sets e's result and reports success.
func (c *checker) typeBoundOp(e *Expr, op string, operands []*Expr) bool {
	key := "operator(" + normOp(op) + ")"
	for _, o := range operands {
		t := o.Type
		if t.Base != TyDerived || t.Derived == nil {
			continue
		}
		b := t.Derived.FindBinding(key)
		if b == nil {
			if alt := altOperatorKey(op); alt != "" {
				b = t.Derived.FindBinding(alt)
			}
		}
		if b == nil || !b.Generic {
			continue
		}
		look := t.Derived.Scope
		for _, name := range b.Targets {
			sb := t.Derived.FindBinding(name)
			if sb == nil || len(sb.Targets) == 0 || look == nil {
				continue
			}
			ps := look.Lookup(sb.Targets[0])
			if ps == nil || ps.Proc == nil {
				continue
			}
			if argsMatch(operands, ps.Proc, -1) {
				e.Proc, e.Sym = ps.Proc, ps
				if ps.Proc.Result != nil {
					e.Type, e.Rank = ps.Proc.Result.Type, ps.Proc.Result.Rank
				}
				return true
			}
		}
		// A binding exists but no specific matched: stay lenient.
		e.Type, e.Rank = UnknownType, -1
		return true
	}
	return false
}

// operatorGeneric finds the generic for an operator in scope (walking hosts).
func (c *checker) operatorGeneric(op string, sc *Scope) *Generic {
	key := op
	if !strings.HasPrefix(op, ".") || intrinsicDotOps[op] {
		key = "operator(" + normOp(op) + ")"
	} else {
		key = "operator(" + op + ")"
	}
	for s := sc; s != nil; s = s.Parent {
		if g := s.Operators[key]; g != nil {
			return g
		}
		// .eq. and == are the same operator.
		if alt := altOperatorKey(op); alt != "" {
			if g := s.Operators[alt]; g != nil {
				return g
			}
		}
	}
	return nil
}

func altOperatorKey(op string) string {
	for k, v := range relOps {
		if v == normOp(op) && k != op && strings.HasPrefix(k, ".") {
			return "operator(" + k + ")"
		}
	}
	return ""
}

// definedOp resolves a defined operation to a specific function.
func (c *checker) definedOp(e *Expr, g *Generic, operands []*Expr, sc *Scope) {
	sp := c.resolveGeneric(g, operands, e.Pos, sc, true)
	if sp == nil || sp.Proc == nil {
		e.Type, e.Rank = UnknownType, -1
		return
	}
	e.Proc = sp.Proc
	e.Sym = sp
	if sp.Proc.Result != nil {
		e.Type, e.Rank = sp.Proc.Result.Type, sp.Proc.Result.Rank
		if sp.Proc.Elemental {
			r := 0
			for _, o := range operands {
				if o.Rank > r {
					r = o.Rank
				}
			}
			e.Rank = r
		}
	}
}

// binary types an intrinsic or defined binary operation.
func (c *checker) binary(e *Expr, sc *Scope) {
	c.typeExpr(e.X, sc)
	c.typeExpr(e.Y, sc)
	x, y := e.X, e.Y
	e.Rank = x.Rank
	if y.Rank > e.Rank || y.Rank < 0 {
		e.Rank = y.Rank
	}
	xt, yt := x.Type, y.Type
	if strings.HasPrefix(e.Op, ".") && !intrinsicDotOps[e.Op] {
		g := c.operatorGeneric(e.Op, sc)
		if g == nil && c.typeBoundOp(e, e.Op, []*Expr{x, y}) {
			return
		}
		if g == nil {
			if !c.isOpaque(sc) {
				c.diags.errorf(e.Pos, "undefined operator %s", e.Op)
			}
			e.Type, e.Rank = UnknownType, -1
			return
		}
		c.definedOp(e, g, []*Expr{x, y}, sc)
		return
	}
	if !xt.Known() || !yt.Known() {
		// Keep what can be known about the result.
		switch e.Op {
		case "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".eqv.", ".neqv.":
			e.Type = LogicalType
		case "//":
			e.Type = Type{Base: TyCharacter, Kind: 1, Len: LenUnknown}
		default:
			e.Type = UnknownType
		}
		if xt.Base == TyDerived || yt.Base == TyDerived {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x, y}, sc)
			} else {
				c.typeBoundOp(e, e.Op, []*Expr{x, y})
			}
		}
		return
	}
	intrinsicOK := false
	switch e.Op {
	case "+", "-", "*", "/", "**":
		if (xt.IsNumeric() || xt.Base == TyBOZ) && (yt.IsNumeric() || yt.Base == TyBOZ) {
			intrinsicOK = true
			e.Type = numericResult(xt, yt, e.Op)
		}
	case "//":
		if xt.Base == TyCharacter && yt.Base == TyCharacter {
			intrinsicOK = true
			l := LenUnknown
			if xt.Len >= 0 && yt.Len >= 0 {
				l = xt.Len + yt.Len
			}
			e.Type = Type{Base: TyCharacter, Kind: xt.Kind, Len: l}
		}
	case "==", "/=", "<", "<=", ">", ">=":
		switch {
		case (xt.IsNumeric() || xt.Base == TyBOZ) && (yt.IsNumeric() || yt.Base == TyBOZ):
			intrinsicOK = !(xt.Base == TyComplex || yt.Base == TyComplex) || e.Op == "==" || e.Op == "/="
		case xt.Base == TyCharacter && yt.Base == TyCharacter:
			intrinsicOK = true
		}
		e.Type = LogicalType
	case ".and.", ".or.", ".eqv.", ".neqv.":
		if xt.Base == TyLogical && yt.Base == TyLogical {
			intrinsicOK = true
			k := xt.Kind
			if yt.Kind > k {
				k = yt.Kind
			}
			e.Type = Type{Base: TyLogical, Kind: k}
		}
	}
	if !intrinsicOK {
		if g := c.operatorGeneric(e.Op, sc); g != nil {
			c.definedOp(e, g, []*Expr{x, y}, sc)
			return
		}
		if c.typeBoundOp(e, e.Op, []*Expr{x, y}) {
			return
		}
		if (e.Op == "==" || e.Op == "/=") && xt.Base == TyLogical && yt.Base == TyLogical {
			c.diags.errorf(e.Pos, "type mismatch: logical values are compared with .eqv./.neqv., not %s", e.Op)
		} else {
			c.diags.errorf(e.Pos, "type mismatch: operands of %s are %s and %s", e.Op, xt, yt)
		}
		if e.Type.Base == TyUnknown {
			e.Type = UnknownType
		}
		return
	}
	if x.Rank > 0 && y.Rank > 0 && x.Rank != y.Rank {
		// Non-conformable operands of an intrinsic operation (a defined
		// operator of the same symbol was tried above).
		if g := c.operatorGeneric(e.Op, sc); g != nil {
			c.definedOp(e, g, []*Expr{x, y}, sc)
			return
		}
		c.diags.errorf(e.Pos, "rank mismatch: operands of %s have ranks %d and %d", e.Op, x.Rank, y.Rank)
	}
	if x.Const != nil && y.Const != nil && !x.Const.IsArray() && !y.Const.IsArray() {
		if v, ok := foldBinary(e.Op, *x.Const, *y.Const, e.Type); ok {
			e.Const = &v
		}
	}
}

// numericResult gives the type of a numeric operation.
func numericResult(a, b Type, op string) Type {
	if a.Base == TyBOZ {
		a = IntType
	}
	if b.Base == TyBOZ {
		b = IntType
	}
	rank := func(t Type) int {
		switch t.Base {
		case TyInteger:
			return 0
		case TyReal:
			return 1
		}
		return 2
	}
	if rank(a) > rank(b) {
		if op == "**" && b.Base != TyInteger && a.Base == TyReal && b.Kind > a.Kind {
			return Type{Base: a.Base, Kind: b.Kind}
		}
		if a.Base != TyInteger && b.Base != TyInteger && b.Kind > a.Kind {
			return Type{Base: a.Base, Kind: b.Kind}
		}
		return a
	}
	if rank(b) > rank(a) {
		if a.Base != TyInteger && a.Kind > b.Kind {
			return Type{Base: b.Base, Kind: a.Kind}
		}
		return b
	}
	if b.Kind > a.Kind {
		return b
	}
	return a
}

// foldBinary folds an intrinsic operation of two scalar constants.
func foldBinary(op string, x, y Value, t Type) (Value, bool) {
	switch {
	case t.Base == TyInteger:
		a, ok1 := x.AsInt()
		b, ok2 := y.AsInt()
		if !ok1 || !ok2 {
			return Value{}, false
		}
		var r int64
		switch op {
		case "+":
			r = a + b
		case "-":
			r = a - b
		case "*":
			r = a * b
		case "/":
			if b == 0 {
				return Value{}, false
			}
			r = a / b
		case "**":
			if b < 0 {
				if a == 1 {
					r = 1
				} else if a == -1 {
					r = 1 - 2*(-b%2)
				} else {
					r = 0
				}
			} else {
				r = 1
				for i := int64(0); i < b && i < 64; i++ {
					r *= a
				}
			}
		default:
			return Value{}, false
		}
		return Value{Type: t, Int: r}, true
	case t.Base == TyReal:
		a, ok1 := x.AsFloat()
		b, ok2 := y.AsFloat()
		if !ok1 || !ok2 {
			return Value{}, false
		}
		var r float64
		switch op {
		case "+":
			r = a + b
		case "-":
			r = a - b
		case "*":
			r = a * b
		case "/":
			if b == 0 {
				return Value{}, false
			}
			r = a / b
		case "**":
			r = math.Pow(a, b)
		default:
			return Value{}, false
		}
		if t.Kind == 4 {
			r = float64(float32(r))
		}
		return Value{Type: t, Real: r}, true
	case t.Base == TyLogical:
		switch op {
		case ".and.":
			return Value{Type: t, Bool: x.Bool && y.Bool}, true
		case ".or.":
			return Value{Type: t, Bool: x.Bool || y.Bool}, true
		case ".eqv.":
			return Value{Type: t, Bool: x.Bool == y.Bool}, true
		case ".neqv.":
			return Value{Type: t, Bool: x.Bool != y.Bool}, true
		}
		var cmp int
		switch {
		case x.Type.Base == TyCharacter && y.Type.Base == TyCharacter:
			a, b := x.Str, y.Str
			for len(a) < len(b) {
				a += " "
			}
			for len(b) < len(a) {
				b += " "
			}
			cmp = strings.Compare(a, b)
		case x.Type.Base == TyInteger && y.Type.Base == TyInteger:
			switch {
			case x.Int < y.Int:
				cmp = -1
			case x.Int > y.Int:
				cmp = 1
			}
		default:
			a, ok1 := x.AsFloat()
			b, ok2 := y.AsFloat()
			if !ok1 || !ok2 {
				return Value{}, false
			}
			switch {
			case a < b:
				cmp = -1
			case a > b:
				cmp = 1
			}
		}
		var r bool
		switch op {
		case "==":
			r = cmp == 0
		case "/=":
			r = cmp != 0
		case "<":
			r = cmp < 0
		case "<=":
			r = cmp <= 0
		case ">":
			r = cmp > 0
		case ">=":
			r = cmp >= 0
		default:
			return Value{}, false
		}
		return Value{Type: LogicalType, Bool: r}, true
	case t.Base == TyCharacter && op == "//":
		return Value{Type: Type{Base: TyCharacter, Kind: 1, Len: len(x.Str) + len(y.Str)}, Str: x.Str + y.Str}, true
	}
	return Value{}, false
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

// bindingFunction types obj%f(args), a type-bound function reference.
func (c *checker) bindingFunction(e, base *Expr, sc *Scope) {
	e.Ref, e.Type, e.Rank = RefFunction, UnknownType, -1
	dt := base.X.Type.Derived
	if dt == nil {
		return
	}
	b := dt.FindBinding(base.Name)
	if b == nil || dt.Scope == nil {
		return
	}
	pick := func(sb *Binding) *Procedure {
		if len(sb.Targets) == 0 {
			return nil
		}
		if s := dt.Scope.Lookup(sb.Targets[0]); s != nil {
			return s.Proc
		}
		return nil
	}
	var p *Procedure
	pass := -1
	if b.Generic {
		for _, t := range b.Targets {
			if sb := dt.FindBinding(t); sb != nil {
				if q := pick(sb); q != nil && argsMatch(e.Args, q, passIndex(sb, q)) {
					p, pass = q, passIndex(sb, q)
					break
				}
			}
		}
	} else {
		p = pick(b)
		if p != nil {
			pass = passIndex(b, p)
		}
	}
	if p == nil || p.Result == nil {
		return
	}
	e.Proc = p
	e.Type, e.Rank = p.Result.Type, p.Result.Rank
	if p.Elemental && base.X.Rank != 0 {
		e.Rank = base.X.Rank
	}
	if !b.Generic {
		c.checkArgs(e.Args, p, b.Name, e.Pos, pass)
	}
}

// mayBeExternalFunction reports whether a scalar variable symbol referenced
// with arguments can be an external function: it has no attribute of a data
// object, and for character the arguments are not a substring range.
func mayBeExternalFunction(s *Symbol, args []*Expr) bool {
	if s.Allocatable || s.Pointer || s.Target || s.Intent != "" || s.Value || s.Save || s.Init != nil ||
		s.InCommon || s.Optional && false || s.Use != nil || s.Scope == nil || s.Scope.Kind != ScopeUnit {
		return false
	}
	if s.Scope.Unit != nil && s.Scope.Unit.Result == s {
		return false
	}
	if s.Type.Base == TyCharacter && len(args) == 1 && args[0].Kind == ERange {
		return false
	}
	return true
}

// passIndex is the index of the passed-object dummy of a binding (-1 for
// nopass).
func passIndex(b *Binding, p *Procedure) int {
	if b.NoPass || p == nil {
		return -1
	}
	if b.PassArg != "" {
		for i, d := range p.Dummies {
			if d.Name == b.PassArg {
				return i
			}
		}
		return -1
	}
	return 0
}

// dropDummy returns the dummies without the one at index k (k < 0: all).
func dropDummy(ds []*Symbol, k int) []*Symbol {
	if k < 0 || k >= len(ds) {
		return ds
	}
	out := make([]*Symbol, 0, len(ds)-1)
	out = append(out, ds[:k]...)
	return append(out, ds[k+1:]...)
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
