package frontend

// Front-end throughput over the corpus (testdata/programs/*.f90), in
// source lines per second. bench/frontend/run.sh runs these and
// bench/RESULTS.md records the numbers.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

type benchFile struct {
	path string
	src  []byte
}

// benchCorpus reads every free-form program of the corpus and counts its
// lines. Each file is loaded as its own in-memory source, so module names
// never clash between files.
func benchCorpus(b *testing.B) ([]benchFile, int) {
	b.Helper()
	paths, err := filepath.Glob(filepath.Join(programsDir, "*.f90"))
	if err != nil || len(paths) == 0 {
		b.Fatalf("no corpus: %v", err)
	}
	var files []benchFile
	lines := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, benchFile{path: p, src: src})
		lines += bytes.Count(src, []byte("\n"))
	}
	return files, lines
}

func reportLines(b *testing.B, lines int) {
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkFrontend measures LoadSource (lex, parse, blocks, sema) over
// every corpus file; one iteration is the whole corpus.
func BenchmarkFrontend(b *testing.B) {
	files, lines := benchCorpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			if _, ds := LoadSource(f.path, f.src); ds.HasErrors() {
				b.Fatalf("%s: %v", f.path, ds[0])
			}
		}
	}
	reportLines(b, lines)
}

// BenchmarkParse measures lexing, statement parsing and block building,
// without semantic analysis.
func BenchmarkParse(b *testing.B) {
	files, lines := benchCorpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			prog := &Program{Modules: map[string]*Procedure{}, Globals: map[string]*Procedure{}, lines: map[string][]string{}}
			d := &diagSink{}
			parseSource(prog, f.path, f.src, Options{}, d)
			if d.list.HasErrors() {
				b.Fatalf("%s: %v", f.path, d.list[0])
			}
		}
	}
	reportLines(b, lines)
}

// BenchmarkLex measures lexFile alone.
func BenchmarkLex(b *testing.B) {
	files, lines := benchCorpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			lexFile(f.path, f.src, nil, &diagSink{})
		}
	}
	reportLines(b, lines)
}

// unitNameRe finds the names of program units and procedures.
var unitNameRe = regexp.MustCompile(`(?im)^\s*(?:[a-z0-9_(), ]*\s)?(?:program|module|submodule\s*\([^)]*\)|subroutine|function)\s+([a-z][a-z0-9_]*)`)

// largeFile concatenates the corpus into one source, as real large files
// mix modules, procedures, loops and comments. Each file's unit and
// procedure names get a per-file suffix (a consistent renaming of whole
// words), so the concatenation is one valid program but for its several
// main programs, which are renamed too.
func largeFile(b *testing.B, files []benchFile) ([]byte, int) {
	var out bytes.Buffer
	for k, f := range files {
		src := string(f.src)
		names := map[string]bool{}
		for _, m := range unitNameRe.FindAllStringSubmatch(src, -1) {
			n := strings.ToLower(m[1])
			if n != "procedure" {
				names[n] = true
			}
		}
		for n := range names {
			re := regexp.MustCompile(`(?i)\b` + n + `\b`)
			src = re.ReplaceAllString(src, fmt.Sprintf("%s_f%d", n, k))
		}
		out.WriteString(src)
		out.WriteString("\n")
	}
	return out.Bytes(), bytes.Count(out.Bytes(), []byte("\n"))
}

// BenchmarkFrontendLargeFile measures LoadSource over the whole corpus as
// one large file (intrinsic modules are then analysed once, as in a real
// compilation of a large source).
func BenchmarkFrontendLargeFile(b *testing.B) {
	files, _ := benchCorpus(b)
	src, lines := largeFile(b, files)
	if _, ds := LoadSource("large.f90", src); ds.HasErrors() {
		for _, d := range ds {
			if d.Severity == SevError && !strings.Contains(d.Msg, "duplicate global name") {
				b.Fatalf("large file: %v", d)
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		LoadSource("large.f90", src)
	}
	reportLines(b, lines)
}
