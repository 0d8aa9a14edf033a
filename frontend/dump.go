package frontend

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Dump writes the typed program as stable text: units, scopes with their
// symbols (kind, type, rank, attributes, constant values), and the
// statements with the type of every expression they hold.
func Dump(w io.Writer, p *Program) {
	if p == nil {
		return
	}
	d := &dumper{w: w}
	for _, f := range p.Files {
		d.line(0, "file %s", f.Path)
		for _, u := range f.Units {
			d.unit(1, u)
		}
	}
}

type dumper struct {
	w io.Writer
}

func (d *dumper) line(depth int, format string, args ...any) {
	fmt.Fprintf(d.w, "%s%s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...))
}

func (d *dumper) unit(depth int, u *Procedure) {
	var attrs []string
	if u.IsPure() {
		attrs = append(attrs, "pure")
	}
	if u.Elemental {
		attrs = append(attrs, "elemental")
	}
	if u.Recursive {
		attrs = append(attrs, "recursive")
	}
	if u.Internal {
		attrs = append(attrs, "internal")
	}
	if u.ModuleProc {
		attrs = append(attrs, "module-procedure")
	}
	if u.Separate {
		attrs = append(attrs, "separate")
	}
	if u.BindC {
		attrs = append(attrs, "bind(c)")
	}
	kind := u.Kind.String()
	if u.Interface {
		kind = "interface " + map[bool]string{true: "function", false: "subroutine"}[u.IsFunction]
	}
	name := u.Name
	if name == "" {
		name = "(main)"
	}
	head := fmt.Sprintf("%s %s @%d", kind, name, u.Pos.Line)
	if len(u.Dummies) > 0 {
		var ds []string
		for _, a := range u.Dummies {
			ds = append(ds, a.Name)
		}
		head += " (" + strings.Join(ds, ", ") + ")"
	}
	if u.Result != nil {
		head += " result " + u.Result.Name
	}
	if len(attrs) > 0 {
		head += " [" + strings.Join(attrs, " ") + "]"
	}
	d.line(depth, "%s", head)
	if u.Scope != nil {
		d.scope(depth+1, u.Scope)
	}
	for _, s := range u.Spec {
		if ib, ok := s.(*InterfaceBlock); ok {
			label := "interface"
			if ib.Head.Spec != nil {
				label += " " + ib.Head.Spec.String()
			}
			if ib.Head.Abstract {
				label = "abstract " + label
			}
			d.line(depth+1, "%s @%d", label, ib.Pos.Line)
			for _, b := range ib.Bodies {
				d.unit(depth+2, b)
			}
			for _, p := range ib.Procs {
				d.line(depth+2, "procedure %s", strings.Join(p.Names, ", "))
			}
		}
	}
	if len(u.Body) > 0 {
		d.line(depth+1, "body")
		d.stmts(depth+2, u.Body)
	}
	for _, c := range u.Contains {
		d.unit(depth+1, c)
	}
}

func (d *dumper) scope(depth int, sc *Scope) {
	syms := make([]*Symbol, 0, len(sc.Symbols))
	for _, s := range sc.Symbols {
		syms = append(syms, s)
	}
	sort.Slice(syms, func(i, j int) bool { return syms[i].Name < syms[j].Name })
	for _, s := range syms {
		if s.Use != nil {
			continue // use-associated names are listed by their module
		}
		d.line(depth, "%s", symString(s))
		if s.Kind == SymType && s.Derived != nil {
			d.derived(depth+1, s.Derived)
		}
	}
	var uses []string
	for _, s := range syms {
		if s.Use != nil {
			uses = append(uses, s.Name+"<-"+s.Module)
		}
	}
	if len(uses) > 0 {
		d.line(depth, "use-associated: %s", strings.Join(uses, " "))
	}
	var ops []string
	for k := range sc.Operators {
		ops = append(ops, k)
	}
	sort.Strings(ops)
	for _, k := range ops {
		g := sc.Operators[k]
		var names []string
		for _, s := range g.Specifics {
			names = append(names, s.Name)
		}
		names = append(names, g.Names...)
		d.line(depth, "generic %s => %s", k, strings.Join(names, ", "))
	}
}

func symString(s *Symbol) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", s.Kind, s.Name)
	if s.Kind == SymVariable || s.Kind == SymParameter || s.Kind == SymComponent || s.Kind == SymProcedure && s.Type.Known() || s.Kind == SymStmtFunc {
		fmt.Fprintf(&b, ": %s", s.Type)
	}
	if s.Rank != 0 {
		fmt.Fprintf(&b, " rank %d", s.Rank)
		if s.Shape != nil {
			fmt.Fprintf(&b, " %s", s.Shape)
		}
		if s.Assumed != "" {
			fmt.Fprintf(&b, " %s", s.Assumed)
		}
	}
	var attrs []string
	add := func(ok bool, a string) {
		if ok {
			attrs = append(attrs, a)
		}
	}
	add(s.Dummy, "dummy")
	add(s.Intent != "", "intent("+s.Intent+")")
	add(s.Allocatable, "allocatable")
	add(s.Pointer, "pointer")
	add(s.Target, "target")
	add(s.Optional, "optional")
	add(s.Value, "value")
	add(s.Save, "save")
	add(s.Contiguous, "contiguous")
	add(s.Protected, "protected")
	add(s.Private, "private")
	add(s.External, "external")
	add(s.BindC, "bind(c)")
	add(s.ImplicitType, "implicit")
	add(s.InCommon, "common")
	add(s.ProcIface != "", "interface("+s.ProcIface+")")
	if len(attrs) > 0 {
		fmt.Fprintf(&b, " [%s]", strings.Join(attrs, " "))
	}
	if s.Const != nil {
		fmt.Fprintf(&b, " = %s", s.Const)
	}
	if s.Kind == SymGeneric && s.Generic != nil {
		var names []string
		for _, sp := range s.Generic.Specifics {
			names = append(names, sp.Name)
		}
		names = append(names, s.Generic.Names...)
		fmt.Fprintf(&b, " => %s", strings.Join(names, ", "))
	}
	return b.String()
}

func (d *dumper) derived(depth int, dt *DerivedType) {
	var head []string
	if dt.Parent != nil {
		head = append(head, "extends "+dt.Parent.Name)
	}
	if dt.Abstract {
		head = append(head, "abstract")
	}
	if dt.BindC {
		head = append(head, "bind(c)")
	}
	if dt.Sequence {
		head = append(head, "sequence")
	}
	if len(head) > 0 {
		d.line(depth, "%s", strings.Join(head, " "))
	}
	depth--
	for _, c := range dt.Components {
		d.line(depth+1, "%s", symString(c))
	}
	for _, b := range dt.Bindings {
		kind := "procedure"
		switch {
		case b.Generic:
			kind = "generic"
		case b.Final:
			kind = "final"
		}
		flags := ""
		if b.NoPass {
			flags += " [nopass]"
		}
		if b.Deferred {
			flags += " [deferred]"
		}
		d.line(depth+1, "%s %s => %s%s", kind, b.Name, strings.Join(b.Targets, ", "), flags)
	}
}

// exprString renders an expression with its type annotations.
func exprString(e *Expr) string {
	if e == nil {
		return ""
	}
	s := e.String() + " : " + e.Type.String()
	if e.Rank != 0 {
		s += fmt.Sprintf(" rank %d", e.Rank)
	}
	if e.Const != nil {
		s += " = " + e.Const.String()
	}
	return s
}

func (d *dumper) stmts(depth int, ss []Stmt) {
	for _, s := range ss {
		d.stmt(depth, s)
	}
}

func (d *dumper) stmt(depth int, s Stmt) {
	b := s.base()
	lbl := ""
	if b.Label != "" {
		lbl = " label " + b.Label
	}
	at := fmt.Sprintf("@%d%s", b.Pos.Line, lbl)
	switch x := s.(type) {
	case *Construct:
		d.stmt(depth, x.Head)
		if x.Scope != nil && len(x.Scope.Symbols) > 0 {
			d.scope(depth+1, x.Scope)
		}
		d.stmts(depth+1, x.Body)
		for _, br := range x.Branches {
			d.stmt(depth, br.Head)
			if br.Scope != nil {
				d.scope(depth+1, br.Scope)
			}
			d.stmts(depth+1, br.Body)
		}
		d.line(depth, "end")
	case *AssignStmt:
		if x.StmtFunc {
			d.line(depth, "%s statement-function %s = %s", at, x.LHS, exprString(x.RHS))
			return
		}
		d.line(depth, "%s assign %s = %s", at, exprString(x.LHS), exprString(x.RHS))
	case *PtrAssignStmt:
		d.line(depth, "%s pointer-assign %s => %s", at, exprString(x.LHS), exprString(x.RHS))
	case *CallStmt:
		target := "external"
		switch {
		case x.Intr != nil:
			target = "intrinsic"
		case x.Proc != nil:
			target = x.Proc.Name
		}
		var args []string
		for _, a := range x.Args {
			args = append(args, exprString(a))
		}
		d.line(depth, "%s call %s -> %s (%s)", at, x.Callee.X, target, strings.Join(args, "; "))
		if x.Callee.Kind != ERef {
			// call without arguments
		}
	case *IfThenStmt:
		d.line(depth, "%s%s if %s then", at, named(x.Name), exprString(x.Cond))
	case *ElseIfStmt:
		d.line(depth, "%s else if %s", at, exprString(x.Cond))
	case *ElseStmt:
		d.line(depth, "%s else", at)
	case *IfStmt:
		d.line(depth, "%s if %s:", at, exprString(x.Cond))
		if x.Action != nil {
			d.stmt(depth+1, x.Action)
		}
	case *DoStmt:
		name := ""
		if x.Name != "" {
			name = " " + x.Name + ":"
		}
		switch {
		case x.Concurrent != nil:
			line := fmt.Sprintf("%s%s do concurrent %s", at, name, headerString(x.Concurrent))
			for _, l := range x.Locality {
				op := ""
				if l.Op != "" {
					op = l.Op + ": "
				}
				line += fmt.Sprintf(" %s(%s%s)", l.Kind, op, strings.Join(l.Names, ", "))
			}
			d.line(depth, "%s", line)
		case x.While != nil:
			d.line(depth, "%s%s do while %s", at, name, exprString(x.While))
		case x.Var != "":
			step := ""
			if x.Step != nil {
				step = ", " + exprString(x.Step)
			}
			d.line(depth, "%s%s do %s = %s, %s%s", at, name, x.Var, exprString(x.Lo), exprString(x.Hi), step)
		default:
			d.line(depth, "%s%s do", at, name)
		}
	case *SelectCaseStmt:
		d.line(depth, "%s%s select case %s", at, named(x.Name), exprString(x.Expr))
	case *CaseStmt:
		if x.Default {
			d.line(depth, "%s case default", at)
			return
		}
		var items []string
		for _, r := range x.Items {
			it := r.Lo.String()
			if r.Colon {
				it += ":" + r.Hi.String()
			}
			items = append(items, it)
		}
		d.line(depth, "%s case (%s)", at, strings.Join(items, ", "))
	case *SelectTypeStmt:
		assoc := ""
		if x.Assoc != "" {
			assoc = x.Assoc + " => "
		}
		d.line(depth, "%s%s select type (%s%s)", at, named(x.Name), assoc, exprString(x.Expr))
	case *TypeGuardStmt:
		switch {
		case x.Guard == "classdefault":
			d.line(depth, "%s class default", at)
		case x.Type != nil:
			d.line(depth, "%s %s (%s)", at, map[string]string{"typeis": "type is", "classis": "class is"}[x.Guard], x.Type)
		default:
			d.line(depth, "%s %s (%s)", at, map[string]string{"typeis": "type is", "classis": "class is"}[x.Guard], x.Derived)
		}
	case *CycleStmt:
		d.line(depth, "%s cycle %s", at, x.Name)
	case *ExitStmt:
		d.line(depth, "%s exit %s", at, x.Name)
	case *GotoStmt:
		d.line(depth, "%s go to %s %s", at, strings.Join(x.Labels, ", "), exprString(x.Computed))
	case *ReturnStmt:
		d.line(depth, "%s return %s", at, exprString(x.Expr))
	case *WhereStmt:
		d.line(depth, "%s%s where %s", at, named(x.Name), exprString(x.Mask))
		if x.Action != nil {
			d.stmt(depth+1, x.Action)
		}
	case *ElsewhereStmt:
		d.line(depth, "%s elsewhere %s", at, exprString(x.Mask))
	case *ForallStmt:
		d.line(depth, "%s%s forall %s", at, named(x.Name), headerString(x.Header))
		if x.Action != nil {
			d.stmt(depth+1, x.Action)
		}
	case *AssociateStmt:
		var parts []string
		for _, a := range x.Assocs {
			parts = append(parts, a.Name+" => "+exprString(a.Expr))
		}
		d.line(depth, "%s%s associate (%s)", at, named(x.Name), strings.Join(parts, ", "))
	case *BlockStmt:
		d.line(depth, "%s%s block", at, named(x.Name))
	case *StopStmt:
		w := "stop"
		if x.Error {
			w = "error stop"
		}
		d.line(depth, "%s %s %s", at, w, exprString(x.Code))
	case *IOStmt:
		var items []string
		for _, it := range x.Items {
			items = append(items, exprString(it))
		}
		d.line(depth, "%s %s [%s]", at, x.Op, strings.Join(items, "; "))
	case *AllocateStmt:
		ts := ""
		if x.Type != nil {
			ts = x.Type.String() + " :: "
		}
		d.line(depth, "%s allocate (%s%s)", at, ts, exprList(x.Items, x.Opts))
	case *DeallocateStmt:
		d.line(depth, "%s deallocate (%s)", at, exprList(x.Items, x.Opts))
	case *NullifyStmt:
		d.line(depth, "%s nullify (%s)", at, exprList(x.Items, nil))
	case *EndStmt:
	default:
		d.line(depth, "%s %s", at, b.Kw)
	}
}

func named(name string) string {
	if name == "" {
		return ""
	}
	return " " + name + ":"
}

// headerString renders a FORALL / DO CONCURRENT header with types.
func headerString(h *ConcurrentHeader) string {
	if h == nil {
		return "()"
	}
	var parts []string
	for _, ix := range h.Indices {
		p := fmt.Sprintf("%s = %s : %s", ix.Name, exprString(ix.Lo), exprString(ix.Hi))
		if ix.Step != nil {
			p += " : " + exprString(ix.Step)
		}
		parts = append(parts, p)
	}
	if h.Mask != nil {
		parts = append(parts, "mask "+exprString(h.Mask))
	}
	s := strings.Join(parts, ", ")
	if h.Type != nil {
		s = h.Type.String() + " :: " + s
	}
	return "(" + s + ")"
}

// exprList renders typed expressions separated by "; ".
func exprList(items, opts []*Expr) string {
	var parts []string
	for _, x := range items {
		parts = append(parts, exprString(x))
	}
	for _, x := range opts {
		parts = append(parts, exprString(x))
	}
	return strings.Join(parts, "; ")
}
