package facts

// This file records what the host statements of cfg.go access, call and
// free (hacc, hacc_ptr, hassoc, hfree, hoverwrite, hcall, hcall_arg,
// hcall_arg_copy, hcall_ext_arg, hio, htiming, ...): the host flow's
// visitor of the walker (walk.go) and the binding of actual arguments of
// calls of procedures whose bodies the program has.

import (
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// accesses records what a simple statement reads, writes, calls.
func (b *cfgBuilder) accesses(s frontend.Stmt, st ast.Constant) {
	b.walk(st).Stmt(s)
	switch k := s.(type) {
	case *frontend.AssignStmt:
		// The whole of a variable of intrinsic type (not character, whose
		// length may change) is defined: what a launch wrote to it before
		// is dead (rules/sync.mg drops it unfetched). An allocatable array
		// may be reallocated (its old storage freed: dropped too); a
		// pointer's target is defined whole.
		if l := k.LHS; k.Proc == nil && l != nil && l.Kind == frontend.EName && l.Sym != nil &&
			l.Sym.Kind == frontend.SymVariable && (l.Sym.Rank == 0 && !l.Sym.Pointer && !l.Sym.Allocatable || l.Sym.Rank > 0) &&
			l.Sym.Type.Base != frontend.TyDerived && l.Sym.Type.Base != frontend.TyCharacter &&
			l.Sym.Type.Base != frontend.TyClassStar && l.Sym.Type.Base != frontend.TyTypeStar {
			sym := l.Sym
			sym = frontend.UltimateSymbol(sym)
			b.x.add("hoverwrite", st, b.x.varSite(sym))
		}
	case *frontend.WhereStmt:
		if k.Action != nil {
			b.accesses(k.Action, st)
		}
	case *frontend.ForallStmt:
		if k.Action != nil {
			b.accesses(k.Action, st)
		}
	}
}

// access records a host access of a variable (its original symbol).
func (b *cfgBuilder) access(st ast.Constant, sym *frontend.Symbol, mode string) {
	if sym == nil || sym.Kind != frontend.SymVariable {
		return
	}
	sym = frontend.UltimateSymbol(sym)
	v := b.x.varSite(sym)
	b.x.add("hacc", st, v, name(mode))
}

// hostFacts is the visitor of the walker (walk.go) that records the
// host accesses of node st: hacc, hacc_ptr, hassoc, hfree, hcall,
// hcall_external, hio, hio_jump, htiming, escapes, proc_escapes.
type hostFacts struct {
	b  *cfgBuilder
	st ast.Constant
}

// walk returns the walker that records the accesses of node st.
func (b *cfgBuilder) walk(st ast.Constant) walker {
	return walker{v: &hostFacts{b: b, st: st}, scope: b.proc.Scope}
}

// expr records what evaluating an expression reads and calls.
func (b *cfgBuilder) expr(e *frontend.Expr, st ast.Constant) { b.walk(st).Expr(e) }

func (v *hostFacts) constant(*frontend.Expr) {}
func (v *hostFacts) value(*frontend.Expr)    {}

// access: a read or write of data through a pointer component is also one
// of what the component points to (hacc_ptr); a pointer variable
// (re)associated, allocated or deallocated changes what it points to
// (hassoc); a deallocated variable is freed (hfree), not accessed.
func (v *hostFacts) access(e *frontend.Expr, sym *frontend.Symbol, m Mode) {
	b, st := v.b, v.st
	pointerName := e != nil && e.Kind == frontend.EName && sym != nil && sym.Pointer
	if (m == Read || m == Write) && ScalarLeaf(e) {
		// m%n: not a buffer of any launch (hacc_leaf).
		b.x.add("hacc_leaf", st, b.x.varSite(frontend.UltimateSymbol(sym)), name(map[Mode]string{Read: "/read", Write: "/write"}[m]))
		return
	}
	switch m {
	case Read:
		b.access(st, sym, "/read")
		b.pointerComponents(e, st, "/read")
	case Write:
		b.access(st, sym, "/write")
		b.pointerComponents(e, st, "/write")
	case Inquiry, Target:
		b.access(st, sym, "/inquiry")
	case Assoc:
		b.x.add("hassoc", st, b.x.varSite(sym))
	case Alloc, AllocSource:
		// SOURCE= defines the new storage: a write of the object (its
		// storage may be that of a freed array the device still holds).
		if m == Alloc {
			b.access(st, sym, "/alloc")
		} else {
			b.access(st, sym, "/write")
			b.pointerComponents(e, st, "/write")
		}
		if pointerName {
			b.x.add("hassoc", st, b.x.varSite(sym))
		}
	case Free:
		b.x.add("hfree", st, b.x.varSite(sym))
		if sym.Pointer {
			b.x.add("hassoc", st, b.x.varSite(sym))
		}
	}
}

func (v *hostFacts) procRef(e *frontend.Expr) {
	if e.Sym != nil && e.Sym.Proc != nil {
		v.b.x.add("hcall", v.st, v.b.x.procSite(e.Sym.Proc))
	} else {
		v.b.x.add("hcall_external", v.st)
	}
}

// procTarget: a procedure pointer's target may be called from anywhere
// (its dummies may be associated with anything).
func (v *hostFacts) procTarget(e *frontend.Expr) {
	if e.Sym != nil && e.Sym.Proc != nil {
		v.b.x.add("proc_escapes", v.b.x.procSite(e.Sym.Proc))
	}
}

func (v *hostFacts) call(k *accessCall) {
	b, st := v.b, v.st
	switch k.Kind {
	case callStmt:
		b.call(st, k.Proc, k.Intr, k.Callee, k.Args)
		if k.Proc == nil && k.Intr == nil {
			b.libCall(st, k.Callee, k.Args)
		}
	case callFunction:
		b.call(st, k.Proc, nil, k.Expr, k.Args)
	case callOperator:
		// The operands of a defined operation are intent(in): read at
		// the call.
		b.x.add("hcall", st, b.x.procSite(k.Proc))
		for _, a := range k.Args {
			b.expr(a, st)
		}
	case callAssignment:
		b.x.add("hcall", st, b.x.procSite(k.Proc))
	}
}

func (v *hostFacts) intrinsic(e *frontend.Expr) {
	if e.Intr != nil && timingNames[e.Intr.Name] {
		v.b.x.add("htiming", v.st)
	}
}

func (v *hostFacts) addressOf(sym *frontend.Symbol) { v.b.x.add("escapes", v.b.x.varSite(sym)) }

func (v *hostFacts) associated(*frontend.Construct, *frontend.Association) {}

func (v *hostFacts) io(k *frontend.IOStmt, internal bool) {
	if !internal {
		v.b.x.add("hio", v.st)
	}
}

func (v *hostFacts) ioJump() { v.b.x.add("hio_jump", v.st) }

// call records a call: the procedure (or an external or timing call) and
// its actual arguments. A procedure whose body the program has accesses
// its arguments itself, through its dummies: the call binds them
// (hcall_arg), evaluates the expressions among them and reads the
// subscripts of the designators. A procedure without a body the program
// rewrites (external, interface only, or one of an intrinsic module) and
// an intrinsic access their arguments at the call: a designator
// associated with a dummy that is not intent(in) or value may be written.
func (b *cfgBuilder) call(st ast.Constant, p *frontend.Procedure, in *frontend.Intrinsic, callee *frontend.Expr, args []*frontend.Expr) {
	n := ""
	if callee != nil {
		n = strings.ToLower(calleeName(callee))
	}
	if in != nil {
		n = in.Name
	}
	if p != nil {
		n = strings.ToLower(p.Name)
	}
	if timingNames[n] {
		b.x.add("htiming", st)
	}
	if in != nil {
		b.intrinsicCall(st, in.Name, args)
		return
	}
	body := p
	if body != nil {
		// An interface body maps to the definition the program has.
		if def := b.x.set.Procs[b.x.procSite(p).Symbol]; def != nil {
			body = def
		}
	}
	if body == nil || body.Interface || strings.HasPrefix(body.File, "<intrinsic") {
		if body == nil || body.Interface {
			b.x.add("hcall_external", st)
		}
		for _, a := range args {
			if r := b.argument(a, st, nil, true); r != nil && (body == nil || body.Interface) {
				// What an unknown procedure is handed may be associated
				// with anything it is handed elsewhere.
				b.x.add("hcall_ext_arg", st, b.x.varSite(r.Sym))
			}
		}
		return
	}
	ps := b.x.procSite(body)
	b.x.add("hcall", st, ps)
	if obj, full := frontend.BindingActuals(callee, body, args); obj != nil {
		// The passed object of obj%method(...) in the place of its dummy.
		if len(full) == len(args) {
			b.expr(obj, st) // nopass: evaluated only
		}
		for i, a := range full {
			if a != nil {
				b.bind(st, a, dummyFor(body, a, i))
			}
		}
		return
	}
	if callee != nil {
		t := callee
		if t.Kind == frontend.ERef {
			t = t.X
		}
		if t != nil && t.Kind == frontend.EComponent && t.Ref == frontend.RefProcedure && len(body.Dummies) > 0 {
			// The passed object of obj%method(...).
			b.bind(st, t.X, body.Dummies[0])
		}
	}
	for i, a := range args {
		if a == nil {
			continue
		}
		b.bind(st, a, dummyFor(body, a, i))
	}
}

// bind records an actual argument of a call of a procedure with a body:
// an expression is evaluated (read) at the call, a designator's
// subscripts are read and its root is bound to the dummy (hcall_arg); an
// actual the host compiler may copy into a temporary (an expression, a
// vector subscript, or a section or possibly non-contiguous array for a
// dummy that is not assumed-shape) makes the dummy's storage end with the
// call (hcall_arg_copy); an allocatable dummy of intent(out) frees the
// actual on entry (hfree).
func (b *cfgBuilder) bind(st ast.Constant, a *frontend.Expr, d *frontend.Symbol) {
	v := b.actual(a, st)
	if v == nil {
		return
	}
	r := rootName(v)
	if r == nil || d == nil || d.Name == "*" {
		b.expr(v, st)
		if d != nil && d.Name != "*" {
			b.x.add("hcall_arg_copy", st, b.x.varSite(d))
		}
		return
	}
	b.walk(st).Subscripts(v)
	dv := b.x.varSite(d)
	if pc := pointerComponent(v); pc != nil {
		// Storage a pointer component locates: any target.
		b.x.add("hcall_arg_pointee", st, dv, b.pathSite(pc))
	} else {
		b.x.add("hcall_arg", st, dv, b.x.varSite(r.Sym))
	}
	if mayCopy(v, d) {
		b.x.add("hcall_arg_copy", st, dv)
	}
	if d.Allocatable && d.Intent == "out" {
		b.x.add("hfree", st, b.x.varSite(r.Sym))
	}
}

// pointerComponent returns the designator up to the pointer component of
// e closest to its data (s%p of s%p(i)%x), or nil when e names no
// pointer component.
func pointerComponent(e *frontend.Expr) *frontend.Expr {
	for x := e; x != nil && (x.Kind == frontend.ERef || x.Kind == frontend.EComponent); x = x.X {
		if x.Kind == frontend.EComponent && x.Sym != nil && x.Sym.Pointer {
			return x
		}
	}
	return nil
}

// pointerComponents records an access through a pointer component of a
// designator (hacc_ptr): the data is wherever the component points, which
// may be any target; the path (a site of its own) is what a fetch names.
func (b *cfgBuilder) pointerComponents(e *frontend.Expr, st ast.Constant, mode string) {
	pc := pointerComponent(e)
	if pc == nil {
		return
	}
	b.x.add("hacc_ptr", st, b.pathSite(pc), name(mode))
}

// pathSite is the site of a designator up to a pointer component, kept
// for the statements that fetch through it.
func (b *cfgBuilder) pathSite(pc *frontend.Expr) ast.Constant {
	ps := b.x.site(pc, pc.Pos)
	if b.x.set.PtrPaths == nil {
		b.x.set.PtrPaths = map[string]*frontend.Expr{}
	}
	b.x.set.PtrPaths[ps.Symbol] = pc
	return ps
}

// mayCopy reports whether the host compiler may pass a copy of the
// designator v for dummy d (copy-in/copy-out): a vector subscript, or an
// array that may be non-contiguous (a section, a pointer, an assumed-shape
// dummy, an associate name) for a dummy that is not a plain assumed-shape
// or assumed-rank one.
func mayCopy(v *frontend.Expr, d *frontend.Symbol) bool {
	if d.Value {
		return true
	}
	if v.Rank == 0 || d.Rank == 0 {
		return false // an element (sequence association) or a scalar
	}
	vector := false
	section := false
	for e := v; e != nil && (e.Kind == frontend.ERef || e.Kind == frontend.EComponent); e = e.X {
		if e.Kind != frontend.ERef {
			continue
		}
		for _, s := range e.Args {
			if s == nil {
				continue
			}
			if s.Kind == frontend.ERange {
				section = true
			} else if s.Rank > 0 {
				vector = true
			}
		}
	}
	if vector {
		return true
	}
	assumedShape := d.Assumed == "rank" || d.Assumed == "deferred" && !d.Allocatable && !d.Pointer
	if assumedShape && !d.Contiguous {
		return false
	}
	if section {
		return true
	}
	r := rootName(v)
	if r == nil || r.Sym == nil {
		return true
	}
	rs := r.Sym
	if v.Kind == frontend.EComponent || rs.Pointer || rs.Dummy && rs.Assumed == "deferred" && !rs.Allocatable || rs.Assumed == "rank" {
		return true
	}
	if rs.Scope != nil && rs.Scope.Kind == frontend.ScopeAssociate {
		return true
	}
	return false
}

// intrinsicCall records a call of an intrinsic subroutine: its arguments
// are accessed at the call (a designator may be written), except
// move_alloc, which frees TO and moves FROM's storage to it (no data is
// accessed), and c_f_pointer, which associates FPTR with what CPTR
// locates (anything C_LOC was given, or storage no name denotes).
func (b *cfgBuilder) intrinsicCall(st ast.Constant, name string, args []*frontend.Expr) {
	arg := func(i int) *frontend.Expr {
		if i >= len(args) || args[i] == nil {
			return nil
		}
		if args[i].Kind == frontend.EKeyword {
			return args[i].X
		}
		return args[i]
	}
	switch name {
	case "move_alloc":
		from, to := rootName(arg(0)), rootName(arg(1))
		if from != nil && to != nil && len(args) >= 2 && args[0].Kind != frontend.EKeyword {
			b.walk(st).Subscripts(arg(0))
			b.walk(st).Subscripts(arg(1))
			fv, tv := b.x.varSite(from.Sym), b.x.varSite(to.Sym)
			b.x.add("hfree", st, tv)
			b.x.add("hmove", st, fv, tv)
			return
		}
	case "c_f_pointer":
		if p := rootName(arg(1)); p != nil {
			b.expr(arg(0), st)
			for i := 2; i < len(args); i++ {
				b.expr(arg(i), st)
			}
			b.walk(st).Subscripts(arg(1))
			b.walk(st).Associate(arg(1))
			b.x.add("cfptr", b.x.varSite(p.Sym))
			return
		}
	}
	for _, a := range args {
		b.argument(a, st, nil, true)
	}
}

// actual returns the value of an actual argument (a keyword argument's
// expression), or nil for what is not data: an omitted one, an alternate
// return (recorded: the call may jump) or a procedure name (recorded: the
// procedure escapes).
func (b *cfgBuilder) actual(a *frontend.Expr, st ast.Constant) *frontend.Expr {
	v := a
	if v != nil && v.Kind == frontend.EKeyword {
		v = v.X
	}
	if v == nil || v.Kind == frontend.EStar {
		if v != nil && v.Label != "" {
			b.x.add("hio_jump", st)
		}
		return nil
	}
	if v.Kind == frontend.EName && v.Ref == frontend.RefProcedure {
		if v.Sym != nil && v.Sym.Proc != nil {
			b.x.add("proc_escapes", b.x.procSite(v.Sym.Proc))
		}
		return nil
	}
	return v
}

// argument records an actual argument accessed at the call; it returns
// the root of a designator (nil for an expression).
func (b *cfgBuilder) argument(a *frontend.Expr, st ast.Constant, d *frontend.Symbol, mayWrite bool) *frontend.Expr {
	v := b.actual(a, st)
	if v == nil {
		return nil
	}
	if r := rootName(v); r != nil && mayWrite {
		b.walk(st).Designator(v, Write)
		return r
	}
	b.expr(v, st)
	return nil
}

// ScalarLeaf reports whether designator e is a scalar component of an
// intrinsic type of a derived-type scalar through scalar components only
// (m%n, s%g%dx; not s%a(1), s%p%x, a(1)%x), none of them a pointer or
// allocatable, the variable neither a pointer nor a target: storage a
// kernel is never handed as a buffer (lowering/components.go passes such
// a component by value).
func ScalarLeaf(e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.EComponent || e.Rank != 0 || e.Type.Base == frontend.TyDerived {
		return false
	}
	x := e
	for ; x != nil && x.Kind == frontend.EComponent; x = x.X {
		if x.Sym == nil || x.Sym.Kind != frontend.SymComponent || x.Sym.Pointer || x.Sym.Allocatable || x.Sym.Rank != 0 {
			return false
		}
	}
	if x == nil || x.Kind != frontend.EName || x.Sym == nil || x.Sym.Kind != frontend.SymVariable {
		return false
	}
	r := frontend.UltimateSymbol(x.Sym)
	return r.Rank == 0 && r.Type.Base == frontend.TyDerived && !r.Type.Class && !r.Pointer && !r.Target && r.Component == nil
}
