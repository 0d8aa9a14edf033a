package crmath

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	fcr "fgpu/frontend/crmath"
)

func init() {
	inf, nan := math.Inf(1), math.NaN()
	sub := math.Float64frombits(1)        // 5e-324
	sub2 := math.Float64frombits(0xfffff) // a subnormal
	one := func(xs ...float64) [][]float64 {
		var s [][]float64
		for _, x := range xs {
			s = append(s, []float64{x}, []float64{-x})
		}
		return s
	}
	hs := one(0, sub, sub2, 1e-310, 2.2250738585072014e-308, 1e-300, 1e-20, 1.4901161193847656e-08, 7.450580596923828e-09,
		1e-8, 0.25, 0.2499999999999999, 0.5, 1, 2, 19.06, 19.07, 20, 22, 36.9, 37, 37.1, 50,
		710.47, 710.475860073944, 710.4758600739439, 710.4758600739438, 710.48, 711, 712, 1e5, 1e300,
		math.MaxFloat64, inf, nan)
	// hypot is glibc's algorithm, not correctly rounded (glibc's is not on
	// ~0.65% of arguments): no reference, so every result must be the
	// host's.
	glibc := func([]float64) (float64, bool) { return 0, false }
	cases = append(cases,
		fcase{name: "hypot", ref: glibc, ours: "fgpu_cr_hypot", host: "hypot", args: 2, lo: -100, hi: 100, lo2: -100, hi2: 100,
			specials: [][]float64{{inf, nan}, {nan, inf}, {-inf, nan}, {nan, -inf}, {nan, 1}, {1, nan}, {nan, nan}, {inf, 1}, {1, -inf},
				{3, 4}, {-3, 4}, {5, 12}, {0, 0}, {-0.0, 0}, {0, -5}, {math.MaxFloat64, math.MaxFloat64}, {sub, sub}, {sub, sub2},
				{1e308, 1e308}, {1e-308, 1e-308}, {1e300, 1e-300}, {1e200, 1e200}, {1e-200, 1e-200}, {1e-320, 3e-320},
				{0x1p511, 0x1p511}, {0x1p-459, 0x1p-459}, {1, 0x1p-54}, {1, 0x1p-53}}},
		fcase{name: "hypot", ref: glibc, ours: "fgpu_cr_hypot", host: "hypot", args: 2, lo: 1e-300, hi: 1e300, log: true, lo2: -1e3, hi2: 1e3},
	)
	for _, f := range []string{"sinh", "cosh", "tanh"} {
		big := 710.0
		if f == "tanh" {
			big = 20
		}
		ref := glibcHyp(f)
		cases = append(cases,
			fcase{name: f, ours: "fgpu_cr_" + f, host: f, args: 1, lo: -big, hi: big, specials: hs, ref: ref},
			fcase{name: f, ours: "fgpu_cr_" + f, host: f, args: 1, lo: -1, hi: 1, ref: ref},
			fcase{name: f, ours: "fgpu_cr_" + f, host: f, args: 1, lo: 1e-300, hi: 1, log: true, ref: ref})
	}
}

// The references of sinh, cosh and tanh: glibc's (fdlibm's) methods, with
// its thresholds, on the correctly rounded expm1 and exp (hyp.h). (Each
// operation rounded on its own: float64 conversions keep Go from fusing.)
func hw(hi uint64) float64 { return math.Float64frombits(hi << 32) }

func glibcHyp(name string) func([]float64) (float64, bool) {
	exp := func(x float64) float64 { v, _ := fcr.EvalOnce("exp", x); return v }
	return func(args []float64) (float64, bool) {
		x := args[0]
		a := math.Abs(x)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false
		}
		switch name {
		case "sinh":
			h := 0.5
			if x < 0 {
				h = -0.5
			}
			switch {
			case a < hw(0x3e300000):
				return x, true
			case a < hw(0x40360000):
				t := expm1Ref(a)
				if a < 1 {
					return float64(h * float64(float64(2*t)-float64(float64(t*t)/float64(t+1)))), true
				}
				return float64(h * float64(t+float64(t/float64(t+1)))), true
			case a < hw(0x40862e42):
				return float64(h * exp(a)), true
			case a <= math.Float64frombits(0x408633ce8fb9f87d):
				w := exp(0.5 * a)
				return float64(float64(h*w) * w), true
			}
			return math.Copysign(math.Inf(1), x), true
		case "cosh":
			switch {
			case a < hw(0x3c800000):
				return 1, true
			case a < hw(0x3fd62e43):
				t := expm1Ref(a)
				w := float64(1 + t)
				return float64(1 + float64(float64(t*t)/float64(w+w))), true
			case a < hw(0x40360000):
				t := exp(a)
				return float64(float64(0.5*t) + float64(0.5/t)), true
			case a < hw(0x40862e42):
				return float64(0.5 * exp(a)), true
			case a <= math.Float64frombits(0x408633ce8fb9f87d):
				w := exp(0.5 * a)
				return float64(float64(0.5*w) * w), true
			}
			return math.Inf(1), true
		}
		// tanh
		var z float64
		switch {
		case x == 0:
			return x, true
		case a < hw(0x3c800000):
			return float64(x * float64(1+x)), true
		case a >= hw(0x40360000):
			z = 1
		case a >= 1:
			t := expm1Ref(2 * a)
			z = float64(1 - float64(2/float64(t+2)))
		default:
			t := expm1Ref(-2 * a)
			z = float64(-t / float64(t+2))
		}
		if x < 0 {
			z = -z
		}
		return z, true
	}
}

// TestHypotIsGlibcs: fgpu_cr_hypot gives the host's (glibc 2.35+) bits on
// every argument: pairs over ranges where the squares are ordinary, where
// they overflow or underflow, of widely different sizes, subnormals, and
// the special values.
func TestHypotIsGlibcs(t *testing.T) {
	src := "#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n" + Header() + `
static uint64_t B(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static uint64_t s = 88172645463325252ULL;
static uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
// a random double with exponent in [e0, e1) (biased), random sign
static double rnd(int e0, int e1) {
  uint64_t u = next();
  uint64_t e = (uint64_t)(e0 + (int)((u >> 11) % (uint64_t)(e1 - e0)));
  uint64_t b = (next() & 0x800fffffffffffffULL) | (e << 52);
  double x; memcpy(&x, &b, 8); return x;
}
static long diffs = 0, n = 0;
static void check(double x, double y) {
  double o = fgpu_cr_hypot(x, y), h = hypot(x, y);
  n++;
  if (!((o != o && h != h) || B(o) == B(h))) {
    if (++diffs <= 10) printf("hypot(%a, %a) = %a, glibc's %a\n", x, y, o, h);
  }
}
int main(int argc, char** argv) {
  long m = atol(argv[1]);
  // exponent ranges (biased): ordinary, huge (squares overflow), tiny and
  // subnormal (squares underflow), around the scaling thresholds
  const int r[][4] = {{1000, 1050, 1000, 1050}, {1023, 1024, 1023, 1024}, {1500, 2047, 1500, 2047},
    {0, 200, 0, 200}, {0, 2047, 0, 2047}, {1520, 1540, 1460, 1540}, {540, 580, 540, 580},
    {0, 1, 0, 60}, {1000, 1100, 900, 1000}, {1, 2047, 1, 2047}};
  int nr = sizeof r / sizeof r[0];
  for (int i = 0; i < nr; i++)
    for (long j = 0; j < m / nr; j++) check(rnd(r[i][0], r[i][1]), rnd(r[i][2], r[i][3]));
  // near-equal and near-ratio-2 arguments (the kernel's two branches)
  for (long j = 0; j < m / 10; j++) {
    double x = rnd(1000, 1050), d = rnd(1000 - 60, 1000 - 20);
    check(x, x + d);
    check(x, 2 * x + d);
  }
  const double inf = INFINITY, nan = NAN, big = 1.7976931348623157e308, sub = 4.9406564584124654e-324;
  const double sp[] = {0, -0.0, sub, -sub, 1e-310, 2.2250738585072014e-308, 1e-300, 0x1p-459, 0x1.fffffffffffffp-460,
    0x1p-54, 0x1p-53, 1, 3, 4, 5, 12, 0x1p511, 0x1.0000000000001p511, 1e300, big, -big, inf, -inf, nan};
  int ns = sizeof sp / sizeof sp[0];
  for (int i = 0; i < ns; i++)
    for (int j = 0; j < ns; j++) check(sp[i], sp[j]);
  printf("N %ld %ld\n", n, diffs);
  return diffs != 0;
}
`
	exe := hostBuild(t, "hypot", src)
	n := "1000000"
	if v := os.Getenv("FGPU_CRMATH_N"); v != "" {
		n = v
	}
	out, err := exec.Command(exe, n).CombinedOutput()
	t.Logf("%s", strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("fgpu_cr_hypot differs from the host's hypot: %v", err)
	}
}

// TestHypEdges: sinh, cosh and tanh are glibc's methods on the correctly
// rounded expm1 and exp (glibcHyp) on the 64 doubles either side of each
// of the methods' thresholds (2^-55, 2^-28, 0.5 ln2 and 1, 22, log of the
// largest double, the overflow), and of expm1's (ln2/128, 38), both signs.
func TestHypEdges(t *testing.T) {
	var args []float64
	for _, p := range []float64{0x1p-55, 0x1p-28, hw(0x3fd62e43), 1, 0.0054, 0.0027, 22, 38, hw(0x40862e42), math.Float64frombits(0x408633ce8fb9f87d), 709, 710.4758600739439} {
		x := p
		for i := 0; i < 64; i++ {
			x = math.Nextafter(x, 0)
		}
		for i := 0; i < 129; i++ {
			args = append(args, x, -x)
			x = math.Nextafter(x, math.Inf(1))
		}
	}
	var b strings.Builder
	b.WriteString("#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n" + Header())
	b.WriteString("static uint64_t B(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }\nstatic double F(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }\nstatic const uint64_t a[] = {\n")
	for _, x := range args {
		fmt.Fprintf(&b, "0x%016xULL,\n", math.Float64bits(x))
	}
	b.WriteString(`};
int main() {
  for (unsigned i = 0; i < sizeof a / sizeof a[0]; i++) {
    double x = F(a[i]);
    printf("%016llx %016llx %016llx %016llx\n", (unsigned long long)a[i], (unsigned long long)B(fgpu_cr_sinh(x)),
      (unsigned long long)B(fgpu_cr_cosh(x)), (unsigned long long)B(fgpu_cr_tanh(x)));
  }
  return 0;
}
`)
	exe := hostBuild(t, "edges", b.String())
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	bad, n := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var u [4]uint64
		if _, err := fmt.Sscanf(line, "%x %x %x %x", &u[0], &u[1], &u[2], &u[3]); err != nil {
			t.Fatal(err)
		}
		x := math.Float64frombits(u[0])
		for i, name := range []string{"sinh", "cosh", "tanh"} {
			want, ok := glibcHyp(name)([]float64{x})
			if !ok {
				continue
			}
			n++
			if math.Float64bits(want) != u[i+1] {
				if bad++; bad <= 10 {
					t.Errorf("%s(%v) = %v, the method on correctly rounded steps gives %v", name, x, math.Float64frombits(u[i+1]), want)
				}
			}
		}
	}
	t.Logf("%d results checked, %d not the method's value", n, bad)
}

// TestHypFloat: fgpu_cr_sinhf, coshf, tanhf against the host's sinhf,
// coshf, tanhf on every 61st float of each sign: the methods are glibc's,
// so wherever the host's expf and expm1f at the arguments the method uses
// are correctly rounded, the bits are the host's; the other differences
// are counted.
func TestHypFloat(t *testing.T) {
	src := "#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n" + Header() + `
static bool prim(float a) {  // the host's primitives agree with ours at the method's arguments
  return expm1f(a) == fgpu_hyp_expm1f(a) && expf(a) == fgpu_hyp_expf(a) && expf(0.5f * a) == fgpu_hyp_expf(0.5f * a) &&
    expm1f(2.0f * a) == fgpu_hyp_expm1f(2.0f * a) && expm1f(-2.0f * a) == fgpu_hyp_expm1f(-2.0f * a);
}
static bool same(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, 4) == 0; }
int main() {
  const char* nm[3] = {"sinh", "cosh", "tanh"};
  for (int f = 0; f < 3; f++) {
    long n = 0, differ = 0, host = 0, bad = 0;
    for (uint64_t v = 0; v < 0x100000000ULL; v += 61) {
      uint32_t u = (uint32_t)v; float x; memcpy(&x, &u, 4);
      float o = f == 0 ? fgpu_cr_sinhf(x) : f == 1 ? fgpu_cr_coshf(x) : fgpu_cr_tanhf(x);
      float h = f == 0 ? sinhf(x) : f == 1 ? coshf(x) : tanhf(x);
      n++;
      if (same(o, h)) continue;
      differ++;
      if (!prim(std::fabs(x))) { host++; continue; }
      if (++bad <= 3) printf("BAD %sf(%a) = %a, the host's %a\n", nm[f], x, o, h);
    }
    printf("N %s %ld %ld %ld %ld\n", nm[f], n, differ, host, bad);
  }
  return 0;
}
`
	exe := hostBuild(t, "hypf", src)
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "BAD") {
			t.Error(line)
			continue
		}
		var name string
		var n, differ, host, bad int
		if _, err := fmt.Sscanf(line, "N %s %d %d %d %d", &name, &n, &differ, &host, &bad); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if bad > 0 {
			t.Errorf("%sf: %d of %d floats differ from the host's where its expf and expm1f are correctly rounded", name, bad, n)
		}
		t.Logf("%sf: %d of %d floats differ from the host's, all where its expf or expm1f is not correctly rounded", name, differ, n)
	}
}
