package emit

// This file rewrites the user's Fortran: each offloaded loop becomes a call
// of its launch routine (with the interface module used by the unit), and
// each parallel loop kept on the host loses its locality specs and
// type-spec (gfortran 12 rejects them) while keeping their meaning: a
// BLOCK declares the index of a type-spec, a shadow for each local
// variable, and a saved copy for each local_init variable. Everything else
// is kept byte for byte (comments and layout).

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
	"fgpu/rules"
)

type edit struct {
	from, to int // 1-based lines replaced (to = from-1: insert before from)
	lines    []string
}

func generate(prog *frontend.Program, cr *rules.CheckResult, opts Options) (*Output, frontend.Diagnostics) {
	dev := opts.Device
	if dev == "" {
		dev = "cpu"
	}
	plan, diags := lowering.Lower(prog, cr, lowering.Options{Device: dev})
	if diags.HasErrors() {
		return nil, diags
	}
	out := &Output{Host: map[string]string{}}
	var all frontend.Diagnostics
	edits := map[string][]edit{}
	uses := map[*frontend.Procedure]bool{}
	for k := range plan.Host {
		if e, ok := hostLoopEdit(k, &all); ok {
			edits[fileOf(k)] = append(edits[fileOf(k)], e...)
		}
	}
	deadStoreEdits(opts.ArrayStmts, edits) // lowering/arraystmt.go: dead whole-array stores
	for _, k := range plan.Kernels {
		edits[k.File] = append(edits[k.File], kernelCallEdit(k, &all))
		uses[k.Proc] = true
	}
	if len(plan.Kernels) > 0 { // waits, discards, stale marks, leaves (hostsync.go); before the use lines
		all = append(all, syncEdits(prog, cr, plan, moduleHash(plan), edits)...)
	}
	// The interface module is used by every unit that launches kernels.
	var ifaceMod string
	if len(plan.Kernels) > 0 {
		ifaceMod = "fgpu_launch_" + moduleHash(plan)
		for p := range uses {
			if p.Head == nil {
				all = append(all, frontend.Diagnostic{Pos: p.Pos, Severity: frontend.SevError,
					Msg: "not yet implemented: offloaded loops in a main program without a PROGRAM statement [nyi]"})
			}
		}
	}
	for p := range uses {
		if p.Head == nil {
			continue
		}
		end := headEndLine(p)
		edits[p.File] = append(edits[p.File], edit{from: end + 1, to: end, lines: []string{"  use " + ifaceMod + "  ! fgpu: launch routines"}})
	}
	if all.HasErrors() {
		return nil, all
	}
	for _, f := range prog.Files {
		es := edits[f.Path]
		if pre, toPre, ok := prog.Preprocessed(f.Path); ok {
			if len(es) == 0 {
				lines, _ := sourceLines(prog, f.Path)
				out.Host[f.Path] = apply(lines, nil)
				continue
			}
			// A preprocessed file is rewritten in its preprocessed text (the
			// driver compiles it without the preprocessor).
			mapped, ok := mapEdits(es, toPre)
			if !ok {
				all = append(all, frontend.Diagnostic{Pos: frontend.Pos{File: f.Path, Line: 1, Col: 1}, Severity: frontend.SevError,
					Msg: "not yet implemented: rewriting a parallel loop that a preprocessor macro or include produces [nyi]"})
				continue
			}
			out.Host[f.Path] = apply(pre, mapped)
			out.Preprocessed = append(out.Preprocessed, f.Path)
			continue
		}
		lines, _ := sourceLines(prog, f.Path)
		out.Host[f.Path] = apply(lines, es)
	}
	// HostOrder is left to the driver, which orders files by module use.
	if len(plan.Kernels) > 0 {
		out.Interface = interfaceModule(ifaceMod, plan)
		out.InterfaceFile = ifaceMod + ".f90"
		src, kd := kernelSource(plan, dev == "cuda")
		all = append(all, kd...)
		out.Kernels = src
		out.KernelFile = "fgpu_kernels_" + moduleHash(plan) + ".cpp"
		if dev == "cuda" {
			out.KernelFile = strings.TrimSuffix(out.KernelFile, ".cpp") + ".cu"
		}
	}
	return out, all.Sort()
}

func fileOf(k *frontend.Construct) string { return k.Pos.File }

func moduleHash(plan *lowering.Plan) string {
	if len(plan.Kernels) == 0 {
		return "none"
	}
	names := []string{}
	for _, k := range plan.Kernels {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	return strings.TrimPrefix(strings.SplitN(names[0], "_k", 2)[0], "fgpu_")
}

// sourceLines returns the original lines of a file.
func sourceLines(prog *frontend.Program, path string) ([]string, bool) {
	var lines []string
	for n := 1; ; n++ {
		l, ok := prog.Line(path, n)
		if !ok {
			break
		}
		lines = append(lines, l)
	}
	return lines, len(lines) > 0
}

// headEndLine is the last line of a unit's heading statement.
func headEndLine(p *frontend.Procedure) int {
	b := frontend.StmtBaseOf(p.Head)
	if b.EndLine > 0 {
		return b.EndLine
	}
	return b.Pos.Line
}

// apply applies edits (non-overlapping) to lines.
func apply(lines []string, edits []edit) string {
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].from != edits[j].from {
			return edits[i].from > edits[j].from
		}
		return edits[i].to > edits[j].to
	})
	out := append([]string(nil), lines...)
	for _, e := range edits {
		from, to := e.from-1, e.to // slice indices [from, to)
		if from < 0 {
			from = 0
		}
		if to > len(out) {
			to = len(out)
		}
		if to < from {
			to = from
		}
		var next []string
		next = append(next, out[:from]...)
		next = append(next, e.lines...)
		next = append(next, out[to:]...)
		out = next
	}
	s := strings.Join(out, "\n")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// hostLoopEdit rewrites a do concurrent kept on the host, when it has a
// type-spec or locality specs.
func hostLoopEdit(k *frontend.Construct, diags *frontend.Diagnostics) ([]edit, bool) {
	d := k.Head.(*frontend.DoStmt)
	if d.Concurrent.Type == nil && len(d.Locality) == 0 {
		return nil, false
	}
	end, ok := k.End.(*frontend.EndStmt)
	if !ok || d.SharedLine || end.SharedLine {
		*diags = append(*diags, frontend.Diagnostic{Pos: d.Pos, Severity: frontend.SevError,
			Msg: "not yet implemented: rewriting a do concurrent that shares a line with other statements or ends on a label [nyi]"})
		return nil, false
	}
	var pre, header, post []string
	pre = append(pre, "block  ! fgpu: locality of the do concurrent below")
	outer := (*frontend.Scope)(nil)
	if k.Scope != nil {
		outer = k.Scope.Parent
	}
	if d.Concurrent.Type != nil && k.Scope != nil {
		for _, ix := range d.Concurrent.Indices {
			if s := k.Scope.Local(ix.Name); s != nil {
				pre = append(pre, fmt.Sprintf("  %s :: %s", typeDecl(s), s.Name))
			}
		}
	}
	var initCopies []string
	var shadows []string
	for _, l := range d.Locality {
		if l.Kind != "local" && l.Kind != "local_init" {
			continue // shared, default(none) and reduce mean the same in a sequential loop
		}
		for _, n := range l.Names {
			if outer == nil {
				continue
			}
			s := outer.Lookup(n)
			if s == nil {
				continue
			}
			decl := typeDecl(s)
			if l.Kind == "local_init" {
				pre = append(pre, fmt.Sprintf("  %s :: fgpu_li_%s", decl, n))
				initCopies = append(initCopies, fmt.Sprintf("  fgpu_li_%s = %s", n, n))
				post = append(post, fmt.Sprintf("%s = fgpu_li_%s", n, n))
			}
			shadows = append(shadows, fmt.Sprintf("  %s :: %s", decl, n))
		}
	}
	pre = append(pre, initCopies...)
	if len(shadows) > 0 {
		pre = append(pre, "  block")
		pre = append(pre, shadows...)
	}
	header = append(header, pre...)
	header = append(header, "  "+concurrentHeader(d))
	for _, p := range post {
		header = append(header, "    "+p)
	}
	closing := []string{}
	closing = append(closing, strings.TrimRight(lineOfEnd(k), " "))
	if len(shadows) > 0 {
		closing = append(closing, "  end block")
	}
	closing = append(closing, "end block")
	return []edit{
		{from: d.Pos.Line, to: d.EndLine, lines: header},
		{from: end.Pos.Line, to: end.EndLine, lines: closing},
	}, true
}

// lineOfEnd is the END DO statement as the user wrote it (name kept).
func lineOfEnd(k *frontend.Construct) string {
	d := k.Head.(*frontend.DoStmt)
	if d.Name != "" {
		return "  end do " + d.Name
	}
	return "  end do"
}

// concurrentHeader writes "[name:] do concurrent (i = lo:hi:st, ..., mask)".
func concurrentHeader(d *frontend.DoStmt) string {
	var parts []string
	for _, ix := range d.Concurrent.Indices {
		p := fmt.Sprintf("%s = %s:%s", ix.Name, ix.Lo, ix.Hi)
		if ix.Step != nil {
			p += ":" + ix.Step.String()
		}
		parts = append(parts, p)
	}
	if d.Concurrent.Mask != nil {
		parts = append(parts, d.Concurrent.Mask.String())
	}
	name := ""
	if d.Name != "" {
		name = d.Name + ": "
	}
	return name + "do concurrent (" + strings.Join(parts, ", ") + ")"
}

// typeDecl writes the declaration (type and attributes, without the name)
// of a shadow of s, e.g. "real(8), dimension(n)" or "integer(4), allocatable, dimension(:)".
func typeDecl(s *frontend.Symbol) string {
	t := s.Type
	var b string
	switch t.Base {
	case frontend.TyCharacter:
		switch {
		case t.Len >= 0:
			b = fmt.Sprintf("character(len=%d, kind=%d)", t.Len, maxInt(t.Kind, 1))
		case t.Len == frontend.LenDeferred:
			b = "character(len=:)"
		default:
			b = "character(len=*)"
		}
	case frontend.TyDerived:
		b = t.String()
	default:
		b = t.String()
	}
	if s.Allocatable {
		b += ", allocatable"
	}
	if s.Pointer {
		b += ", pointer"
	}
	if s.Shape != nil && s.Rank > 0 {
		b += ", dimension" + s.Shape.String()
	}
	return b
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// kernelCallEdit replaces an offloaded loop by the call of its launch
// routine.
func kernelCallEdit(k *lowering.Kernel, diags *frontend.Diagnostics) edit {
	end, ok := k.Loop.End.(*frontend.EndStmt)
	if !ok || k.Do.SharedLine || end.SharedLine {
		*diags = append(*diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
			Msg: "not yet implemented: offloading a do concurrent that shares a line with other statements or ends on a label [nyi]"})
		return edit{}
	}
	var args []string
	for _, p := range k.Params {
		s := p.Sym
		switch p.Kind {
		case lowering.ArrayParam:
			args = append(args, s.Name)
			for d := 1; d <= s.Rank; d++ {
				args = append(args, fmt.Sprintf("lbound(%s, %d, kind=8)", s.Name, d))
			}
		default:
			args = append(args, s.Name)
		}
	}
	// The limits of every index (a nested loop combined with the kernel's
	// has its own), then those from which a grouped kernel sizes its
	// blocks (emit/nest.go).
	for _, ix := range append(append([]*frontend.ConcurrentIndex(nil), k.Bounds...), hintBounds(k)...) {
		st := "1_8"
		if ix.Step != nil {
			st = fmt.Sprintf("int(%s, 8)", ix.Step)
		}
		args = append(args, fmt.Sprintf("int(%s, 8)", ix.Lo), fmt.Sprintf("int(%s, 8)", ix.Hi), st)
	}
	indent := leadingSpace(k.Do.Pos.Col)
	call := []string{fmt.Sprintf("%scall %s(%s)  ! fgpu: do concurrent offloaded", indent, k.Name, strings.Join(args, ", "))}
	return edit{from: k.Do.Pos.Line, to: end.EndLine, lines: wrap(call[0])}
}

func leadingSpace(col int) string {
	if col < 1 {
		col = 1
	}
	return strings.Repeat(" ", col-1)
}

// wrap splits a long Fortran line with & continuations (free form: 132
// characters at most).
func wrap(line string) []string {
	const max = 100
	if len(line) <= max {
		return []string{line}
	}
	var out []string
	for len(line) > max {
		cut := strings.LastIndex(line[:max], ", ")
		if cut <= 0 {
			break
		}
		out = append(out, line[:cut+1]+" &")
		line = "      & " + line[cut+2:]
	}
	return append(out, line)
}

// interfaceModule writes the bind(c) interfaces of the launch routines.
func interfaceModule(name string, plan *lowering.Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "! Generated by fgpu: interfaces of the launch routines of offloaded loops.\nmodule %s\n  implicit none\n  interface\n", name)
	for _, k := range sortedKernels(plan.Kernels) {
		var dummies []string
		var decls []string
		for _, p := range k.Params {
			s := p.Sym
			t := s.Type.String()
			switch p.Kind {
			case lowering.ArrayParam:
				dummies = append(dummies, s.Name)
				attrs := "intent(in)"
				if p.Written {
					// The runtime copies it back later, in fgpu_rt_fetch
					// (a call that takes the variable) or at the end of
					// the procedure.
					attrs = "intent(inout)"
				}
				decls = append(decls, fmt.Sprintf("      %s, %s :: %s(%s)", t, attrs, s.Name, strings.TrimSuffix(strings.Repeat(":,", s.Rank), ",")))
				for d := 1; d <= s.Rank; d++ {
					n := fmt.Sprintf("fgpu_lb%d_%s", d, s.Name)
					dummies = append(dummies, n)
					decls = append(decls, fmt.Sprintf("      integer(8), value :: %s", n))
				}
			case lowering.ScalarIn:
				dummies = append(dummies, s.Name)
				decls = append(decls, fmt.Sprintf("      %s, value :: %s", t, s.Name))
			default:
				dummies = append(dummies, s.Name)
				decls = append(decls, fmt.Sprintf("      %s, intent(inout) :: %s", t, s.Name))
			}
		}
		for d := range k.Indices {
			for _, w := range []string{"lo", "hi", "st"} {
				n := fmt.Sprintf("fgpu_%s%d", w, d+1)
				dummies = append(dummies, n)
				decls = append(decls, fmt.Sprintf("      integer(8), value :: %s", n))
			}
		}
		for d := range hintBounds(k) {
			for _, w := range []string{"hlo", "hhi", "hst"} {
				n := fmt.Sprintf("fgpu_%s%d", w, d+1)
				dummies = append(dummies, n)
				decls = append(decls, fmt.Sprintf("      integer(8), value :: %s", n))
			}
		}
		head := fmt.Sprintf("    subroutine %s(%s) bind(c, name=\"%s\")", k.Name, strings.Join(dummies, ", "), k.Name)
		for _, l := range wrap(head) {
			b.WriteString(l + "\n")
		}
		for _, d := range decls {
			b.WriteString(d + "\n")
		}
		fmt.Fprintf(&b, "    end subroutine %s\n", k.Name)
	}
	b.WriteString(runtimeInterfaces())
	fmt.Fprintf(&b, "  end interface\n")
	b.WriteString(replayProcedures(strings.TrimPrefix(name, "fgpu_launch_"), plan))
	fmt.Fprintf(&b, "end module %s\n", name)
	return b.String()
}

// kernelSource writes every kernel into one translation unit.
func kernelSource(plan *lowering.Plan, cuda bool) (string, frontend.Diagnostics) {
	var b strings.Builder
	b.WriteString(kernelPrelude)
	var diags frontend.Diagnostics
	funcs := &deviceFuncs{plan: plan, name: map[*frontend.Procedure]string{}, byRef: map[*frontend.Symbol]bool{}, consts: map[*frontend.Symbol]string{}}
	var kernels strings.Builder
	for _, k := range sortedKernels(plan.Kernels) {
		g := &kernelGen{k: k, cuda: cuda, funcs: funcs}
		fmt.Fprintf(&g.b, "\n// %s: do concurrent at %s:%d\n", k.Name, filepath.Base(k.Do.Pos.File), k.Do.Pos.Line)
		g.emitKernel()
		diags = append(diags, g.diags...)
		kernels.WriteString(g.b.String())
	}
	// Device functions: declared first (they may call each other), then
	// defined; a function found while writing another is appended.
	var defs strings.Builder
	for i := 0; i < len(funcs.order); i++ {
		g := &kernelGen{cuda: cuda, funcs: funcs}
		g.emitFunc(funcs.order[i])
		diags = append(diags, g.diags...)
		defs.WriteString(g.b.String())
	}
	b.WriteString(stopSitesCheck(plan))
	for _, c := range funcs.constDefs {
		b.WriteString(c + "\n")
	}
	for _, p := range funcs.order {
		decl := strings.SplitN(funcDecl(funcs, p), "{", 2)[0]
		b.WriteString(strings.TrimSpace(decl) + ";\n")
	}
	b.WriteString(defs.String())
	b.WriteString(kernels.String())
	return b.String(), diags
}

// funcDecl renders a device function's signature line.
func funcDecl(funcs *deviceFuncs, p *frontend.Procedure) string {
	ret := "void"
	if p.Result != nil {
		ret = ctype(p.Result.Type)
	}
	return fmt.Sprintf("FGPU_FN %s %s(%s) {", ret, funcs.name[p], strings.Join(funcParams(funcs, p), ", "))
}

// mapEdits moves edits from original lines to preprocessed lines.
func mapEdits(es []edit, toPre func(int) int) ([]edit, bool) {
	var out []edit
	for _, e := range es {
		from := toPre(e.from)
		if e.to < e.from {
			// An insertion before line from: after the previous line.
			prev := toPre(e.from - 1)
			if prev == 0 {
				return nil, false
			}
			out = append(out, edit{from: prev + 1, to: prev, lines: e.lines})
			continue
		}
		to := toPre(e.to)
		if from == 0 || to == 0 || to-from != e.to-e.from {
			return nil, false
		}
		out = append(out, edit{from: from, to: to, lines: e.lines})
	}
	return out, true
}
