package spectests

// TestSpecRun builds the spec-test programs with fgpu and runs them: their
// stdout, stderr and exit status must equal the oracle's (ARCHITECTURE.md
// section 6), the same program built by gfortran alone
// (gfortran -O2 -ffpe-summary=none), or, for a program gfortran 12 cannot
// build ("! GFORTRAN: rejects"), NAME.expected.out (after optional leading
// lines "! EXIT: N") and NAME.expected.err beside it; without them the
// program is skipped with a log line. A program gfortran 12 miscompiles at
// -O2 ("! GFORTRAN: miscompiles") must have those files
// (TestSpecProgramsGfortran runs it built at -O0).
//
// Which programs, and how:
//   - every program whose loops are all "WANT: offload" or "WANT: host ...",
//     built with the flags of its FLAGS line;
//   - every program of the unsupported-list folders (U1-*, U2-*, U3-*) with
//     "WANT: error" markers for entries of the unsupported list, built with
//     --gpu-allow-cpu-fallback (and --unsupported-as=metal for U1): the
//     analyses issue says these "also run here with --gpu-allow-cpu-fallback
//     --unsupported-as=metal (host fallback, same output)". A program with a
//     semantic error (impure_call, stop_in_pure, ...) never builds;
//   - any other program with "WANT: error" does not build: skipped.
//
// Each program built here is also built for --gpu=metal_cpu (the MSL
// kernels compiled as C++ and run on the host, emit/fgpu_msl_cpu.h) with
// the same flags (--unsupported-as=metal aside: metal_cpu applies Metal's
// rules), unless Metal's rules reject one of its loops (real(8), ...:
// nothing to run), and run once, separate memory with the grid shuffled,
// against the same oracle (subtest metal_cpu).
//
// NYI.txt in this folder lists the programs fgpu does not build yet, one a
// line: "FOLDER/NAME.f90: substring of the not-yet-implemented message"
// (every build), or "FOLDER/NAME.f90 (metal_cpu): message" (the metal_cpu
// build only); '#' starts a comment. A listed program must fail to build
// with that message (a listed program that builds fails the test: the line
// is stale); a program whose build reports "not yet implemented" without a
// line fails.

import (
	"bufio"
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
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"fgpu/cmd/fgpu/driver"
)

// runTimeout bounds one run of a built program.
const runTimeout = 30 * time.Second

// runResult is what one run of a program produced.
type runResult struct {
	stdout, stderr string
	status         int
}

// runToolsRequired reports whether a missing tool must fail the test rather
// than skip it (CI, or FGPU_REQUIRE_TOOLS=1 as ARCHITECTURE.md says).
func runToolsRequired() bool {
	return inCI() || os.Getenv("FGPU_REQUIRE_TOOLS") == "1"
}

// runNeedTool returns the path of a tool, skipping (failing in CI) without it.
func runNeedTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if runToolsRequired() {
			t.Fatalf("%s not found (required in CI)", name)
		}
		t.Skipf("%s not found", name)
	}
	return p
}

// readSpecNYI reads NYI.txt: "FOLDER/NAME.f90: message" and
// "FOLDER/NAME.f90 (metal_cpu): message" lines, '#' comments. The result
// maps a program (slash-separated, as listed) to its expected messages by
// device ("" for every build).
func readSpecNYI(t *testing.T) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	data, err := os.ReadFile("NYI.txt")
	if errors.Is(err, os.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	lineRe := regexp.MustCompile(`^([^\s:]+/[^\s:/]+\.f90)\s*(?:\((metal_cpu)\))?\s*:\s*(\S.*)$`)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := lineRe.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("NYI.txt:%d: want \"FOLDER/NAME.f90: message\" or \"FOLDER/NAME.f90 (metal_cpu): message\", got %q", ln, line)
		}
		if _, dup := out[m[1]][m[2]]; dup {
			t.Fatalf("NYI.txt:%d: a second entry for %s", ln, line)
		}
		if _, err := os.Stat(filepath.FromSlash(m[1])); err != nil {
			t.Errorf("NYI.txt:%d: %s is not a spec-test program", ln, m[1])
		}
		if out[m[1]] == nil {
			out[m[1]] = map[string]string{}
		}
		out[m[1]][m[2]] = strings.TrimSpace(m[3])
	}
	return out
}

// nyiFor is the NYI.txt message expected from a build of a program for
// dev ("cpu" or "metal_cpu"; "" if none).
func nyiFor(entries map[string]string, dev string) string {
	if m, ok := entries[dev]; ok {
		return m
	}
	return entries[""]
}

// runBacktraceRe and runNormStderr are emit/e2e_test.go's normStderr: a
// gfortran backtrace ("Error termination. Backtrace:" and the frames after
// it) holds addresses that change from run to run; it is compared as
// "Error termination." only.
var runBacktraceRe = regexp.MustCompile(`(?m)^Error termination\. Backtrace:\n(?:(?:#|\t|\s+at ).*\n?)*`)

func runNormStderr(s string) string {
	return runBacktraceRe.ReplaceAllString(s, "Error termination.\n")
}

// runExe runs exe in dir with empty stdin and a time limit, with the
// environment variables env added; the status is as driver.Run reports it
// (128+signal for a killed program).
func runExe(t *testing.T, exe, dir string, env ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = dir
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = strings.NewReader("")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := runResult{stdout: stdout.String(), stderr: stderr.String()}
	if ctx.Err() != nil {
		t.Fatalf("%s: did not finish in %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(exe), runTimeout, r.stdout, r.stderr)
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		if code := ee.ExitCode(); code >= 0 {
			r.status = code
		} else if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.status = 128 + int(ws.Signal())
		} else {
			t.Fatalf("%s: %v", filepath.Base(exe), err)
		}
	default:
		t.Fatalf("%s: %v", filepath.Base(exe), err)
	}
	return r
}

// expectedResult reads the hand-written oracle of a program gfortran
// rejects; ok is false when there is none.
func expectedResult(t *testing.T, path string) (r runResult, ok bool) {
	t.Helper()
	base := strings.TrimSuffix(path, ".f90")
	out, err := os.ReadFile(base + ".expected.out")
	if errors.Is(err, os.ErrNotExist) {
		return r, false
	}
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for strings.HasPrefix(text, "! ") {
		line, rest, _ := strings.Cut(text, "\n")
		v, isExit := strings.CutPrefix(line, "! EXIT:")
		if !isExit {
			t.Fatalf("%s.expected.out: unknown header line %q", base, line)
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			t.Fatalf("%s.expected.out: bad exit status line %q", base, line)
		}
		r.status = n
		text = rest
	}
	r.stdout = text
	if e, err := os.ReadFile(base + ".expected.err"); err == nil {
		r.stderr = string(e)
	} else if !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return r, true
}

// semanticReasons are the reasons of semantic errors: a program with one
// never builds, whatever the flags.
var semanticReasons = map[string]bool{
	"impure_call":           true,
	"stop_in_pure":          true,
	"stop_in_do_concurrent": true,
	"default_none_missing":  true,
	"reduce_type":           true,
}

// runPlan is how TestSpecRun builds one program; skip says why it does not.
type runPlan struct {
	opts driver.Options // Device, Fallback, ShowKernelSource, UnsupportedAs, OffloadOmp, Fast, Opt
	how  string         // the fgpu flags, for messages
	skip string
}

// planRun decides whether and how p is built and run.
func planRun(p *program) runPlan {
	var errReasons []string
	for _, w := range p.wants {
		if w.outcome == "error" {
			errReasons = append(errReasons, w.reason)
		}
	}
	folder := strings.SplitN(p.name, "/", 2)[0]
	if len(errReasons) > 0 {
		unsupportedFolder := strings.HasPrefix(folder, "U1-") || strings.HasPrefix(folder, "U2-") || strings.HasPrefix(folder, "U3-")
		if !unsupportedFolder {
			return runPlan{skip: "error-case program (WANT: error): does not build"}
		}
		for _, r := range errReasons {
			if semanticReasons[r] || !unsupportedReasons[r] {
				return runPlan{skip: "semantic error (" + r + "): never builds"}
			}
		}
		// The unsupported-list programs also run with host fallback, with
		// the same output as gfortran's.
		if strings.HasPrefix(folder, "U1-") {
			return runPlan{
				opts: driver.Options{Device: "cpu", Fallback: true, UnsupportedAs: "metal"},
				how:  "--gpu-allow-cpu-fallback --unsupported-as=metal",
			}
		}
		return runPlan{
			opts: driver.Options{Device: "cpu", Fallback: true},
			how:  "--gpu=cpu --gpu-allow-cpu-fallback",
		}
	}
	var o driver.Options
	o.Device = "cpu"
	for _, f := range p.flags {
		switch {
		case f == "--gpu=cpu" || f == "--gpu=cuda_cpu":
			o.Device = "cpu"
		case f == "--gpu=cuda":
			// A cuda program is built and run for the CPU backend here: there
			// is no GPU on this machine. Its cuda build runs on the GPU
			// machine through spec-tests/gpu/run.sh.
			o.Device = "cpu"
		case f == "--gpu=metal" || f == "--unsupported-as=metal":
			// No Metal toolchain here: the CPU backend with Metal's
			// unsupported list.
			o.Device = "cpu"
			o.UnsupportedAs = "metal"
		case f == "--gpu-allow-cpu-fallback":
			o.Fallback = true
		case f == "--show-gpu-kernel-source":
			o.ShowKernelSource = true
		case f == "--gpu-offload-omp-loops":
			o.OffloadOmp = true
		case f == "--fast":
			o.Fast = true
		case strings.HasPrefix(f, "-O"):
			o.Opt = f
		case f == "--realloc-lhs-arrays":
			o.ReallocLHS = true
		case f == "-g":
			// A build flag without a driver option: no effect on the output.
		default:
			return runPlan{skip: fmt.Sprintf("unknown flag %q in FLAGS", f)}
		}
	}
	how := strings.Join(p.flags, " ")
	if how == "" {
		how = "(no flags)"
	}
	return runPlan{opts: o, how: how}
}

// TestSpecRun builds every spec-test program that builds with fgpu and
// with gfortran alone, runs both, and requires the same stdout, stderr and
// exit status.
func TestSpecRun(t *testing.T) {
	fc := runNeedTool(t, "gfortran")
	cxx := os.Getenv("CXX")
	if cxx == "" {
		cxx = "c++"
	}
	if f := strings.Fields(cxx); len(f) > 0 {
		runNeedTool(t, f[0])
	}
	nyi := readSpecNYI(t)
	listed := map[string]bool{}
	files := specPrograms(t)
	for _, f := range files {
		listed[filepath.ToSlash(f)] = true
	}
	for name := range nyi {
		if !listed[name] {
			t.Errorf("NYI.txt lists %s, which is not a spec-test program", name)
		}
	}
	for _, f := range files {
		name := filepath.ToSlash(f)
		t.Run(strings.TrimSuffix(name, ".f90"), func(t *testing.T) {
			t.Parallel()
			p, err := parseProgram(f, name)
			if err != nil {
				t.Fatal(err)
			}
			plan := planRun(p)
			want := nyi[name]
			if plan.skip != "" {
				if len(want) > 0 {
					t.Errorf("NYI.txt lists %s, but it is not built here (%s): remove the line", name, plan.skip)
				}
				t.Skip(plan.skip)
			}
			abs, err := filepath.Abs(f)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()

			// The oracle.
			var ref runResult
			switch {
			case p.gfort == "rejects":
				var ok bool
				ref, ok = expectedResult(t, abs)
				if !ok {
					if len(want) > 0 {
						t.Errorf("NYI.txt lists %s, but it is not built here (gfortran rejects it, no expected output): remove the line", name)
					}
					t.Skip("GFORTRAN: rejects and no NAME.expected.out: nothing to compare with")
				}
			case p.gfort == "miscompiles":
				var ok bool
				ref, ok = expectedResult(t, abs)
				if !ok {
					t.Fatalf("%s is marked GFORTRAN: miscompiles and needs NAME.expected.out", name)
				}
			case p.gfort == "compile-only":
				// Built by both, run by neither.
			default:
				cmd := exec.Command(fc, "-O2", "-ffpe-summary=none", "-o", filepath.Join(dir, "ref"), abs)
				cmd.Dir = dir // module files go there
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("gfortran cannot build %s: %v\n%s", name, err, out)
				}
				ref = runExe(t, filepath.Join(dir, "ref"), dir)
				if strings.Contains(ref.stdout, "FAIL") {
					t.Fatalf("the gfortran run of %s fails its own check (status %d):\n%s%s", name, ref.status, ref.stdout, ref.stderr)
				}
			}

			// fgpu: built for the CPU backend, run in every CPU test mode.
			if exe, ok := buildSpec(t, name, abs, dir, plan.opts, plan.how, nyiFor(want, "cpu"), false); ok && p.gfort != "compile-only" {
				for _, m := range specCPUModes {
					compareRun(t, "fgpu "+plan.how+" ("+m.name+")", ref, runExe(t, exe, dir, m.env...))
				}
			}
			// And for metal_cpu, run once.
			t.Run("metal_cpu", func(t *testing.T) {
				opts := plan.opts
				opts.Device, opts.UnsupportedAs = "metal_cpu", ""
				how := "--gpu=metal_cpu " + plan.how
				exe, ok := buildSpec(t, name, abs, t.TempDir(), opts, how, nyiFor(want, "metal_cpu"), want["metal_cpu"] != "")
				if ok && p.gfort != "compile-only" {
					compareRun(t, "fgpu "+how+" ("+specMetalCPUMode.name+")", ref, runExe(t, exe, dir, specMetalCPUMode.env...))
				}
			})
		})
	}
}

// buildSpec builds the program name (at abs, in dir) with opts (how: the
// flags, for messages); want is the NYI.txt message expected ("" if
// none), metalOnly whether it is a "(metal_cpu)" line. ok is false when
// there is nothing to run: an expected not-yet-implemented failure, or
// (metal_cpu) Metal's rules reject a loop.
func buildSpec(t *testing.T, name, abs, dir string, opts driver.Options, how, want string, metalOnly bool) (exe string, ok bool) {
	t.Helper()
	var log bytes.Buffer
	opts.Output = filepath.Join(dir, "fgpu-"+opts.Device)
	opts.Stderr = &log
	exe, diags, err := driver.Build([]string{abs}, opts)
	var te *driver.ToolError
	if errors.As(err, &te) {
		if runToolsRequired() {
			t.Fatalf("%v (required in CI)", te)
		}
		t.Skip(te.Error())
	}
	if err == nil {
		if want != "" {
			t.Fatalf("%s is listed in NYI.txt (%q) but builds with %s: remove the line", name, want, how)
		}
		return exe, true
	}
	msgs := driver.NotYetImplemented(diags, err)
	if opts.Device == "metal_cpu" && len(msgs) == 0 && errors.Is(err, driver.ErrCompile) {
		// Metal's rules reject a loop (real(8), ...): not a program Metal
		// accepts, nothing to run (the rules' verdict, not a list).
		if reasons := diags.RuleRejections(); len(reasons) > 0 {
			if metalOnly {
				t.Errorf("%s is listed in NYI.txt for metal_cpu, but Metal's rules reject it (%s)", name, strings.Join(reasons, ", "))
			}
			t.Skipf("Metal's rules reject it: %s", strings.Join(reasons, ", "))
		}
	}
	if want != "" {
		for _, m := range msgs {
			if strings.Contains(m, want) {
				t.Logf("not yet implemented, as NYI.txt says: %s", m)
				return "", false
			}
		}
		t.Fatalf("%s is listed in NYI.txt with %q, but the build (%s) failed otherwise: %v\n%s%s", name, want, how, err, diagText(diags), log.String())
	}
	if len(msgs) > 0 {
		t.Fatalf("fgpu %s: not yet implemented (list it in NYI.txt only while that is so): %v\n%s%s", how, err, diagText(diags), log.String())
	}
	t.Fatalf("fgpu %s: build failed: %v\n%s%s", how, err, diagText(diags), log.String())
	return "", false
}

// compareRun fails t when a run's stdout, stderr (backtraces aside) or
// exit status differs from the oracle's.
func compareRun(t *testing.T, what string, ref, got runResult) {
	t.Helper()
	if d := cmp.Diff(ref.stdout, got.stdout); d != "" {
		t.Errorf("%s: stdout differs (-oracle +fgpu):\n%s", what, d)
	}
	if d := cmp.Diff(runNormStderr(ref.stderr), runNormStderr(got.stderr)); d != "" {
		t.Errorf("%s: stderr differs (-oracle +fgpu):\n%s", what, d)
	}
	if ref.status != got.status {
		t.Errorf("%s: exit status %d, oracle %d", what, got.status, ref.status)
	}
}

// specMetalCPUMode is the one run of a program built for metal_cpu
// (emit/e2e_test.go's metalCPUMode): separate memory, the grid positions
// (threadgroups, and threads in them) shuffled.
var specMetalCPUMode = struct {
	name string
	env  []string
}{"separate memory, FGPU_CPU_ORDER=shuffle", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}}

// specCPUModes are the runs of every program fgpu builds (ARCHITECTURE.md
// section 6; emit/e2e_test.go has the same list): separate memory (the
// kernels work on copies of their arrays, so a missing wait or copy-back
// fails here as it would on a GPU); separate memory with the iterations
// shuffled (FGPU_CPU_ORDER, on every thread whatever the trip count: a
// result that depends on the order of the iterations fails); shared memory
// with the iterations reversed.
var specCPUModes = []struct {
	name string
	env  []string
}{
	{"separate memory", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER="}},
	{"separate memory, FGPU_CPU_ORDER=shuffle", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}},
	{"shared memory, FGPU_CPU_ORDER=reverse", []string{"FGPU_CPU_SEPARATE=", "FGPU_CPU_ORDER=reverse"}},
}

func init() { os.Setenv("FGPU_CPU_SEPARATE", "1") }
