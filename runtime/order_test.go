package runtime

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCPUOrder runs testdata/order_test.cpp against the CPU runtime under
// each value of FGPU_CPU_ORDER: unset keeps the order; reverse maps
// position q to n-1-q; shuffle is a permutation of every trip count that
// moves most iterations, fixed by FGPU_CPU_ORDER_SEED (another seed, another
// order); any other value stops the program with a message.
func TestCPUOrder(t *testing.T) {
	cxx := needTool(t, "g++")
	inc := isoInclude(t)
	src, _ := testSources(t)
	test, err := filepath.Abs(filepath.Join("testdata", "order_test.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	run(t, dir, nil, cxx, "-std=c++17", "-O2", "-Wall", "-Werror", "-fopenmp",
		"-I", src, "-I", inc, test, filepath.Join(src, CPU), "-o", "order_test")
	bin := filepath.Join(dir, "order_test")

	lineRe := regexp.MustCompile(`(?m)^n (\d+) perm (\d) fixed (\d+)$`)
	digestRe := regexp.MustCompile(`(?m)^digest ([0-9a-f]+)$`)
	digests := map[string]string{}
	for _, c := range []struct {
		env  []string
		mode string
	}{
		{[]string{"FGPU_CPU_ORDER="}, "0"},
		{[]string{"FGPU_CPU_ORDER=reverse"}, "1"},
		{[]string{"FGPU_CPU_ORDER=shuffle", "FGPU_CPU_ORDER_SEED="}, "2"},
		{[]string{"FGPU_CPU_ORDER=shuffle", "FGPU_CPU_ORDER_SEED=7"}, "2"},
	} {
		name := strings.Join(c.env, " ")
		out := run(t, dir, c.env, bin)
		if !strings.HasPrefix(out, "mode "+c.mode+"\n") {
			t.Errorf("%s: want mode %s, got\n%s", name, c.mode, out)
		}
		lines := lineRe.FindAllStringSubmatch(out, -1)
		if len(lines) != 13 {
			t.Fatalf("%s: want 13 trip counts, got\n%s", name, out)
		}
		for _, m := range lines {
			n, _ := strconv.Atoi(m[1])
			fixed, _ := strconv.Atoi(m[3])
			if m[2] != "1" {
				t.Errorf("%s: n=%d: not a permutation", name, n)
			}
			switch c.mode {
			case "0":
				if fixed != n {
					t.Errorf("%s: n=%d: %d positions run their own iteration, want all", name, n, fixed)
				}
			case "1":
				if fixed != n%2 {
					t.Errorf("%s: n=%d: %d positions run their own iteration, want %d (the middle one)", name, n, fixed, n%2)
				}
			case "2":
				// A permutation moves most iterations once there are a few.
				if n >= 16 && fixed > n/4 {
					t.Errorf("%s: n=%d: %d positions run their own iteration: hardly shuffled", name, n, fixed)
				}
			}
		}
		d := digestRe.FindStringSubmatch(out)
		if d == nil {
			t.Fatalf("%s: no digest in\n%s", name, out)
		}
		digests[name] = d[1]
	}
	if digests["FGPU_CPU_ORDER=shuffle FGPU_CPU_ORDER_SEED="] == digests["FGPU_CPU_ORDER=shuffle FGPU_CPU_ORDER_SEED=7"] {
		t.Errorf("FGPU_CPU_ORDER_SEED=7 gives the order of the default seed")
	}
	// The same seed, the same order (a failing run repeats).
	again := digestRe.FindStringSubmatch(run(t, dir, []string{"FGPU_CPU_ORDER=shuffle", "FGPU_CPU_ORDER_SEED=7"}, bin))
	if again == nil || again[1] != digests["FGPU_CPU_ORDER=shuffle FGPU_CPU_ORDER_SEED=7"] {
		t.Errorf("FGPU_CPU_ORDER_SEED=7 twice: two orders")
	}

	// A value the runtime does not know stops the program.
	for _, env := range []string{"FGPU_CPU_ORDER=sideways", "FGPU_CPU_ORDER_SEED=x"} {
		cmd := exec.Command(bin)
		cmd.Dir = dir
		cmd.Env = append(cmd.Environ(), "FGPU_CPU_ORDER=shuffle", env)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), strings.SplitN(env, "=", 2)[0]+" must be") {
			t.Errorf("%s: want a failure naming the variable, got %v\n%s", env, err, out)
		}
	}
}
