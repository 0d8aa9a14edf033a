package main

// The analysis commands: check, explain, facts, query (ARCHITECTURE.md
// section 5). They run the front end, then the facts and rules stages.

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"fgpu/cmd/fgpu/driver"
	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/lowering"
	"fgpu/rules"

	"github.com/google/mangle/ast"
)

type analysisFlags struct {
	opts        rules.CheckOptions
	device      string // --gpu
	timePasses  bool
	stopAfter   *driver.Phase // --stop-after (nil: not given)
	dumpDir     string        // --dump-dir
	defines     []string
	includeDirs []string
	form        frontend.Options // the source form (-ffixed-form, ...)
	report      bool             // --offload-report (check)
	files       []string
	help        bool
}

// parseAnalysisArgs reads the flags shared by check, explain, facts, query.
func parseAnalysisArgs(args []string) (analysisFlags, error) {
	f := analysisFlags{opts: rules.CheckOptions{Target: target.Must("cpu")}, device: "cpu"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.files = append(f.files, args[i+1:]...)
			return f, nil
		case a == "-h" || a == "-help" || a == "--help":
			f.help = true
		case strings.HasPrefix(a, "--gpu="):
			d, err := gpuFlag(a, false)
			if err != nil {
				return f, err
			}
			f.device = d
		case isOffloadFlag(a):
			if err := offloadFlag(a, &f.opts); err != nil {
				return f, err
			}
		case a == "--time-passes":
			f.timePasses = true
		case a == "--offload-report":
			f.report = true
		case a == "--realloc-lhs-arrays":
			// A build flag that decides no loop (host code before the
			// launches): accepted, so check and build take the same flags.
		case a == "-fopenmp":
			// The host compile's OpenMP (build passes it to the host
			// compiler); the analyses read the !$omp directives either
			// way: accepted, so check and build take the same flags.
		case isPipelineFlag(a):
			if err := pipelineFlag(a, &f.stopAfter, &f.dumpDir); err != nil {
				return f, err
			}
		case isSourceFormFlag(a):
			if err := sourceFormFlag(a, &f.form.FixedForm, &f.form.FreeForm, &f.form.FixedLineLength); err != nil {
				return f, err
			}
		default:
			n, err := preprocessorOrFile(args, i, &f.defines, &f.includeDirs, &f.files)
			if err != nil {
				return f, err
			}
			i = n
		}
	}
	return f, nil
}

// gpuFlag reads --gpu=DEVICE: check and the analysis commands take metal
// (no toolchain needed) but not none; build and run the reverse.
func gpuFlag(a string, building bool) (string, error) {
	d := strings.TrimPrefix(a, "--gpu=")
	t, err := target.Parse(d)
	if err != nil {
		return "", fmt.Errorf("%v in %s", err, a)
	}
	if building {
		if _, err := driver.BuildTarget(d); err != nil {
			return "", err
		}
		return t.Name, nil
	}
	if !t.Offloads() {
		return "", fmt.Errorf("--gpu=%s keeps every loop on the host: there is nothing to check", t.Name)
	}
	return t.Name, nil
}

// isPipelineFlag reports the flags of the pipeline that the analysis
// commands and build share (--time-passes aside).
func isPipelineFlag(a string) bool {
	return strings.HasPrefix(a, "--stop-after=") || strings.HasPrefix(a, "--dump-dir=")
}

// pipelineFlag applies one of those flags.
func pipelineFlag(a string, stop **driver.Phase, dumpDir *string) error {
	if v, ok := strings.CutPrefix(a, "--stop-after="); ok {
		p, err := driver.ParsePhase(v)
		if err != nil {
			return err
		}
		*stop = &p
		return nil
	}
	v := strings.TrimPrefix(a, "--dump-dir=")
	if v == "" {
		return fmt.Errorf("flag --dump-dir needs a directory")
	}
	*dumpDir = v
	return nil
}

// isOffloadFlag reports the flags of the offload decision that check,
// explain, facts, query, build and run share.
func isOffloadFlag(a string) bool {
	switch a {
	case "--gpu-allow-cpu-fallback", "--show-gpu-kernel-source", "--gpu-offload-omp-loops", "-fcheck=bounds", "-fcheck=all":
		return true
	}
	return strings.HasPrefix(a, "--unsupported-as=")
}

// offloadFlag applies one of those flags.
func offloadFlag(a string, o *rules.CheckOptions) error {
	switch {
	case a == "--gpu-allow-cpu-fallback":
		o.Fallback = true
	case a == "--show-gpu-kernel-source":
		o.ShowKernelSource = true
	case a == "--gpu-offload-omp-loops":
		o.OffloadOmp = true
	case a == "-fcheck=bounds" || a == "-fcheck=all":
		// gfortran's flags: kernels check their subscripts as the host
		// code does (facts/bounds.go).
		o.BoundsCheck = true
	default:
		t, err := target.Parse(strings.TrimPrefix(a, "--unsupported-as="))
		if err != nil || !t.Offloads() {
			return fmt.Errorf("unknown device %q in %s", strings.TrimPrefix(a, "--unsupported-as="), a)
		}
		o.UnsupportedAs = t
	}
	return nil
}

// analyze runs the pipeline (cmd/fgpu/driver/pipeline.go) up to emit,
// or to --stop-after; it reports diagnostics and returns a nil result (with
// the exit status) when the program has errors or the analyses cannot
// run. check and explain run it to the end, as build does, so that they
// report what build would (not-yet-implemented constructs included);
// facts and query stop after the analyses.
func analyze(name string, f analysisFlags, stdout, stderr io.Writer) (*driver.Result, int) {
	stop := driver.PhaseEmit
	switch {
	case f.stopAfter != nil:
		stop = *f.stopAfter
	case name == "facts" || name == "query":
		stop = driver.PhaseArrayStmts
	}
	if stop > driver.PhaseEmit {
		stop = driver.PhaseEmit // nothing is compiled by the analysis commands
	}
	t, err := target.Parse(f.device)
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return nil, exitError
	}
	r, err := driver.Pipeline(driver.Config{
		Files:           f.files,
		Defines:         f.defines,
		IncludeDirs:     f.includeDirs,
		Form:            f.form,
		Target:          t,
		Check:           f.opts,
		StopAfter:       stop,
		DumpDir:         f.dumpDir,
		ViolationsFatal: name == "check" || name == "explain",
	})
	if f.timePasses {
		r.PrintTimes(stderr)
	}
	if err != nil {
		r.Diags.Render(stderr, r.Prog)
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return nil, exitError
	}
	if len(r.Violations) > 0 {
		fmt.Fprintf(stderr, "fgpu: internal error: the analyses broke their invariants:\n\t%s\n", strings.Join(r.Violations, "\n\t"))
	}
	if r.Check == nil {
		// Stopped (or failed) before the analyses: the front end's
		// diagnostics are all there is.
		r.Diags.Render(stderr, r.Prog)
		if r.Failed() {
			return nil, exitError
		}
		return nil, exitOK
	}
	return r, exitOK
}

func usageError(stderr io.Writer, name string, err error) int {
	// The message, the command's synopsis and where the flags are
	// described: a dump of every flag hides the message it follows.
	fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
	c := lookup(name)
	fmt.Fprintf(stderr, "Usage: fgpu %s %s (fgpu help %s describes every flag)\n", c.name, c.args, name)
	return exitUsage
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	f, err := parseAnalysisArgs(args)
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		return usageError(stderr, "check", err)
	}
	if f.help {
		commandUsage(stdout, lookup("check"))
		return exitOK
	}
	r, rc := analyze("check", f, stdout, stderr)
	if r == nil {
		return rc
	}
	cr, as := r.Check, r.ArrayStmts
	dev := cr.Target.Name
	var dead []*lowering.DeadStore
	if as != nil {
		dead = as.Dead
	}
	// The first not-yet-implemented limit of each loop (lowering, emit).
	limits := map[frontend.Pos]string{}
	for _, d := range r.Diags {
		if d.Severity == frontend.SevError && strings.HasPrefix(d.Code, "nyi_") && d.Loop != (frontend.Pos{}) && limits[d.Loop] == "" {
			limits[d.Loop] = d.Code
		}
	}
	for _, l := range cr.Loops {
		for len(dead) > 0 && dead[0].Assign.Pos.Before(l.Pos) {
			printDeadStore(stdout, dead[0])
			dead = dead[1:]
		}
		switch {
		case l.Outcome == "offload" && limits[l.Pos] != "":
			// Assigned to the device, and a construct of it is not yet
			// implemented there: build stops at it (the diagnostic below).
			fmt.Fprintf(stdout, "%s:%d: error: %s\n", l.Pos.File, l.Pos.Line, limits[l.Pos])
		case l.Outcome == "offload" && f.report:
			fmt.Fprintf(stdout, "%s:%d: %s\n", l.Pos.File, l.Pos.Line, driver.LoopDetail(r, l.Pos))
		case l.Outcome == "offload":
			fmt.Fprintf(stdout, "%s:%d: offload (%s)\n", l.Pos.File, l.Pos.Line, dev)
		default:
			fmt.Fprintf(stdout, "%s:%d: %s: %s\n", l.Pos.File, l.Pos.Line, l.Outcome, l.Reason)
		}
	}
	for _, d := range dead {
		printDeadStore(stdout, d)
	}
	if f.report && !r.Failed() {
		driver.DataReport(stdout, r)
	}
	if f.opts.ShowKernelSource && !r.Failed() {
		// --show-gpu-kernel-source: the kernels build would compile,
		// after the loops' lines (check's report is its stdout; its
		// stderr stays what build reports).
		switch {
		case r.Output == nil:
			fmt.Fprintln(stdout, "fgpu: check: the kernels are written by the emit phase (--stop-after stopped before it)")
		case r.Output.Kernels == "":
			fmt.Fprintln(stdout, "fgpu: no loop is offloaded: there is no kernel source")
		default:
			fmt.Fprintf(stdout, "fgpu: kernel source (%s):\n%s", r.Output.KernelFile, r.Output.Kernels)
		}
	}
	// Every phase's diagnostics, as build reports them: the analyses'
	// and the not-yet-implemented limits of lowering and emit alike.
	r.Diags.Render(stderr, r.Prog)
	if r.Failed() {
		return exitError
	}
	return exitOK
}

// runExplain prints, for each loop (or the loop at FILE:LINE), the
// shortest derivation of its outcome as a positioned chain.
func runExplain(args []string, stdout, stderr io.Writer) int {
	f, err := parseAnalysisArgs(args)
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		return usageError(stderr, "explain", err)
	}
	if f.help {
		commandUsage(stdout, lookup("explain"))
		return exitOK
	}
	lines := map[string]map[int]bool{}
	var files []string // each file once, also when several of its lines are asked about
	seen := map[string]bool{}
	for _, file := range f.files {
		if j := strings.LastIndexByte(file, ':'); j > 0 {
			if n, err := strconv.Atoi(file[j+1:]); err == nil {
				file = file[:j]
				if lines[file] == nil {
					lines[file] = map[int]bool{}
				}
				lines[file][n] = true
			}
		}
		if !seen[file] {
			seen[file] = true
			files = append(files, file)
		}
	}
	f.files = files
	r, rc := analyze("explain", f, stdout, stderr)
	if r == nil {
		return rc
	}
	r.PhaseDiags(driver.PhaseLoad).Render(stderr, r.Prog)
	cr, as := r.Check, r.ArrayStmts
	found, failed := false, false
	for _, l := range cr.Loops {
		if want := lines[l.Pos.File]; want != nil && !want[l.Pos.Line] {
			continue
		}
		found = true
		if l.Outcome == "error" {
			failed = true // an explained loop that is an error: exit 1, as check and build
		}
		for _, line := range rules.ExplainLoop(cr, l) {
			fmt.Fprintln(stdout, line)
		}
		if sl := as.Synthesized(l.Pos); sl != nil {
			fmt.Fprintln(stdout, "\tthis parallel loop is a whole-array assignment sent to the device:")
			for _, line := range sl.Why {
				fmt.Fprintln(stdout, line)
			}
		}
	}
	if explainSyncAt(cr, lines, stdout) { // waits, discards, stale marks, leaves at the lines
		found = true
	}
	if !found {
		fmt.Fprintln(stderr, "fgpu: explain: no parallel loop at the given lines")
		return exitError
	}
	if failed {
		return exitError
	}
	return exitOK
}

func runFacts(args []string, stdout, stderr io.Writer) int {
	f, err := parseAnalysisArgs(args)
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		return usageError(stderr, "facts", err)
	}
	if f.help {
		commandUsage(stdout, lookup("facts"))
		return exitOK
	}
	r, rc := analyze("facts", f, stdout, stderr)
	if r == nil {
		return rc
	}
	r.PhaseDiags(driver.PhaseLoad).Render(stderr, r.Prog)
	cr := r.Check
	atoms := append(append([]ast.Atom(nil), cr.Facts.Atoms...), cr.Facts.Locs()...) // positions too (not evaluated)
	atoms = append(atoms, ast.NewAtom("device", facts.Name(cr.Device)))
	if err := rules.FormatFacts(stdout, atoms); err != nil {
		fmt.Fprintf(stderr, "fgpu: facts: %v\n", err)
		return exitError
	}
	return exitOK
}

func runQuery(args []string, stdout, stderr io.Writer) int {
	f, err := parseAnalysisArgs(args)
	if err == nil && !f.help && len(f.files) < 2 {
		err = fmt.Errorf("needs files and a goal")
	}
	if err != nil {
		return usageError(stderr, "query", err)
	}
	if f.help {
		commandUsage(stdout, lookup("query"))
		return exitOK
	}
	goal := f.files[len(f.files)-1]
	f.files = f.files[:len(f.files)-1]
	var result *rules.Result
	if strings.HasSuffix(f.files[0], ".mg") {
		// A dump of `fgpu facts`: evaluate the rules over it.
		var facts []ast.Atom
		for _, file := range f.files {
			b, err := os.ReadFile(file)
			if err != nil {
				fmt.Fprintf(stderr, "fgpu: query: %v\n", err)
				return exitError
			}
			fs, err := rules.ParseFacts(string(b))
			if err != nil {
				fmt.Fprintf(stderr, "fgpu: query: %s: %v\n", file, err)
				return exitError
			}
			facts = append(facts, fs...)
		}
		r, err := rules.Evaluate(facts, 5_000_000, time.Minute)
		if err != nil {
			fmt.Fprintf(stderr, "fgpu: query: %v\n", err)
			return exitError
		}
		result = r
	} else {
		r, rc := analyze("query", f, stdout, stderr)
		if r == nil {
			return rc
		}
		r.PhaseDiags(driver.PhaseLoad).Render(stderr, r.Prog)
		result = r.Check.Result
	}
	atoms, err := result.Query(goal)
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: query: %v\n", err)
		return exitError
	}
	return func() int {
		if err := rules.FormatFacts(stdout, atoms); err != nil {
			fmt.Fprintf(stderr, "fgpu: query: %v\n", err)
			return exitError
		}
		return exitOK
	}()
}

// printDeadStore lists a whole-array assignment the dead_array_store pass
// removed, in the format of the loop lines.
func printDeadStore(w io.Writer, d *lowering.DeadStore) {
	fmt.Fprintf(w, "%s:%d: removed: dead_array_store\n", d.Assign.Pos.File, d.Assign.Pos.Line)
}

// explainSyncAt explains the sync decisions (rules/sync.mg) about the
// statements of the given lines, in file and line order.
func explainSyncAt(cr *rules.CheckResult, lines map[string]map[int]bool, stdout io.Writer) bool {
	found := false
	var files []string
	for file := range lines {
		files = append(files, file)
	}
	sort.Strings(files)
	for _, file := range files {
		var ns []int
		for n := range lines[file] {
			ns = append(ns, n)
		}
		sort.Ints(ns)
		for _, n := range ns {
			for _, pt := range cr.SyncPointsAt(file, n) {
				found = true
				for _, line := range rules.ExplainSync(cr, pt) {
					fmt.Fprintln(stdout, line)
				}
			}
		}
	}
	return found
}
