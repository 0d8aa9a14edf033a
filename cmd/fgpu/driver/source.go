package driver

import (
	"os"
	"strings"
)

// SourceFiles reads source lines from disk for rendering diagnostics
// (frontend.SourceLines): Build returns diagnostics without the program.
type SourceFiles struct {
	lines map[string][]string
}

// Line implements frontend.SourceLines.
func (s *SourceFiles) Line(file string, line int) (string, bool) {
	if s.lines == nil {
		s.lines = map[string][]string{}
	}
	ls, ok := s.lines[file]
	if !ok {
		if b, err := os.ReadFile(file); err == nil {
			ls = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
		}
		s.lines[file] = ls
	}
	if line < 1 || line > len(ls) {
		return "", false
	}
	return ls[line-1], true
}
