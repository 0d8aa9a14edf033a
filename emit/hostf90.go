package emit

// This file rewrites the user's Fortran: each offloaded loop becomes a call
// of its launch routine (with the interface module used by the unit), and
// each parallel loop kept on the host becomes plain DO loops in a BLOCK
// with the meaning the standard gives the do concurrent (hostloop.go:
// limits evaluated once, every mask before any iteration, the index names
// construct entities, locality specs and the type-spec, which gfortran 12
// rejects, turned into declarations). Everything else is kept byte for
// byte (comments and layout).

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/lowering"
	"fgpu/rules"
)

type edit struct {
	from, to int // 1-based lines replaced (to = from-1: insert before from)
	lines    []string
}

func generate(prog *frontend.Program, cr *rules.CheckResult, plan *lowering.Plan, sp *lowering.SyncPlan, opts Options) (*Output, frontend.Diagnostics) {
	t := opts.Target
	if t == nil {
		t = target.Must("cpu")
	}
	out := &Output{Host: map[string]string{}, HostMarked: map[string]string{}}
	var all frontend.Diagnostics
	edits := map[string][]edit{}
	uses := map[*frontend.Procedure]bool{}
	for k := range plan.Host {
		line, _ := prog.Line(fileOf(k), frontend.StmtPos(k.Head).Line)
		if e, ok := hostLoopEdit(k, line[:len(line)-len(strings.TrimLeft(line, " \t"))], &all); ok {
			edits[fileOf(k)] = append(edits[fileOf(k)], e...)
		}
	}
	deadStoreEdits(opts.ArrayStmts, edits) // lowering/arraystmt.go: dead whole-array stores
	if t.Offloads() {
		ompDataEdits(prog, edits) // omp.go
	}
	var helpers *addrHelpers
	if len(plan.Kernels) > 0 {
		helpers = planAddrHelpers(plan, moduleHash(plan), &all)
	}
	useLines := map[*frontend.Procedure]map[string]bool{}
	for _, k := range plan.Kernels {
		e, us := kernelCallEdit(k, helpers, opts.ReallocLHS, &all)
		if opts.KeepRefs {
			if l := keepRefs(k); l != "" && len(e.lines) > 0 {
				e.lines = append(wrap(leadingSpace(k.Do.Pos.Col)+l), e.lines...)
			}
		}
		edits[k.File] = append(edits[k.File], e)
		uses[k.Proc] = true
		for _, u := range us {
			if useLines[k.Proc] == nil {
				useLines[k.Proc] = map[string]bool{}
			}
			useLines[k.Proc][u] = true
		}
	}
	if helpers != nil {
		// Before the sync lines: at the same line (END), what is inserted
		// first ends up last.
		helpers.edits(prog, edits)
	}
	if len(plan.Kernels) > 0 { // fetches, waits, discards, stale marks (hostsync.go); before the use lines
		syncEdits(prog, sp, plan, moduleHash(plan), edits, uses)
	}
	// The interface module is used by every unit that launches kernels or
	// calls the runtime.
	var ifaceMod string
	if len(plan.Kernels) > 0 {
		ifaceMod = "fgpu_launch_" + moduleHash(plan)
		for p := range uses {
			if p.Head == nil {
				all = append(all, frontend.NYI(frontend.NYINoProgramStatement, p.Pos, frontend.Pos{}, "offloaded loops, or host accesses of device data, in a main program without a PROGRAM statement"))
			}
		}
	}
	// Each unit uses only the routines its edits call (launchuse.go): a
	// use without an only list would give every unit the interfaces of
	// every kernel of the program, which costs the host compiler the
	// product of the units and the kernels.
	var lm launchModules
	if len(plan.Kernels) > 0 {
		lm = interfaceModules(ifaceMod, plan, hasParts(sp))
		out.Interface = lm.Text
	}
	// The output of a preprocessor run by the build: positions name the
	// original file its line markers give; its edits are the file's.
	physical := map[string]string{}
	for _, f := range prog.Files {
		if o := prog.Origin(f.Path); o != f.Path {
			physical[o] = f.Path
			edits[f.Path] = append(edits[f.Path], edits[o]...)
			delete(edits, o)
		}
	}
	fileKey := func(file string) string {
		if f, ok := physical[file]; ok {
			return f
		}
		return file
	}
	named := launchNames(edits, lm.Of)
	for p := range uses {
		if p.Head == nil {
			continue
		}
		end := headEndLine(p)
		lines := lm.useLines(named[fileKey(p.File)].in(p))
		var extra []string
		for u := range useLines[p] {
			extra = append(extra, u)
		}
		sort.Strings(extra)
		lines = append(lines, extra...)
		edits[fileKey(p.File)] = append(edits[fileKey(p.File)], edit{from: end + 1, to: end, lines: lines})
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
				all = append(all, frontend.NYI(frontend.NYIPreprocessedLoop, frontend.Pos{File: f.Path, Line: 1, Col: 1}, frontend.Pos{}, "rewriting a parallel loop that a preprocessor macro or include produces"))
				continue
			}
			out.Host[f.Path] = apply(pre, mapped)
			out.Preprocessed = append(out.Preprocessed, f.Path)
			if o := prog.Origin(f.Path); o != f.Path {
				// Line markers for the host compiler: its messages name the
				// original file the build's preprocessor run read.
				out.HostMarked[f.Path] = apply(pre, markEditsBy(mapped, func(n int) (string, int) { return prog.PreOrigin(f.Path, n) }))
			}
			continue
		}
		lines, _ := sourceLines(prog, f.Path)
		out.Host[f.Path] = apply(lines, es)
		if len(es) > 0 {
			out.HostMarked[f.Path] = apply(lines, markEdits(es, f.Path))
		}
	}
	// HostOrder is left to the driver, which orders files by module use.
	if len(plan.Kernels) > 0 {
		out.InterfaceFile = ifaceMod + ".f90"
		be := backendFor(t)
		if be == nil {
			all = append(all, frontend.Diagnostic{Pos: plan.Kernels[0].Do.Pos, Severity: frontend.SevError,
				Msg: fmt.Sprintf("internal error: no kernel emitter for --gpu=%s", t.Name)})
			return nil, all.Sort()
		}
		src, kd := kernelSource(plan, be, HostExpandsPowers(opts.HostOpt), opts.Fast)
		all = append(all, kd...)
		out.Kernels = src
		// fgpu_kernels_<hash>.cpp, .cu, ...: the target's file name with
		// the hash of the build.
		ext := filepath.Ext(t.KernelFile)
		out.KernelFile = strings.TrimSuffix(t.KernelFile, ext) + "_" + moduleHash(plan) + ext
		if t.IsMetal() && !all.HasErrors() {
			all = append(all, appleOutput(plan, out)...) // (metalhost.go)
		}
		if (t.IsCPU() || t.IsCUDA()) && !all.HasErrors() {
			units, ud := kernelUnits(plan, be, HostExpandsPowers(opts.HostOpt), opts.Fast, out.KernelFile)
			for _, d := range ud {
				if d.Severity == frontend.SevError { // (its warnings are the whole file's)
					all = append(all, d)
				}
			}
			out.KernelUnits = units
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

// markEdits adds to each edit a line marker giving the original number of
// the line after it, and inserts one before line 1, so the host
// compiler numbers every original line as the user's file does.
func markEdits(es []edit, path string) []edit {
	return markEditsBy(es, func(n int) (string, int) { return path, n })
}

// markEditsBy is markEdits for text whose line n comes from origin(n) (the
// file and its line): the text of a file that a build's preprocessor run
// wrote, whose line markers named the user's file.
func markEditsBy(es []edit, origin func(n int) (string, int)) []edit {
	marker := func(n int) string {
		f, l := origin(n)
		return fmt.Sprintf("# %d %s", l, strconv.Quote(f))
	}
	var out []edit
	for _, e := range es {
		next := e.to + 1
		if e.to < e.from {
			next = e.from // an insertion before line from
		}
		m := e
		m.lines = nil
		if e.to >= e.from {
			// The statement's replacement: each of its lines that starts a
			// statement is numbered as the statement (a message about
			// what it became names the user's line), not as the lines
			// after it.
			for i, l := range e.lines {
				if i == 0 || !strings.HasSuffix(strings.TrimRight(stripComment(e.lines[i-1]), " "), "&") {
					m.lines = append(m.lines, marker(e.from))
				}
				m.lines = append(m.lines, l)
			}
		} else {
			m.lines = append(m.lines, e.lines...)
		}
		m.lines = append(m.lines, marker(next))
		out = append(out, m)
	}
	// Last: apply places it before any other insertion at line 1.
	return append(out, edit{from: 1, to: 0, lines: []string{marker(1)}})
}

// kernelCallEdit replaces an offloaded loop by the call of its launch
// routine.
func kernelCallEdit(k *lowering.Kernel, helpers *addrHelpers, realloc bool, diags *frontend.Diagnostics) (edit, []string) {
	var uses []string // use lines the procedure needs (nameAtLoop)
	var optArrays []optArray
	var optScalars []*frontend.Symbol
	end, ok := k.Loop.End.(*frontend.EndStmt)
	if !ok || k.Do.SharedLine || end.SharedLine {
		*diags = append(*diags, frontend.NYI(frontend.NYISharedLine, k.Do.Pos, k.Do.Pos, "offloading a do concurrent that shares a line with other statements or ends on a label"))
		return edit{}, nil
	}
	var args []string
	for _, p := range k.Params {
		s := p.Sym
		name := actualName(s)
		if s.Component == nil {
			n, use, ok := nameAtLoop(k, s)
			if !ok {
				*diags = append(*diags, frontend.NYI(frontend.NYIHostVariable, k.Do.Pos, k.Do.Pos,
					"the variable %s, which a procedure the loop calls uses, cannot be named where the loop is (a private module variable, or a variable of another procedure)", s.Name))
				continue
			}
			name = n
			if use != "" {
				uses = append(uses, use)
			}
		}
		if s.Component == nil && s.Optional && s.Dummy {
			// An optional dummy of the procedure that holds the loop: handed
			// over only when present (optionalCalls).
			switch {
			case p.Kind == lowering.ArrayParam && !p.ElemsOnly && s.Type.Base != frontend.TyDerived && helpers.of(p) == nil:
				start := len(args)
				args = append(args, name)
				for d := 1; d <= s.Rank; d++ {
					args = append(args, fmt.Sprintf("lbound(%s, %d, kind=8)", name, d))
				}
				optArrays = append(optArrays, optArray{s, start, len(args)})
			case p.Kind == lowering.ScalarIn && s.Type.Base != frontend.TyDerived:
				optScalars = append(optScalars, s)
				args = append(args, "fgpu_o_"+s.Name)
			default:
				*diags = append(*diags, frontend.NYI(frontend.NYIOptionalArgs, k.Do.Pos, k.Do.Pos,
					"the optional argument %s of %s in the loop (only optional arrays and scalars the loop reads, of intrinsic types)", s.Name, k.Proc.Name))
			}
			continue
		}
		switch p.Kind {
		case lowering.ArrayParam:
			if p.ElemsOnly {
				args = append(args, fmt.Sprintf("lbound(%s, 1, kind=8)", name))
				continue
			}
			if a := helpers.of(p); a != nil {
				args = append(args, fmt.Sprintf("%s(%s)", a.name, name))
			} else {
				args = append(args, name)
			}
			for d := 1; d <= s.Rank; d++ {
				args = append(args, fmt.Sprintf("lbound(%s, %d, kind=8)", name, d))
			}
			if s.Type.Base == frontend.TyDerived && !p.ElemsOnly {
				// The components whose place the launch checks (derived.go).
				// A whole-array section, name(:)%r%z: gfortran 12 gives a
				// wrong address for ps%r%z of an allocatable ps (a nested
				// component without a section); the check would stop.
				sec := name + "(" + strings.TrimSuffix(strings.Repeat(":,", s.Rank), ",") + ")"
				for _, l := range layoutLeaves(s.Type.Derived) {
					args = append(args, sec+l.fortran)
				}
				if helpers.of(p) != nil {
					args = append(args, fmt.Sprintf("int(storage_size(%s) / 8, 8)", name))
				}
			}
		case lowering.ScalarIn:
			if a := helpers.of(p); a != nil {
				args = append(args, fmt.Sprintf("%s(%s)", a.name, name))
			} else {
				args = append(args, name)
			}
			if s.Type.Base == frontend.TyDerived {
				for _, l := range layoutLeaves(s.Type.Derived) {
					args = append(args, name+l.fortran)
				}
				args = append(args, fmt.Sprintf("int(storage_size(%s) / 8, 8)", name))
			}
		default:
			args = append(args, name)
		}
	}
	// The limits of every index (a nested loop combined with the kernel's
	// has its own), then those from which a grouped kernel sizes its
	// blocks (emit/nest.go).
	// (And those of the indices that run in order in each thread.)
	for _, ix := range append(append(append([]*frontend.ConcurrentIndex(nil), k.Bounds...), hintBounds(k)...), serialBounds(k)...) {
		st := "1_8"
		if ix.Step != nil {
			st = fmt.Sprintf("int(%s, 8)", ix.Step)
		}
		args = append(args, fmt.Sprintf("int(%s, 8)", ix.Lo), fmt.Sprintf("int(%s, 8)", ix.Hi), st)
	}
	// The bounds of the arrays of the iterations in workspaces
	// (lowering/workspace.go): a local() array's own, a block variable's
	// declared bounds, evaluated here (they read nothing the loop changes).
	var varying []*lowering.Workspace
	for _, ws := range k.Workspaces {
		s := ws.Sym
		if ws.Varying {
			// The largest slice over the iterations (varyingMax, below),
			// and the parts of the bounds that read no index.
			varying = append(varying, ws)
			args = append(args, fmt.Sprintf("fgpu_wm%d", ws.Slot))
			for _, x := range ws.Parts {
				args = append(args, x.String())
			}
			continue
		}
		for d := 1; d <= s.Rank; d++ {
			if ws.Local {
				args = append(args, fmt.Sprintf("lbound(%s, %d, kind=8)", s.Name, d), fmt.Sprintf("ubound(%s, %d, kind=8)", s.Name, d))
				continue
			}
			dim := s.Shape.Dims[d-1]
			lo := "1_8"
			if dim.Lo != nil {
				lo = fmt.Sprintf("int(%s, 8)", dim.Lo)
			}
			args = append(args, lo, fmt.Sprintf("int(%s, 8)", dim.Hi))
		}
	}
	indent := leadingSpace(k.Do.Pos.Col)
	var lines []string
	if realloc {
		lines = append(lines, reallocPrealloc(k, indent)...)
	}
	for _, t := range k.Elems {
		// The table of the components of the elements (derived.go).
		a, c := actualName(t.Array), t.Comp.Name
		el := fmt.Sprintf("%s(fgpu_e)%%%s", a, c)
		lines = append(lines,
			fmt.Sprintf("%sblock  ! fgpu: the buffers of %s(:)%%%s, element by element", indent, a, c),
			indent+"  integer(8) :: fgpu_e",
			fmt.Sprintf("%s  do fgpu_e = lbound(%s, 1, kind=8), ubound(%s, 1, kind=8)", indent, a, a),
			fmt.Sprintf("%s    if (allocated(%s)) then", indent, el),
			fmt.Sprintf("%s      call fgpu_rt_elem(%d, %s, lbound(%s, kind=8))", indent, t.Slot, el, el),
			indent+"    else",
			fmt.Sprintf("%s      call fgpu_rt_elem_none(%d)", indent, t.Slot),
			indent+"    end if",
			indent+"  end do",
			indent+"end block")
	}
	call := wrap(fmt.Sprintf("%scall %s(%s)  ! fgpu: do concurrent offloaded", indent, k.Name, strings.Join(args, ", ")))
	if len(optArrays) > 0 || len(optScalars) > 0 {
		if len(optArrays) > 2 {
			*diags = append(*diags, frontend.NYI(frontend.NYIOptionalArgs, k.Do.Pos, k.Do.Pos,
				"more than two optional array arguments of %s in the loop", k.Proc.Name))
		} else {
			call = optionalCalls(k, args, optArrays, optScalars, indent)
		}
	}
	if len(varying) > 0 {
		lines = append(lines, varyingMax(k, varying, indent, call)...)
	} else {
		lines = append(lines, call...)
	}
	return edit{from: k.Do.Pos.Line, to: end.EndLine, lines: lines}, uses
}

func leadingSpace(col int) string {
	if col < 1 {
		col = 1
	}
	return strings.Repeat(" ", col-1)
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

// actualName is how the launch call names the variable of a kernel
// parameter: its name, or the component designator the components pass
// stands it for (lowering/components.go).
func actualName(s *frontend.Symbol) string {
	if s.Component != nil {
		return s.Component.String()
	}
	return s.Name
}

// nameAtLoop is how the launch call names variable s where the loop of k
// is: its name, when the loop's scope resolves it to s; for a public
// variable of a module that the procedure does not name (a procedure the
// loop calls uses it), a name a use line added to the procedure makes,
// fgpu_u_NAME (use returns the line).
func nameAtLoop(k *lowering.Kernel, s *frontend.Symbol) (name, use string, ok bool) {
	sc := k.Proc.Scope
	if k.Loop.Scope != nil && k.Loop.Scope.Parent != nil {
		sc = k.Loop.Scope.Parent
	}
	if sc != nil {
		if f := sc.Lookup(s.Name); f != nil && frontend.UltimateSymbol(f) == frontend.UltimateSymbol(s) {
			return s.Name, "", true
		}
	}
	u := frontend.UltimateSymbol(s)
	if u.Scope == nil || u.Scope.Kind != frontend.ScopeUnit || u.Scope.Unit == nil || u.Scope.Unit.Kind != frontend.UnitModule ||
		u.Private || u.Scope.DefaultPrivate && !u.Public {
		return "", "", false
	}
	alias := "fgpu_u_" + u.Name
	return alias, fmt.Sprintf("  use %s, only: %s => %s  ! fgpu: a variable a procedure the loop calls uses", u.Scope.Unit.Name, alias, u.Name), true
}

// varyingMax wraps the launch call in a block that goes over the
// iterations first, with the loop's indices as variables of the block (so
// the bounds read as written), and finds the largest number of elements
// each workspace whose bounds read an index needs (lowering.Workspace,
// Varying): the launch gives every slice that room.
func varyingMax(k *lowering.Kernel, ws []*lowering.Workspace, indent string, call []string) []string {
	in := indent + "  "
	lines := []string{indent + "block  ! fgpu: the largest slices of the arrays of the iterations"}
	for _, w := range ws {
		lines = append(lines, fmt.Sprintf("%sinteger(8) :: fgpu_wm%d", in, w.Slot))
	}
	lines = append(lines, indexDecls(k, in)...)
	for _, w := range ws {
		lines = append(lines, fmt.Sprintf("%sfgpu_wm%d = 0", in, w.Slot))
	}
	if corners := cornerValues(k, ws); corners != nil {
		// Rank-one arrays whose bounds are affine in the indices of one
		// header: the extent is largest at a corner of the iterations,
		// the first or last value of each index.
		for c := 0; c < 1<<len(k.Indices); c++ {
			for d, ix := range k.Indices {
				lines = append(lines, fmt.Sprintf("%s%s = %s", in, ix.Name, corners[d][(c>>d)&1]))
			}
			for _, w := range ws {
				lines = append(lines, wrap(fmt.Sprintf("%sfgpu_wm%d = max(fgpu_wm%d, %s)", in, w.Slot, w.Slot, workspaceElems(w)))...)
			}
		}
		for _, l := range call {
			lines = append(lines, "  "+l)
		}
		return append(lines, indent+"end block")
	}
	lines = append(lines, overIterations(k, in, func(depth string) (body []string) {
		for _, w := range ws {
			body = append(body, wrap(fmt.Sprintf("%sfgpu_wm%d = max(fgpu_wm%d, %s)", depth, w.Slot, w.Slot, workspaceElems(w)))...)
		}
		return body
	})...)
	for _, l := range call {
		lines = append(lines, "  "+l)
	}
	return append(lines, indent+"end block")
}

// optArray is an optional array dummy of the procedure that holds a loop,
// args[start:end] of the launch call (the array and its lower bounds).
type optArray struct {
	s          *frontend.Symbol
	start, end int
}

// optionalCalls writes the launch call of a loop that reads optional
// dummies of its procedure (design doc, "The offloading pipeline":
// present() is evaluated on the host, absent storage is handed over as
// none): a scalar is handed a copy made when it is present, an array
// itself when present and an empty array of its type and rank when not
// (one call for each combination, in an IF); present(x) in the loop is a
// flag the launch is handed (lowering/components.go, presentFlags).
func optionalCalls(k *lowering.Kernel, args []string, arrays []optArray, scalars []*frontend.Symbol, indent string) []string {
	in := indent + "  "
	lines := []string{indent + "block  ! fgpu: the optional arguments the loop reads, handed over when present"}
	for _, s := range scalars {
		lines = append(lines, fmt.Sprintf("%s%s :: fgpu_o_%s", in, s.Type, s.Name))
	}
	for _, a := range arrays {
		lines = append(lines, fmt.Sprintf("%s%s :: fgpu_none_%s(%s)", in, a.s.Type, a.s.Name, strings.TrimSuffix(strings.Repeat("0,", a.s.Rank), ",")))
	}
	for _, s := range scalars {
		lines = append(lines, fmt.Sprintf("%sif (present(%s)) fgpu_o_%s = %s", in, s.Name, s.Name, s.Name))
	}
	var variant func(i int, args []string, depth string)
	variant = func(i int, args []string, depth string) {
		if i == len(arrays) {
			lines = append(lines, wrap(fmt.Sprintf("%scall %s(%s)  ! fgpu: do concurrent offloaded", depth, k.Name, strings.Join(args, ", ")))...)
			return
		}
		a := arrays[i]
		absent := append([]string{}, args...)
		none := "fgpu_none_" + a.s.Name
		absent[a.start] = none
		for d := 1; d <= a.s.Rank; d++ {
			absent[a.start+d] = fmt.Sprintf("lbound(%s, %d, kind=8)", none, d)
		}
		lines = append(lines, fmt.Sprintf("%sif (present(%s)) then", depth, a.s.Name))
		variant(i+1, args, depth+"  ")
		lines = append(lines, depth+"else")
		variant(i+1, absent, depth+"  ")
		lines = append(lines, depth+"end if")
	}
	variant(0, args, in)
	return append(lines, indent+"end block")
}

// reallocPrealloc is what --realloc-lhs-arrays adds before a launch (design
// doc, "The offloading pipeline": writes to allocatable components of
// array elements get "host preallocation with --realloc-lhs-arrays"): for
// each assignment of the loop's body, unconditional, of a value of a shape
// known when the kernel is compiled to a whole allocatable component of an
// element (a(i)%w = ...), a loop over the iterations (the loop's indices as
// variables of a block, so the subscript reads as written) allocates the
// component of each element the loop assigns with the value's shape when it
// is not allocated. A component allocated with another shape is left as it
// is: deallocating storage the device may hold is the sync analysis's to
// decide, and the run-time check (facts/realloc.go) reports it.
func reallocPrealloc(k *lowering.Kernel, indent string) []string {
	var assigns []*frontend.AssignStmt
	for _, s := range k.Body {
		a, ok := s.(*frontend.AssignStmt)
		if !ok || !facts.ReallocTarget(a) {
			continue
		}
		if arr, _ := lowering.ElemComponentBase(a.LHS); arr == nil {
			continue
		}
		if _, ok := lowering.ConstShape(a.RHS); !ok {
			continue
		}
		assigns = append(assigns, a)
	}
	if len(assigns) == 0 {
		return nil
	}
	in := indent + "  "
	lines := []string{indent + "block  ! fgpu: --realloc-lhs-arrays: the components the loop assigns, allocated with the value's shape"}
	lines = append(lines, indexDecls(k, in)...)
	lines = append(lines, overIterations(k, in, func(depth string) (body []string) {
		for _, a := range assigns {
			sh, _ := lowering.ConstShape(a.RHS)
			var ext []string
			for _, n := range sh {
				ext = append(ext, fmt.Sprint(n))
			}
			lhs := a.LHS.String()
			body = append(body, wrap(fmt.Sprintf("%sif (.not. allocated(%s)) allocate(%s(%s))", depth, lhs, lhs, strings.Join(ext, ", ")))...)
		}
		return body
	})...)
	return append(lines, indent+"end block")
}

// workspaceElems is the number of elements of workspace array w, as a
// Fortran integer(8) expression of its bounds.
func workspaceElems(w *lowering.Workspace) string {
	var n []string
	for _, dim := range w.Sym.Shape.Dims {
		lo := "1_8"
		if dim.Lo != nil {
			lo = fmt.Sprintf("int(%s, 8)", dim.Lo)
		}
		n = append(n, fmt.Sprintf("max(0_8, int(%s, 8) - %s + 1)", dim.Hi, lo))
	}
	return strings.Join(n, " * ")
}

// cornerValues are, for each index of k, its first and last value as
// Fortran expressions, when every workspace of ws is of rank one with
// bounds affine in the indices and the indices are those of one header
// (the limits of combined loops may read outer indices): then the largest
// extent is at a corner. Nil otherwise (the host goes over the iterations).
func cornerValues(k *lowering.Kernel, ws []*lowering.Workspace) [][2]string {
	if len(k.Combined) > 0 || len(k.Indices) == 0 || len(k.Indices) > 3 || len(k.Bounds) != len(k.Indices) {
		return nil
	}
	for _, w := range ws {
		if w.Sym.Rank != 1 || !lowering.Affine(w.Sym.Shape.Dims[0].Lo) || !lowering.Affine(w.Sym.Shape.Dims[0].Hi) {
			return nil
		}
	}
	var out [][2]string
	for _, b := range k.Bounds {
		st := "1"
		if b.Step != nil {
			st = b.Step.String()
		}
		first := b.Lo.String()
		last := fmt.Sprintf("(%s) + (max(0, ((%s) - (%s) + (%s)) / (%s)) - 1) * (%s)", b.Lo, b.Hi, b.Lo, st, st, st)
		out = append(out, [2]string{first, last})
	}
	return out
}

// indexDecls declares the loop's indices as variables of a host block (of
// their types), so that expressions of the loop read as written there.
func indexDecls(k *lowering.Kernel, in string) []string {
	var lines []string
	for _, ix := range k.Indices {
		lines = append(lines, fmt.Sprintf("%s%s :: %s", in, ix.Type, ix.Name))
	}
	return lines
}

// overIterations is a nest of DO loops over the loop's iterations (its
// indices, indexDecls, over the limits of k.Bounds, outermost first)
// around the lines body writes at the nest's depth.
func overIterations(k *lowering.Kernel, in string, body func(depth string) []string) []string {
	var lines []string
	depth := in
	for d, b := range k.Bounds {
		st := ""
		if b.Step != nil {
			st = fmt.Sprintf(", %s", b.Step)
		}
		lines = append(lines, fmt.Sprintf("%sdo %s = %s, %s%s", depth, k.Indices[d].Name, b.Lo, b.Hi, st))
		depth += "  "
	}
	lines = append(lines, body(depth)...)
	for range k.Bounds {
		depth = depth[:len(depth)-2]
		lines = append(lines, depth+"end do")
	}
	return lines
}

// stripComment returns a free-form line without its trailing comment (a
// ! outside character literals).
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '!':
			return line[:i]
		}
	}
	return line
}
