package frontend

import (
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// checker holds the state of semantic analysis for one program.
type checker struct {
	prog     *Program
	diags    *diagSink
	global   *Scope
	modState map[string]int // 1 in progress, 2 done
	intrMods map[string]*Procedure
	// opaqueScopes are scopes with a USE of an unavailable module (without
	// ONLY): unknown names there are opaque, not errors.
	opaque map[*Scope]bool
	warned map[string]bool
	// renames holds, per scope and module, the names renamed by any USE.
	renames map[*Scope]map[string]map[string]bool
	// boz lists BOZ literals; bozOK marks those in allowed places (DATA
	// values, actual arguments of intrinsics).
	boz   []*Expr
	bozOK map[*Expr]bool
	// declaring is set during phase 2 (declarations), when contained
	// procedures may not be declared yet.
	declaring bool
	// units lists the scope of every unit declared (interface bodies
	// included), for linkSeparateBodies.
	units []*Scope
}

// analyze runs semantic analysis over the whole program. The phases, in order:
//  1. collect global names (modules, external procedures, main programs);
//  2. declare every module (in USE dependency order), then every other unit:
//     scopes, symbols, types, kinds, constants, interfaces, derived types;
//  3. check every execution part: the type of every expression, references
//     resolved (variables, intrinsics, generics, type-bound procedures), and
//     the statement rules.
func analyze(prog *Program, diags *diagSink) {
	c := &checker{prog: prog, diags: diags, global: NewScope(ScopeGlobal, nil, nil),
		modState: map[string]int{}, renames: map[*Scope]map[string]map[string]bool{}, bozOK: map[*Expr]bool{}, intrMods: map[string]*Procedure{}, opaque: map[*Scope]bool{}, warned: map[string]bool{}}
	// Phase 1.
	for _, f := range prog.Files {
		for _, u := range f.Units {
			switch u.Kind {
			case UnitModule:
				if old, ok := prog.Modules[u.Name]; ok {
					diags.errorf(u.Pos, "duplicate module %s (first defined at %s)", u.Name, old.Pos)
					continue
				}
				prog.Modules[u.Name] = u
			case UnitFunction, UnitSubroutine, UnitProgram, UnitBlockData:
				if u.Name == "" {
					continue
				}
				if old, ok := prog.Globals[u.Name]; ok {
					diags.errorf(u.Pos, "duplicate global name %s (first defined at %s)", u.Name, old.Pos)
					continue
				}
				prog.Globals[u.Name] = u
				kind := SymProcedure
				if u.Kind == UnitProgram {
					kind = SymProgram
				}
				c.global.Add(&Symbol{Name: u.Name, Kind: kind, Pos: u.Pos, Proc: u})
			}
		}
	}
	// Phase 2.
	c.declaring = true
	for _, name := range prog.ModuleNames() {
		c.declareModule(name, prog.Modules[name].Pos)
	}
	var submods []*Procedure
	for _, f := range prog.Files {
		for _, u := range f.Units {
			switch u.Kind {
			case UnitModule:
			case UnitSubmodule:
				submods = append(submods, u)
			default:
				c.declareUnit(u, c.global)
			}
		}
	}
	// Submodules: after their ancestors; parents may be submodules.
	done := map[string]*Scope{}
	for len(submods) > 0 {
		progress := false
		var rest []*Procedure
		for _, s := range submods {
			host := c.submoduleHost(s, done)
			if host == nil {
				rest = append(rest, s)
				continue
			}
			c.declareUnit(s, host)
			done[s.Ancestor+":"+s.Name] = s.Scope
			progress = true
		}
		if !progress {
			// The parent is not among the given files: like a USE of an
			// unavailable module, its names are opaque.
			for _, s := range rest {
				diags.warnf(s.Pos, "submodule %s: parent %s is not among the given files: the names it provides are opaque", s.Name, s.Ancestor+parentSuffix(s))
				host := NewScope(ScopeUnit, c.global, nil)
				c.opaque[host] = true
				c.declareUnit(s, host)
			}
			break
		}
		submods = rest
	}
	c.linkSeparateBodies()
	c.declaring = false
	// Phase 3.
	for _, f := range prog.Files {
		for _, u := range f.Units {
			if u.Scope != nil {
				c.checkUnit(u)
			}
		}
	}
	for _, b := range c.boz {
		if !c.bozOK[b] {
			diags.errorf(b.Pos, "a BOZ literal constant may only be a DATA statement value or an actual argument of an intrinsic procedure (INT, REAL, DBLE, CMPLX, IAND, ...)")
		}
	}
}

func parentSuffix(s *Procedure) string {
	if s.ParentSub != "" {
		return ":" + s.ParentSub
	}
	return ""
}

func (c *checker) submoduleHost(s *Procedure, done map[string]*Scope) *Scope {
	if s.ParentSub != "" {
		return done[s.Ancestor+":"+s.ParentSub]
	}
	m := c.prog.Modules[s.Ancestor]
	if m == nil {
		return nil
	}
	c.declareModule(s.Ancestor, s.Pos)
	return m.Scope
}

// declareModule declares a module (once), after the modules it uses.
func (c *checker) declareModule(name string, at Pos) *Scope {
	if m := c.intrMods[name]; m != nil {
		return m.Scope
	}
	m := c.prog.Modules[name]
	if m == nil {
		return nil
	}
	switch c.modState[name] {
	case 1:
		c.diags.errorf(at, "circular module dependency: module %s uses itself", name)
		return nil
	case 2:
		return m.Scope
	}
	c.modState[name] = 1
	c.declareUnit(m, c.global)
	c.modState[name] = 2
	return m.Scope
}

// intrinsicModule parses and declares an intrinsic module once.
func (c *checker) intrinsicModule(name string) *Scope {
	if m := c.intrMods[name]; m != nil {
		return m.Scope
	}
	src, ok := IntrinsicModuleSource(name)
	if !ok {
		return nil
	}
	path := "<intrinsic " + name + ">"
	f := parseSource(c.prog, path+".f90", []byte(src), Options{}, c.diags)
	if f == nil || len(f.Units) == 0 {
		return nil
	}
	m := f.Units[0]
	c.intrMods[name] = m
	c.declareUnit(m, c.global)
	if name == "iso_c_binding" {
		var cp, cf *DerivedType
		if s := m.Scope.Local("c_ptr"); s != nil {
			cp = s.Derived
		}
		if s := m.Scope.Local("c_funptr"); s != nil {
			cf = s.Derived
		}
		setIntrinsicModuleTypes(cp, cf)
	}
	return m.Scope
}

// declareUnit creates the scope of a unit and declares its specification
// part and its contained procedures.
func (c *checker) declareUnit(u *Procedure, host *Scope) {
	sc := NewScope(ScopeUnit, host, u)
	u.Scope = sc
	c.units = append(c.units, sc)
	if u.Interface && !u.ModulePrefix {
		sc.NoHost = true
		sc.Import = map[string]bool{}
	}
	c.declareHeading(u, sc)
	c.declareSpec(u.Spec, sc)
	c.declareEntries(u, sc, host)
	// Contained procedures are visible in the host before their specs are declared.
	for _, p := range u.Contains {
		if p.Separate {
			continue
		}
		if old := sc.Local(p.Name); old != nil && old.Kind == SymProcedure && old.Proc != nil && old.Proc.ModulePrefix {
			// module function f declared by interface in the same module
			old.Proc = p
			continue
		}
		if old, ok := sc.Add(&Symbol{Name: p.Name, Kind: SymProcedure, Pos: p.Pos, Proc: p}); !ok {
			if old.Kind == SymGeneric {
				// A generic of the same name as a specific is allowed.
				continue
			}
			if old.Kind == SymUnknown || (old.Kind == SymVariable && !old.TypeDeclared && !old.Dummy) || (old.Kind == SymProcedure && old.Proc == nil) {
				// "public :: f" / "private f" / a type declaration of the function.
				old.Kind = SymProcedure
				old.Proc = p
				continue
			}
			if old.Kind == SymVariable && old.TypeDeclared && p.IsFunction {
				// "real :: f" declaring the type of contained function f (not allowed
				// by the standard, but harmless): keep as procedure.
				old.Kind = SymProcedure
				old.Proc = p
				continue
			}
			c.diags.errorf(p.Pos, "duplicate declaration of %s (first declared at %s)", p.Name, old.Pos)
		}
	}
	for _, p := range u.Contains {
		c.declareUnit(p, sc)
	}
	c.finishScope(sc)
}

// declareHeading declares dummies and the result of a procedure.
func (c *checker) declareHeading(u *Procedure, sc *Scope) {
	var args []string
	switch h := u.Head.(type) {
	case *FunctionStmt:
		args = h.Args
	case *SubroutineStmt:
		args = h.Args
	case *MPSubprogramStmt:
		// The interface comes from the module's "module function/subroutine".
		if iface := sc.Parent.Lookup(u.Name); iface != nil && iface.Proc != nil && iface.Proc.Scope != nil {
			ip := iface.Proc
			u.IsFunction = ip.IsFunction
			if ip.IsFunction {
				u.Kind = UnitFunction
			}
			u.Pure, u.Elemental, u.Recursive, u.Impure = ip.Pure, ip.Elemental, ip.Recursive, ip.Impure
			for _, d := range ip.Dummies {
				cp := *d
				cp.Scope = nil
				s, _ := sc.Add(&cp)
				u.Dummies = append(u.Dummies, s)
			}
			if ip.Result != nil {
				cp := *ip.Result
				cp.Scope = nil
				s, _ := sc.Add(&cp)
				u.Result = s
			}
			if ip.Interface {
				ip.Impl = u
			} else if ip.Separate || ip.ModulePrefix {
				c.diags.errorf(u.Pos, "separate module procedure %s is implemented twice (first at %s)", u.Name, ip.Pos)
			}
			iface.Proc = u
			return
		}
		if !c.isOpaque(sc) {
			c.diags.errorf(u.Pos, "separate module procedure %s has no interface in its ancestor module", u.Name)
		}
		return
	default:
		return
	}
	for _, a := range args {
		if a == "*" {
			u.Dummies = append(u.Dummies, &Symbol{Name: "*", Kind: SymVariable, Dummy: true})
			continue
		}
		s, ok := sc.Add(&Symbol{Name: a, Kind: SymVariable, Pos: u.Pos, Dummy: true})
		if !ok {
			c.diags.errorf(u.Pos, "duplicate dummy argument %s", a)
		}
		u.Dummies = append(u.Dummies, s)
	}
	if f, ok := u.Head.(*FunctionStmt); ok {
		r := f.ResultName()
		s, _ := sc.Add(&Symbol{Name: r, Kind: SymVariable, Pos: u.Pos})
		u.Result = s
		for _, p := range f.Prefixes {
			if p.Type != nil {
				s.Type = c.resolveTypeSpec(p.Type, sc)
				s.TypeDeclared = true
				if s.Type.Base == TyCharacter {
					s.Type.Len = c.charLen(p.Type, nil, sc)
				}
			}
		}
	}
}

// finishScope applies implicit typing to the symbols that need a type.
func (c *checker) finishScope(sc *Scope) {
	for _, s := range sc.Order {
		if s.Kind == SymUnknown && (s.Dummy || s.Allocatable || s.Pointer || s.Target || s.Rank != 0 || s.Intent != "" || s.Save || s.InCommon) {
			s.Kind = SymVariable
		}
		if s.Kind == SymProcedure && s.Proc == nil && s.External && !s.TypeDeclared {
			continue // external subroutine or implicitly typed function: typed on use
		}
		if s.Kind != SymVariable && s.Kind != SymParameter {
			continue
		}
		if s.TypeDeclared || s.Type.Known() || s.Name == "*" {
			continue
		}
		if s.Dummy && sc.Unit != nil && isDummyProcedureUse(sc.Unit, s) {
			continue
		}
		t, ok := sc.ImplicitType(s.Name)
		if !ok {
			if sc.Unit != nil && sc.Unit.Result == s && !sc.Unit.IsFunction {
				continue
			}
			c.diags.errorf(s.Pos, "%s has no type: undeclared under IMPLICIT NONE", s.Name)
			s.Type = UnknownType
			continue
		}
		s.Type = t
		s.ImplicitType = true
	}
}

// isDummyProcedureUse reports a dummy used only as a procedure (called), so
// it needs no type.
func isDummyProcedureUse(u *Procedure, s *Symbol) bool {
	return s.External || s.ProcIface != "" || s.Kind == SymProcedure
}

// declareSpec declares the statements of a specification part in order.
func (c *checker) declareSpec(spec []Stmt, sc *Scope) {
	for _, s := range spec {
		if u, ok := s.(*UseStmt); ok && !u.Only {
			for _, it := range u.Renames {
				if it.Use != nil {
					if c.renames[sc] == nil {
						c.renames[sc] = map[string]map[string]bool{}
					}
					if c.renames[sc][u.Module] == nil {
						c.renames[sc][u.Module] = map[string]bool{}
					}
					c.renames[sc][u.Module][it.Use.String()] = true
				}
			}
		}
	}
	// USE and IMPLICIT first (they must precede other declarations anyway).
	for _, s := range spec {
		switch x := s.(type) {
		case *UseStmt:
			c.useModule(x, sc)
		case *ImplicitStmt:
			c.implicit(x, sc)
		case *ImportStmt:
			if sc.Import != nil {
				if x.Mode == "" && len(x.Names) == 0 || x.Mode == "all" {
					sc.NoHost = false
				}
				for _, n := range x.Names {
					sc.Import[n] = true
				}
			}
		}
	}
	// Derived type names first, so components and declarations may refer to
	// types defined later in the same part (pointer components).
	for _, s := range spec {
		if td, ok := s.(*TypeDef); ok {
			c.predeclareType(td, sc)
		}
	}
	for _, s := range spec {
		switch x := s.(type) {
		case *TypeDef:
			c.declareType(x, sc)
		case *TypeDeclStmt:
			c.typeDecl(x, sc)
		case *AttrStmt:
			c.attrStmt(x, sc)
		case *ProcDeclStmt:
			c.procDecl(x, sc)
		case *InterfaceBlock:
			c.interfaceBlock(x, sc)
		case *EnumDef:
			c.enumDef(x, sc)
		case *CommonStmt:
			for _, b := range x.Blocks {
				for _, e := range b.Entities {
					s := c.ensureSym(e.Name, lexPos(e.Pos), sc)
					s.InCommon = true
					if b.Name != nil {
						s.Common = b.Name.Name
					}
					if e.Array != nil {
						c.setShape(s, e.Array, sc)
					}
				}
			}
		case *NamelistStmt:
			for _, g := range x.Groups {
				if old := sc.Local(g.Name); old == nil {
					sc.Add(&Symbol{Name: g.Name, Kind: SymNamelist, Pos: x.Pos})
				}
				for _, n := range g.Names {
					if sc.Lookup(n) == nil {
						c.ensureSym(n, x.Pos, sc)
					}
				}
			}
		case *EquivalenceStmt, *DataStmt:
			// Checked with the execution part (their names must be declared
			// or implicitly typed).
		case *BindingStmt:
			c.diags.errorf(x.Pos, "syntax error: PROCEDURE statement outside an interface block or type definition")
		case *ProcedureStmt:
			c.diags.errorf(x.Pos, "syntax error: PROCEDURE statement outside an interface block")
		case *GenericBindingStmt:
			// F2018 generic statement: generic :: g => a, b
			c.addGeneric(x.Spec, x.Targets, nil, x.Pos, sc)
		}
	}
	// Default accessibility of a module.
	if sc.Unit != nil && (sc.Unit.Kind == UnitModule) {
		for _, s := range sc.Order {
			if !s.Public && !s.Private && sc.DefaultPrivate {
				s.Private = true
			}
		}
	}
}

func lexPos(p lexer.Position) Pos { return Pos{File: p.Filename, Line: p.Line, Col: p.Column} }

// ensureSym returns the local symbol of that name, declaring an untyped one.
func (c *checker) ensureSym(name string, pos Pos, sc *Scope) *Symbol {
	if s := sc.Local(name); s != nil {
		return s
	}
	s, _ := sc.Add(&Symbol{Name: name, Kind: SymUnknown, Pos: pos})
	return s
}

func (c *checker) implicit(x *ImplicitStmt, sc *Scope) {
	if x.None {
		sc.ImplicitNone = true
		return
	}
	if sc.Implicit == nil {
		sc.Implicit = new([26]*Type)
	}
	for _, r := range x.Rules {
		t := c.resolveTypeSpec(r.Type, sc)
		if t.Base == TyCharacter {
			t.Len = c.charLen(r.Type, nil, sc)
		}
		for _, lr := range r.Ranges {
			from, to := lr.From[0], lr.From[0]
			if lr.To != "" {
				to = lr.To[0]
			}
			if from > to || from < 'a' || to > 'z' {
				c.diags.errorf(x.Pos, "invalid letter range %s-%s in IMPLICIT", lr.From, lr.To)
				continue
			}
			for l := from; l <= to; l++ {
				tt := t
				sc.Implicit[l-'a'] = &tt
			}
		}
	}
}

// useModule imports the public names of a module into sc.
func (c *checker) useModule(u *UseStmt, sc *Scope) {
	var ms *Scope
	intrinsic := u.Nature == "intrinsic"
	if !intrinsic && u.Nature != "non_intrinsic" {
		if _, ok := c.prog.Modules[u.Module]; !ok && IsIntrinsicModule(u.Module) {
			intrinsic = true
		}
	}
	if intrinsic {
		ms = c.intrinsicModule(u.Module)
		if ms == nil {
			c.diags.errorf(u.Pos, "unknown intrinsic module %s", u.Module)
			return
		}
	} else {
		if sc.Unit != nil && sc.Unit.Kind == UnitModule && sc.Unit.Name == u.Module {
			c.diags.errorf(u.Pos, "module %s cannot use itself", u.Module)
			return
		}
		ms = c.declareModule(u.Module, u.Pos)
		if ms == nil {
			if _, ok := c.prog.Modules[u.Module]; ok {
				return // circular: reported
			}
			if !c.warned[u.Module+"@"+u.Pos.File] {
				c.warned[u.Module+"@"+u.Pos.File] = true
				c.prog.Missing = append(c.prog.Missing, MissingModule{Name: u.Module, Pos: u.Pos})
				c.diags.warnf(u.Pos, "module %s is not among the given files: the names it provides are opaque (fine in host code; device code that needs them is an error)", u.Module)
			}
			if u.Only {
				for _, it := range u.OnlyL {
					name := it.Local.String()
					if sc.Local(name) == nil {
						sc.Add(&Symbol{Name: name, Kind: SymOpaque, Pos: u.Pos, Module: u.Module})
					}
				}
			} else {
				c.opaque[sc] = true
				for _, it := range u.Renames {
					sc.Add(&Symbol{Name: it.Local.String(), Kind: SymOpaque, Pos: u.Pos, Module: u.Module})
				}
			}
			return
		}
	}
	modName := u.Module
	importSym := func(local, remote string, pos Pos) bool {
		if strings.HasPrefix(remote, "operator(") || strings.HasPrefix(remote, "assignment(") || strings.HasPrefix(remote, ".") {
			key := remote
			g := ms.Operators[key]
			if g == nil {
				return false
			}
			if sc.Operators == nil {
				sc.Operators = map[string]*Generic{}
			}
			if old := sc.Operators[local]; old != nil && old != g {
				merged := &Generic{Name: local, Pos: old.Pos, Specifics: append(append([]*Symbol{}, old.Specifics...), g.Specifics...), Scope: old.Scope}
				sc.Operators[local] = merged
			} else {
				sc.Operators[local] = g
			}
			return true
		}
		s := ms.Symbols[remote]
		if s == nil || s.Private {
			if intrinsic {
				if in := LookupIntrinsic(remote); in != nil {
					sc.Symbols[local] = &Symbol{Name: local, Kind: SymIntrinsic, Builtin: in, Pos: pos, Module: modName, Scope: sc}
					return true
				}
			}
			return false
		}
		if old := sc.Symbols[local]; old != nil && old.Scope == sc && old.Use == nil {
			// A local entity of the same name: only an error when it is not
			// the same entity.
			if old.Kind == SymUnknown {
				// e.g. "public :: x" after "use m": accessibility of the imported name.
				cp := *s
				cp.Name, cp.Use, cp.Module, cp.Private, cp.Public = local, UltimateSymbol(s), modName, old.Private, old.Public
				sc.Symbols[local] = &cp
				replaceOrder(sc, old, &cp)
				return true
			}
			if old.Kind == SymGeneric && s.Kind == SymGeneric {
				old.Generic.Specifics = append(old.Generic.Specifics, s.Generic.Specifics...)
				old.Generic.Names = append(old.Generic.Names, s.Generic.Names...)
				return true
			}
		}
		if old := sc.Symbols[local]; old != nil && old.Use != nil && UltimateSymbol(old) != UltimateSymbol(s) && old.Kind == SymGeneric && s.Kind == SymGeneric {
			// Two generics of one name from two modules merge.
			g := &Generic{Name: local, Pos: old.Generic.Pos, Scope: old.Generic.Scope}
			g.Specifics = append(append(g.Specifics, old.Generic.Specifics...), s.Generic.Specifics...)
			g.Names = append(append(g.Names, old.Generic.Names...), s.Generic.Names...)
			cp := *old
			cp.Generic = g
			sc.Symbols[local] = &cp
			return true
		}
		cp := *s
		cp.Name, cp.Use, cp.Module, cp.Private, cp.Public = local, UltimateSymbol(s), modName, false, false
		cp.Scope = sc
		if old := sc.Symbols[local]; old != nil {
			replaceOrder(sc, old, &cp)
		} else {
			sc.Order = append(sc.Order, &cp)
		}
		sc.Symbols[local] = &cp
		return true
	}
	renamed := map[string]bool{}
	for n := range c.renames[sc][u.Module] {
		// A name renamed by any USE of this module here is accessible only
		// by its local name (F2018 14.2.2).
		renamed[n] = true
	}
	for _, it := range u.Items() {
		local := it.Local.String()
		remote := local
		if it.Use != nil {
			remote = it.Use.String()
			renamed[remote] = true
		}
		if !importSym(local, remote, u.Pos) {
			c.diags.errorf(u.Pos, "%s is not a public entity of module %s", remote, modName)
		}
	}
	if u.Only {
		return
	}
	names := make([]string, 0, len(ms.Symbols))
	for n, s := range ms.Symbols {
		if !s.Private && !renamed[n] && s.Kind != SymModule {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if s := sc.Symbols[n]; s != nil && s.Scope == sc && s.Use == nil && s.Kind != SymUnknown && s.Kind != SymGeneric {
			continue // a local declaration hides it (an error only if referenced; gfortran agrees)
		}
		importSym(n, n, u.Pos)
	}
	for k := range ms.Operators {
		if !renamed[k] && !ms.privateOps()[k] {
			importSym(k, k, u.Pos)
		}
	}
	if c.opaque[ms] {
		c.opaque[sc] = true
	}
}

// privateOps lists the operators of a module that are private.
func (s *Scope) privateOps() map[string]bool {
	out := map[string]bool{}
	for k := range s.Operators {
		public, named := s.OpAccess[k]
		if named && !public || !named && s.DefaultPrivate {
			out[k] = true
		}
	}
	return out
}

func replaceOrder(sc *Scope, old, new *Symbol) {
	for i, s := range sc.Order {
		if s == old {
			sc.Order[i] = new
			return
		}
	}
	sc.Order = append(sc.Order, new)
}

// declareEntries declares the ENTRY statements of a procedure: their dummies
// in its scope and each entry as a procedure of its own in the host (or the
// global scope for external procedures).
func (c *checker) declareEntries(u *Procedure, sc, host *Scope) {
	var entries []*EntryStmt
	collect := func(s Stmt) {
		if e, ok := s.(*EntryStmt); ok {
			entries = append(entries, e)
		}
	}
	walkStmts(u.Spec, collect)
	walkStmts(u.Body, collect)
	for _, e := range entries {
		if u.Kind != UnitFunction && u.Kind != UnitSubroutine {
			c.diags.errorf(e.Pos, "ENTRY is only allowed in a function or subroutine")
			continue
		}
		ep := &Procedure{Kind: u.Kind, Name: e.Name, Pos: e.Pos, File: u.File, Head: u.Head, Scope: sc, Host: u.Host,
			IsFunction: u.IsFunction, Pure: u.Pure, Elemental: u.Elemental, Recursive: u.Recursive, External: u.External, ModuleProc: u.ModuleProc, Internal: u.Internal}
		for _, a := range e.Args {
			if a == "*" {
				ep.Dummies = append(ep.Dummies, &Symbol{Name: "*", Kind: SymVariable, Dummy: true})
				continue
			}
			d := sc.Local(a)
			if d == nil {
				d, _ = sc.Add(&Symbol{Name: a, Kind: SymVariable, Pos: e.Pos, Dummy: true})
			}
			d.Dummy = true
			if d.Kind == SymUnknown {
				d.Kind = SymVariable
			}
			ep.Dummies = append(ep.Dummies, d)
		}
		if u.IsFunction {
			rn := e.Name
			for _, sf := range e.Suffixes {
				if sf.Result != "" {
					rn = sf.Result
				}
			}
			r := sc.Local(rn)
			if r == nil {
				r, _ = sc.Add(&Symbol{Name: rn, Kind: SymVariable, Pos: e.Pos})
				if u.Result != nil && u.Result.TypeDeclared {
					r.Type = u.Result.Type
				}
			}
			ep.Result = r
		}
		target := host
		if u.External {
			target = c.global
		}
		if target == nil {
			continue
		}
		if old := target.Local(e.Name); old != nil {
			if old.Kind != SymProcedure || old.Proc != nil {
				c.diags.errorf(e.Pos, "duplicate declaration of entry %s (first declared at %s)", e.Name, old.Pos)
			}
			old.Kind, old.Proc = SymProcedure, ep
			continue
		}
		target.Add(&Symbol{Name: e.Name, Kind: SymProcedure, Pos: e.Pos, Proc: ep})
	}
}
