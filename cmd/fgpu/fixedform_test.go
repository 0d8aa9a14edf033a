package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceFormFlags: build, check and parse take gfortran's source-form
// flags.
func TestSourceFormFlags(t *testing.T) {
	b, err := parseBuildArgs([]string{"-ffixed-form", "-ffixed-line-length-132", "x.f90"}, false)
	if err != nil || !b.opts.FixedForm || b.opts.FreeForm || b.opts.FixedLineLength != 132 || len(b.files) != 1 {
		t.Errorf("build: %+v, %v", b.opts, err)
	}
	b, err = parseBuildArgs([]string{"-ffixed-form", "-ffree-form", "-ffixed-line-length-none", "x.f"}, false)
	if err != nil || b.opts.FixedForm || !b.opts.FreeForm || b.opts.FixedLineLength != -1 {
		t.Errorf("build, the last form flag wins: %+v, %v", b.opts, err)
	}
	a, err := parseAnalysisArgs([]string{"-ffixed-line-length-0", "-ffixed-form", "x.f90"})
	if err != nil || !a.form.FixedForm || a.form.FixedLineLength != -1 {
		t.Errorf("check: %+v, %v", a.form, err)
	}
	p, err := parseParseArgs([]string{"-ffree-form", "x.f"})
	if err != nil || !p.form.FreeForm {
		t.Errorf("parse: %+v, %v", p.form, err)
	}
	if _, err := parseBuildArgs([]string{"-ffixed-line-length-wide", "x.f"}, false); err == nil || !strings.Contains(err.Error(), "-ffixed-line-length-wide") {
		t.Errorf("a bad line length: %v", err)
	}
}

// TestCheckFixedForm: fgpu check reads a fixed-form file and reports its
// loop on its own line.
func TestCheckFixedForm(t *testing.T) {
	dir := t.TempDir()
	src := "      program p\n      integer i\n      real a(10)\n      do concurrent\n     &  (i = 1:10)\n         a(i) = i\n      end do\n      print *, a(10)\n      end\n"
	path := filepath.Join(dir, "p.f")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{"check", path}, &out, &errb); rc != exitOK {
		t.Fatalf("check: exit %d\n%s", rc, errb.String())
	}
	if !strings.Contains(out.String(), "p.f:4: offload") {
		t.Errorf("check:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	if rc := run([]string{"check", "-ffree-form", path}, &out, &errb); rc == exitOK || !strings.Contains(errb.String(), "p.f:5") {
		t.Errorf("check -ffree-form of fixed-form text: exit %d\n%s", rc, errb.String())
	}
}
