package emit

import (
	"os"
	"testing"

	"fgpu/frontend"
	"fgpu/rules"
)

func TestGenerateSmoke(t *testing.T) {
	path := os.Getenv("EMIT_FILE")
	if path == "" {
		t.Skip("set EMIT_FILE")
	}
	prog, ds := frontend.Load([]string{path}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	dev := os.Getenv("EMIT_DEV")
	var cr *rules.CheckResult
	if dev != "none" {
		var err error
		cr, err = rules.Check(prog, rules.CheckOptions{Device: dev})
		if err != nil {
			t.Fatal(err)
		}
	}
	out, ds := Generate(prog, cr, Options{Device: dev})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	dir := os.Getenv("EMIT_OUT")
	os.WriteFile(dir+"/host.f90", []byte(out.Host[path]), 0o644)
	os.WriteFile(dir+"/iface.f90", []byte(out.Interface), 0o644)
	os.WriteFile(dir+"/"+out.KernelFile, []byte(out.Kernels), 0o644)
}
