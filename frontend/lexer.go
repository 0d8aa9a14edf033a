package frontend

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the hand-written lexer (participle token types).
const (
	TokEOF     lexer.TokenType = lexer.EOF
	TokIdent   lexer.TokenType = -2 - iota
	TokInt                     // 42, 42_8, 42_ik
	TokReal                    // 1.0, 1e3, 1.5d0, 1.0_dp
	TokString                  // 'it''s' (raw, quotes included; kind prefix not supported)
	TokBOZ                     // z'ff', b'1010', o'17'
	TokDotOp                   // .and., .eq., .myop. (lower case, dots included)
	TokLogical                 // .true., .false._lk
	TokOp                      // punctuation and operators: ** // == /= <= >= => :: ( ) etc.
)

// fortranLexer is the participle lexer.Definition for our tokens. Only
// Symbols is used: statements are lexed by lexFile and handed to
// participle through sliceLexer.
type fortranLexer struct{}

var tokenSymbols = map[string]lexer.TokenType{
	"EOF": TokEOF, "Ident": TokIdent, "Int": TokInt, "Real": TokReal, "String": TokString,
	"BOZ": TokBOZ, "DotOp": TokDotOp, "Logical": TokLogical, "Op": TokOp,
}

func (fortranLexer) Symbols() map[string]lexer.TokenType { return tokenSymbols }

func (fortranLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	return nil, fmt.Errorf("fortranLexer.Lex is not used: statements are pre-lexed")
}

// sliceLexer hands pre-lexed tokens to participle.
type sliceLexer struct {
	toks []lexer.Token
	i    int
	eof  lexer.Position
}

func (s *sliceLexer) Next() (lexer.Token, error) {
	if s.i >= len(s.toks) {
		return lexer.EOFToken(s.eof), nil
	}
	t := s.toks[s.i]
	s.i++
	return t, nil
}

// RawStmt is one logical statement: its tokens (no separators), the
// statement label, and whether it is a directive (!$omp).
type RawStmt struct {
	Label     string
	LabelPos  Pos
	Toks      []lexer.Token
	Pos       Pos    // position of the first token
	Directive string // "omp" for !$omp lines
	File      *SourceFile
	// EndLine is the last physical line of the statement; SharedLine is set
	// when the logical line holds several statements (";").
	EndLine    int
	SharedLine bool
}

// SourceFile is one source file as read (and preprocessed).
type SourceFile struct {
	Path  string
	Lines []string // original lines, for carets
	// Extra holds lines of other files (includes through cpp) for carets.
	Extra map[string][]string
}

// Line implements SourceLines for one file.
func (f *SourceFile) Line(file string, line int) (string, bool) {
	lines := f.Lines
	if file != f.Path {
		lines = f.Extra[file]
	}
	if line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

// charPos is the original position of one byte of a logical line.
type charPos struct {
	line, col int32
}

// logicalLine accumulates the characters of one statement line across
// continuations, each with its original position.
type logicalLine struct {
	text []byte
	pos  []charPos
	omp  bool
	file string // original file (one per logical line: continuations never cross files)
}

// lexFile splits free-form source into logical statements. lineMap, when
// non-nil, maps (preprocessed) line numbers to original file and line.
func lexFile(path string, src []byte, lineMap func(int) (string, int), diags *diagSink) []RawStmt {
	lines := strings.Split(string(src), "\n")
	var out []RawStmt
	var cur logicalLine
	continuing := false
	inStr := byte(0) // quote char of a string continued across lines
	lineFile, lineNo := path, 0
	mapLine := func(ln int) {
		lineFile, lineNo = path, ln
		if lineMap != nil {
			lineFile, lineNo = lineMap(ln)
		}
	}
	flush := func() {
		if len(cur.text) > 0 {
			out = append(out, tokenizeLine(&cur, diags)...)
		}
		// The buffers are reused: tokens hold copies of their text.
		cur = logicalLine{text: cur.text[:0], pos: cur.pos[:0]}
	}
	for i, raw := range lines {
		ln := i + 1
		line := strings.TrimRight(raw, "\r")
		// First non-blank character.
		fnb := 0
		for fnb < len(line) && (line[fnb] == ' ' || line[fnb] == '\t') {
			fnb++
		}
		start := fnb
		isDirective := false
		if fnb < len(line) && line[fnb] == '!' && inStr == 0 {
			// Comment line, or an OpenMP directive (line).
			rest := strings.ToLower(line[fnb:])
			if strings.HasPrefix(rest, "!$omp") && (len(rest) == 5 || rest[5] == ' ' || rest[5] == '\t' || rest[5] == '&') {
				isDirective = true
				start = fnb + 5
				if continuing && cur.omp {
					// "!$omp& ..." or "!$omp ..." continuing a directive.
					for start < len(line) && (line[start] == ' ' || line[start] == '\t') {
						start++
					}
					if start < len(line) && line[start] == '&' {
						start++
					}
				} else {
					if continuing {
						flush()
					}
					continuing = false
					cur.omp = true
				}
			} else {
				continue // comment line (also between continuation lines)
			}
		}
		if fnb >= len(line) && inStr == 0 {
			continue // blank line
		}
		if continuing && !isDirective {
			if fnb < len(line) && line[fnb] == '&' {
				start = fnb + 1
			} else if inStr != 0 {
				start = 0
			}
		}
		if !continuing && !isDirective {
			cur = logicalLine{text: cur.text[:0], pos: cur.pos[:0]}
		}
		// Scan the content.
		end := len(line)
		j := start
		for j < len(line) {
			c := line[j]
			if inStr != 0 {
				if c == inStr {
					if j+1 < len(line) && line[j+1] == inStr {
						j += 2
						continue
					}
					inStr = 0
				}
				j++
				continue
			}
			if c == '\'' || c == '"' {
				inStr = c
			} else if c == '!' {
				end = j
				break
			}
			j++
		}
		// Trailing '&' (last non-blank before the comment) continues the statement.
		k := end - 1
		for k >= start && (line[k] == ' ' || line[k] == '\t') {
			k--
		}
		continuing = k >= start && line[k] == '&'
		if continuing {
			end = k
		} else {
			inStr = 0 // an unterminated string ends with the line; the tokenizer reports it
		}
		mapLine(ln)
		if len(cur.text) == 0 {
			cur.file = lineFile
		}
		cur.text = append(cur.text, line[start:end]...)
		for p := start; p < end; p++ {
			cur.pos = append(cur.pos, charPos{line: int32(lineNo), col: int32(p + 1)})
		}
		if !continuing {
			flush()
		}
	}
	flush()
	for i := range out {
		out[i].File = nil
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$'
}

func toLowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

// dotOpAt reports the length of a dot-operator ".name." starting at i (0 if none).
func dotOpAt(s []byte, i int) int {
	j := i + 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	if j > i+1 && j < len(s) && s[j] == '.' {
		return j + 1 - i
	}
	return 0
}

// tokenizeLine turns one logical line into statements (split at ';').
func tokenizeLine(ll *logicalLine, diags *diagSink) []RawStmt {
	s := ll.text
	var out []RawStmt
	var toks []lexer.Token
	sawSemicolon := false
	posAt := func(i int) Pos {
		if i >= len(ll.pos) {
			i = len(ll.pos) - 1
		}
		p := ll.pos[i]
		return Pos{File: ll.file, Line: int(p.line), Col: int(p.col)}
	}
	emit := func(tt lexer.TokenType, val string, at int) {
		p := posAt(at)
		toks = append(toks, lexer.Token{Type: tt, Value: val, Pos: lexer.Position{Filename: p.File, Line: p.Line, Column: p.Col, Offset: at}})
	}
	endStmt := func() {
		if len(toks) == 0 {
			return
		}
		st := RawStmt{Toks: toks}
		if ll.omp {
			st.Directive = "omp"
		}
		// A leading integer is the statement label.
		if st.Directive == "" && toks[0].Type == TokInt && len(toks) > 1 && isAllDigits(toks[0].Value) {
			st.Label = strings.TrimLeft(toks[0].Value, "0")
			if st.Label == "" {
				st.Label = "0"
			}
			st.LabelPos = tokPos(toks[0])
			st.Toks = toks[1:]
		}
		st.Pos = tokPos(st.Toks[0])
		st.EndLine = st.Toks[len(st.Toks)-1].Pos.Line
		if last := len(ll.pos) - 1; last >= 0 && int(ll.pos[last].line) > st.EndLine && !sawSemicolon {
			st.EndLine = int(ll.pos[last].line)
		}
		out = append(out, st)
		toks = nil
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == ';':
			endStmt()
			sawSemicolon = true
			i++
		case isLetter(c):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			// BOZ literal: b'..', o'..', z'..', x'..'.
			lc := toLowerByte(c)
			if j == i+1 && (lc == 'b' || lc == 'o' || lc == 'z' || lc == 'x') && j < len(s) && (s[j] == '\'' || s[j] == '"') {
				q := s[j]
				k := j + 1
				for k < len(s) && s[k] != q {
					k++
				}
				if k >= len(s) {
					diags.errorf(posAt(i), "unterminated BOZ literal")
					i = len(s)
					continue
				}
				emit(TokBOZ, strings.ToLower(string(s[i:k+1])), i)
				i = k + 1
				continue
			}
			// Character literal with a kind prefix: kind_'text'.
			if j < len(s) && (s[j] == '\'' || s[j] == '"') && s[j-1] == '_' {
				n, ok := scanString(s, j)
				if !ok {
					diags.errorf(posAt(j), "unterminated character literal")
					i = len(s)
					continue
				}
				emit(TokString, strings.ToLower(string(s[i:j]))+string(s[j:n]), i)
				i = n
				continue
			}
			emit(TokIdent, strings.ToLower(string(s[i:j])), i)
			i = j
		case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
			i = lexNumber(s, i, emit, diags, posAt)
		case c == '.':
			if n := dotOpAt(s, i); n > 0 {
				op := strings.ToLower(string(s[i : i+n]))
				if op == ".true." || op == ".false." {
					j := i + n
					if j < len(s) && s[j] == '_' {
						k := j + 1
						for k < len(s) && isIdentChar(s[k]) {
							k++
						}
						op += strings.ToLower(string(s[j:k]))
						j = k
					}
					emit(TokLogical, op, i)
					i = j
					continue
				}
				emit(TokDotOp, op, i)
				i += n
				continue
			}
			emit(TokOp, ".", i)
			i++
		case c == '\'' || c == '"':
			n, ok := scanString(s, i)
			if !ok {
				diags.errorf(posAt(i), "unterminated character literal")
				i = len(s)
				continue
			}
			emit(TokString, string(s[i:n]), i)
			i = n
		default:
			if i+1 < len(s) {
				two := string(s[i : i+2])
				switch two {
				case "**", "//", "==", "/=", "<=", ">=", "=>", "::":
					emit(TokOp, two, i)
					i += 2
					continue
				}
			}
			emit(TokOp, string(c), i)
			i++
		}
	}
	endStmt()
	if len(out) > 1 {
		for i := range out {
			out[i].SharedLine = true
		}
	}
	return out
}

func tokPos(t lexer.Token) Pos {
	return Pos{File: t.Pos.Filename, Line: t.Pos.Line, Col: t.Pos.Column}
}

func isAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// scanString returns the end (exclusive) of the string literal at i.
func scanString(s []byte, i int) (int, bool) {
	q := s[i]
	j := i + 1
	for j < len(s) {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j += 2
				continue
			}
			return j + 1, true
		}
		j++
	}
	return j, false
}

// lexNumber lexes an integer or real literal constant with optional
// exponent and kind suffix.
func lexNumber(s []byte, i int, emit func(lexer.TokenType, string, int), diags *diagSink, posAt func(int) Pos) int {
	start := i
	isReal := false
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' && dotOpAt(s, i) == 0 {
		// "1." or "1.5"; but not "1.eq.2" (handled by dotOpAt) -- except
		// exponent forms like "1.e5" / "1.d0", which dotOpAt rejects since no
		// closing dot follows.
		isReal = true
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	} else if i < len(s) && s[i] == '.' {
		// "1.e5." can't happen; but "1.e.2"? treat as int then op.
	}
	if i < len(s) {
		e := toLowerByte(s[i])
		if e == 'e' || e == 'd' || e == 'q' {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			if j < len(s) && isDigit(s[j]) {
				for j < len(s) && isDigit(s[j]) {
					j++
				}
				isReal = true
				i = j
			}
		}
	}
	// Kind suffix.
	if i+1 < len(s) && s[i] == '_' && (isIdentChar(s[i+1])) {
		j := i + 1
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		// A character literal with an integer kind prefix: 1_'abc'.
		if j < len(s) && (s[j] == '\'' || s[j] == '"') {
			n, ok := scanString(s, j)
			if !ok {
				diags.errorf(posAt(j), "unterminated character literal")
				return len(s)
			}
			emit(TokString, strings.ToLower(string(s[start:j]))+string(s[j:n]), start)
			return n
		}
		i = j
	} else if i < len(s) && s[i] == '_' && i+1 < len(s) && (s[i+1] == '\'' || s[i+1] == '"') {
		n, ok := scanString(s, i+1)
		if !ok {
			diags.errorf(posAt(i+1), "unterminated character literal")
			return len(s)
		}
		emit(TokString, string(s[start:n]), start)
		return n
	}
	tt := TokInt
	if isReal {
		tt = TokReal
	}
	emit(tt, strings.ToLower(string(s[start:i])), start)
	return i
}
