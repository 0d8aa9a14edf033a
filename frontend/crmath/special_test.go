package crmath

import (
	"bufio"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// specialArgs are the arguments each special function is tried on, per
// function: the hard cases (zeros of the Bessel functions, erf near 0 and
// in its tails, erfc down to the subnormals, gamma near 0, near negative
// integers and overflow, log_gamma near 1 and 2) and a sweep.
func specialArgs(name string) [][]float64 {
	one := func(xs ...float64) [][]float64 {
		var out [][]float64
		for _, x := range xs {
			out = append(out, []float64{x})
		}
		return out
	}
	sweep := func(step, from float64, n int) []float64 {
		var out []float64
		for i := 0; i < n; i++ {
			out = append(out, from+step*float64(i))
		}
		return out
	}
	both := func(xs []float64) []float64 {
		var out []float64
		for _, x := range xs {
			out = append(out, x, -x)
		}
		return out
	}
	// random arguments m 2^e, m in [1, 2), e in [lo, hi], of either sign
	rnd := rand.New(rand.NewSource(int64(len(name))*7919 + int64(name[len(name)-1])))
	random := func(n, lo, hi int, neg bool) []float64 {
		if k, err := strconv.Atoi(os.Getenv("FGPU_CRMATH_STRESS")); err == nil && k > 1 {
			n *= k // more random arguments, for a longer run by hand
		}
		var out []float64
		for i := 0; i < n; i++ {
			x := math.Ldexp(1+rnd.Float64(), lo+rnd.Intn(hi-lo+1))
			if neg && rnd.Intn(2) == 0 {
				x = -x
			}
			out = append(out, x)
		}
		return out
	}
	switch name {
	case "erf", "erfc", "erfc_scaled":
		xs := []float64{1e-300, 5e-324, 1e-40, 1e-10, 1e-3, 0.01, 0.1, 0.3, 0.5, 0.75, 0.9, 1, 1.25, 1.5, 2, 2.5, 3, 3.5,
			3.99, 4, 4.01, 4.5, 5, 5.5, 5.9, 5.93, 6, 7, 8, 9, 9.19, 9.5, 10, 10.05, 10.5, 11, 11.99, 12, 12.5, 13, 15, 20,
			26, 26.5, 26.55, 26.6, 27, 28, 30, 50, 100, 1e3, 1e5, 1e10, 1e20, 1e300}
		xs = append(xs, sweep(0.173, 0.05, 70)...)
		return one(append(both(xs), random(60, -10, 5, true)...)...)
	case "gamma", "log_gamma":
		xs := []float64{1e-300, 1e-40, 1e-10, 1e-5, 0.001, 0.1, 0.3, 0.5, 0.9, 0.99, 1, 1 + 0x1p-52, 1 - 0x1p-53, 1.5, 2,
			2 + 0x1p-51, 2 - 0x1p-52, 0.9999, 1.0001, 1.9999, 2.0001, 2.5, 3, 3.7, 5, 7.5, 10, 12.3, 20, 23, 24, 25, 30,
			34.5, 35, 35.04, 35.1, 40, 50.5, 100.25, 150, 170, 170.6, 171, 171.6, 171.62, 172, 1e10, 1e100, 1e300,
			2.5e305, 3e305,
			-1e-300, -1e-10, -0.5, -0.999, math.Nextafter(-1, 0), math.Nextafter(-1, -2), -1.5, -2.5, -2 + 1e-10,
			-2.4570247382208006, -2.7476826467274127, -3.3, -10.5, -20.1, -33.5, -38.7, -40.5, -41.5, -45.5, -100.5,
			-170.5, -171.5, -177.5, -180.1, -184.5, -190.5, -1e10 - 0.5}
		xs = append(xs, sweep(0.173, -6.05, 70)...)
		xs = append(xs, random(60, -10, 7, true)...)
		var out []float64
		for _, x := range xs {
			if x != math.Trunc(x) || x > 0 {
				out = append(out, x)
			}
		}
		return one(out...)
	case "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1":
		xs := []float64{1e-300, 1e-40, 1e-10, 1e-3, 0.1, 0.5, 0.8935769662791675, 1, 2, 2.197141326031017,
			2.404825557695773, 2.4048255576957727, 3, 3.8317059702075125, 3.957678419314858, 5, 5.429681040794135,
			5.520078110286311, 7.015586669815619, 8.653727912911012, 10, 10.173468135062722, 14.930917708487787, 20,
			30.634606468431975, 40, 50, 60, 80, 100, 250, 500, 600, 700, 1000, 1e4, 1e5, 1e10, 1e22, 1e300}
		xs = append(xs, sweep(0.37, 0.2, 60)...)
		if name[7] == 'j' {
			xs = both(xs)
		}
		return one(append(xs, random(60, -6, 9, name[7] == 'j')...)...)
	case "sind", "cosd", "tand", "cotand", "cotan":
		xs := []float64{1e-300, 1e-40, 1e-10, 1e-3, 0.5, 1, 10, 15, 29.999, 30, 30.0001, 44.9, 45, 45.1, 60, 75, 89.9,
			90, 90.1, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330, 359.9, 360, 361, 720.5, 1e5 + 0.3, 1e10,
			1e20, 1e300, 2.5, 3.14159, 100}
		xs = append(xs, sweep(7.3, 0.1, 60)...)
		return one(append(both(xs), random(40, -6, 12, true)...)...)
	case "asind", "acosd":
		xs := []float64{1e-300, 1e-40, 1e-10, 1e-3, 0.1, 0.25, 0.5, 0.7071067811865476, 0.8660254037844386, 0.9, 0.999, 1}
		xs = append(xs, sweep(0.0173, 0.003, 57)...)
		return one(append(both(xs), random(40, -20, -1, true)...)...)
	case "atand":
		xs := []float64{1e-300, 1e-40, 1e-10, 1e-3, 0.1, 0.5, 0.5773502691896258, 1, 1.7320508075688772, 2, 10, 1e5,
			1e10, 1e300}
		xs = append(xs, sweep(0.37, 0.05, 40)...)
		return one(append(both(xs), random(40, -20, 20, true)...)...)
	case "atan2d":
		var out [][]float64
		for _, y := range []float64{1, -1, 0.5, -3, 1e-300, 7.25, 1e10} {
			for _, x := range []float64{1, -1, 2, -0.5, 1e-300, 3.3, -1e10} {
				out = append(out, []float64{y, x})
			}
		}
		return out
	case "bessel_jn", "bessel_yn":
		var out [][]float64
		ns := []float64{2, 3, 5, 10, 20, 50, 100}
		if name == "bessel_jn" {
			ns = append(ns, -3)
		}
		for _, n := range ns {
			for _, x := range []float64{1e-5, 0.5, 1, 2.5, 5, 7.5, 10, 25, 50, 100, 1000, 1e5} {
				if n < 0 && x > 1000 {
					continue // MPFR's jn takes seconds on it
				}
				out = append(out, []float64{n, x})
			}
		}
		// large orders at large arguments: Hankel's terms grow first
		out = append(out, []float64{30, 700}, []float64{300, 700}, []float64{1000, 2000}, []float64{40, 3000})
		return out
	}
	return nil
}

// withZeros adds the signed zeros to a function's arguments.
func withZeros(name string, args [][]float64) [][]float64 {
	nz := math.Copysign(0, -1)
	switch name {
	case "atan2d":
		return append(args, []float64{0, 1}, []float64{nz, 1}, []float64{0, -1}, []float64{nz, -1}, []float64{1, 0}, []float64{-1, nz})
	case "bessel_jn", "bessel_yn":
		for _, n := range []float64{0, 1, 2, 3, -3} {
			args = append(args, []float64{n, 0}, []float64{n, nz})
		}
		return args
	}
	return append(args, []float64{0}, []float64{nz})
}

var specialNames = []string{"erf", "erfc", "erfc_scaled", "gamma", "log_gamma", "bessel_j0", "bessel_j1", "bessel_jn",
	"bessel_y0", "bessel_y1", "bessel_yn", "sind", "cosd", "tand", "cotand", "cotan", "asind", "acosd", "atand", "atan2d"}

// TestSpecialAgainstGfortran: Eval folds erf, erfc, erfc_scaled, gamma,
// log_gamma and the Bessel functions, real(4) and real(8), bit for bit as
// gfortran folds them (parameters printed in z format), and every
// argument it leaves unfolded is one gfortran rejects too (overflow,
// underflow, NaN).
func TestSpecialAgainstGfortran(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found")
	}
	type cs struct {
		name string
		kind int
		args []float64
		got  float64
	}
	lit := func(v float64, kind int) string {
		if kind == 4 {
			return fmt.Sprintf("real(z'%08X', 4)", math.Float32bits(float32(v)))
		}
		return fmt.Sprintf("real(z'%016X', 8)", math.Float64bits(v))
	}
	expr := func(c cs) string {
		if c.name == "atan2d" {
			return fmt.Sprintf("%s(%s, %s)", c.name, lit(c.args[0], c.kind), lit(c.args[1], c.kind))
		}
		if len(c.args) == 2 {
			return fmt.Sprintf("%s(%d, %s)", c.name, int(c.args[0]), lit(c.args[1], c.kind))
		}
		return fmt.Sprintf("%s(%s)", c.name, lit(c.args[0], c.kind))
	}
	var folded, unfolded []cs
	var slowest time.Duration
	var times []time.Duration
	var slowCase string
	start := time.Now()
	for _, kind := range []int{4, 8} {
		for _, f := range specialNames {
			for _, a := range withZeros(f, specialArgs(f)) {
				a = append([]float64{}, a...)
				x := &a[len(a)-1]
				if kind == 4 {
					*x = float64(float32(*x))
					if f == "atan2d" {
						a[0] = float64(float32(a[0]))
					}
				}
				if math.IsInf(*x, 0) {
					continue // (1e300 in real(4): Eval leaves infinities to the run time)
				}
				t0 := time.Now()
				v, ok := Eval(f, kind, a...)
				d := time.Since(t0)
				times = append(times, d)
				if d > slowest {
					slowest, slowCase = d, fmt.Sprintf("%s%v real(%d)", f, a, kind)
				}
				c := cs{f, kind, a, v}
				if ok {
					folded = append(folded, c)
				} else {
					unfolded = append(unfolded, c)
				}
			}
		}
	}
	n := len(folded) + len(unfolded)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	t.Logf("%d folds in %v (median %v, 90th percentile %v, 99th %v; slowest %v, %s)", n, time.Since(start),
		times[len(times)/2], times[len(times)*9/10], times[len(times)*99/100], slowest, slowCase)
	dir := t.TempDir()

	// The folded cases against gfortran's values.
	var src strings.Builder
	src.WriteString("program fold\n  implicit none\n")
	for i, c := range folded {
		fmt.Fprintf(&src, "  real(%d), parameter :: c%d = %s\n", c.kind, i+1, expr(c))
	}
	for i, c := range folded {
		fmt.Fprintf(&src, "  print '(z%d.%d)', c%d\n", 2*c.kind, 2*c.kind, i+1)
	}
	src.WriteString("end program\n")
	f90 := filepath.Join(dir, "fold.f90")
	if err := os.WriteFile(f90, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "fold")
	t0 := time.Now()
	if out, err := exec.Command("gfortran", "-ffree-line-length-none", "-o", exe, f90).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	t.Logf("gfortran: %v", time.Since(t0))
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(folded) {
		t.Fatalf("%d values printed for %d cases", len(lines), len(folded))
	}
	type key struct {
		name string
		kind int
	}
	same, bad, left, rejected := map[key]int{}, map[key]int{}, map[key]int{}, map[key]int{}
	for i, c := range folded {
		want, _ := strconv.ParseUint(lines[i], 16, 64)
		var got uint64
		if c.kind == 4 {
			got = uint64(math.Float32bits(float32(c.got)))
		} else {
			got = math.Float64bits(c.got)
		}
		k := key{c.name, c.kind}
		if got != want {
			bad[k]++
			t.Errorf("%s real(%d) = %x, gfortran folds %x", expr(c), c.kind, got, want)
		} else {
			same[k]++
		}
	}

	// The unfolded ones: gfortran rejects them too, or they are logged.
	if len(unfolded) > 0 {
		src.Reset()
		src.WriteString("program unfolded\n  implicit none\n")
		for i, c := range unfolded {
			fmt.Fprintf(&src, "  real(%d), parameter :: c%d = %s\n", c.kind, i+1, expr(c))
		}
		src.WriteString("end program\n")
		f90 := filepath.Join(dir, "unfolded.f90")
		if err := os.WriteFile(f90, []byte(src.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command("gfortran", "-ffree-line-length-none", "-fmax-errors=0", "-fsyntax-only", f90).CombinedOutput()
		errLines := map[int]bool{}
		head := regexp.MustCompile(`^` + regexp.QuoteMeta(f90) + `:(\d+):`)
		cur := 0
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		for sc.Scan() {
			if m := head.FindStringSubmatch(sc.Text()); m != nil {
				cur, _ = strconv.Atoi(m[1])
			} else if strings.HasPrefix(sc.Text(), "Error:") {
				errLines[cur] = true
			}
		}
		for i, c := range unfolded {
			k := key{c.name, c.kind}
			if errLines[i+3] {
				rejected[k]++
			} else {
				left[k]++
				t.Errorf("left unfolded, gfortran folds it: %s", expr(c))
			}
		}
	}
	var keys []key
	for _, m := range []map[key]int{same, bad, left, rejected} {
		for k := range m {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].name != keys[j].name {
			return keys[i].name < keys[j].name
		}
		return keys[i].kind < keys[j].kind
	})
	var last key
	for _, k := range keys {
		if k == last {
			continue
		}
		last = k
		t.Logf("%-12s real(%d): %3d folded, %3d identical; %2d unfolded that gfortran rejects, %2d unfolded that it folds",
			k.name, k.kind, same[k]+bad[k], same[k], rejected[k], left[k])
	}
	if len(bad) > 0 {
		t.Errorf("differences: %v", bad)
	}
}
