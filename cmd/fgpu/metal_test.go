package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildMetalCLI: build --gpu=metal writes the sources for macOS into
// OUT-metal and exits 3 with a note naming build.sh; run refuses metal.
func TestBuildMetalCLI(t *testing.T) {
	src, _ := filepath.Abs(filepath.Join("..", "..", "emit", "testdata", "e2e", "mask_simple.f90"))
	out := filepath.Join(t.TempDir(), "app")
	code, stdout, stderr := runCLI(t, "build", "--gpu=metal", "-o", out, src)
	script := filepath.Join(out+"-metal", "build.sh")
	if code != exitTool || stdout != "" || !strings.Contains(stderr, script) || !strings.Contains(stderr, "macOS") {
		t.Errorf("build --gpu=metal: exit %d, stdout %q, stderr %q; want 3 and a note naming %s", code, stdout, stderr, script)
	}
	if _, err := os.Stat(script); err != nil {
		t.Errorf("no build script: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("an executable %s exists: the link needs macOS", out)
	}
	code, stdout, stderr = runCLI(t, "run", "--gpu=metal", src)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--gpu=metal_cpu") {
		t.Errorf("run --gpu=metal: exit %d, stdout %q, stderr %q; want 2", code, stdout, stderr)
	}
}
