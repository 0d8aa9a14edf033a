package frontend

import (
	"strconv"
	"strings"
)

// resolveTypeSpec turns a type-spec into a Type (kind folded).
func (c *checker) resolveTypeSpec(ts *TypeSpec, sc *Scope) Type {
	if ts == nil {
		return UnknownType
	}
	var t Type
	switch ts.Name {
	case "integer":
		t = IntType
	case "real":
		t = RealType
	case "complex":
		t = ComplexType
	case "logical":
		t = LogicalType
	case "character":
		t = CharType
	case "doubleprecision":
		return DoubleType
	case "doublecomplex":
		return DComplexTy
	case "type", "class":
		for _, p := range ts.Params {
			if p.Kind != EStar && !(p.Kind == ERange && p.Range[0] == nil && p.Range[1] == nil) {
				c.typeExpr(p, sc)
			}
		}
		if ts.Derived == "*" {
			if ts.Name == "class" {
				return Type{Base: TyClassStar, Class: true}
			}
			return Type{Base: TyTypeStar}
		}
		sym := sc.Lookup(ts.Derived)
		if sym != nil && sym.Kind == SymGeneric && sym.Derived != nil {
			return Type{Base: TyDerived, Derived: sym.Derived, Class: ts.Name == "class"}
		}
		if sym == nil || sym.Kind != SymType {
			if sym != nil && sym.Kind == SymOpaque || c.opaque[scopeUnit(sc)] || sym == nil && c.isOpaque(sc) {
				return UnknownType
			}
			c.diags.errorf(ts.Pos, "undeclared type %s", ts.Derived)
			return UnknownType
		}
		return Type{Base: TyDerived, Derived: sym.Derived, Class: ts.Name == "class"}
	default:
		c.diags.errorf(ts.Pos, "unknown type %s", ts.Name)
		return UnknownType
	}
	if ts.StarLen != "" {
		n, _ := strconv.Atoi(ts.StarLen)
		if t.Base == TyCharacter {
			t.Len = n
			return t
		}
		if t.Base == TyComplex {
			n /= 2
		}
		if !validKind(t.Base, n) {
			c.diags.errorf(ts.Pos, "invalid kind %s*%s", ts.Name, ts.StarLen)
			return t
		}
		t.Kind = n
		return t
	}
	if ts.Kind != nil {
		c.typeExpr(ts.Kind, sc)
		v := ts.Kind.Const
		if v == nil {
			if ts.Kind.Type.Known() && !c.isOpaque(sc) {
				c.diags.errorf(ts.Kind.Pos, "kind of %s must be a constant expression", ts.Name)
			}
			t.Kind = 0
			if !ts.Kind.Type.Known() {
				return Type{Base: t.Base, Kind: defaultKind(t.Base), Len: t.Len}
			}
			return t
		}
		k, ok := v.AsInt()
		if !ok || !validKind(t.Base, int(k)) {
			c.diags.errorf(ts.Kind.Pos, "invalid kind %s for %s", v.String(), ts.Name)
			return t
		}
		t.Kind = int(k)
	}
	return t
}

func defaultKind(b BaseType) int {
	switch b {
	case TyCharacter:
		return 1
	}
	return 4
}

func scopeUnit(sc *Scope) *Scope {
	for s := sc; s != nil; s = s.Parent {
		if s.Kind == ScopeUnit {
			return s
		}
	}
	return sc
}

// isOpaque reports whether unknown names in sc may come from an
// unavailable module.
func (c *checker) isOpaque(sc *Scope) bool {
	for s := sc; s != nil; s = s.Parent {
		if c.opaque[s] {
			return true
		}
	}
	return false
}

// charLen resolves a character length from a type-spec and an entity's *len.
func (c *checker) charLen(ts *TypeSpec, cl *CharLen, sc *Scope) int {
	if cl != nil {
		switch {
		case cl.Digits != "":
			n, _ := strconv.Atoi(cl.Digits)
			return n
		case cl.Star:
			return LenAssumed
		case cl.Colon:
			return LenDeferred
		case cl.Expr != nil:
			return c.lenExpr(cl.Expr, sc)
		}
	}
	if ts == nil {
		return 1
	}
	switch {
	case ts.StarLen != "":
		n, _ := strconv.Atoi(ts.StarLen)
		return n
	case ts.LenStar:
		return LenAssumed
	case ts.LenColon:
		return LenDeferred
	case ts.Len != nil:
		return c.lenExpr(ts.Len, sc)
	}
	return 1
}

func (c *checker) lenExpr(e *Expr, sc *Scope) int {
	c.typeExpr(e, sc)
	if e.Const != nil {
		if n, ok := e.Const.AsInt(); ok {
			if n < 0 {
				n = 0
			}
			return int(n)
		}
	}
	return LenUnknown
}

// setShape records an array spec on a symbol.
func (c *checker) setShape(s *Symbol, a *ArraySpec, sc *Scope) {
	s.Shape = a
	if a.AssumedRank {
		s.Rank = -1
		s.Assumed = "rank"
		return
	}
	s.Rank = len(a.Dims)
	if s.Rank > 15 {
		c.diags.errorf(a.Pos, "an array may have at most 15 dimensions")
	}
	s.Dims = make([]int, len(a.Dims))
	deferred, star := true, false
	for i, d := range a.Dims {
		s.Dims[i] = -1
		if d.Lo != nil {
			c.typeExpr(d.Lo, sc)
			c.checkIntegerExpr(d.Lo, "array bound")
		}
		if d.Hi != nil {
			c.typeExpr(d.Hi, sc)
			c.checkIntegerExpr(d.Hi, "array bound")
		}
		if d.Lo != nil || d.Hi != nil {
			deferred = false
		}
		if d.Star {
			star = true
			deferred = false
		}
		lo := int64(1)
		okLo := true
		if d.Lo != nil {
			if d.Lo.Const != nil {
				lo, okLo = d.Lo.Const.AsInt()
			} else {
				okLo = false
			}
		}
		if d.Hi != nil && d.Hi.Const != nil && okLo {
			if hi, ok := d.Hi.Const.AsInt(); ok {
				n := hi - lo + 1
				if n < 0 {
					n = 0
				}
				s.Dims[i] = int(n)
			}
		}
	}
	switch {
	case star:
		s.Assumed = "size"
	case deferred:
		s.Assumed = "deferred" // or assumed-shape for dummies (decided by attributes)
	default:
		s.Assumed = "explicit"
	}
}

func (c *checker) checkIntegerExpr(e *Expr, what string) {
	if e.Type.Known() && e.Type.Base != TyInteger && e.Type.Base != TyBOZ {
		c.diags.errorf(e.Pos, "type mismatch: %s must be an integer expression, not %s", what, e.Type)
	}
}

// applyAttr applies one attribute to a symbol.
func (c *checker) applyAttr(s *Symbol, a *Attr, sc *Scope) {
	switch {
	case a.DimWord:
		if a.Dimension != nil {
			c.setShape(s, a.Dimension, sc)
		}
	case len(a.Intent) > 0:
		if !s.Dummy {
			c.diags.errorf(lexPos(a.Pos), "INTENT attribute on %s, which is not a dummy argument", s.Name)
		}
		s.Intent = a.IntentOf()
	case a.Bind != nil:
		s.BindC = true
	case a.Word != "":
		switch a.Word {
		case "allocatable":
			s.Allocatable = true
		case "pointer":
			s.Pointer = true
		case "target":
			s.Target = true
		case "optional":
			if !s.Dummy {
				c.diags.errorf(lexPos(a.Pos), "OPTIONAL attribute on %s, which is not a dummy argument", s.Name)
			}
			s.Optional = true
		case "value":
			s.Value = true
		case "parameter":
			s.Kind = SymParameter
		case "save", "static":
			s.Save = true
		case "contiguous":
			s.Contiguous = true
		case "protected":
			s.Protected = true
		case "public":
			s.Public = true
		case "private":
			s.Private = true
		case "external":
			s.External = true
			if s.Kind == SymUnknown || s.Kind == SymVariable {
				s.Kind = SymProcedure
			}
		case "intrinsic":
			s.IntrinsicAttr = true
			if in := LookupIntrinsic(s.Name); in != nil {
				s.Kind = SymIntrinsic
				s.Builtin = in
			} else {
				c.diags.errorf(lexPos(a.Pos), "%s is not an intrinsic procedure", s.Name)
			}
		case "volatile":
			s.Volatile = true
		case "asynchronous":
			s.Asynchronous = true
		}
	}
}

// typeDecl declares the entities of a type declaration statement.
func (c *checker) typeDecl(x *TypeDeclStmt, sc *Scope) {
	base := c.resolveTypeSpec(x.Type, sc)
	isParam := false
	for _, a := range x.Attrs {
		if a.Word == "parameter" {
			isParam = true
		}
	}
	for _, e := range x.Entities {
		pos := lexPos(e.Pos)
		s := sc.Local(e.Name)
		switch {
		case s == nil:
			s, _ = sc.Add(&Symbol{Name: e.Name, Kind: SymVariable, Pos: pos})
		case s.Kind == SymUnknown, s.Dummy && !s.TypeDeclared, s.Kind == SymVariable && !s.TypeDeclared && s.Use == nil:
			if s.Kind == SymUnknown {
				s.Kind = SymVariable
			}
			s.Pos = pos
		case s.Kind == SymProcedure && !s.TypeDeclared && (s.Proc == nil || s.Proc.IsFunction):
			// The type of an external function or a dummy procedure.
		case s.Kind == SymIntrinsic && !s.TypeDeclared:
			// "intrinsic :: sin; real :: sin" (allowed).
		case sc.Unit != nil && sc.Unit.Result == s && !s.TypeDeclared:
		default:
			if s.Use != nil {
				c.diags.errorf(pos, "duplicate declaration of %s: it is use-associated from module %s", e.Name, s.Module)
			} else {
				c.diags.errorf(pos, "duplicate declaration of %s (first declared at %s)", e.Name, s.Pos)
			}
			continue
		}
		t := base
		if t.Base == TyCharacter {
			t.Len = c.charLen(x.Type, e.CharLen, sc)
		} else if e.CharLen != nil && e.CharLen.Digits != "" {
			// real :: x*8 (old extension): a kind.
			n, _ := strconv.Atoi(e.CharLen.Digits)
			t.Kind = n
		}
		s.Type = t
		s.TypeDeclared = true
		for _, a := range x.Attrs {
			c.applyAttr(s, a, sc)
		}
		if e.Array != nil {
			c.setShape(s, e.Array, sc)
		}
		if s.Dummy && s.Assumed == "deferred" && !s.Allocatable && !s.Pointer {
			s.Assumed = "shape"
		}
		if e.Init != nil {
			s.Init = e.Init
			c.typeExpr(e.Init, sc)
			if isParam || s.Kind == SymParameter {
				s.Kind = SymParameter
				if e.Init.Const == nil {
					if v := variableRef(e.Init); v != nil && !c.isOpaque(sc) {
						c.diags.errorf(v.Pos, "the value of parameter %s is not a constant expression: it references variable %s", s.Name, v.Name)
					}
					if false {
						c.diags.errorf(e.Init.Pos, "the value of parameter %s is not a constant expression", s.Name)
					}
				} else {
					v := convertConst(*e.Init.Const, t)
					s.Const = &v
					if t.Base == TyCharacter && t.Len == LenAssumed {
						s.Type.Len = len(v.Str)
					}
					if s.Rank > 0 && v.IsArray() == false && s.Dims != nil {
						// scalar broadcast to the array
					}
					if s.Shape != nil && s.Shape.Dims != nil && len(s.Shape.Dims) > 0 && s.Shape.Dims[0].Star && v.IsArray() {
						// implied-shape array: parameter :: a(*) = [...]
						s.Dims = append([]int(nil), v.Shape...)
					}
				}
			}
			if !compatibleAssign(s.Type, e.Init.Type) {
				c.diags.errorf(e.Init.Pos, "type mismatch: cannot initialise %s %s with %s", s.Type, s.Name, e.Init.Type)
			}
		} else if isParam {
			c.diags.errorf(pos, "parameter %s needs a value", s.Name)
		}
		if e.PtrInit != nil {
			c.typeExpr(e.PtrInit, sc)
		}
	}
}

// convertConst converts a constant to a declared type (parameters).
func convertConst(v Value, t Type) Value {
	if v.IsArray() {
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = convertConst(e, t)
		}
		out.Type = t
		return out
	}
	switch t.Base {
	case TyInteger:
		if i, ok := v.AsInt(); ok {
			return Value{Type: t, Int: i}
		}
	case TyReal:
		if f, ok := v.AsFloat(); ok {
			return Value{Type: t, Real: f}
		}
	case TyComplex:
		if v.Type.Base == TyComplex {
			return Value{Type: t, Cmplx: v.Cmplx}
		}
		if f, ok := v.AsFloat(); ok {
			return Value{Type: t, Cmplx: complex(f, 0)}
		}
	case TyCharacter:
		if v.Type.Base == TyCharacter && t.Len >= 0 {
			s := v.Str
			if len(s) > t.Len {
				s = s[:t.Len]
			} else {
				s += strings.Repeat(" ", t.Len-len(s))
			}
			return Value{Type: t, Str: s}
		}
	}
	return v
}

// compatibleAssign reports whether a value of type src may be assigned to
// a variable of type dst (intrinsic assignment), lenient on unknowns.
func compatibleAssign(dst, src Type) bool {
	if !dst.Known() || !src.Known() || src.Base == TyBOZ {
		return true
	}
	switch {
	case dst.IsNumeric() && src.IsNumeric():
		return true
	case dst.Base == TyLogical && src.Base == TyLogical:
		return true
	case dst.Base == TyCharacter && src.Base == TyCharacter:
		return true
	case dst.Base == TyDerived && src.Base == TyDerived:
		return dst.Derived == nil || src.Derived == nil || src.Derived.Extends(dst.Derived) || dst.Class && dst.Derived.Extends(src.Derived) || dst.Derived.Name == src.Derived.Name
	case dst.Base == TyClassStar || dst.Base == TyTypeStar:
		return true
	}
	return false
}

// attrStmt applies an attribute statement.
func (c *checker) attrStmt(x *AttrStmt, sc *Scope) {
	a := x.Attr
	if a.Word == "parameter" && x.Params != nil {
		for _, nc := range x.Params {
			s := c.ensureSym(nc.Name, lexPos(nc.Pos), sc)
			if s.Kind == SymParameter {
				c.diags.errorf(lexPos(nc.Pos), "duplicate declaration of parameter %s", nc.Name)
				continue
			}
			s.Kind = SymParameter
			if !s.TypeDeclared && !s.Type.Known() {
				if t, ok := sc.ImplicitType(nc.Name); ok {
					s.Type, s.ImplicitType = t, true
				}
			}
			c.typeExpr(nc.Expr, sc)
			s.Init = nc.Expr
			if nc.Expr.Const != nil {
				t := s.Type
				if !t.Known() {
					t = nc.Expr.Type
					s.Type = t
				}
				v := convertConst(*nc.Expr.Const, t)
				s.Const = &v
				if t.Base == TyCharacter && (t.Len == LenAssumed || t.Len == LenUnknown) {
					s.Type.Len = len(v.Str)
				}
			} else if v := variableRef(nc.Expr); v != nil && !c.isOpaque(sc) {
				c.diags.errorf(v.Pos, "the value of parameter %s is not a constant expression: it references variable %s", nc.Name, v.Name)
			}
		}
		return
	}
	if len(x.Entities) == 0 {
		switch a.Word {
		case "private":
			sc.DefaultPrivate = true
		case "public":
			sc.DefaultPrivate = false
		case "save":
			sc.SaveAll = true // save everything
		default:
			if a.Word == "" && a.Bind == nil {
				c.diags.errorf(x.Pos, "syntax error: attribute statement without names")
			}
		}
		return
	}
	for _, e := range x.Entities {
		if e.Common != "" {
			continue // save /blk/, bind(c) :: /blk/
		}
		name := e.Spec.String()
		if e.Spec.Name == "" {
			// operator(...) / assignment(=) in public/private statements.
			if a.Word != "public" && a.Word != "private" {
				c.diags.errorf(x.Pos, "syntax error: %s cannot have the %s attribute", name, a.Word)
				continue
			}
			if sc.OpAccess == nil {
				sc.OpAccess = map[string]bool{}
			}
			sc.OpAccess[name] = a.Word == "public"
			continue
		}
		s := sc.Local(name)
		if s == nil {
			s, _ = sc.Add(&Symbol{Name: name, Kind: SymUnknown, Pos: lexPos(e.Pos)})
		}
		if s.Use != nil && (a.Word == "public" || a.Word == "private") {
			s.Public, s.Private = a.Word == "public", a.Word == "private"
			continue
		}
		c.applyAttr(s, a, sc)
		if e.Array != nil {
			c.setShape(s, e.Array, sc)
			if s.Dummy && s.Assumed == "deferred" && !s.Allocatable && !s.Pointer {
				s.Assumed = "shape"
			}
		}
		if s.Kind == SymUnknown && (a.Word == "allocatable" || a.DimWord || a.Word == "target" || a.Word == "pointer" || len(a.Intent) > 0 || a.Word == "value" || a.Word == "optional" || a.Word == "save" || a.Word == "contiguous" || a.Word == "volatile" || a.Word == "asynchronous" || a.Word == "protected") {
			s.Kind = SymVariable
		}
	}
}

// procDecl declares procedure pointers, dummy procedures and external
// procedures with an interface.
func (c *checker) procDecl(x *ProcDeclStmt, sc *Scope) {
	for _, e := range x.Entities {
		s := sc.Local(e.Name)
		if s == nil {
			s, _ = sc.Add(&Symbol{Name: e.Name, Pos: lexPos(e.Pos)})
		}
		s.Kind = SymProcedure
		if x.Interface != nil {
			if x.Interface.Type != nil {
				s.Type = c.resolveTypeSpec(x.Interface.Type, sc)
				s.TypeDeclared = true
			} else if x.Interface.Name != "" {
				s.ProcIface = x.Interface.Name
				if is := sc.Lookup(x.Interface.Name); is != nil && is.Proc != nil {
					s.Proc = is.Proc
					if is.Proc.Result != nil {
						s.Type = is.Proc.Result.Type
					}
				} else if p := containedProc(sc, x.Interface.Name); p != nil {
					// A procedure defined later under CONTAINS: its
					// dummies are declared by the time they are needed.
					s.Proc = p
				} else if is == nil && LookupIntrinsic(x.Interface.Name) == nil && !c.isOpaque(sc) {
					c.diags.errorf(x.Pos, "undeclared interface %s", x.Interface.Name)
				}
			}
		}
		for _, a := range x.Attrs {
			c.applyAttr(s, a, sc)
		}
		s.Kind = SymProcedure
		if e.PtrInit != nil {
			c.typeExpr(e.PtrInit, sc)
		}
	}
}

// interfaceBlock declares interface bodies and generics.
func (c *checker) interfaceBlock(x *InterfaceBlock, sc *Scope) {
	var specifics []*Symbol
	for _, b := range x.Bodies {
		c.declareUnit(b, sc)
		s := sc.Local(b.Name)
		switch {
		case s == nil:
			s, _ = sc.Add(&Symbol{Name: b.Name, Kind: SymProcedure, Pos: b.Pos, Proc: b})
		case s.Kind == SymUnknown || s.Kind == SymVariable && !s.TypeDeclared || s.Kind == SymProcedure && s.Proc == nil:
			s.Kind, s.Proc = SymProcedure, b
		case x.Head.Spec != nil && s.Kind == SymGeneric:
			// interface g; function g(...) -- a specific named like its generic
			s = &Symbol{Name: b.Name, Kind: SymProcedure, Pos: b.Pos, Proc: b, Scope: sc}
		case s.Kind == SymProcedure && s.Proc != nil && s.Proc.Interface:
			c.diags.errorf(b.Pos, "duplicate interface for %s", b.Name)
		default:
			s.Kind, s.Proc = SymProcedure, b
		}
		if b.Result != nil {
			s.Type = b.Result.Type
			s.Rank = b.Result.Rank
		}
		s.External = !b.ModulePrefix
		specifics = append(specifics, s)
	}
	if x.Head.Spec == nil {
		if len(x.Procs) > 0 {
			c.diags.errorf(x.Pos, "a PROCEDURE statement needs a generic interface block")
		}
		return
	}
	var names []string
	for _, p := range x.Procs {
		names = append(names, p.Names...)
	}
	c.addGeneric(x.Head.Spec, names, specifics, x.Pos, sc)
}

// addGeneric adds (or extends) a generic name or operator in sc.
func (c *checker) addGeneric(spec *GenericSpec, names []string, specifics []*Symbol, pos Pos, sc *Scope) {
	key := spec.String()
	if spec.Name == "" {
		if sc.Operators == nil {
			sc.Operators = map[string]*Generic{}
		}
		g := sc.Operators[key]
		if g == nil {
			g = &Generic{Name: key, Pos: pos, Scope: sc}
			sc.Operators[key] = g
		}
		g.Specifics = append(g.Specifics, specifics...)
		g.Names = append(g.Names, names...)
		return
	}
	s := sc.Local(key)
	if s != nil && s.Kind == SymGeneric {
		s.Generic.Specifics = append(s.Generic.Specifics, specifics...)
		s.Generic.Names = append(s.Generic.Names, names...)
		return
	}
	g := &Generic{Name: key, Pos: pos, Specifics: specifics, Names: names, Scope: sc}
	if s == nil {
		sc.Add(&Symbol{Name: key, Kind: SymGeneric, Pos: pos, Generic: g})
		return
	}
	switch s.Kind {
	case SymType:
		// A generic with a derived type's name (constructor overloading).
		s.Generic = g
	case SymUnknown:
		s.Kind, s.Generic = SymGeneric, g
	case SymProcedure:
		// Specific and generic of the same name: the generic wins lookups.
		g.Specifics = append(g.Specifics, &Symbol{Name: s.Name, Kind: SymProcedure, Proc: s.Proc, Pos: s.Pos, Scope: sc})
		s.Kind, s.Generic = SymGeneric, g
	default:
		if s.Use != nil && s.Kind == SymGeneric {
			s.Generic = g
			return
		}
		c.diags.errorf(pos, "duplicate declaration of %s (first declared at %s)", key, s.Pos)
	}
}

func (c *checker) enumDef(x *EnumDef, sc *Scope) {
	next := int64(0)
	for _, it := range x.Items {
		for _, e := range it.Entities {
			if e.Init != nil {
				c.typeExpr(e.Init, sc)
				if e.Init.Const != nil {
					if n, ok := e.Init.Const.AsInt(); ok {
						next = n
					}
				} else if e.Init.Type.Known() {
					c.diags.errorf(e.Init.Pos, "an enumerator value must be a constant integer expression")
				}
			}
			v := IntValue(next)
			if _, ok := sc.Add(&Symbol{Name: e.Name, Kind: SymParameter, Pos: lexPos(e.Pos), Type: IntType, Const: &v, TypeDeclared: true}); !ok {
				c.diags.errorf(lexPos(e.Pos), "duplicate declaration of %s", e.Name)
			}
			next++
		}
	}
}

func (c *checker) predeclareType(td *TypeDef, sc *Scope) {
	name := td.Head.Name
	dt := &DerivedType{Name: name, Pos: td.Pos, Scope: sc}
	td.Type = dt
	s := sc.Local(name)
	switch {
	case s == nil:
		sc.Add(&Symbol{Name: name, Kind: SymType, Pos: td.Pos, Derived: dt})
	case s.Kind == SymUnknown:
		s.Kind, s.Derived = SymType, dt
	case s.Kind == SymGeneric && s.Derived == nil:
		s.Derived = dt
		s.Kind = SymType
	default:
		c.diags.errorf(td.Pos, "duplicate declaration of %s (first declared at %s)", name, s.Pos)
	}
}

// declareType declares a derived type's components and bindings.
func (c *checker) declareType(td *TypeDef, sc *Scope) {
	dt := td.Type
	if dt == nil {
		return
	}
	for _, a := range td.Head.Attrs {
		switch {
		case a.Extends != "":
			ps := sc.Lookup(a.Extends)
			if ps == nil || ps.Derived == nil {
				if !c.isOpaque(sc) {
					c.diags.errorf(td.Pos, "undeclared parent type %s", a.Extends)
				}
				continue
			}
			if ps.Derived == dt {
				c.diags.errorf(td.Pos, "type %s cannot extend itself", dt.Name)
				continue
			}
			dt.Parent = ps.Derived
		case a.Word == "abstract":
			dt.Abstract = true
		case a.Bind != nil:
			dt.BindC = true
		case a.Word == "private":
			dt.Private = true
			if ts := sc.Local(dt.Name); ts != nil {
				ts.Private = true
			}
		case a.Word == "public":
			if ts := sc.Local(dt.Name); ts != nil {
				ts.Public = true
			}
		}
	}
	dt.Sequence = td.Sequence
	cs := NewScope(ScopeType, sc, sc.Unit)
	// Type parameters (parameterized derived types) are visible in the
	// component declarations; a kind parameter takes its default value.
	pscope := sc
	if len(td.Head.Params) > 0 {
		pscope = NewScope(ScopeType, sc, sc.Unit)
		for _, n := range td.Head.Params {
			pscope.Add(&Symbol{Name: n, Kind: SymVariable, Pos: td.Pos, Type: IntType, TypeDeclared: true})
		}
	}
	for _, s := range td.Components {
		switch x := s.(type) {
		case *TypeDeclStmt:
			if c.typeParamDecl(x, dt, td, pscope) {
				continue
			}
			base := c.resolveTypeSpec(x.Type, pscope)
			for _, e := range x.Entities {
				comp := &Symbol{Name: e.Name, Kind: SymComponent, Pos: lexPos(e.Pos), Type: base, TypeDeclared: true}
				if base.Base == TyCharacter {
					comp.Type.Len = c.charLen(x.Type, e.CharLen, pscope)
				}
				for _, a := range x.Attrs {
					switch {
					case a.DimWord && a.Dimension != nil:
						c.setShape(comp, a.Dimension, pscope)
					case a.Word == "allocatable":
						comp.Allocatable = true
					case a.Word == "pointer":
						comp.Pointer = true
					case a.Word == "private":
						comp.Private = true
					case a.Word == "public":
						comp.Public = true
					case a.Word == "contiguous":
						comp.Contiguous = true
					case a.Word == "target":
						c.diags.errorf(lexPos(a.Pos), "a component cannot have the TARGET attribute")
					}
				}
				if e.Array != nil {
					c.setShape(comp, e.Array, pscope)
				}
				if e.Init != nil {
					c.typeExpr(e.Init, pscope)
					comp.Init = e.Init
				}
				if e.PtrInit != nil {
					c.typeExpr(e.PtrInit, sc)
				}
				if dt.Component(e.Name) != nil {
					c.diags.errorf(comp.Pos, "duplicate component %s in type %s", e.Name, dt.Name)
					continue
				}
				if comp.Type.Base == TyDerived && comp.Type.Derived == dt && !comp.Pointer && !comp.Allocatable {
					c.diags.errorf(comp.Pos, "component %s of type %s must be a pointer or allocatable to have its own type", e.Name, dt.Name)
				}
				cs.Add(comp)
				dt.Components = append(dt.Components, comp)
			}
		case *ProcDeclStmt:
			for _, e := range x.Entities {
				comp := &Symbol{Name: e.Name, Kind: SymComponent, Pos: lexPos(e.Pos), Pointer: true}
				if x.Interface != nil {
					if x.Interface.Type != nil {
						comp.Type = c.resolveTypeSpec(x.Interface.Type, sc)
					} else {
						comp.ProcIface = x.Interface.Name
						if is := sc.Lookup(x.Interface.Name); is != nil && is.Proc != nil && is.Proc.Result != nil {
							comp.Type = is.Proc.Result.Type
						}
					}
				}
				comp.External = true // a procedure pointer component
				dt.Components = append(dt.Components, comp)
			}
		}
	}
	for _, s := range td.Bindings {
		switch x := s.(type) {
		case *BindingStmt:
			var flags Binding
			for _, a := range x.Attrs {
				switch {
				case a.Word == "nopass":
					flags.NoPass = true
				case a.Pass != nil:
					flags.PassArg = a.Pass.Arg
				case a.Word == "deferred":
					flags.Deferred = true
				}
			}
			for _, d := range x.Bindings {
				b := flags
				b.Name = d.Name
				b.Pos = x.Pos
				b.Interface = x.Interface
				t := d.Target
				if t == "" {
					t = d.Name
				}
				if x.Interface != "" {
					t = x.Interface
				}
				b.Targets = []string{t}
				bb := b
				dt.Bindings = append(dt.Bindings, &bb)
			}
		case *GenericBindingStmt:
			name := x.Spec.String()
			if old := findOwnBinding(dt, name); old != nil && old.Generic {
				old.Targets = append(old.Targets, x.Targets...)
				continue
			}
			dt.Bindings = append(dt.Bindings, &Binding{Name: name, Pos: x.Pos, Targets: x.Targets, Generic: true})
		case *FinalStmt:
			dt.Bindings = append(dt.Bindings, &Binding{Name: "final", Pos: x.Pos, Targets: x.Names, Final: true})
		}
	}
}

func findOwnBinding(dt *DerivedType, name string) *Binding {
	for _, b := range dt.Bindings {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// variableRef returns a reference to a variable in an expression that
// should be constant, outside intrinsic inquiry arguments and implied-do
// variables; nil when there is none. Expressions fgpu does not fold (some
// function references, implied-dos) are not reported.
func variableRef(e *Expr) *Expr {
	if e == nil {
		return nil
	}
	switch e.Kind {
	case EName:
		if e.Sym != nil && e.Sym.Kind == SymVariable && e.Sym.Scope != nil && e.Sym.Scope.Kind != ScopeImpliedDo && !e.Sym.Dummy {
			return e
		}
		return nil
	case ERef:
		if e.Ref == RefIntrinsic || e.Ref == RefFunction {
			return nil
		}
		if v := variableRef(e.X); v != nil {
			return v
		}
	case EImpliedDo:
		return nil
	case EComponent:
		return variableRef(e.X)
	}
	for _, x := range []*Expr{e.X, e.Y} {
		if v := variableRef(x); v != nil {
			return v
		}
	}
	for _, a := range e.Args {
		if v := variableRef(a); v != nil {
			return v
		}
	}
	return nil
}

// containedProc finds a procedure contained in the unit of sc or of its
// hosts, by name (for forward references during declaration).
func containedProc(sc *Scope, name string) *Procedure {
	for s := sc; s != nil; s = s.Parent {
		if s.Unit == nil {
			continue
		}
		for _, p := range s.Unit.Contains {
			if p.Name == name {
				return p
			}
		}
	}
	return nil
}

// typeParamDecl declares the type parameters of a parameterized derived
// type ("integer, kind :: k = 4", "integer, len :: n"); false when x is an
// ordinary component declaration. Type parameters are also components, so
// that x%k inquiries resolve.
func (c *checker) typeParamDecl(x *TypeDeclStmt, dt *DerivedType, td *TypeDef, pscope *Scope) bool {
	kind := ""
	for _, a := range x.Attrs {
		if a.Word == "kind" || a.Word == "len" {
			kind = a.Word
		}
	}
	if kind == "" {
		return false
	}
	t := c.resolveTypeSpec(x.Type, pscope)
	if t.Known() && t.Base != TyInteger {
		c.diags.errorf(x.Pos, "type mismatch: a type parameter must be an integer")
	}
	for _, e := range x.Entities {
		p := pscope.Local(e.Name)
		if p == nil || pscope == td.Type.Scope {
			c.diags.errorf(lexPos(e.Pos), "%s is not a type parameter of type %s", e.Name, dt.Name)
			continue
		}
		p.Type = t
		if kind == "kind" && e.Init == nil {
			// No default: its value comes with each use of the type, so
			// kinds that depend on it are not known here.
			p.Kind = SymOpaque
		}
		if e.Init != nil {
			c.typeExpr(e.Init, pscope)
			if kind == "kind" && e.Init.Const != nil {
				p.Kind = SymParameter
				v := convertConst(*e.Init.Const, t)
				p.Const = &v
			}
		}
		dt.Components = append(dt.Components, &Symbol{Name: e.Name, Kind: SymComponent, Pos: lexPos(e.Pos), Type: t, TypeDeclared: true})
	}
	return true
}
