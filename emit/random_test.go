package emit_test

// TestRandomPrograms is differential testing on random programs
// (randomgen_test.go): each is built by gfortran alone (the oracle) and by
// fgpu --gpu=cpu, built once and run in every CPU mode of the e2e tests
// (cpuModes: separate memory, shuffled, shared memory reversed), and must
// print the same and exit with the same status.
//
// FGPU_RANDOM_SEED (default 1) and FGPU_RANDOM_COUNT (default
// randomDefaultCount, sized for CI: about a minute on two cores) choose
// the programs; FGPU_RANDOM_DIR, when set, receives the source of every
// program that differs (NAME.f90), to reproduce it with fgpu run.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

const randomDefaultCount = 16

func randomEnv(t *testing.T, name string, def int64) int64 {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: want an integer", name, v)
	}
	return n
}

func TestRandomPrograms(t *testing.T) {
	fc := needTool(t, "gfortran")
	seed := randomEnv(t, "FGPU_RANDOM_SEED", 1)
	count := int(randomEnv(t, "FGPU_RANDOM_COUNT", randomDefaultCount))
	keep := os.Getenv("FGPU_RANDOM_DIR")
	for i := 0; i < count; i++ {
		name := fmt.Sprintf("seed%d_%03d", seed, i)
		src := genProgram(seed, i)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, name+".f90")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			failed := false
			defer func() {
				if failed || t.Failed() {
					if keep != "" {
						_ = os.MkdirAll(keep, 0o755)
						_ = os.WriteFile(filepath.Join(keep, name+".f90"), []byte(src), 0o644)
					}
					t.Logf("the program:\n%s", src)
				}
			}()
			// The oracle.
			ref := filepath.Join(dir, "ref")
			cmd := exec.Command(fc, "-O2", "-ffpe-summary=none", "-o", ref, path)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("gfortran cannot build the program (a generator bug): %v\n%s", err, out)
			}
			var stdout, stderr bytes.Buffer
			status, err := driver.Run(ref, nil, nil, &stdout, &stderr)
			if err != nil {
				t.Fatalf("reference run: %v", err)
			}
			want := e2eResult{stdout.String(), stderr.String(), status}
			if status != 0 {
				t.Fatalf("the reference run exits with %d (a generator bug):\n%s%s", status, want.stdout, want.stderr)
			}
			var log bytes.Buffer
			exe, diags, err := driver.Build([]string{path}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "fgpu-cpu"), Stderr: &log})
			var te *driver.ToolError
			if errors.As(err, &te) {
				if toolsRequired() {
					t.Fatalf("%v (required in CI)", te)
				}
				t.Skip(te.Error())
			}
			if err != nil {
				t.Fatalf("fgpu --gpu=cpu build failed: %v\n%s%s", err, diagText(diags), log.String())
			}
			for _, m := range cpuModes {
				got, err := runMode(exe, m.Env)
				if err != nil {
					t.Errorf("run (%s): %v", m.Name, err)
				}
				compare(t, "fgpu --gpu=cpu, "+m.Name, want, got)
			}
		})
	}
}
