package driver

// The pipeline: one function, named phases, that check, explain, facts,
// query, build and the tests all run (ARCHITECTURE.md section 2). Each
// phase reads what the ones before it produced; --stop-after ends the run
// after a phase, --time-passes prints each phase's time and --dump-dir
// writes what each phase produced, the facts exactly as evaluated (which
// `fgpu query DIR/facts.mg GOAL` evaluates again).

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"fgpu/emit"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/kernelir"
	"fgpu/lowering"
	"fgpu/rules"

	"github.com/google/mangle/ast"
)

// Phase is one step of the pipeline.
type Phase int

const (
	PhaseLoad       Phase = iota // source -> typed program (frontend.Load)
	PhaseFacts                   // typed program -> facts, with the device and options (rules.Extract)
	PhaseAnalyses                // the rules evaluated; loop outcomes, diagnostics (rules.CheckInput)
	PhaseArrayStmts              // dead array stores removed, array statements made loops (lowering.ArrayStatements)
	PhaseLowering                // kernels extracted and verified (lowering.Lower)
	PhaseSync                    // fetches, waits, discards placed in the host text (lowering.PlaceSync)
	PhaseEmit                    // host Fortran, interface module, kernels (emit.Generate)
	PhaseCompile                 // build only: the compilers and the link
)

var phaseNames = []string{"load", "facts", "analyses", "array-statements", "lowering", "sync", "emit", "compile"}

func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return fmt.Sprintf("phase(%d)", int(p))
	}
	return phaseNames[p]
}

// PhaseNames lists the phases in order.
func PhaseNames() []string { return append([]string(nil), phaseNames...) }

// ParsePhase reads a phase name of --stop-after.
func ParsePhase(s string) (Phase, error) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), nil
		}
	}
	return 0, fmt.Errorf("unknown phase %q (%s)", s, strings.Join(phaseNames, ", "))
}

// Config is what one run of the pipeline reads.
type Config struct {
	Files []string
	// Source, when set, is the one file of the program, given as text
	// (tests of golden files; Files is then ignored).
	Source               *Source
	Defines, IncludeDirs []string
	// Form: the source form (its FixedForm, FreeForm and FixedLineLength
	// go to frontend.Load; Defines and IncludeDirs are the fields above).
	Form   frontend.Options
	Target *target.Target // nil: cpu
	// Check: the offload choices (fallback, unsupported-as, omp loops);
	// its Device is set from Target.
	Check rules.CheckOptions
	Fast  bool // --fast
	// HostOpt: the host compiler's optimisation flag (emit.Options.HostOpt).
	HostOpt string
	// ReallocLHS: --realloc-lhs-arrays (emit.Options.ReallocLHS).
	ReallocLHS bool
	// KeepRefs: the host compiler warns (a -W flag; emit.Options.KeepRefs).
	KeepRefs bool
	// StopAfter: the last phase to run (PhaseEmit when zero-valued
	// Config is used through Analyze: see RunAll).
	StopAfter Phase
	// DumpDir: where each phase writes what it produced ("" for none).
	DumpDir string
	// ViolationsFatal: the analyses' broken invariants are an error
	// (check, explain, build), else only reported (facts, query).
	ViolationsFatal bool
	// Apple: build --gpu=metal. The emit phase writes the MSL and the
	// launch routines for Apple's toolchain (emit.Output.MSL), from the
	// kernels lowered as for metal_cpu (the same rules, and the kernels
	// that run here); without it a metal run emits for the CPU, as check
	// --gpu=metal does.
	Apple bool
}

// Source is a file given as text.
type Source struct {
	Name string
	Text []byte
}

// PhaseTime is the wall time of one phase.
type PhaseTime struct {
	Phase Phase
	Time  time.Duration
}

// Result is what the pipeline produced, up to the last phase it ran.
type Result struct {
	Prog       *frontend.Program
	Input      *rules.Input
	Check      *rules.CheckResult
	ArrayStmts *lowering.ArrayStmts
	Plan       *lowering.Plan
	Sync       *lowering.SyncPlan
	Output     *emit.Output
	// Diags: every diagnostic of the phases run (warnings too), in phase
	// order. A phase with errors ends the run.
	Diags frontend.Diagnostics
	// Last is the last phase that ran to its end.
	Last  Phase
	Times []PhaseTime
	// Violations are the analyses' broken invariants (expected none).
	Violations []string
	// diagEnd[p] is len(Diags) at the end of phase p.
	diagEnd map[Phase]int
}

// PhaseDiags returns the diagnostics of phase p.
func (r *Result) PhaseDiags(p Phase) frontend.Diagnostics {
	end, ok := r.diagEnd[p]
	if !ok {
		return nil
	}
	start := 0
	for q := p - 1; q >= 0; q-- {
		if e, ok := r.diagEnd[q]; ok {
			start = e
			break
		}
	}
	return r.Diags[start:end]
}

// Failed reports whether a phase produced errors.
func (r *Result) Failed() bool { return r.Diags.HasErrors() }

// Pipeline runs the phases up to cfg.StopAfter. A phase's errors (in
// r.Diags) end the run with err nil; err is for what is not a diagnostic
// of the program (an evaluation limit, a dump that cannot be written).
func Pipeline(cfg Config) (r *Result, err error) {
	t := cfg.Target
	if t == nil {
		t = target.Must("cpu")
	}
	r = &Result{Last: -1, diagEnd: map[Phase]int{}}
	if cfg.DumpDir != "" {
		if err := os.MkdirAll(cfg.DumpDir, 0o755); err != nil {
			return r, err
		}
	}
	// The kernels are generated for et: t, or the CPU for a target whose
	// emitter does not exist here (metal: issue 16), so that check
	// --gpu=metal applies Metal's rules and reports the limits of the
	// shared C++ body writer, as build --unsupported-as=metal does.
	et := t
	if !t.Buildable {
		et = target.Must("cpu")
	}
	lt := et // the target of lowering
	if cfg.Apple && t.IsMetal() {
		et, lt = t, target.Must("metal_cpu")
	}
	copts := cfg.Check // read only by the phases that run when t offloads
	copts.Target = t
	step := func(p Phase, fn func() error) (bool, error) {
		if p > cfg.StopAfter || r.Failed() {
			return false, nil
		}
		t0 := time.Now()
		if err := fn(); err != nil {
			return false, err
		}
		r.Times = append(r.Times, PhaseTime{p, time.Since(t0)})
		r.diagEnd[p] = len(r.Diags)
		if r.Failed() {
			return false, nil
		}
		r.Last = p
		if cfg.DumpDir != "" {
			if err := r.dump(cfg.DumpDir, p); err != nil {
				return false, fmt.Errorf("--dump-dir: %v", err)
			}
		}
		return p < cfg.StopAfter, nil
	}
	phases := []struct {
		p  Phase
		fn func() error
	}{
		{PhaseLoad, func() error {
			var prog *frontend.Program
			var diags frontend.Diagnostics
			if cfg.Source != nil {
				prog, diags = frontend.LoadSource(cfg.Source.Name, cfg.Source.Text)
			} else {
				fo := cfg.Form
				fo.Defines, fo.IncludeDirs = cfg.Defines, cfg.IncludeDirs
				// Host parallel do loops become parallel loops only where
				// loops are offloaded (with --gpu=none they stay the user's).
				fo.OmpLoops = cfg.Check.OffloadOmp && t.Offloads()
				prog, diags = frontend.Load(cfg.Files, fo)
			}
			r.Prog = prog
			r.Diags = append(r.Diags, diags...)
			if prog == nil && !diags.HasErrors() {
				return errors.New("the front end returned no program")
			}
			return nil
		}},
		{PhaseFacts, func() error {
			if !t.Offloads() {
				return nil
			}
			in, err := rules.Extract(r.Prog, copts)
			r.Input = in
			return err
		}},
		{PhaseAnalyses, func() error {
			if !t.Offloads() {
				return nil
			}
			cr, err := rules.CheckInput(r.Prog, r.Input, copts)
			if err != nil {
				return err
			}
			r.Check = cr
			return nil
		}},
		{PhaseArrayStmts, func() error {
			if !t.Offloads() {
				return nil
			}
			// The analyses run again on the rewritten program when a
			// statement changed: r.Check is then the second result.
			cr, as, err := lowering.ArrayStatements(r.Prog, r.Check, copts)
			if err != nil {
				return err
			}
			r.Check, r.ArrayStmts = cr, as
			r.Diags = append(r.Diags, cr.Diags...)
			if v := cr.Violations(); len(v) > 0 {
				r.Violations = v
				if cfg.ViolationsFatal {
					return fmt.Errorf("internal error: the analyses broke their invariants:\n\t%s", strings.Join(v, "\n\t"))
				}
			}
			return nil
		}},
		{PhaseLowering, func() error {
			plan, diags := lowering.Lower(r.Prog, r.Check, lowering.Options{Target: lt})
			r.Plan = plan
			r.Diags = append(r.Diags, diags...)
			return nil
		}},
		{PhaseSync, func() error {
			if len(r.Plan.Kernels) == 0 {
				return nil
			}
			sp, diags := lowering.PlaceSync(r.Prog, r.Check, r.Plan)
			r.Sync = sp
			r.Diags = append(r.Diags, diags...)
			return nil
		}},
		{PhaseEmit, func() error {
			out, diags := emit.Generate(r.Prog, r.Check, r.Plan, r.Sync, emit.Options{Target: et, Fast: cfg.Fast, HostOpt: cfg.HostOpt, ReallocLHS: cfg.ReallocLHS, ArrayStmts: r.ArrayStmts, BoundsCheck: cfg.Check.BoundsCheck, KeepRefs: cfg.KeepRefs})
			r.Output = out
			r.Diags = append(r.Diags, diags...)
			return nil
		}},
	}
	for _, ph := range phases {
		more, err := step(ph.p, ph.fn)
		if err != nil {
			return r, err
		}
		if !more {
			break
		}
	}
	return r, nil
}

// PrintTimes writes --time-passes: one line a phase, then the analyses'
// time per rule file.
func (r *Result) PrintTimes(w io.Writer) {
	for _, pt := range r.Times {
		fmt.Fprintf(w, "time: %-16s %v\n", pt.Phase, pt.Time.Round(time.Microsecond))
		if pt.Phase == PhaseFacts && r.Input != nil {
			fmt.Fprintf(w, "time:   %d facts\n", len(r.Input.Atoms))
		}
		if pt.Phase == PhaseAnalyses && r.Check != nil && r.Check.Result != nil {
			var files []string
			for file := range r.Check.Result.FileTimes {
				files = append(files, file)
			}
			sort.Strings(files)
			for _, file := range files {
				fmt.Fprintf(w, "time:   %s %v\n", file, r.Check.Result.FileTimes[file].Round(time.Microsecond))
			}
		}
	}
}

// dump writes what phase p produced into dir: facts.mg (the atoms
// evaluated), analyses.mg (the model: input and derived facts), the same
// pair again for array-statements when it evaluated a rewritten program,
// lowering.txt (kernels and host loops), NAME.kir (each kernel in the
// kernel IR), sync.txt (the placed host
// calls) and the generated files of emit under emit/.
func (r *Result) dump(dir string, p Phase) error {
	write := func(name string, fn func(io.Writer) error) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	switch p {
	case PhaseLoad:
		return write("load.txt", func(w io.Writer) error { frontend.Dump(w, r.Prog); return nil })
	case PhaseFacts:
		if r.Input == nil {
			return nil
		}
		return write("facts.mg", func(w io.Writer) error { return rules.FormatFacts(w, r.Input.Atoms) })
	case PhaseAnalyses:
		if r.Check == nil {
			return nil
		}
		return write("analyses.mg", func(w io.Writer) error { return rules.FormatFacts(w, r.Check.Result.All()) })
	case PhaseArrayStmts:
		if r.Check == nil || r.Input == nil || sameAtoms(r.Check.Input, r.Input.Atoms) {
			return nil
		}
		if err := write("array-statements.facts.mg", func(w io.Writer) error { return rules.FormatFacts(w, r.Check.Input) }); err != nil {
			return err
		}
		return write("array-statements.mg", func(w io.Writer) error { return rules.FormatFacts(w, r.Check.Result.All()) })
	case PhaseLowering:
		if err := write("lowering.txt", func(w io.Writer) error { lowering.DumpPlan(w, r.Plan); return nil }); err != nil {
			return err
		}
		// Each kernel in the kernel IR (lowering/kir.go): NAME.kir.
		if r.Plan == nil {
			return nil
		}
		for _, k := range r.Plan.Kernels {
			if k.IR == nil {
				continue
			}
			if err := write(k.Name+".kir", func(w io.Writer) error { kernelir.Fprint(w, k.IR); return nil }); err != nil {
				return err
			}
		}
		return nil
	case PhaseSync:
		return write("sync.txt", func(w io.Writer) error { lowering.DumpSync(w, r.Sync); return nil })
	case PhaseEmit:
		if r.Output == nil {
			return nil
		}
		ed := filepath.Join(dir, "emit")
		if err := os.MkdirAll(ed, 0o755); err != nil {
			return err
		}
		files := map[string]string{}
		for path, text := range r.Output.Host {
			files[filepath.Base(path)] = text
		}
		if r.Output.Interface != "" {
			files[r.Output.InterfaceFile] = r.Output.Interface
		}
		if r.Output.Kernels != "" {
			files[r.Output.KernelFile] = r.Output.Kernels
		}
		for _, u := range r.Output.KernelUnits {
			files[u.File] = u.Text // (what a build compiles: emit/kunits.go)
		}
		if r.Output.MSL != "" {
			files[r.Output.MSLFile] = r.Output.MSL
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(ed, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// sameAtoms reports whether two atom lists are the same slice (the
// array-statements phase did not evaluate again).
func sameAtoms(a, b []ast.Atom) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// NotYetImplemented returns the messages of the not-yet-implemented
// limits (frontend/nyi.go) among a build's diagnostics and error.
func NotYetImplemented(ds frontend.Diagnostics, err error) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == frontend.SevError && strings.HasPrefix(d.Code, "nyi_") {
			out = append(out, d.Msg)
		}
	}
	if err != nil && !errors.Is(err, ErrCompile) && strings.Contains(err.Error(), "not yet implemented") {
		out = append(out, err.Error())
	}
	return out
}

// ProgramFlags reads the fgpu flags a test program gives on its first
// line, "! FLAGS: ..." (ARCHITECTURE.md section 6); nil without one.
func ProgramFlags(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	first, _, _ := strings.Cut(string(b), "\n")
	if _, rest, ok := strings.Cut(first, "! FLAGS:"); ok {
		return strings.Fields(rest)
	}
	return nil
}
