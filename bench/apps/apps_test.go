package appsbench

// The benchmark applications of bench/apps (README.md), built with fgpu
// for the CPU backend and run small, in the separate-memory mode that
// copies as the CUDA runtime does (FGPU_CPU_SEPARATE=1), with FGPU_STATS=1:
//
//   - TestAppsOutputs: each program passes its own check, and prints what
//     its twin prints (the same loops in the main program, built by fgpu),
//     what fgpu --gpu=none prints (every loop on the host), and, where
//     gfortran 12 can build the program alone (no reduce), what gfortran
//     prints; only the RESULT lines (timings) may differ.
//   - TestAppsTraffic: the bytes fgpu moves, against what whole-program
//     residency (issue 11) must give: every array crosses to the device
//     once and back only where the host reads it. The counts are derived
//     from each program below (want). Scalars (a reduction's result the host
//     reads, a scalar a kernel writes) may add at most 8 bytes a launch each
//     way: less than any array of the programs, so no array crossing can
//     hide in it. The twins must meet the same counts. Until the residency
//     work is merged, the procedure layouts fail here; the message gives
//     today's numbers.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fgpu/cmd/fgpu/driver"
)

// runTimeout bounds one run of a program.
const runTimeout = 60 * time.Second

// Sizes of the CI runs.
const (
	streamN, streamIters          = 65536, 5
	daxpyN, daxpyCalls            = 1000000, 20
	tsNX, tsNY, tsSteps, tsKout   = 100, 50, 200, 50
	smallN, smallSteps, smallKout = 2048, 200, 50
	stencilN, stencilIters        = 128, 5
	flowNX, flowNZ, flowSteps     = 64, 32, 3
	tileN, tileIters              = 256, 3
)

// traffic is what FGPU_STATS reports (the backend line).
type traffic struct {
	launches, to, from int64
}

// want is the traffic whole-program residency must give: the launches, and
// the bytes of arrays each way (scalars add at most 8 bytes a launch).
type want struct {
	launches, arraysTo, arraysFrom int64
}

// prog is one program of bench/apps.
type prog struct {
	files []string // relative to bench/apps, in build order
	args  []string
	fc    string // the Fortran compiler command, when not the default
	want  want
}

var (
	timer    = []string{"common/wtime.f90", "common/stats.f90"}
	timerOmp = []string{"common/wtime_omp.f90", "common/stats.f90"}
	stats    = []string{"common/stats.f90"}
)

func files(groups ...[]string) []string {
	var out []string
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// streamWant: three arrays of n real(8) (a, b, c) cross to the device once
// (at the first launch, init); the validation reads all three once. The
// host reads dot's result every iteration (a scalar). Launches: init, then
// five kernels in each of the iters+1 iterations (one warm-up).
func streamWant(n, iters int64) want {
	return want{launches: 1 + 5*(iters+1), arraysTo: 3 * 8 * n, arraysFrom: 3 * 8 * n}
}

// daxpyWant: x and y, set by the host, cross to the device once; the check
// reads y once, x never comes back (the kernel only reads it). One launch
// a call.
func daxpyWant(n, calls int64) want {
	return want{launches: calls, arraysTo: 2 * 8 * n, arraysFrom: 8 * n}
}

// tsWant: q and qn ((nx+2) x (ny+2)), fx and ux ((nx+1) x ny), fy and vy
// (nx x (ny+1)) cross to the device once. The host reads q for its
// checksum after the initial boundaries and every kout steps; the final
// minval(q) reads a q the device has not changed since (steps is a
// multiple of kout). Launches: 3 (init) + 2 (boundaries) + 1 (diagnostics),
// 6 a step (2 fluxes, update and copy, 2 boundaries), the diagnostics every
// kout steps and once at the end.
func tsWant(nx, ny, steps, kout int64) want {
	q := (nx + 2) * (ny + 2) * 8
	fx := (nx + 1) * ny * 8
	fy := nx * (ny + 1) * 8
	return want{
		launches:   3 + 2 + 1 + 6*steps + steps/kout + 1,
		arraysTo:   2*q + 2*fx + 2*fy,
		arraysFrom: (1 + steps/kout) * q,
	}
}

// smallWant: u and unew (n+2 points) and f (n), set by the host, cross to
// the device once (at the warm-up). The host reads the residual (a scalar)
// every step, and u for a checksum after each phase. Launches: 3 (warm-up),
// 3 a k3host and a k3mod step (the residual never reaches the
// tolerance), 1 a k1 step.
func smallWant(n, steps int64) want {
	return want{
		launches:   3 + 3*steps + 3*steps + 2*(steps/2), // warm-up, k3host, k3mod, k1
		arraysTo:   8 * (3*n + 4),
		arraysFrom: 2 * 8 * (n + 2),
	}
}

// cgWant: the CG benchmark (issue 31; cg/) sets every vector on the
// device (the init kernel writes each whole), yet each crosses to it once,
// at the first launch (the residency analysis does not prove that a kernel
// writes every element, so the host's unset values go over); the host
// reads b and ap once, for the check of the true residual after the
// loop. Launches: init, rhs, start and the first dot, 5 an iteration
// (operator, two dot products, two updates: the residual never reaches the
// tolerance in these few iterations), the final operator. The dot
// products' scalars cross each way (the slack).
func cgWant(n1, n2, n3, iters int64) want {
	grid := (n1 + 2) * (n2 + 2) * (n3 + 2) * 8
	return want{launches: 4 + 5*iters + 1, arraysTo: 5 * grid, arraysFrom: 2 * grid}
}

const cgN1, cgN2, cgN3, cgIters = 12, 16, 20, 30

// inferWant: the inference benchmark (issue 34; infer/) over its
// 64-256-256-10 network: the inputs x and the outputs y (set to 0 by the
// host) cross to the device once, at the warm-up, and so do the layers:
// the array's bytes (3 elements of two gfortran descriptors, 88 and 64
// bytes) and each layer's weights and biases, buffers of their own. The
// host reads y once, for the checksum. Launches: the warm-up and reps
// batches.
func inferWant(nbatch, reps int64) want {
	const nin, nout = 64, 10
	weights := int64(64*256+256*256+256*10) * 4
	biases := int64(256+256+10) * 4
	return want{launches: 1 + reps, arraysTo: 4*nin*nbatch + 4*nout*nbatch + weights + biases + 3*(88+64), arraysFrom: 4 * nout * nbatch}
}

const inferBatch, inferReps = 200, 2

// stencilWant: u and v (n x n) and the weights w (5 real(8), set by the
// host) cross to the device once; the host reads v after each of the two
// forms. Launches: init, then for each form a reset and iters+1 steps of
// the stencil and the increment.
func stencilWant(n, iters int64) want {
	return want{launches: 1 + 2*(1+2*(iters+1)), arraysTo: 2*8*n*n + 5*8, arraysFrom: 2 * 8 * n * n}
}

// flowWant: state and state_tmp ((nx+4) x (nz+4) x 4), flux ((nx+1) x
// (nz+1) x 4) and tend (nx x nz x 4), all set on the device, cross to it
// once; the host reads state at the end. Launches: 3 (init), then each of
// the steps+1 steps 2 directions of 3 stages (halo, fluxes, tendencies,
// update).
func flowWant(nx, nz, steps int64) want {
	st := (nx + 4) * (nz + 4) * 4 * 8
	return want{
		launches:   3 + (steps+1)*2*3*4,
		arraysTo:   2*st + (nx+1)*(nz+1)*4*8 + nx*nz*4*8,
		arraysFrom: st,
	}
}

// tileWant: a and b (n x n) cross to the device once and back once (the
// host's check reads both). Launches: init, iters+1 transposes.
func tileWant(n, iters int64) want {
	return want{launches: 1 + iters + 1, arraysTo: 2 * 8 * n * n, arraysFrom: 2 * 8 * n * n}
}

var (
	stencilArgs = []string{itoa(stencilN), itoa(stencilIters)}
	flowArgs    = []string{itoa(flowNX), itoa(flowNZ), itoa(flowSteps)}
	tileArgs    = []string{itoa(tileN), itoa(tileIters)}
	streamArgs  = []string{itoa(streamN), itoa(streamIters)}
	daxpyArgs   = []string{itoa(daxpyN), itoa(daxpyCalls)}
	tsArgs      = []string{itoa(tsNX), itoa(tsNY), itoa(tsSteps), itoa(tsKout)}
	smallArgs   = []string{itoa(smallN), itoa(smallSteps), itoa(smallKout)}
	cgArgs      = []string{itoa(cgN1), itoa(cgN2), itoa(cgN3), itoa(cgIters), "10"}
	inferArgs   = []string{itoa(inferBatch), itoa(inferReps)}
)

// progs lists the programs; a twin follows its program.
var progs = map[string]prog{
	"stream_mod":     {files: files(timer, []string{"stream_mod/stream_kernels.f90", "stream_mod/stream_mod.f90"}), args: streamArgs, want: streamWant(streamN, streamIters)},
	"stream_mod_omp": {files: files(timerOmp, []string{"stream_mod/stream_kernels.f90", "stream_mod/stream_mod.f90"}), args: streamArgs, fc: "gfortran -fopenmp", want: streamWant(streamN, streamIters)},
	"stream_main":    {files: files(stats, []string{"stream_mod/stream_main.f90"}), args: streamArgs, want: streamWant(streamN, streamIters)},
	"daxpy_explicit": {files: files(timer, []string{"daxpy/daxpy_sub.f90", "daxpy/daxpy_mod.f90", "daxpy/daxpy.f90"}), args: append(append([]string(nil), daxpyArgs...), "1"), want: daxpyWant(daxpyN, daxpyCalls)},
	"daxpy_assumed":  {files: files(timer, []string{"daxpy/daxpy_sub.f90", "daxpy/daxpy_mod.f90", "daxpy/daxpy.f90"}), args: append(append([]string(nil), daxpyArgs...), "2"), want: daxpyWant(daxpyN, daxpyCalls)},
	"daxpy_main":     {files: files(stats, []string{"daxpy/daxpy_main.f90"}), args: daxpyArgs, want: daxpyWant(daxpyN, daxpyCalls)},
	"timestep":       {files: files(timer, []string{"timestep/ts_state.f90", "timestep/ts_solver.f90", "timestep/timestep.f90"}), args: tsArgs, want: tsWant(tsNX, tsNY, tsSteps, tsKout)},
	"ts_main":        {files: files(stats, []string{"timestep/ts_state.f90", "timestep/ts_main.f90"}), args: tsArgs, want: tsWant(tsNX, tsNY, tsSteps, tsKout)},
	"smallstep":      {files: files(timer, []string{"smallstep/smallstep_mod.f90", "smallstep/smallstep.f90"}), args: smallArgs, want: smallWant(smallN, smallSteps)},
	"stencil":        {files: files(timer, []string{"stencil/stencil_mod.f90", "stencil/stencil.f90"}), args: stencilArgs, want: stencilWant(stencilN, stencilIters)},
	"flow":           {files: files(timer, []string{"flow/flow_mod.f90", "flow/flow.f90"}), args: flowArgs, want: flowWant(flowNX, flowNZ, flowSteps)},
	"transpose_tile": {files: files(timer, []string{"transpose/transpose_tile_mod.f90", "transpose/transpose_tile.f90"}), args: tileArgs, want: tileWant(tileN, tileIters)},
	"cg":             {files: []string{"common/wtime.f90", "cg/cg_mod.f90", "cg/cg.f90"}, args: cgArgs, want: cgWant(cgN1, cgN2, cgN3, cgIters)},
	"infer":          {files: []string{"common/wtime.f90", "infer/infer_mod.f90", "infer/infer.f90"}, args: inferArgs, want: inferWant(inferBatch, inferReps)},
}

// gfTwins are the OpenMP twins (*_omp_mod.f90, bench/apps/omp_twin.py),
// which only gfortran builds: alone, and with -fopenmp. Their outputs
// must equal the fgpu program's.
var gfTwins = map[string]prog{
	"stencil_omp":        {files: files(timer, []string{"stencil/stencil_omp_mod.f90", "stencil/stencil.f90"}), args: stencilArgs},
	"stencil_fopenmp":    {files: files(timer, []string{"stencil/stencil_omp_mod.f90", "stencil/stencil.f90"}), args: stencilArgs, fc: "gfortran -fopenmp"},
	"flow_omp":           {files: files(timer, []string{"flow/flow_omp_mod.f90", "flow/flow.f90"}), args: flowArgs},
	"flow_fopenmp":       {files: files(timer, []string{"flow/flow_omp_mod.f90", "flow/flow.f90"}), args: flowArgs, fc: "gfortran -fopenmp"},
	"transpose_tile_omp": {files: files(timer, []string{"transpose/transpose_tile_omp_mod.f90", "transpose/transpose_tile.f90"}), args: tileArgs},
	"transpose_fopenmp":  {files: files(timer, []string{"transpose/transpose_tile_omp_mod.f90", "transpose/transpose_tile.f90"}), args: tileArgs, fc: "gfortran -fopenmp"},
}

// pairs: a program, its twin (or "" when its reference is the hand-written
// CUDA, which runs only on the GPU machine), whether gfortran 12 builds
// it alone, and the OpenMP twins of gfTwins gfortran builds.
var pairs = []struct {
	prog, twin string
	gfortran   bool
	omp        []string
}{
	{"stream_mod", "stream_main", false, nil},
	{"stream_mod_omp", "stream_main", false, nil},
	{"daxpy_explicit", "daxpy_main", true, nil},
	{"daxpy_assumed", "daxpy_main", true, nil},
	{"timestep", "ts_main", false, nil},
	{"smallstep", "", false, nil},
	{"stencil", "", true, []string{"stencil_omp", "stencil_fopenmp"}},
	{"flow", "", false, []string{"flow_omp", "flow_fopenmp"}},
	{"transpose_tile", "", false, []string{"transpose_tile_omp", "transpose_fopenmp"}},
	{"cg", "", false, nil},
	{"infer", "", true, nil},
}

func toolsRequired() bool {
	return os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1"
}

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if toolsRequired() {
			t.Fatalf("%s not found (required in CI)", name)
		}
		t.Skipf("%s not found", name)
	}
}

// workDir holds every build of the package's tests.
var workDir string

func TestMain(m *testing.M) {
	d, err := os.MkdirTemp("", "fgpu-apps-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	workDir = d
	code := m.Run()
	os.RemoveAll(d)
	os.Exit(code)
}

// result is one run of a program.
type result struct {
	stdout, stderr string
	status         int
	err            error // the build or run failed
}

var (
	cacheMu sync.Mutex
	builds  = map[string]*buildOnce{} // by device, compiler and files
	runs    = map[string]*runOnce{}   // by program and device
)

type buildOnce struct {
	once sync.Once
	exe  string
	err  error
}

type runOnce struct {
	once sync.Once
	r    result
}

// run builds (once per set of files) and runs (once) a program for a
// device: "cpu", "none" (fgpu, every loop on the host) or "gfortran"
// (gfortran alone).
func run(t *testing.T, name, device string) result {
	t.Helper()
	p, ok := progs[name]
	if !ok {
		p, ok = gfTwins[name]
	}
	if !ok {
		t.Fatalf("no program %s", name)
	}
	cacheMu.Lock()
	bkey := device + "|" + p.fc + "|" + strings.Join(p.files, " ")
	bo := builds[bkey]
	if bo == nil {
		bo = &buildOnce{}
		builds[bkey] = bo
	}
	ro := runs[name+"/"+device]
	if ro == nil {
		ro = &runOnce{}
		runs[name+"/"+device] = ro
	}
	dir := filepath.Join(workDir, fmt.Sprintf("b%d", len(builds)))
	cacheMu.Unlock()
	bo.once.Do(func() { bo.exe, bo.err = build(p, device, dir) })
	ro.once.Do(func() {
		if bo.err != nil {
			ro.r = result{err: bo.err}
			return
		}
		ro.r = execute(p, name, bo.exe)
	})
	var te *driver.ToolError
	if errors.As(ro.r.err, &te) {
		if toolsRequired() {
			t.Fatalf("%v (required in CI)", te)
		}
		t.Skip(te.Error())
	}
	return ro.r
}

// build builds p's files in dir for device.
func build(p prog, device, dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var srcs []string
	for _, f := range p.files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return "", err
		}
		srcs = append(srcs, abs)
	}
	exe := filepath.Join(dir, "prog")
	fc := p.fc
	if fc == "" {
		fc = "gfortran"
	}
	if device == "gfortran" {
		args := append(strings.Fields(fc), "-O2", "-ffpe-summary=none", "-o", exe)
		cmd := exec.Command(args[0], append(args[1:], srcs...)...)
		cmd.Dir = dir // module files
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("gfortran: %v\n%s", err, out)
		}
		return exe, nil
	}
	var log bytes.Buffer
	_, diags, err := driver.Build(srcs, driver.Options{Device: device, FC: fc, Output: exe, Stderr: &log})
	if err != nil {
		var te *driver.ToolError
		if errors.As(err, &te) {
			return "", err
		}
		var b strings.Builder
		for _, d := range diags {
			b.WriteString(d.String() + "\n")
		}
		return "", fmt.Errorf("fgpu --gpu=%s: %v\n%s%s", device, err, b.String(), log.String())
	}
	return exe, nil
}

// execute runs exe with p's arguments in the separate-memory mode, with
// FGPU_STATS, on one OpenMP thread: the bytes moved do not depend on the
// threads, and on a loaded 2-core machine two spinning OpenMP threads made
// these runs fifty times slower.
func execute(p prog, name, exe string) result {
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, p.args...)
	cmd.Dir = filepath.Dir(exe)
	cmd.Env = append(os.Environ(), "FGPU_CPU_SEPARATE=1", "FGPU_STATS=1", "OMP_NUM_THREADS=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.err = fmt.Errorf("%s did not finish in %v", name, runTimeout)
	case errors.As(err, &ee):
		r.status = ee.ExitCode()
	case err != nil:
		r.err = err
	}
	return r
}

// checkRun fails t unless the run ended well and printed PASSED.
func checkRun(t *testing.T, what string, r result) bool {
	t.Helper()
	if r.err != nil {
		t.Errorf("%s: %v", what, r.err)
		return false
	}
	if r.status != 0 || !strings.Contains(r.stdout, "PASSED") || strings.Contains(r.stdout, "FAIL") {
		t.Errorf("%s: exit status %d, want 0 and PASSED:\n%s%s", what, r.status, r.stdout, r.stderr)
		return false
	}
	return true
}

// results keeps the lines a program's build must not change: all but the
// RESULT lines (timings) and the name of the timer.
func results(stdout string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(stdout, "\n") {
		if !strings.HasPrefix(l, "RESULT ") && !strings.HasPrefix(l, "timer ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

func TestAppsOutputs(t *testing.T) {
	needTool(t, "gfortran")
	for _, pr := range pairs {
		pr := pr
		t.Run(pr.prog, func(t *testing.T) {
			t.Parallel()
			got := run(t, pr.prog, "cpu")
			if !checkRun(t, pr.prog+" (fgpu --gpu=cpu)", got) {
				return
			}
			if !strings.Contains(got.stdout, "RESULT app=") {
				t.Errorf("%s prints no RESULT line:\n%s", pr.prog, got.stdout)
			}
			refs := []struct{ what, name, device string }{{"fgpu --gpu=none", pr.prog, "none"}}
			if pr.twin != "" {
				refs = append(refs, struct{ what, name, device string }{"the twin " + pr.twin + " (fgpu --gpu=cpu)", pr.twin, "cpu"})
			}
			if pr.gfortran {
				refs = append(refs, struct{ what, name, device string }{"gfortran alone", pr.prog, "gfortran"})
			}
			for _, o := range pr.omp {
				refs = append(refs, struct{ what, name, device string }{"the OpenMP twin " + o + " (gfortran " + strings.TrimPrefix(gfTwins[o].fc, "gfortran ") + ")", o, "gfortran"})
			}
			for _, ref := range refs {
				r := run(t, ref.name, ref.device)
				if !checkRun(t, ref.what, r) {
					continue
				}
				if a, b := results(got.stdout), results(r.stdout); a != b {
					t.Errorf("%s prints otherwise than %s (RESULT and timer lines left out):\n--- %s\n%s--- %s\n%s", pr.prog, ref.what, pr.prog, a, ref.what, b)
				}
			}
		})
	}
}

var statsRe = regexp.MustCompile(`(?m)^fgpu: stats: backend \w+: (\d+) launches, (\d+) bytes to device, (\d+) bytes from device`)

// parseTraffic reads the backend line of FGPU_STATS.
func parseTraffic(stderr string) (traffic, bool) {
	m := statsRe.FindStringSubmatch(stderr)
	if m == nil {
		return traffic{}, false
	}
	n := func(s string) int64 { v, _ := strconv.ParseInt(s, 10, 64); return v }
	return traffic{n(m[1]), n(m[2]), n(m[3])}, true
}

func TestAppsTraffic(t *testing.T) {
	needTool(t, "gfortran")
	names := []string{"stream_mod", "stream_mod_omp", "stream_main", "daxpy_explicit", "daxpy_assumed", "daxpy_main", "timestep", "ts_main", "smallstep",
		"stencil", "flow", "transpose_tile", "cg", "infer"}
	if len(names) != len(progs) {
		t.Fatalf("TestAppsTraffic lists %d programs, progs has %d", len(names), len(progs))
	}
	for _, name := range names {
		name := name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := run(t, name, "cpu")
			if !checkRun(t, name, r) {
				return
			}
			got, ok := parseTraffic(r.stderr)
			if !ok {
				t.Fatalf("%s: no FGPU_STATS backend line in stderr:\n%s", name, r.stderr)
			}
			w := progs[name].want
			slack := 8 * w.launches // scalars: at most 8 bytes a launch each way
			bad := got.launches != w.launches ||
				got.to < w.arraysTo || got.to > w.arraysTo+slack ||
				got.from < w.arraysFrom || got.from > w.arraysFrom+slack
			if bad {
				t.Errorf("%s (args %s): fgpu moved %d bytes to the device and %d back in %d launches;\n"+
					"whole-program residency: %d launches, %d bytes of arrays to the device and %d back (each plus at most %d of scalars)\n"+
					"(%.1fx the bytes to the device, %.1fx back)",
					name, strings.Join(progs[name].args, " "), got.to, got.from, got.launches,
					w.launches, w.arraysTo, w.arraysFrom, slack,
					float64(got.to)/float64(w.arraysTo), float64(got.from)/float64(w.arraysFrom))
			}
		})
	}
}
