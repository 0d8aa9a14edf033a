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

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/lowering"
	"fgpu/rules"

	"github.com/google/mangle/ast"
)

type analysisFlags struct {
	opts        rules.CheckOptions
	timePasses  bool
	defines     []string
	includeDirs []string
	files       []string
	help        bool
}

// parseAnalysisArgs reads the flags shared by check, explain, facts, query.
func parseAnalysisArgs(args []string) (analysisFlags, error) {
	f := analysisFlags{opts: rules.CheckOptions{Device: "cpu"}}
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
			f.opts.Device = d
		case isOffloadFlag(a):
			if err := offloadFlag(a, &f.opts); err != nil {
				return f, err
			}
		case a == "--time-passes":
			f.timePasses = true
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
	switch d {
	case "cpu", "cuda_cpu":
		return "cpu", nil
	case "cuda":
		return d, nil
	case "metal":
		if !building {
			return d, nil
		}
		return "", fmt.Errorf("--gpu=metal needs Apple's toolchain, so it cannot be built here: use fgpu check --gpu=metal, or --unsupported-as=metal to build for the CPU under Metal's rules")
	case "none":
		if building {
			return d, nil
		}
		return "", fmt.Errorf("--gpu=none keeps every loop on the host: there is nothing to check")
	}
	if building {
		return "", fmt.Errorf("unknown device %q in %s (cpu, cuda, cuda_cpu, none)", d, a)
	}
	return "", fmt.Errorf("unknown device %q in %s (cpu, cuda, metal)", d, a)
}

// isOffloadFlag reports the flags of the offload decision that check,
// explain, facts, query, build and run share.
func isOffloadFlag(a string) bool {
	switch a {
	case "--gpu-allow-cpu-fallback", "--show-gpu-kernel-source", "--gpu-offload-omp-loops":
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
	default:
		d := strings.TrimPrefix(a, "--unsupported-as=")
		if d != "metal" && d != "cuda" && d != "cpu" {
			return fmt.Errorf("unknown device %q in %s", d, a)
		}
		o.UnsupportedAs = d
	}
	return nil
}

// analyze runs the front end and the analyses; it reports diagnostics and
// returns nil (with the exit status) when it cannot go on.
func analyze(name string, f analysisFlags, stdout, stderr io.Writer) (*frontend.Program, *rules.CheckResult, *lowering.ArrayStmts, int) {
	t0 := time.Now()
	prog, diags := frontend.Load(f.files, frontend.Options{Defines: f.defines, IncludeDirs: f.includeDirs})
	tFront := time.Since(t0)
	diags.Render(stderr, prog)
	if diags.HasErrors() {
		return nil, nil, nil, exitError
	}
	cr, err := rules.Check(prog, f.opts)
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return nil, nil, nil, exitError
	}
	// Dead whole-array stores removed and array statements between launches
	// made parallel loops, as the build does (lowering/arraystmt.go).
	cr, as, err := lowering.ArrayStatements(prog, cr, f.opts)
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return nil, nil, nil, exitError
	}
	if f.timePasses {
		fmt.Fprintf(stderr, "time: front end %v\n", tFront.Round(time.Microsecond))
		fmt.Fprintf(stderr, "time: facts %v (%d facts)\n", cr.FactsTime.Round(time.Microsecond), len(cr.Facts.Atoms))
		fmt.Fprintf(stderr, "time: evaluation %v\n", cr.EvalTime.Round(time.Microsecond))
		var files []string
		for file := range cr.Result.FileTimes {
			files = append(files, file)
		}
		sort.Strings(files)
		for _, file := range files {
			fmt.Fprintf(stderr, "time:   %s %v\n", file, cr.Result.FileTimes[file].Round(time.Microsecond))
		}
	}
	if v := cr.Violations(); len(v) > 0 {
		fmt.Fprintf(stderr, "fgpu: internal error: the analyses broke their invariants:\n\t%s\n", strings.Join(v, "\n\t"))
		if name == "check" || name == "explain" {
			return nil, nil, nil, exitError
		}
	}
	return prog, cr, as, exitOK
}

func usageError(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
	commandUsage(stderr, lookup(name))
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
	prog, cr, as, rc := analyze("check", f, stdout, stderr)
	if cr == nil {
		return rc
	}
	dev := strings.TrimPrefix(cr.Device, "/dev/")
	var dead []*lowering.DeadStore
	if as != nil {
		dead = as.Dead
	}
	for _, l := range cr.Loops {
		for len(dead) > 0 && dead[0].Assign.Pos.Before(l.Pos) {
			printDeadStore(stdout, dead[0])
			dead = dead[1:]
		}
		switch l.Outcome {
		case "offload":
			fmt.Fprintf(stdout, "%s:%d: offload (%s)\n", l.Pos.File, l.Pos.Line, dev)
		default:
			fmt.Fprintf(stdout, "%s:%d: %s: %s\n", l.Pos.File, l.Pos.Line, l.Outcome, l.Reason)
		}
	}
	for _, d := range dead {
		printDeadStore(stdout, d)
	}
	cr.Diags.Render(stderr, prog)
	if cr.Diags.HasErrors() {
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
	_, cr, as, rc := analyze("explain", f, stdout, stderr)
	if cr == nil {
		return rc
	}
	found := false
	for _, l := range cr.Loops {
		if want := lines[l.Pos.File]; want != nil && !want[l.Pos.Line] {
			continue
		}
		found = true
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
	_, cr, _, rc := analyze("facts", f, stdout, stderr)
	if cr == nil {
		return rc
	}
	atoms := append([]ast.Atom(nil), cr.Facts.Atoms...)
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
		_, cr, _, rc := analyze("query", f, stdout, stderr)
		if cr == nil {
			return rc
		}
		result = cr.Result
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
