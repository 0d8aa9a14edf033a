package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// e2eDir is the folder of the end-to-end programs (emit/e2e_test.go).
var e2eDir = filepath.Join("..", "..", "emit", "testdata", "e2e")

// TestE2EWallWerror: every e2e program that gfortran compiles cleanly
// with -Wall -Werror, fgpu builds with them for --gpu=cpu, and with
// -Wall -Wextra -Werror when gfortran compiles it cleanly so: the host
// rewrite adds no warning (a variable or named constant the loop's
// replacement left unused, a name it refers to that the host does not
// declare: emit.Options.KeepRefs). A program gfortran warns of even
// with -Wall alone, fgpu builds with -Wall warning of nothing more.
// Programs NYI.txt lists for the CPU are left out, and so are those
// gfortran 12 rejects. The
// builds share the runtime and kernel caches of the user's cache folder,
// which TestE2E's -O2 builds of the same programs fill: this test
// compiles the host code again, with the flags, and little more.
func TestE2EWallWerror(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	files, err := filepath.Glob(filepath.Join(e2eDir, "*.f90"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s: %v", e2eDir, err)
	}
	nyi := cpuNYI(t)
	flagSets := [][]string{{"-O2", "-Wall", "-Wextra", "-Werror"}, {"-O2", "-Wall", "-Werror"}}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".f90"), func(t *testing.T) {
			t.Parallel()
			if nyi[name] {
				t.Skip("NYI.txt: not built for the CPU yet")
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.HasPrefix(src, []byte("! GFORTRAN: rejects")) {
				t.Skip("gfortran 12 rejects it")
			}
			dir := t.TempDir()
			var flags []string
			var warned []byte
			for _, set := range flagSets {
				ref := exec.Command("gfortran", append(set, "-J", dir, "-c", path, "-o", filepath.Join(dir, "ref.o"))...)
				out, err := ref.CombinedOutput()
				if err == nil {
					flags = set
					break
				}
				warned = out
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				t.Fatal(err)
			}
			if flags == nil {
				// gfortran warns of the program: fgpu's build (without
				// -Werror) warns of nothing more.
				ref := exec.Command("gfortran", "-O2", "-Wall", "-J", dir, "-c", abs, "-o", filepath.Join(dir, "ref.o"))
				out, err := ref.CombinedOutput()
				if err != nil {
					t.Skipf("gfortran -Wall fails: %v\n%s", err, out)
				}
				theirs := map[string]bool{}
				for _, w := range hostWarnings(string(out)) {
					theirs[w] = true
				}
				if len(theirs) == 0 {
					t.Fatalf("gfortran -Wall: no warning read in its messages (-Werror fails):\n%s", out)
				}
				args := []string{"build", "--gpu=cpu", "-O2", "-Wall", abs, "-o", filepath.Join(dir, "prog")}
				code, _, errOut := runCLI(t, args...)
				if code != 0 {
					t.Fatalf("fgpu %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
				}
				for _, w := range hostWarnings(errOut) {
					if !theirs[w] {
						t.Errorf("fgpu %s warns %s, which gfortran does not:\n%s", strings.Join(args, " "), w, errOut)
					}
				}
				t.Logf("gfortran -Wall -Werror warns (fgpu warns of no more with -Wall):\n%s", warned)
				return
			}
			args := append(append([]string{"build", "--gpu=cpu"}, flags...), abs, "-o", filepath.Join(dir, "prog"))
			if code, _, errOut := runCLI(t, args...); code != 0 {
				t.Errorf("fgpu %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
			}
		})
	}
}

// hostWarnings lists the warnings in gfortran's messages, each as
// "FILE:LINE:COL: Warning: TEXT".
func hostWarnings(msgs string) []string {
	var out []string
	at := ""
	for _, l := range strings.Split(msgs, "\n") {
		switch {
		case warnPos.MatchString(l):
			at = l
		case strings.HasPrefix(l, "Warning: "):
			// By file, line and message: a statement the rewrite changed
			// (a one-line IF made a block) keeps its line, not its column.
			out = append(out, warnCol.ReplaceAllString(at, ":")+" "+l)
		}
	}
	return out
}

var warnPos = regexp.MustCompile(`^\S+:\d+:\d+:$`)

// warnCol is the column of a warning's position line.
var warnCol = regexp.MustCompile(`:\d+:$`)

// cpuNYI reads the programs NYI.txt lists for every device or the CPU.
func cpuNYI(t *testing.T) map[string]bool {
	f, err := os.Open(filepath.Join(e2eDir, "NYI.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entry := regexp.MustCompile(`^(\S+\.f90)(?: \(([a-z_]+)\))?:`)
	nyi := map[string]bool{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := entry.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("NYI.txt: %q is not an entry", line)
		}
		if m[2] == "" || m[2] == "cpu" {
			nyi[m[1]] = true
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return nyi
}
