package crmath

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// args are the arguments every function is tried on (those out of a
// function's domain are skipped).
func args() []float64 {
	xs := []float64{0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99, 1, 1.5, 2, 2.5, 3, 5, 7, 10, 12.5, 33.3, 100, 700.5, 1e-3, 1e-8, 1e-20, 3e5, 1e10, 1e22, 123456.789, 0.625, 0.7853981633974483, 1.5707963267948966, 3.141592653589793}
	var out []float64
	for _, x := range xs {
		out = append(out, x, -x)
	}
	for i := 1; i <= 60; i++ {
		out = append(out, 0.037*float64(i*i)-1.3)
	}
	return out
}

func inDomain(name string, kind int, x, y float64) bool {
	lim := 700.0
	if kind == 4 {
		lim = 80
	}
	switch name {
	case "log", "log10":
		return x > 0
	case "asin", "acos", "atanh":
		return x > -1 && x < 1
	case "acosh":
		return x >= 1
	case "exp", "sinh", "cosh":
		return math.Abs(x) < lim
	case "pow":
		return x > 0 && math.Abs(y*math.Log(x)) < lim
	case "atan2":
		return x != 0 && y != 0
	}
	return true
}

// TestAgainstGfortran: Eval gives, bit for bit, what gfortran folds for
// the same constant expressions (its parameter arrays), real(4) and
// real(8).
func TestAgainstGfortran(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found")
	}
	one := []string{"exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"}
	two := []string{"atan2", "hypot", "pow"}
	xs := args()
	type cs struct {
		name string
		kind int
		x, y float64
	}
	var cases []cs
	var src strings.Builder
	src.WriteString("program fold\n  implicit none\n")
	lit := func(v float64, kind int) string {
		if kind == 4 {
			return fmt.Sprintf("real(z'%08X', 4)", math.Float32bits(float32(v)))
		}
		return fmt.Sprintf("real(z'%016X', 8)", math.Float64bits(v))
	}
	n := 0
	for _, kind := range []int{4, 8} {
		for _, f := range append(append([]string{}, one...), two...) {
			for i, x := range xs {
				y := xs[(i*7+3)%len(xs)]
				if kind == 4 {
					x, y = float64(float32(x)), float64(float32(y))
				}
				if f == "pow" {
					y = math.Mod(y, 7)
				}
				if !inDomain(f, kind, x, y) {
					continue
				}
				n++
				expr := fmt.Sprintf("%s(%s)", f, lit(x, kind))
				switch f {
				case "atan2", "hypot":
					expr = fmt.Sprintf("%s(%s, %s)", f, lit(x, kind), lit(y, kind))
				case "pow":
					expr = fmt.Sprintf("%s ** %s", lit(x, kind), lit(y, kind))
				}
				fmt.Fprintf(&src, "  real(%d), parameter :: c%d = %s\n", kind, n, expr)
				cases = append(cases, cs{f, kind, x, y})
			}
		}
	}
	for i, c := range cases {
		if c.kind == 4 {
			fmt.Fprintf(&src, "  print '(z8.8)', c%d\n", i+1)
		} else {
			fmt.Fprintf(&src, "  print '(z16.16)', c%d\n", i+1)
		}
	}
	src.WriteString("end program\n")
	dir := t.TempDir()
	f90 := filepath.Join(dir, "fold.f90")
	if err := os.WriteFile(f90, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "fold")
	if out, err := exec.Command("gfortran", "-ffree-line-length-none", "-o", exe, f90).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(cases) {
		t.Fatalf("%d values printed for %d cases", len(lines), len(cases))
	}
	bad := map[string]int{}
	for i, c := range cases {
		want, _ := strconv.ParseUint(lines[i], 16, 64)
		args := []float64{c.x}
		name := c.name
		if name == "atan2" || name == "hypot" || name == "pow" {
			args = append(args, c.y)
		}
		got, ok := Eval(name, c.kind, args...)
		if !ok {
			t.Errorf("%s%v real(%d): not evaluated", name, args, c.kind)
			continue
		}
		var gotBits uint64
		if c.kind == 4 {
			gotBits = uint64(math.Float32bits(float32(got)))
		} else {
			gotBits = math.Float64bits(got)
		}
		if gotBits != want {
			bad[fmt.Sprintf("%s real(%d)", name, c.kind)]++
			if bad[fmt.Sprintf("%s real(%d)", name, c.kind)] <= 2 {
				t.Errorf("%s%v real(%d) = %x, gfortran folds %x", name, args, c.kind, gotBits, want)
			}
		}
	}
	t.Logf("%d cases", len(cases))
	if len(bad) > 0 {
		t.Errorf("differences: %v", bad)
	}
}
