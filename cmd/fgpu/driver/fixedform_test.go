package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fixedLoop is a fixed-form program whose do concurrent loops are
// offloaded: the header and the body continued, a sequence number past
// column 72, a character literal continued, tab-format lines, comment
// lines between continuation lines, labels, an INCLUDE of a fixed-form
// file.
var fixedLoop = "C     fgpu reads fixed form (frontend/fixedform.go)\n" +
	"      program fixed\n" +
	"      implicit none\n" +
	"      include 'sizes.inc'\n" +
	"      integer i, j\n" +
	"      real*8 a(n), b(n), c(m, n)\n" +
	"      character*60 title\n" +
	"*     the data\n" +
	"      do 10 i = 1, n\n" +
	"         b(i) = 0.5d0 * i\n" +
	"   10 continue\n" +
	"      do concurrent (i = 1:n,\n" +
	"C        the mask on a continuation line\n" +
	"     &               mod(i, 3) .ne. 0)\n" +
	"         a(i) = 2.0d0 * b(i)                                            00000150\n" +
	"     1        + 1.0d0 ! an inline comment\n" +
	"      end do\n" +
	"\tdo concurrent (j = 1:n, i = 1:m)\n" +
	"\t  c(i, j) = a(j) *\n" +
	"\t1    i\n" +
	"\tend do\n" +
	"      title = 'a character literal that is continued on the next lin\n" +
	"     &e, padded'\n" +
	"      if (n .gt. 0) print '(2f12.3)', a(1), a(n)                        00000240\n" +
	"      print '(f12.3)', c(m, n)\n" +
	"      print '(a)', trim(title)\n" +
	"      end\n"

const fixedInclude = "C     sizes of the arrays\n" +
	"      integer n, m\n" +
	"      parameter (n = 1000,\n" +
	"     &           m = 7)\n"

// fixedCpp is a .F program: the C preprocessor runs first, then the
// fixed-form reading.
const fixedCpp = `      program pp
      implicit none
      integer i
      real s(100)
#ifdef SCALE
      real, parameter :: f = SCALE
#else
      real, parameter :: f = 1.0
#endif
      do concurrent (i = 1:100)
         s(i) = f *
     &          i
      end do
      print '(2f10.2)', s(1), s(100)
      end
`

// runStats runs exe with FGPU_STATS=1 and returns its stdout and the
// number of kernel launches the runtime counted.
func runStats(t *testing.T, exe string) (string, string) {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "FGPU_STATS=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, errb.String())
	}
	m := regexp.MustCompile(`(\d+) launches, `).FindStringSubmatch(errb.String())
	if m == nil {
		t.Fatalf("no FGPU_STATS line in %q", errb.String())
	}
	return out.String(), m[1]
}

// gfortranExe builds the oracle with gfortran and the given flags.
func gfortranExe(t *testing.T, dir string, args ...string) string {
	t.Helper()
	exe := filepath.Join(dir, "ref.exe")
	args = append([]string{"-O2", "-ffpe-summary=none", "-J", t.TempDir(), "-o", exe}, args...)
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran %v: %v\n%s", args, err, out)
	}
	return exe
}

func TestBuildFixedForm(t *testing.T) {
	needTools(t, "gfortran", "c++", "cpp")
	cache := t.TempDir()
	tests := []struct {
		name     string
		files    map[string]string
		main     string
		opts     Options
		gfortran []string // the oracle's flags
		launches string
	}{
		{name: "f", files: map[string]string{"fixed.f": fixedLoop, "sizes.inc": fixedInclude}, main: "fixed.f", launches: "2"},
		{name: "F", files: map[string]string{"pp.F": fixedCpp}, main: "pp.F", launches: "1"},
		{name: "F defined", files: map[string]string{"pp.F": fixedCpp}, main: "pp.F", opts: Options{Defines: []string{"SCALE=3.0"}}, gfortran: []string{"-DSCALE=3.0"}, launches: "1"},
		{name: "line length 132", files: map[string]string{"long.F": strings.Replace(fixedCpp, "f *", "f"+strings.Repeat(" ", 80)+"*", 1)}, main: "long.F",
			opts: Options{FixedLineLength: 132}, gfortran: []string{"-ffixed-line-length-132"}, launches: "1"},
		{name: "fixed-form flag", files: map[string]string{"fx.f90": fixedCpp[:strings.Index(fixedCpp, "#ifdef")] + "      real, parameter :: f = 2.0\n" + fixedCpp[strings.Index(fixedCpp, "#endif")+7:]}, main: "fx.f90",
			opts: Options{FixedForm: true}, gfortran: []string{"-ffixed-form"}, launches: "1"},
		{name: "free-form flag", files: map[string]string{"fr.f": loopsProgram}, main: "fr.f",
			opts: Options{FreeForm: true}, gfortran: []string{"-ffree-form"}, launches: "2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFiles(t, tt.files)
			src := filepath.Join(dir, tt.main)
			opts := tt.opts
			opts.Device, opts.CacheDir, opts.Output = "cpu", cache, filepath.Join(dir, "prog")
			opts.Keep, opts.KeepDir = true, filepath.Join(dir, "work")
			exe, diags, err := Build([]string{src}, opts)
			if err != nil {
				t.Fatalf("build: %v (%v)", err, diags)
			}
			got, launches := runStats(t, exe)
			if launches != tt.launches {
				t.Errorf("%s launches, want %s (the loops offloaded)", launches, tt.launches)
			}
			want, _ := runExe(t, gfortranExe(t, dir, append(tt.gfortran, src)...))
			if got != want {
				t.Errorf("fgpu:\n%s\ngfortran:\n%s", got, want)
			}
			// The rewritten host file of a fixed-form one is free form,
			// named .f90.
			if tt.opts.FreeForm {
				return
			}
			if _, err := os.Stat(filepath.Join(dir, "work", strings.TrimSuffix(tt.main, filepath.Ext(tt.main))+".f90")); err != nil {
				t.Errorf("no rewritten .f90 file: %v", err)
			}
		})
	}
}

// TestBuildFixedFormUnchanged: a fixed-form file fgpu does not rewrite is
// compiled as the user wrote it, by the host compiler, with the form flags.
func TestBuildFixedFormUnchanged(t *testing.T) {
	needTools(t, "gfortran")
	src := "      program plain\n      integer i, s\n      s = 0\n      do 10 i = 1,\n     &  10\n         s = s + i\n   10 continue\n" +
		"      print *, s" + strings.Repeat(" ", 70) + "+ 1\n      end\n"
	dir := writeFiles(t, map[string]string{"plain.f": src})
	for _, length := range []int{0, -1} {
		exe, diags, err := Build([]string{filepath.Join(dir, "plain.f")}, Options{Device: "none", FixedLineLength: length, Output: filepath.Join(dir, "plain"), CacheDir: t.TempDir()})
		if err != nil {
			t.Fatalf("build: %v (%v)", err, diags)
		}
		got, _ := runExe(t, exe)
		flag := "-ffixed-line-length-72"
		if length < 0 {
			flag = "-ffixed-line-length-none"
		}
		want, _ := runExe(t, gfortranExe(t, dir, flag, filepath.Join(dir, "plain.f")))
		if got != want {
			t.Errorf("line length %d: fgpu %q, gfortran %q", length, got, want)
		}
	}
}
