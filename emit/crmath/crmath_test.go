package crmath

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	fcr "fgpu/frontend/crmath"
)

// fcase is one function of the headers, run against the host's libm and
// frontend/crmath (each group's _test file appends its cases in init).
type fcase struct {
	name     string  // frontend/crmath's name of the function ("exp", "atan2", "pow")
	ours     string  // the header's function
	host     string  // the host's C function
	args     int     // 1 or 2
	lo, hi   float64 // the first argument's range
	log      bool    // spread the first argument logarithmically (lo > 0)
	lo2, hi2 float64 // the second argument's range
	specials [][]float64
	// ref, when set, is the reference instead of the correctly rounded
	// value: a function computed by the host's own method (log10).
	ref func(args []float64) (float64, bool)
}

var cases []fcase

// TestTablesCurrent: the tables are what gen writes.
func TestTablesCurrent(t *testing.T) {
	out, err := exec.Command("go", "run", "./gen", "-check", "-dir", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

// harness writes and builds the host program running every case.
func harness(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n")
	b.WriteString(Header())
	b.WriteString(cppBits)
	b.WriteString(`static void run(const char* name, int args, double (*o1)(double), double (*h1)(double),
    double (*o2)(double, double), double (*h2)(double, double),
    double lo, double hi, int lg, double lo2, double hi2, long n,
    const double* sp, int nsp) {
  long diffs = 0;
  for (long i = -nsp; i <= n; i++) {
    double x, w = 0;
    if (i < 0) { x = sp[(i + nsp) * 2]; w = sp[(i + nsp) * 2 + 1]; }
    else if (i == 0) continue;
    else {
      double u = fmod(0.6180339887498949 * (double)i, 1.0);
      x = lg ? exp(log(lo) + (log(hi) - log(lo)) * u) : lo + (hi - lo) * u;
      u = fmod(0.7548776662466927 * (double)i, 1.0);
      w = lo2 + (hi2 - lo2) * u;
    }
    double o = args == 1 ? o1(x) : o2(x, w);
    double h = args == 1 ? h1(x) : h2(x, w);
    if (!same(o, h)) {
      diffs++;
      printf("D %s %016llx %016llx %016llx %016llx\n", name, (unsigned long long)B(x), (unsigned long long)B(w), (unsigned long long)B(o), (unsigned long long)B(h));
    } else if (i > 0 && i % 997 == 0) {
      printf("S %s %016llx %016llx %016llx\n", name, (unsigned long long)B(x), (unsigned long long)B(w), (unsigned long long)B(o));
    }
  }
  printf("N %s %ld %ld\n", name, n, diffs);
}
static double one(double) { return 0; }
static double two(double, double) { return 0; }
int main(int argc, char** argv) {
  long n = atol(argv[1]);
  (void)one; (void)two; (void)F;
`)
	only := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("FGPU_CRMATH_ONLY"), ",") {
		if n != "" {
			only[n] = true
		}
	}
	for i, c := range cases {
		if len(only) > 0 && !only[c.name] {
			continue
		}
		o1, h1, o2, h2 := c.ours, c.host, "two", "two"
		if c.args == 2 {
			o1, h1, o2, h2 = "one", "one", c.ours, c.host
		}
		fmt.Fprintf(&b, "  { %s\n    run(%q, %d, %s, %s, %s, %s, %s, n, sp + 2, %d); } // case %d\n",
			c.specialsDecl(), c.name, c.args, o1, h1, o2, h2, c.rangeArgs(), len(c.specials), i)
	}
	b.WriteString("  return 0;\n}\n")
	return hostBuild(t, "harness", b.String())
}

// cppBits are the test programs' C++ helpers: a double's bits, a double
// from bits, and equality of bits (any NaN equal to any NaN).
const cppBits = `
static uint64_t B(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static double F(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
static bool same(double a, double b) { return (a != a && b != b) || B(a) == B(b); }
`

// specialsDecl declares the C++ array sp of c's special arguments: pairs
// (x, w) after a leading (0, 0), bit for bit.
func (c fcase) specialsDecl() string {
	var b strings.Builder
	b.WriteString("static const double sp[] = {0, 0")
	for _, s := range c.specials {
		w := 0.0
		if len(s) > 1 {
			w = s[1]
		}
		fmt.Fprintf(&b, ", F(0x%016xULL), F(0x%016xULL)", math.Float64bits(s[0]), math.Float64bits(w))
	}
	b.WriteString("};")
	return b.String()
}

// rangeArgs are the C++ arguments lo, hi, log (0 or 1), lo2, hi2 of c's
// spread of arguments (the run functions of both programs take them).
func (c fcase) rangeArgs() string {
	lg := 0
	if c.log {
		lg = 1
	}
	return fmt.Sprintf("%s, %s, %d, %s, %s", lit(c.lo), lit(c.hi), lg, lit(c.lo2), lit(c.hi2))
}

// hostBuild builds the C++ program src with the host's C++ compiler as
// every test here does (-ffp-contract=off: each operation rounded on its
// own, as nvcc --fmad=false rounds it); skipped without one.
func hostBuild(t *testing.T, name, src string) string {
	t.Helper()
	cxx, err := exec.LookPath("c++")
	if err != nil {
		t.Skip("no c++")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, name+".cpp")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, name)
	if out, err := exec.Command(cxx, "-O2", "-std=c++17", "-ffp-contract=off", "-fno-fast-math", "-o", exe, p, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, out)
	}
	return exe
}

func lit(x float64) string {
	if math.IsInf(x, 1) {
		return "INFINITY"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// TestAgainstHost runs every function of the headers on 10^6 arguments
// spread over its range (FGPU_CRMATH_N to change) and on its special
// values. Where the result differs from the host's libm, it must be the
// correctly rounded value (the host's is not), or, for an argument
// frontend/crmath leaves alone (special values, overflow), the host's.
// Every 997th argument is also checked correctly rounded.
// FGPU_CRMATH_ONLY=exp,log runs those functions only.
func TestAgainstHost(t *testing.T) {
	if len(cases) == 0 {
		t.Skip("no functions")
	}
	exe := harness(t)
	n := "1000000"
	if v := os.Getenv("FGPU_CRMATH_N"); v != "" {
		n = v
	}
	cmd := exec.Command(exe, n)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	nargs := map[string]int{}
	refs := map[string]func([]float64) (float64, bool){}
	for _, c := range cases {
		nargs[c.name] = c.args
		if c.ref != nil {
			refs[c.name] = c.ref
		}
	}
	bad := map[string]int{}
	hostWrong := map[string]int{}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		name := f[1]
		h := func(i int) float64 {
			u, _ := strconv.ParseUint(f[i], 16, 64)
			return math.Float64frombits(u)
		}
		switch f[0] {
		case "N":
			t.Logf("%-6s %s arguments: %s differ from the host's libm, each where the host is not the reference (correctly rounded, or glibc's method on correctly rounded steps)", name, f[2], f[3])
		case "D", "S":
			x, w, ours := h(2), h(3), h(4)
			args := []float64{x}
			if nargs[name] == 2 {
				args = append(args, w)
			}
			var cr float64
			var ok bool
			if r := refs[name]; r != nil {
				cr, ok = r(args)
			} else {
				cr, ok = fcr.EvalOnce(name, args...)
			}
			if !ok {
				if f[0] == "D" {
					bad[name]++
					if bad[name] <= 5 {
						t.Errorf("%s%v = %v (%#x), the host's %v: an argument with no correctly rounded reference must give the host's value", name, args, ours, math.Float64bits(ours), h(5))
					}
				}
				continue
			}
			if math.Float64bits(cr) != math.Float64bits(ours) {
				bad[name]++
				if bad[name] <= 5 {
					t.Errorf("%s%v = %v (%#x), correctly rounded %v (%#x)", name, args, ours, math.Float64bits(ours), cr, math.Float64bits(cr))
				}
			} else if f[0] == "D" {
				hostWrong[name]++
			}
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	for name, k := range bad {
		t.Errorf("%s: %d results not correctly rounded (or not the host's special value)", name, k)
	}
}
