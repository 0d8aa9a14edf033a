package frontend

// Unit tests of the free-form lexer (lexFile, tokenizeLine): logical
// lines, continuation, separators, literals, labels and directives.

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

var tokTypeNames = map[lexer.TokenType]string{
	TokEOF: "EOF", TokIdent: "Ident", TokInt: "Int", TokReal: "Real", TokString: "String",
	TokBOZ: "BOZ", TokDotOp: "DotOp", TokLogical: "Logical", TokOp: "Op",
}

// lexString lexes src as file "t.f90" and fails the test on diagnostics.
func lexString(t *testing.T, src string) []RawStmt {
	t.Helper()
	d := &diagSink{}
	raws := lexFile("t.f90", []byte(src), nil, d)
	if len(d.list) > 0 {
		t.Fatalf("lexFile(%q) reports:\n%v", src, d.list)
	}
	return raws
}

// toksString renders tokens as "Type:value" separated by spaces.
func toksString(toks []lexer.Token) string {
	var parts []string
	for _, tk := range toks {
		parts = append(parts, tokTypeNames[tk.Type]+":"+tk.Value)
	}
	return strings.Join(parts, " ")
}

// stmtsString renders each statement on its own line: [label] tokens.
func stmtsString(raws []RawStmt) string {
	var lines []string
	for _, r := range raws {
		s := toksString(r.Toks)
		if r.Label != "" {
			s = r.Label + "| " + s
		}
		if r.Directive != "" {
			s = "!$" + r.Directive + "| " + s
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func TestLexTokens(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"assignment", "x = y + 1", "Ident:x Op:= Ident:y Op:+ Int:1"},
		{"case folding", "CALL Foo(A)", "Ident:call Ident:foo Op:( Ident:a Op:)"},
		{"two-char ops", "a**b // c == d /= e <= f >= g => h :: i",
			"Ident:a Op:** Ident:b Op:// Ident:c Op:== Ident:d Op:/= Ident:e Op:<= Ident:f Op:>= Ident:g Op:=> Ident:h Op::: Ident:i"},
		{"doubled single quotes", "s = 'it''s'", "Ident:s Op:= String:'it''s'"},
		{"doubled double quotes", `s = "say ""hi"""`, `Ident:s Op:= String:"say ""hi"""`},
		{"other quote inside", `s = "it's" // 'a"b'`, `Ident:s Op:= String:"it's" Op:// String:'a"b'`},
		{"bang inside string", "s = 'a!b' ! comment", "Ident:s Op:= String:'a!b'"},
		{"kind suffix names", "x = 1.0_dp + 2_int64", "Ident:x Op:= Real:1.0_dp Op:+ Int:2_int64"},
		{"kind suffix digits", "x = 3_8 + 4.5_4", "Ident:x Op:= Int:3_8 Op:+ Real:4.5_4"},
		{"exponents", "x = 1e3 + 1.5d0 + 2.q-4 + 1.E+5 + .5D-1",
			"Ident:x Op:= Real:1e3 Op:+ Real:1.5d0 Op:+ Real:2.q-4 Op:+ Real:1.e+5 Op:+ Real:.5d-1"},
		{"exponent with kind", "x = 1.0e-3_wp", "Ident:x Op:= Real:1.0e-3_wp"},
		{"trailing dot real", "x = 1. + 2.", "Ident:x Op:= Real:1. Op:+ Real:2."},
		{"1.eq.2 is int op int", "l = 1.eq.2", "Ident:l Op:= Int:1 DotOp:.eq. Int:2"},
		{"dot ops", "l = a .AND. .NOT. b .Or. c.myop.d",
			"Ident:l Op:= Ident:a DotOp:.and. DotOp:.not. Ident:b DotOp:.or. Ident:c DotOp:.myop. Ident:d"},
		{"1.and.x", "l = 1.and.x", "Ident:l Op:= Int:1 DotOp:.and. Ident:x"},
		{"logical literals", "l = .TRUE. .neqv. .false._lk", "Ident:l Op:= Logical:.true. DotOp:.neqv. Logical:.false._lk"},
		{"logical kind digits", "l = .true._4", "Ident:l Op:= Logical:.true._4"},
		{"BOZ", "i = z'FF' + b'1010' + o'17' + Z\"7f\"", "Ident:i Op:= BOZ:z'ff' Op:+ BOZ:b'1010' Op:+ BOZ:o'17' Op:+ BOZ:z\"7f\""},
		{"BOZ needs one letter", "i = bz + zz(1)", "Ident:i Op:= Ident:bz Op:+ Ident:zz Op:( Int:1 Op:)"},
		{"char kind prefix", "s = ucs4_'abc'", "Ident:s Op:= String:ucs4_'abc'"},
		{"percent and brackets", "a%b(1)%c = [1, 2]", "Ident:a Op:% Ident:b Op:( Int:1 Op:) Op:% Ident:c Op:= Op:[ Int:1 Op:, Int:2 Op:]"},
		{"section colons", "a(1:n:2, :) = 0", "Ident:a Op:( Int:1 Op:: Ident:n Op:: Int:2 Op:, Op:: Op:) Op:= Int:0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raws := lexString(t, tt.src)
			if len(raws) != 1 {
				t.Fatalf("got %d statements, want 1:\n%s", len(raws), stmtsString(raws))
			}
			if got := toksString(raws[0].Toks); got != tt.want {
				t.Errorf("lex %q\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
		})
	}
}

// TestLexCharKindPrefix pins the token of a character literal with a kind
// prefix: the prefix is kept with the literal, for digits (1_'abc') and for
// names (ucs4_'abc', see TestLexTokens).
func TestLexCharKindPrefix(t *testing.T) {
	raws := lexString(t, "s = 1_'abc'")
	if got, want := toksString(raws[0].Toks), "Ident:s Op:= String:1_'abc'"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestLexStatements(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"semicolons", "a = 1; b = 2 ;; c = 3;", "Ident:a Op:= Int:1\nIdent:b Op:= Int:2\nIdent:c Op:= Int:3"},
		{"semicolon in string", "s = 'a;b'; t = 1", "Ident:s Op:= String:'a;b'\nIdent:t Op:= Int:1"},
		{"continuation", "x = a + &\n    b", "Ident:x Op:= Ident:a Op:+ Ident:b"},
		{"continuation with leading &", "x = a + &\n  & b", "Ident:x Op:= Ident:a Op:+ Ident:b"},
		{"continuation splits a name", "x = ab&\n  &cd", "Ident:x Op:= Ident:abcd"},
		{"continuation with comment after &", "x = a + & ! why\n    b", "Ident:x Op:= Ident:a Op:+ Ident:b"},
		{"comment and blank lines between", "x = a + &\n! a comment\n\n   ! another\n  & b", "Ident:x Op:= Ident:a Op:+ Ident:b"},
		{"string continued", "s = 'abc&\n   &def'", "Ident:s Op:= String:'abcdef'"},
		{"string continued keeps blanks", "s = 'ab &\n     &cd'", "Ident:s Op:= String:'ab cd'"},
		{"string continued with quote doubling", "s = 'it''&\n  &s'", "Ident:s Op:= String:'it''s'"},
		{"comment lines", "! first\nx = 1 ! trailing\n  ! indented\ny = 2", "Ident:x Op:= Int:1\nIdent:y Op:= Int:2"},
		{"labels", "10 continue\n 020 x = 1\n100 format (i3)", "10| Ident:continue\n20| Ident:x Op:= Int:1\n100| Ident:format Op:( Ident:i3 Op:)"},
		{"label on second statement", "x = 1; 30 y = 2", "Ident:x Op:= Int:1\n30| Ident:y Op:= Int:2"},
		{"CRLF", "x = 1\r\ny = &\r\n 2\r\n", "Ident:x Op:= Int:1\nIdent:y Op:= Int:2"},
		{"omp directive", "!$omp parallel do private(i)\ndo i = 1, n\nend do\n!$omp end parallel do",
			"!$omp| Ident:parallel Ident:do Ident:private Op:( Ident:i Op:)\nIdent:do Ident:i Op:= Int:1 Op:, Ident:n\nIdent:end Ident:do\n!$omp| Ident:end Ident:parallel Ident:do"},
		{"omp directive continued", "!$omp parallel do &\n!$omp& reduction(+:s)\ndo i = 1, n",
			"!$omp| Ident:parallel Ident:do Ident:reduction Op:( Op:+ Op:: Ident:s Op:)\nIdent:do Ident:i Op:= Int:1 Op:, Ident:n"},
		{"omp directive continued without &", "!$OMP PARALLEL &\n!$OMP SHARED(a)",
			"!$omp| Ident:parallel Ident:shared Op:( Ident:a Op:)"},
		{"not a directive", "!$ompx foo\n!$acc kernels\n! WANT: error x\nx = 1", "Ident:x Op:= Int:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stmtsString(lexString(t, tt.src))
			if got != tt.want {
				t.Errorf("lex %q\n got:\n%s\nwant:\n%s", tt.src, got, tt.want)
			}
		})
	}
}

func TestLexPositions(t *testing.T) {
	src := "program p\n  x = a + &\n      & bb\nend"
	raws := lexString(t, src)
	if len(raws) != 3 {
		t.Fatalf("got %d statements", len(raws))
	}
	if got := raws[1].Pos; got != (Pos{File: "t.f90", Line: 2, Col: 3}) {
		t.Errorf("statement position %v, want t.f90:2:3", got)
	}
	last := raws[1].Toks[len(raws[1].Toks)-1]
	if got := tokPos(last); got != (Pos{File: "t.f90", Line: 3, Col: 9}) {
		t.Errorf("token bb at %v, want t.f90:3:9 (its place in the continuation line)", got)
	}
	lab := lexString(t, "  10 x = 1")[0]
	if lab.LabelPos != (Pos{File: "t.f90", Line: 1, Col: 3}) || lab.Pos != (Pos{File: "t.f90", Line: 1, Col: 6}) {
		t.Errorf("label at %v, statement at %v; want 1:3 and 1:6", lab.LabelPos, lab.Pos)
	}
}

func TestLexLineMap(t *testing.T) {
	// A preprocessor line map sends line n to orig.F90:n+10.
	lm := func(n int) (string, int) { return "orig.F90", n + 10 }
	raws := lexFile("t.f90", []byte("x = 1\ny = 2"), lm, &diagSink{})
	if len(raws) != 2 || raws[1].Pos != (Pos{File: "orig.F90", Line: 12, Col: 1}) {
		t.Fatalf("got %v", raws)
	}
}

func TestLexErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"s = 'abc", "unterminated character literal"},
		{`s = "abc`, "unterminated character literal"},
		{"i = z'ff", "unterminated BOZ literal"},
		{"s = 'abc&\n  &def", "unterminated character literal"},
	}
	for _, tt := range tests {
		d := &diagSink{}
		lexFile("t.f90", []byte(tt.src), nil, d)
		if len(d.list) != 1 || !strings.Contains(d.list[0].Msg, tt.want) {
			t.Errorf("lex %q: got %v, want one error containing %q", tt.src, d.list, tt.want)
		}
	}
}
