package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"fgpu/cmd/fgpu/driver"
	"fgpu/rules"

	"github.com/google/go-cmp/cmp"
)

// root is the repository, relative to this package's folder.
var root = filepath.Join("..", "..")

// agreePrograms lists every program of the repository (spec-tests, e2e
// programs, bench programs), each as its files and its "! FLAGS:" line.
func agreePrograms(t *testing.T) map[string][]string {
	t.Helper()
	progs := map[string][]string{}
	for _, pat := range []string{"spec-tests/*/*.f90", "spec-tests/*/*.F90", "emit/testdata/e2e/*.f90", "emit/testdata/e2e/*.F90"} {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			progs[rel] = []string{f}
		}
	}
	bench := func(name string, files ...string) {
		var fs []string
		for _, f := range files {
			fs = append(fs, filepath.Join(root, "bench", f))
		}
		progs["bench/"+name] = fs
	}
	bench("heat", "heat/heat.f90")
	bench("stream", "stream/stream.f90")
	bench("transpose", "apps/transpose/transpose.f90")
	timer := []string{"apps/common/wtime.f90", "apps/common/stats.f90"}
	bench("stream_mod", append(timer, "apps/stream_mod/stream_kernels.f90", "apps/stream_mod/stream_mod.f90")...)
	bench("stream_main", "apps/common/stats.f90", "apps/stream_mod/stream_main.f90")
	bench("daxpy", append(timer, "apps/daxpy/daxpy_sub.f90", "apps/daxpy/daxpy_mod.f90", "apps/daxpy/daxpy.f90")...)
	bench("daxpy_main", "apps/common/stats.f90", "apps/daxpy/daxpy_main.f90")
	bench("timestep", append(timer, "apps/timestep/ts_state.f90", "apps/timestep/ts_solver.f90", "apps/timestep/timestep.f90")...)
	bench("ts_main", "apps/common/stats.f90", "apps/timestep/ts_state.f90", "apps/timestep/ts_main.f90")
	bench("smallstep", append(timer, "apps/smallstep/smallstep_mod.f90", "apps/smallstep/smallstep.f90")...)
	bench("stencil", "analysis/stencil/kinds.f90", "analysis/stencil/mesh.f90", "analysis/stencil/physics.f90",
		"analysis/stencil/solver.f90", "analysis/stencil/diagnostics.f90", "analysis/stencil/main.f90")
	if len(progs) < 200 {
		t.Fatalf("found %d programs: the globs are wrong", len(progs))
	}
	return progs
}

// TestCheckBuildAgree: on every program of the repository, for the CPU
// and CUDA targets (or the one its FLAGS name), `fgpu check` fails exactly
// when `fgpu build` does (through emit: --stop-after=emit), with the same
// diagnostics; a loop whose construct is not yet implemented is not
// reported as offloaded.
func TestCheckBuildAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the pipeline on every program")
	}
	progs := agreePrograms(t)
	names := make([]string, 0, len(progs))
	for n := range progs {
		names = append(names, n)
	}
	sort.Strings(names)
	failing := 0
	for _, name := range names {
		files := progs[name]
		flags := driver.ProgramFlags(files[0])
		devices := []string{"--gpu=cpu", "--gpu=cuda"}
		var rest []string
		for _, f := range flags {
			if strings.HasPrefix(f, "--gpu=") {
				devices = []string{f}
			} else {
				rest = append(rest, f)
			}
		}
		for _, dev := range devices {
			checkArgs := append(append([]string{"check", dev}, rest...), files...)
			buildDev := []string{dev}
			if dev == "--gpu=metal" { // built for the CPU under Metal's rules
				buildDev = []string{"--gpu=cpu", "--unsupported-as=metal"}
			}
			buildArgs := append(append(append([]string{"build", "--stop-after=emit"}, buildDev...), rest...), files...)
			cc, cout, cerr := runCLI(t, checkArgs...)
			bc, bout, berr := runCLI(t, buildArgs...)
			if bout != "" {
				t.Errorf("%s %s: build --stop-after=emit wrote to stdout: %q", name, dev, bout)
			}
			if cc != bc {
				t.Errorf("%s %s: check exits %d, build %d\ncheck stderr:\n%s\nbuild stderr:\n%s", name, dev, cc, bc, cerr, berr)
				continue
			}
			if d := cmp.Diff(berr, cerr); d != "" {
				t.Errorf("%s %s: check and build report different diagnostics (-build +check):\n%s", name, dev, d)
			}
			if cc != 0 {
				failing++
				if strings.Contains(cerr, "not yet implemented") && strings.Contains(cerr, "note: in this loop") && !strings.Contains(cout, ": error: nyi_") {
					t.Errorf("%s %s: a loop of the device does not build, and check's lines do not say which:\n%s", name, dev, cout)
				}
			}
		}
	}
	if failing == 0 {
		t.Errorf("no program failed: the error cases (spec-tests/NYI.txt, error markers) are not reached")
	}
}

// TestStopAfterAndDumpDir: --stop-after ends the pipeline after the
// named phase (the dumps of later phases are not written), --dump-dir
// writes each phase's result, and the facts dumped reload into
// `fgpu query` with the same derived facts as the dump of the analyses.
func TestStopAfterAndDumpDir(t *testing.T) {
	prog := filepath.Join(root, "spec-tests", "A1-resident-buffers", "module_procs.f90")
	dumps := map[driver.Phase][]string{
		driver.PhaseLoad:       {"load.txt"},
		driver.PhaseFacts:      {"facts.mg"},
		driver.PhaseAnalyses:   {"analyses.mg"},
		driver.PhaseLowering:   {"lowering.txt"},
		driver.PhaseSync:       {"sync.txt"},
		driver.PhaseEmit:       {"emit"},
		driver.PhaseArrayStmts: nil, // written only when the statements changed
	}
	for _, stop := range []driver.Phase{driver.PhaseLoad, driver.PhaseAnalyses, driver.PhaseSync, driver.PhaseEmit} {
		dir := t.TempDir()
		code, out, errOut := runCLI(t, "check", "--gpu=cuda", "--stop-after="+stop.String(), "--dump-dir="+dir, prog)
		if code != 0 {
			t.Fatalf("stop after %s: exit %d: %s", stop, code, errOut)
		}
		if stop < driver.PhaseAnalyses && out != "" {
			t.Errorf("stop after %s: loop lines before the analyses ran: %q", stop, out)
		}
		if stop >= driver.PhaseAnalyses && !strings.Contains(out, "offload (cuda)") {
			t.Errorf("stop after %s: no loop lines: %q", stop, out)
		}
		for p, files := range dumps {
			for _, f := range files {
				_, err := os.Stat(filepath.Join(dir, f))
				if p <= stop && err != nil {
					t.Errorf("stop after %s: %s not written: %v", stop, f, err)
				}
				if p > stop && err == nil {
					t.Errorf("stop after %s: %s of the later phase %s written", stop, f, p)
				}
			}
		}
	}

	// The facts as evaluated reload: evaluating them again gives the model dumped.
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "build", "--gpu=cuda", "--stop-after=emit", "--dump-dir="+dir, prog); code != 0 {
		t.Fatalf("build --stop-after=emit: %s", errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.out")); err == nil {
		t.Errorf("build --stop-after=emit linked a program")
	}
	// Each kernel's IR (lowering/kir.go): NAME.kir.
	kirs, _ := filepath.Glob(filepath.Join(dir, "fgpu_*_k*.kir"))
	if len(kirs) == 0 {
		t.Errorf("no NAME.kir written")
	}
	for _, f := range kirs {
		if b, err := os.ReadFile(f); err != nil || !strings.HasPrefix(string(b), "kernel "+strings.TrimSuffix(filepath.Base(f), ".kir")+" at ") {
			t.Errorf("%s does not hold its kernel's IR (%v): %.80q", f, err, b)
		}
	}
	emitted, _ := filepath.Glob(filepath.Join(dir, "emit", "fgpu_kernels_*.cu"))
	units, _ := filepath.Glob(filepath.Join(dir, "emit", "fgpu_kernels_*_u1.cu"))
	if len(emitted) != 2 || len(units) != 1 {
		t.Errorf("emit/ holds %v, want one .cu kernel file and its one unit (_u1.cu)", emitted)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	in, err := rules.ParseFacts(read("facts.mg"))
	if err != nil {
		t.Fatalf("facts.mg does not parse: %v", err)
	}
	res, err := rules.Evaluate(in, 5_000_000, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var again strings.Builder
	if err := rules.FormatFacts(&again, res.All()); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(read("analyses.mg"), again.String()); d != "" {
		t.Errorf("facts.mg evaluated again differs from analyses.mg (-dumped +again):\n%s", d)
	}
	// And through the CLI: a query of the dump answers as a query of the program.
	goal := "fetch_at(S, V)"
	c1, q1, e1 := runCLI(t, "query", "--gpu=cuda", prog, goal)
	c2, q2, e2 := runCLI(t, "query", filepath.Join(dir, "facts.mg"), goal)
	if c1 != 0 || c2 != 0 {
		t.Fatalf("query: %d %s / %d %s", c1, e1, c2, e2)
	}
	if q1 == "" || q1 != q2 {
		t.Errorf("query of the dump differs from the query of the program:\n%s\n---\n%s", q1, q2)
	}

	if code, _, errOut := runCLI(t, "check", "--stop-after=linking", prog); code != exitUsage || !strings.Contains(errOut, "unknown phase") {
		t.Errorf("--stop-after=linking: exit %d, %q; want a usage error naming the phases", code, errOut)
	}
	if code, _, errOut := runCLI(t, "run", "--stop-after=emit", prog); code != exitUsage {
		t.Errorf("run --stop-after=emit: exit %d, %q; want a usage error", code, errOut)
	}
}
