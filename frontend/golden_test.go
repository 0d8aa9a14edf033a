package frontend

// Golden tests: one txtar archive per case in testdata/golden (STYLE.md
// habit 8). Input sections are the Fortran files (any section whose name
// does not start with "out/"), loaded in archive order; the output
// sections are
//
//	out/dump    Dump of the typed program (when there are no errors)
//	out/errors  the rendered diagnostics (when there are any)
//
// `go test ./frontend -run Golden -update` (or FGPU_UPDATE=1) rewrites the
// output sections from the current front end.

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the out/ sections of golden files")

func updating() bool { return *update || os.Getenv("FGPU_UPDATE") == "1" }

// archive is a minimal txtar archive: a comment, then "-- name --" files.
type archive struct {
	Comment []byte
	Files   []archiveFile
}

type archiveFile struct {
	Name string
	Data []byte
}

// parseArchive splits data at lines of the form "-- name --".
func parseArchive(data []byte) *archive {
	a := &archive{}
	cur := &a.Comment
	for len(data) > 0 {
		line := data
		rest := []byte(nil)
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, rest = data[:i+1], data[i+1:]
		}
		if name, ok := markerName(line); ok {
			a.Files = append(a.Files, archiveFile{Name: name})
			cur = &a.Files[len(a.Files)-1].Data
		} else {
			*cur = append(*cur, line...)
		}
		data = rest
	}
	return a
}

func markerName(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// format writes the archive back; every file ends with a newline.
func (a *archive) format() []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

func (a *archive) get(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// set replaces (or appends) a file; a nil data removes it.
func (a *archive) set(name string, data []byte) {
	for i, f := range a.Files {
		if f.Name == name {
			if data == nil {
				a.Files = append(a.Files[:i], a.Files[i+1:]...)
			} else {
				a.Files[i].Data = data
			}
			return
		}
	}
	if data != nil {
		a.Files = append(a.Files, archiveFile{Name: name, Data: data})
	}
}

func TestArchiveRoundTrip(t *testing.T) {
	in := "comment\n-- a.f90 --\nx\n-- out/dump --\n-- b --\ny\nz\n"
	a := parseArchive([]byte(in))
	if len(a.Files) != 3 || a.Files[0].Name != "a.f90" || string(a.Files[2].Data) != "y\nz\n" || len(a.Files[1].Data) != 0 {
		t.Fatalf("parse: %+v", a)
	}
	if got := string(a.format()); got != in {
		t.Errorf("round trip:\n%s", got)
	}
}

// TestGolden loads the inputs of each archive into a temporary directory,
// runs Load over them and compares Dump and the diagnostics with the out/
// sections.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("testdata/golden/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no golden files")
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(data)
			dir := t.TempDir()
			var inputs []string
			for _, f := range a.Files {
				if strings.HasPrefix(f.Name, "out/") {
					continue
				}
				p := filepath.Join(dir, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, p)
			}
			if len(inputs) == 0 {
				t.Fatal("no input files")
			}
			prog, ds := Load(inputs, Options{IncludeDirs: []string{dir}})
			// Output names files by their section names, not the temp dir.
			clean := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(dir+string(filepath.Separator)), nil) }
			got := map[string][]byte{}
			if len(ds) > 0 {
				var b bytes.Buffer
				ds.Render(&b, prog)
				got["out/errors"] = clean(b.Bytes())
			}
			if !ds.HasErrors() {
				var b bytes.Buffer
				Dump(&b, prog)
				got["out/dump"] = clean(b.Bytes())
			}
			if updating() {
				for _, sec := range []string{"out/dump", "out/errors"} {
					a.set(sec, got[sec])
				}
				if err := os.WriteFile(path, a.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, sec := range []string{"out/dump", "out/errors"} {
				want, ok := a.get(sec)
				g, has := got[sec]
				switch {
				case !ok && has:
					t.Errorf("%s: unexpected output (run with -update):\n%s", sec, g)
				case ok && !has:
					t.Errorf("%s: expected output but got none", sec)
				case ok && !bytes.Equal(trimNL(want), trimNL(g)):
					t.Errorf("%s differs (run with -update to accept):\n%s", sec, lineDiff(string(want), string(g)))
				}
			}
		})
	}
}

func trimNL(b []byte) []byte { return bytes.TrimRight(b, "\n") }

// lineDiff shows the first differing lines of want and got with context.
func lineDiff(want, got string) string {
	w := strings.Split(strings.TrimRight(want, "\n"), "\n")
	g := strings.Split(strings.TrimRight(got, "\n"), "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	from := max(0, i-3)
	for k := from; k < i; k++ {
		b.WriteString("  " + w[k] + "\n")
	}
	for k := i; k < min(len(w), i+8); k++ {
		b.WriteString("- " + w[k] + "\n")
	}
	for k := i; k < min(len(g), i+8); k++ {
		b.WriteString("+ " + g[k] + "\n")
	}
	return b.String()
}
