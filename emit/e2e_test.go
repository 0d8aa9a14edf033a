package emit_test

// End-to-end tests: every program of testdata/e2e is built by fgpu and run,
// and its stdout, stderr and exit status must equal the oracle's
// (ARCHITECTURE.md section 6): the same program built by gfortran alone, or,
// for a program gfortran 12 cannot build (its first line says
// "! GFORTRAN: rejects"), the files written by hand beside it:
//
//	NAME.expected.out  the exact stdout, after optional leading lines
//	                   "! EXIT: N" (the exit status, else 0)
//	NAME.expected.err  the exact stderr (absent: empty)
//
// A program gfortran 12 builds but miscompiles at the oracle's -O2 (its
// first line says "! GFORTRAN: miscompiles (why)") has the same files, and
// gfortran -O0 must print them (so a compiler still checks the hand-written
// expectation).
//
// A program whose leading comment lines hold "! FLAGS: ..." is built
// with those flags: the gfortran flags among them (-fopenmp) by the oracle
// and by fgpu as the host compiler's, fgpu's own (--gpu-offload-omp-loops)
// by fgpu only.
//
// A gfortran backtrace ("Error termination. Backtrace:" and the frames
// after it) holds addresses that change from run to run; it is compared as
// "Error termination." only.
//
// A program of several files is a folder of testdata/e2e/multi: its
// files, in name order (the order gfortran compiles them in: a module
// before its submodules and users), are one program, named after the
// folder ("NAME.f90" in NYI.txt); fgpu is given them in reverse name
// order (its driver orders them by module use). Its files' leading
// comments are read as one program's (FLAGS); it has no expected files
// (gfortran is its oracle).
//
// testdata/e2e/NYI.txt lists the programs fgpu does not build yet, one a
// line: "NAME.f90: substring of the expected not-yet-implemented message"
// (every device but none), or "NAME.f90 (DEVICE): message" (that device
// only, e.g. cuda). A listed program must fail to build with that message
// (and fails when it builds: the entry is stale); a program whose build
// reports "not yet implemented" without an entry fails.

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend"
)

const e2eDir = "testdata/e2e"

// e2eResult is what one run of a program produced.
type e2eResult struct {
	stdout, stderr string
	status         int
}

// e2eProgram is one program of testdata/e2e.
type e2eProgram struct {
	name string // file name, e.g. "nested_dc.f90"; a multi folder's name + ".f90"
	path string // absolute path (a multi program: its first file)
	// files are the program's sources, in gfortran's order: path alone,
	// or a multi folder's files.
	files   []string
	rejects bool // "! GFORTRAN: rejects": the oracle is NAME.expected.*
	// "! GFORTRAN: miscompiles": the oracle is NAME.expected.*, which
	// gfortran -O0 must print too.
	miscompiles bool
	nyi         map[string]string // from NYI.txt: device ("" for all) -> expected message
	// "! FLAGS:": the gfortran flags (oracle and host compiles) and
	// whether --gpu-offload-omp-loops is among them.
	flags      []string
	offloadOmp bool
}

// flagsMarker reads the "! FLAGS:" lines of a program's leading comments.
func flagsMarker(p *e2eProgram, src string) {
	for _, line := range strings.Split(src, "\n") {
		l := strings.TrimSpace(line)
		if !strings.HasPrefix(l, "!") {
			return
		}
		rest, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(l, "!")), "FLAGS:")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			if f == "--gpu-offload-omp-loops" {
				p.offloadOmp = true
				continue
			}
			p.flags = append(p.flags, f)
		}
	}
}

// nyiFor is the NYI.txt message expected from a build for dev ("" if none).
func (p e2eProgram) nyiFor(dev string) string {
	if m, ok := p.nyi[dev]; ok {
		return m
	}
	if dev == "none" {
		return ""
	}
	return p.nyi[""]
}

// toolsRequired reports whether a missing tool must fail the test rather
// than skip it (CI, or FGPU_REQUIRE_TOOLS=1 as ARCHITECTURE.md says).
func toolsRequired() bool {
	return os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1"
}

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if toolsRequired() {
			t.Fatalf("%s not found (required in CI)", name)
		}
		t.Skipf("%s not found", name)
	}
	return p
}

// e2ePrograms lists testdata/e2e/*.f90 with their NYI.txt entries.
func e2ePrograms(t *testing.T) []e2eProgram {
	t.Helper()
	dir, err := filepath.Abs(e2eDir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.f90"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no programs in %s", e2eDir)
	}
	sort.Strings(files)
	nyi := readNYI(t, dir)
	var progs []e2eProgram
	seen := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := e2eProgram{name: filepath.Base(f), path: f, files: []string{f}, nyi: nyi[filepath.Base(f)]}
		first, _, _ := strings.Cut(string(src), "\n")
		p.rejects = regexp.MustCompile(`(?i)^\s*!\s*GFORTRAN:\s*rejects\b`).MatchString(first)
		p.miscompiles = regexp.MustCompile(`(?i)^\s*!\s*GFORTRAN:\s*miscompiles\b`).MatchString(first)
		flagsMarker(&p, string(src))
		seen[p.name] = true
		progs = append(progs, p)
	}
	progs = append(progs, multiPrograms(t, dir, seen, nyi)...)
	for name := range nyi {
		if !seen[name] {
			t.Errorf("NYI.txt lists %s, which is not in %s", name, e2eDir)
		}
	}
	return progs
}

// readNYI reads NYI.txt: "NAME.f90: message" and "NAME.f90 (DEVICE):
// message" lines, '#' comments. The result maps a file name to its
// entries by device ("" for every device but none).
func readNYI(t *testing.T, dir string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	data, err := os.ReadFile(filepath.Join(dir, "NYI.txt"))
	if errors.Is(err, os.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	lineRe := regexp.MustCompile(`^(\S+\.f90)\s*(?:\((none|cpu|cuda|metal_cpu)\))?\s*:\s*(\S.*)$`)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := lineRe.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("NYI.txt:%d: want \"NAME.f90: message\" or \"NAME.f90 (DEVICE): message\", got %q", ln, line)
		}
		if out[m[1]] == nil {
			out[m[1]] = map[string]string{}
		}
		if _, dup := out[m[1]][m[2]]; dup {
			t.Fatalf("NYI.txt:%d: a second entry for %s", ln, line)
		}
		out[m[1]][m[2]] = m[3]
	}
	return out
}

var backtraceRe = regexp.MustCompile(`(?m)^Error termination\. Backtrace:\n(?:(?:#|\t|\s+at ).*\n?)*`)

// normStderr replaces gfortran backtraces, whose addresses vary between
// runs, by "Error termination.".
func normStderr(s string) string {
	return backtraceRe.ReplaceAllString(s, "Error termination.\n")
}

// expected reads the hand-written oracle of a program gfortran rejects.
func expected(t *testing.T, p e2eProgram) e2eResult {
	t.Helper()
	base := strings.TrimSuffix(p.path, ".f90")
	out, err := os.ReadFile(base + ".expected.out")
	if err != nil {
		t.Fatalf("%s is marked GFORTRAN: rejects and needs %s.expected.out: %v", p.name, strings.TrimSuffix(p.name, ".f90"), err)
	}
	var r e2eResult
	text := string(out)
	for strings.HasPrefix(text, "! ") {
		line, rest, _ := strings.Cut(text, "\n")
		if v, ok := strings.CutPrefix(line, "! EXIT:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("%s.expected.out: bad exit status line %q", base, line)
			}
			r.status = n
		} else {
			t.Fatalf("%s.expected.out: unknown header line %q", base, line)
		}
		text = rest
	}
	r.stdout = text
	if e, err := os.ReadFile(base + ".expected.err"); err == nil {
		r.stderr = string(e)
	} else if !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return r
}

// gfortranRef builds p with gfortran alone (at -O2) in dir and runs it.
func gfortranRef(t *testing.T, fc string, p e2eProgram, dir string) e2eResult {
	t.Helper()
	return gfortranRun(t, fc, "-O2", p, dir)
}

// gfortranRun builds p with gfortran alone at opt in dir and runs it.
func gfortranRun(t *testing.T, fc, opt string, p e2eProgram, dir string) e2eResult {
	t.Helper()
	exe := filepath.Join(dir, "ref"+opt)
	args := append([]string{opt, "-ffpe-summary=none"}, p.flags...)
	cmd := exec.Command(fc, append(append(args, "-o", exe), p.files...)...)
	cmd.Dir = dir // module files go there
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gfortran cannot build %s (mark it \"! GFORTRAN: rejects\" and add expected.out?): %v\n%s", p.name, err, out)
	}
	var stdout, stderr bytes.Buffer
	status, err := driver.Run(exe, nil, nil, &stdout, &stderr)
	if err != nil {
		t.Fatalf("reference run: %v", err)
	}
	return e2eResult{stdout.String(), stderr.String(), status}
}

// checkOracle catches a broken test program: its reference run must not
// take the FAIL path.
func checkOracle(t *testing.T, p e2eProgram, ref e2eResult) {
	t.Helper()
	if strings.Contains(ref.stdout, "FAIL") {
		t.Fatalf("the reference run of %s fails its own check (status %d):\n%s%s", p.name, ref.status, ref.stdout, ref.stderr)
	}
}

// diagText renders diagnostics, one a line, with their notes.
func diagText(ds frontend.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteByte('\n')
		for _, n := range d.Notes {
			b.WriteString("\t" + n.String() + "\n")
		}
	}
	return b.String()
}

// buildFgpu builds p for dev. ok is false when the test is over for this
// device (failed, or an expected NYI failure was seen).
func buildFgpu(t *testing.T, p e2eProgram, dev, dir string) (exe string, ok bool) {
	t.Helper()
	var log bytes.Buffer
	out := filepath.Join(dir, "fgpu-"+dev)
	exe, diags, err := driver.Build(p.buildFiles(), driver.Options{Device: dev, Output: out, Stderr: &log, HostFlags: p.flags, OffloadOmp: p.offloadOmp})
	var te *driver.ToolError
	if errors.As(err, &te) {
		if toolsRequired() {
			t.Fatalf("%v (required in CI)", te)
		}
		t.Skip(te.Error())
	}
	want := p.nyiFor(dev)
	if err == nil {
		if want != "" {
			t.Errorf("%s is listed in NYI.txt (%q) but builds for %s: remove the entry", p.name, want, dev)
		}
		return exe, true
	}
	nyi := driver.NotYetImplemented(diags, err)
	if dev == "metal_cpu" && len(nyi) == 0 && errors.Is(err, driver.ErrCompile) {
		// Metal's rules reject a loop (real(8), ...): the program is not
		// one Metal accepts, so there is nothing to run (the rules'
		// verdict, not a list).
		if reasons := diags.RuleRejections(); len(reasons) > 0 {
			if want != "" {
				t.Errorf("%s is listed in NYI.txt for %s, but Metal's rules reject it (%s)", p.name, dev, strings.Join(reasons, ", "))
			}
			t.Skipf("Metal's rules reject it: %s", strings.Join(reasons, ", "))
		}
	}
	if want != "" {
		for _, m := range nyi {
			if strings.Contains(m, want) {
				t.Logf("not yet implemented, as NYI.txt says: %s", m)
				return "", false
			}
		}
		t.Fatalf("%s is listed in NYI.txt with %q, but the %s build failed otherwise: %v\n%s%s", p.name, want, dev, err, diagText(diags), log.String())
	}
	if len(nyi) > 0 {
		t.Fatalf("fgpu --gpu=%s: not yet implemented (list it in NYI.txt only while that is so): %v\n%s%s", dev, err, diagText(diags), log.String())
	}
	t.Fatalf("fgpu --gpu=%s build failed: %v\n%s%s", dev, err, diagText(diags), log.String())
	return "", false
}

// metalCPUMode is the one run of a program built for --gpu=metal_cpu:
// separate memory, the grid positions shuffled (the kernel's threads in
// another order, as a GPU runs them).
var metalCPUMode = cpuMode{"metal_cpu, separate memory, FGPU_CPU_ORDER=shuffle", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}}

// compare fails t when got differs from want.
func compare(t *testing.T, what string, want, got e2eResult) {
	t.Helper()
	if d := cmp.Diff(want.stdout, got.stdout); d != "" {
		t.Errorf("%s: stdout differs (-oracle +fgpu):\n%s", what, d)
	}
	if d := cmp.Diff(normStderr(want.stderr), normStderr(got.stderr)); d != "" {
		t.Errorf("%s: stderr differs (-oracle +fgpu):\n%s", what, d)
	}
	if want.status != got.status {
		t.Errorf("%s: exit status %d, oracle %d", what, got.status, want.status)
	}
}

// TestE2E builds every program with gfortran (the oracle) and with fgpu
// for the devices that run here (cpu; none: every loop on the host; and
// metal_cpu: the MSL kernels run on the host, for every program Metal's
// rules accept), and requires the same stdout, stderr and exit status.
func TestE2E(t *testing.T) {
	fc := needTool(t, "gfortran")
	progs := e2ePrograms(t)
	for _, p := range progs {
		t.Run(strings.TrimSuffix(p.name, ".f90"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			var ref e2eResult
			switch {
			case p.rejects:
				ref = expected(t, p)
			case p.miscompiles:
				// The hand-written oracle, checked by gfortran -O0; the -O2
				// build gfortran gets wrong is only logged.
				ref = expected(t, p)
				compare(t, "gfortran -O0 (the expected output of a program gfortran -O2 miscompiles)", ref, gfortranRun(t, fc, "-O0", p, dir))
				if o2 := gfortranRun(t, fc, "-O2", p, dir); o2 == ref {
					t.Logf("gfortran -O2 no longer miscompiles %s", p.name)
				}
			default:
				ref = gfortranRef(t, fc, p, dir)
			}
			checkOracle(t, p, ref)
			for _, dev := range []string{"cpu", "none", "metal_cpu"} {
				t.Run(dev, func(t *testing.T) {
					exe, ok := buildFgpu(t, p, dev, dir)
					if !ok {
						return
					}
					if dev == "none" {
						var stdout, stderr bytes.Buffer
						status, err := driver.Run(exe, nil, nil, &stdout, &stderr)
						if err != nil {
							t.Errorf("run: %v", err)
						}
						compare(t, "fgpu --gpu="+dev, ref, e2eResult{stdout.String(), stderr.String(), status})
						return
					}
					if dev == "metal_cpu" {
						// The MSL on the host: one run.
						got, err := runMode(exe, metalCPUMode.Env)
						if err != nil {
							t.Errorf("run (%s): %v", metalCPUMode.Name, err)
						}
						compare(t, "fgpu --gpu=metal_cpu", ref, got)
						return
					}
					// Built once, run in every CPU test mode.
					for _, m := range cpuModes {
						got, err := runMode(exe, m.Env)
						if err != nil {
							t.Errorf("run (%s): %v", m.Name, err)
						}
						compare(t, "fgpu --gpu=cpu, "+m.Name, ref, got)
					}
				})
			}
		})
	}
}

// TestE2ECudaCompiles builds every program for CUDA: the kernels compile
// with nvcc and the program links. Nothing runs (no GPU here).
func TestE2ECudaCompiles(t *testing.T) {
	needTool(t, "gfortran")
	nvcc := os.Getenv("NVCC")
	if nvcc == "" {
		nvcc = "nvcc"
	}
	if f := strings.Fields(nvcc); len(f) > 0 {
		needTool(t, f[0])
	}
	progs := e2ePrograms(t)
	for _, p := range progs {
		t.Run(strings.TrimSuffix(p.name, ".f90"), func(t *testing.T) {
			t.Parallel()
			buildFgpu(t, p, "cuda", t.TempDir())
		})
	}
}

// ompLoopRe finds an OpenMP target loop construct (frontend/omp.go).
var ompLoopRe = regexp.MustCompile(`(?m)^\s*!\$omp\s+target\s+(teams|parallel|loop|simd)`)

// TestE2ECorpus checks the corpus itself: each program is small, checks
// itself, and every program gfortran rejects has its expected output.
func TestE2ECorpus(t *testing.T) {
	progs := e2ePrograms(t)
	if len(progs) < 60 {
		t.Errorf("%d programs in %s, want at least 60", len(progs), e2eDir)
	}
	for _, p := range progs {
		var src []byte
		for _, f := range p.files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src = append(src, b...)
		}
		text := strings.ToLower(string(src))
		if !strings.Contains(text, "do concurrent") && !ompLoopRe.MatchString(text) {
			t.Errorf("%s: no do concurrent (nor an OpenMP loop fgpu offloads)", p.name)
		}
		if !strings.Contains(text, "error stop") {
			t.Errorf("%s: does not check itself (no error stop on a FAIL path)", p.name)
		}
		_, errOut := os.Stat(strings.TrimSuffix(p.path, ".f90") + ".expected.out")
		if (p.rejects || p.miscompiles) && errOut != nil {
			t.Errorf("%s: marked GFORTRAN: rejects or miscompiles without expected.out", p.name)
		}
		if !p.rejects && !p.miscompiles && errOut == nil {
			t.Errorf("%s: has expected.out but is not marked GFORTRAN: rejects or miscompiles (gfortran is its oracle)", p.name)
		}
	}
	extra, _ := filepath.Glob(filepath.Join(e2eDir, "*.expected.*"))
	for _, e := range extra {
		base := e[:strings.Index(e, ".expected.")]
		if _, err := os.Stat(base + ".f90"); err != nil {
			t.Errorf("%s belongs to no program", e)
		}
	}
}

// cpuMode is one way of running a program built for the CPU backend: the
// environment variables the runtime reads (runtime/README.md).
type cpuMode struct {
	Name string
	Env  []string
}

// cpuModes are the runs of every program fgpu builds for the CPU backend
// (ARCHITECTURE.md section 6), each compared with the oracle:
//   - separate memory: the kernels work on copies of their arrays, so a
//     missing wait or copy-back fails here as it would on a GPU;
//   - separate memory with the iterations shuffled (FGPU_CPU_ORDER), on
//     every thread whatever the trip count: a result that depends on the
//     order of the iterations (a race on a shared scalar, a loop-carried
//     dependence) fails;
//   - shared memory with the iterations reversed.
//
// Non-temporal stores are forced in every mode (FGPU_CPU_STREAMING_STORES=1),
// so that every loop of rules/pack.mg runs its packed version outside the
// order modes (arrays larger than the cache would choose it anyway).
var cpuModes = []cpuMode{
	{"separate memory", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER="}},
	{"separate memory, FGPU_CPU_ORDER=shuffle", []string{"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}},
	{"shared memory, FGPU_CPU_ORDER=reverse", []string{"FGPU_CPU_SEPARATE=", "FGPU_CPU_ORDER=reverse"}},
}

// runMode runs exe with the environment of a mode added.
func runMode(exe string, env []string) (e2eResult, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := e2eResult{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if code := ee.ExitCode(); code >= 0 {
			r.status, err = code, nil
		} else if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.status = 128 + int(ws.Signal())
		}
	}
	return r, err
}

func init() {
	os.Setenv("FGPU_CPU_SEPARATE", "1")
	os.Setenv("FGPU_CPU_STREAMING_STORES", "1")
}
