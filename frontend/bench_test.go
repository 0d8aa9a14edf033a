package frontend

// Front-end throughput over the corpus (testdata/programs/*.f90), in
// source lines per second. bench/frontend/run.sh runs these and
// bench/RESULTS.md records the numbers.

import (
	"bytes"
	"os"
	"path/filepath"
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
