package emit_test

import (
	"os"
	"path/filepath"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// buildCPU writes program src into dir as name.f90 and builds it for the
// CPU backend, the host compiled with opt ("" for the default): the
// executable's path. The tests that compare a kernel's bits with the
// host's (powers, complex functions, folded constants, the heap) use it.
func buildCPU(t *testing.T, dir, name, src, opt string) string {
	t.Helper()
	needTool(t, "gfortran")
	p := filepath.Join(dir, name+".f90")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, diags, err := driver.Build([]string{p}, driver.Options{Device: "cpu", Opt: opt, Output: filepath.Join(dir, name+opt), Stderr: os.Stderr})
	if err != nil {
		t.Fatalf("build %s: %v\n%v", name, err, diags)
	}
	return exe
}
