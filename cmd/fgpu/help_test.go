package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHelpCommandsOnly: a command's help is its synopsis, its paragraph
// and its own flags; the prose of other subjects (fgpu as FC, Metal's
// build on macOS, the environment) is in the topics, which help lists.
func TestHelpCommandsOnly(t *testing.T) {
	elsewhere := map[string][]string{ // topic -> what only it says
		"fc":          {"fgpu [gfortran flags] -c a.f90", "-stdpar=multicore", "-Minfo"},
		"metal":       {"xcrun metal", "build.sh", "FGPU_METALLIB"},
		"environment": {"FGPU_CPU_ORDER", "FGPU_STATS", "FGPU_HEAP_SIZE"},
	}
	_, list, _ := runCLI(t, "help")
	for _, c := range commands {
		code, out, errOut := runCLI(t, "help", c.name)
		if code != 0 || errOut != "" {
			t.Errorf("help %s: exit %d, stderr %q", c.name, code, errOut)
		}
		if !strings.HasPrefix(out, "Usage: fgpu "+c.name) || !strings.Contains(out, strings.Fields(c.about)[0]) {
			t.Errorf("help %s: no synopsis or paragraph:\n%s", c.name, out)
		}
		for topic, words := range elsewhere {
			for _, w := range words {
				if strings.Contains(out, w) {
					t.Errorf("help %s says %q, which is topic %s's", c.name, w, topic)
				}
			}
		}
		for _, d := range flagsOf(c.name) {
			if !strings.Contains(out, "\n  "+d.flag+" ") && !strings.Contains(out, "\n  "+d.flag+"\n") {
				t.Errorf("help %s: no line for its flag %s", c.name, d.flag)
			}
		}
		for _, d := range flagTable() {
			if !strings.Contains(d.cmds, "p") || strings.Contains(d.cmds, "b") {
				continue
			}
			if c.name != "parse" && (strings.Contains(out, "\n  "+d.flag+" ") || strings.Contains(out, "\n  "+d.flag+"\n")) {
				t.Errorf("help %s documents parse's flag %s", c.name, d.flag)
			}
		}
	}
	for topic, words := range elsewhere {
		if lookupTopic(topic) == nil {
			t.Errorf("no topic %s", topic)
			continue
		}
		if !strings.Contains(list, "\n  "+topic+" ") {
			t.Errorf("help does not list topic %s:\n%s", topic, list)
		}
		code, out, errOut := runCLI(t, "help", topic)
		if code != 0 || errOut != "" {
			t.Errorf("help %s: exit %d, stderr %q", topic, code, errOut)
		}
		for _, w := range words {
			if !strings.Contains(out, w) {
				t.Errorf("help %s does not say %q:\n%s", topic, w, out)
			}
		}
	}
	subjects := []string{""}
	for _, c := range commands {
		subjects = append(subjects, c.name)
	}
	for _, tp := range topics {
		subjects = append(subjects, tp.name)
	}
	for _, s := range subjects {
		_, out, _ := runCLI(t, strings.Fields("help "+s)...)
		for _, line := range strings.Split(out, "\n") {
			if len(line) > helpWidth {
				t.Errorf("help %s: a line longer than %d columns: %q", s, helpWidth, line)
			}
		}
	}
}

// TestFlagTableParses: every flag the table documents is one the
// command's parser reads (the table documents no flag that is not).
func TestFlagTableParses(t *testing.T) {
	values := strings.NewReplacer("=DEVICE", "=metal", " OUT", " x", "=CMD", "=gfortran", " NAME[=VAL]", " N=1",
		" DIR", " inc", "-N", "-80", "=PHASE", "=compile", "=DIR", "=dump", "-j N", "-j 2")
	for _, name := range []string{"parse", "check", "build", "run"} {
		for _, d := range flagsOf(name) {
			flag, _, _ := strings.Cut(d.flag, "|")
			flag = values.Replace(flag)
			if name == "run" {
				flag = strings.Replace(flag, "--gpu=metal", "--gpu=cpu", 1) // run refuses metal (TestRunMetal)
			}
			args := append(strings.Fields(flag), "x.f90")
			var err error
			switch name {
			case "parse":
				_, err = parseParseArgs(args)
			case "check":
				_, err = parseAnalysisArgs(args)
			default:
				_, err = parseBuildArgs(args, name == "run")
			}
			if err != nil {
				t.Errorf("fgpu %s %v (the table's %s): %v", name, args, d.flag, err)
			}
		}
	}
}

// TestManPage: fgpu help --man writes docs/fgpu.1, which is current
// (FGPU_UPDATE=1 go test ./cmd/fgpu -run TestManPage rewrites it), names
// every command, flag and topic, and renders without warnings.
func TestManPage(t *testing.T) {
	code, page, errOut := runCLI(t, "help", "--man")
	if code != 0 || errOut != "" {
		t.Fatalf("help --man: exit %d, stderr %q", code, errOut)
	}
	golden := filepath.Join("..", "..", "docs", "fgpu.1")
	if os.Getenv("FGPU_UPDATE") == "1" {
		if err := os.WriteFile(golden, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (FGPU_UPDATE=1 writes it)", err)
	}
	if string(want) != page {
		t.Errorf("docs/fgpu.1 is not fgpu help --man's output: FGPU_UPDATE=1 go test ./cmd/fgpu -run TestManPage rewrites it")
	}
	if !strings.HasPrefix(page, `.\"`) || !strings.Contains(page, "\n.TH FGPU 1 ") {
		t.Errorf("no .TH header:\n%.200s", page)
	}
	for _, c := range commands {
		if !strings.Contains(page, "\n.SS "+c.name+"\n") {
			t.Errorf("the manual has no section for command %s", c.name)
		}
	}
	for _, tp := range topics {
		if !strings.Contains(page, "\n.SH "+tp.title+"\n") {
			t.Errorf("the manual has no section for topic %s", tp.name)
		}
	}
	for _, d := range flagTable() {
		if !strings.Contains(page, "\n.B "+roffArg(d.flag)+"\n") {
			t.Errorf("the manual does not document %s", d.flag)
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("no groff: the page is not rendered")
		return
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("groff -man -ww: %v\n%s", err, stderr.String())
	}
	cmd = exec.Command(groff, "-man", "-Tutf8")
	cmd.Stdin = strings.NewReader(page)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("groff: %v", err)
	}
	text := regexp.MustCompile(".\b").ReplaceAllString(string(out), "") // grotty's overstrikes (bold, underline)
	for _, want := range []string{"fgpu build", "--gpu-allow-cpu-fallback", "FGPU AS FC", "EXIT STATUS"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered page does not say %q", want)
		}
	}
}
