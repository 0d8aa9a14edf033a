// Package frontend turns Fortran source into a typed program: preprocessing
// (.F90), lexing (free form, continuation, case folding), statement grammar
// (participle/v2 over a hand-written lexer), block structure and semantic
// analysis (scopes, symbols, types, kinds, use association, generics,
// intrinsics). Every node carries a position.
package frontend

import "fmt"

// Pos is a position in an original source file (after mapping back through
// the preprocessor). Line and Col are 1-based; Col counts bytes.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Before orders positions by file, line and column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}
