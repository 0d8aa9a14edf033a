package frontend

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// ExprKind is the syntactic kind of an expression node.
type ExprKind int

const (
	ELit       ExprKind = iota // literal constant: Lit holds the token
	EName                      // a name
	ERef                       // X(Args): array element/section, function call or substring; sema resolves (RefKind)
	EComponent                 // X%Name
	EBinary                    // X Op Y
	EUnary                     // Op X
	EParen                     // (X)
	EComplex                   // (X, Y) complex literal constant
	EArray                     // array constructor [TypeSpec ::] Args
	EImpliedDo                 // (Args, Var = Lo, Hi [, Step]) in constructors and I/O lists; Range holds Lo, Hi, Step
	ERange                     // section triplet Lo:Hi:Stride (any may be nil) in Args
	EKeyword                   // keyword argument Name = X
	EStar                      // '*' (assumed, list-directed format, alternate return *label)
)

// RefKind is what sema decided an ERef or EName is.
type RefKind int

const (
	RefUnknown   RefKind = iota
	RefVariable          // a variable (scalar or whole array)
	RefElement           // array element or section
	RefSubstring         // substring
	RefFunction          // call of a user function (Proc set)
	RefIntrinsic         // call of an intrinsic (Intr set)
	RefStructure         // structure constructor type(args)
	RefConstant          // named constant
	RefProcedure         // a procedure name used as an actual argument or target
	RefOpaque            // a name from an unavailable module
)

// Expr is an expression node. Syntax fields are set by the parser; the
// typed fields (Type, Rank, Const, Sym, ...) by semantic analysis.
type Expr struct {
	Kind     ExprKind
	Pos      Pos
	Op       string      // operator (lower case) for EBinary/EUnary
	Name     string      // EName, EComponent, EKeyword, EImpliedDo variable
	Lit      lexer.Token // ELit
	X, Y     *Expr       // operands; X is the base of ERef/EComponent
	Args     []*Expr     // ERef arguments, EArray values, EImpliedDo items, ERange [lo, hi, stride]
	TypeSpec *TypeSpec   // EArray type-spec
	Range    [3]*Expr    // EImpliedDo lo, hi, step; ERange lo, hi, stride
	Label    string      // EStar alternate-return label

	// Semantic results.
	Type  Type
	Rank  int // -1 when not known
	Const *Value
	Sym   *Symbol
	Ref   RefKind
	Proc  *Procedure // resolved user procedure (function calls, defined operators)
	Intr  *Intrinsic // resolved intrinsic
}

// Parse implements participle.Parseable: an expression parsed by
// precedence climbing over the token stream.
func (e *Expr) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	t := lex.Peek()
	if t.EOF() || !startsExpr(t) {
		return participle.NextMatch
	}
	x, err := p.expr()
	if err != nil {
		return err
	}
	*e = *x
	return nil
}

func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case TokIdent, TokInt, TokReal, TokString, TokBOZ, TokLogical, TokDotOp:
		return true
	case TokOp:
		switch t.Value {
		case "(", "[", "+", "-":
			return true
		}
	}
	return false
}

// exprParser parses expressions with Fortran's precedence:
// defined-unary > ** > * / > unary +- > binary +- > // > relational >
// .not. > .and. > .or. > .eqv./.neqv. > defined-binary.
type exprParser struct {
	lex *lexer.PeekingLexer
	// noSlash stops at a top-level '/' (data statement values, common
	// block names).
	noSlash bool
}

// SyntaxError is a parse error at a position.
type SyntaxError struct {
	Pos Pos
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

func (p *exprParser) errf(t *lexer.Token, format string, args ...any) error {
	return &SyntaxError{Pos: tokPos(*t), Msg: fmt.Sprintf(format, args...)}
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }
func (p *exprParser) next() *lexer.Token { return p.lex.Next() }

func (p *exprParser) isOp(v string) bool {
	t := p.lex.Peek()
	return t.Type == TokOp && t.Value == v
}

func (p *exprParser) expect(v string) error {
	t := p.lex.Peek()
	if t.Type == TokOp && t.Value == v {
		p.lex.Next()
		return nil
	}
	return p.errf(t, "syntax error: expected %q, found %s", v, describeTok(t))
}

func describeTok(t *lexer.Token) string {
	if t.EOF() {
		return "end of statement"
	}
	return fmt.Sprintf("%q", t.Value)
}

var intrinsicDotOps = map[string]bool{
	".and.": true, ".or.": true, ".not.": true, ".eqv.": true, ".neqv.": true,
	".eq.": true, ".ne.": true, ".lt.": true, ".le.": true, ".gt.": true, ".ge.": true,
}

// relational operators, normalised to the symbolic form.
var relOps = map[string]string{
	"==": "==", "/=": "/=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
	".eq.": "==", ".ne.": "/=", ".lt.": "<", ".le.": "<=", ".gt.": ">", ".ge.": ">=",
}

func (p *exprParser) expr() (*Expr, error) {
	x, err := p.eqvLevel()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.Type != TokDotOp || intrinsicDotOps[t.Value] {
			return x, nil
		}
		p.next()
		y, err := p.eqvLevel()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EBinary, Pos: tokPos(*t), Op: t.Value, X: x, Y: y}
	}
}

func (p *exprParser) binaryLevel(next func() (*Expr, error), ops ...string) (*Expr, error) {
	x, err := next()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.Type != TokDotOp && t.Type != TokOp {
			return x, nil
		}
		found := ""
		for _, o := range ops {
			if t.Value == o {
				found = o
				break
			}
		}
		if found == "" {
			return x, nil
		}
		p.next()
		y, err := next()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EBinary, Pos: tokPos(*t), Op: found, X: x, Y: y}
	}
}

func (p *exprParser) eqvLevel() (*Expr, error) {
	return p.binaryLevel(p.orLevel, ".eqv.", ".neqv.")
}

func (p *exprParser) orLevel() (*Expr, error) { return p.binaryLevel(p.andLevel, ".or.") }

func (p *exprParser) andLevel() (*Expr, error) { return p.binaryLevel(p.notLevel, ".and.") }

func (p *exprParser) notLevel() (*Expr, error) {
	t := p.peek()
	if t.Type == TokDotOp && t.Value == ".not." {
		p.next()
		x, err := p.notLevel()
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: EUnary, Pos: tokPos(*t), Op: ".not.", X: x}, nil
	}
	return p.relLevel()
}

func (p *exprParser) relLevel() (*Expr, error) {
	x, err := p.concatLevel()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if (t.Type == TokOp || t.Type == TokDotOp) && relOps[t.Value] != "" {
		p.next()
		y, err := p.concatLevel()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EBinary, Pos: tokPos(*t), Op: relOps[t.Value], X: x, Y: y}
	}
	return x, nil
}

func (p *exprParser) concatLevel() (*Expr, error) {
	if p.noSlash {
		return p.addLevel()
	}
	return p.binaryLevel(p.addLevel, "//")
}

func (p *exprParser) addLevel() (*Expr, error) {
	var x *Expr
	t := p.peek()
	if t.Type == TokOp && (t.Value == "+" || t.Value == "-") {
		p.next()
		y, err := p.multLevel()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EUnary, Pos: tokPos(*t), Op: t.Value, X: y}
	} else {
		y, err := p.multLevel()
		if err != nil {
			return nil, err
		}
		x = y
	}
	for {
		t := p.peek()
		if t.Type != TokOp || (t.Value != "+" && t.Value != "-") {
			return x, nil
		}
		p.next()
		y, err := p.multLevel()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EBinary, Pos: tokPos(*t), Op: t.Value, X: x, Y: y}
	}
}

func (p *exprParser) multLevel() (*Expr, error) {
	x, err := p.powLevel()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.Type != TokOp || (t.Value != "*" && t.Value != "/") {
			return x, nil
		}
		if t.Value == "/" {
			if p.noSlash {
				return x, nil
			}
			// "/)" closes an array constructor.
			cp := p.lex.MakeCheckpoint()
			p.next()
			nt := p.peek()
			p.lex.LoadCheckpoint(cp)
			if nt.Type == TokOp && nt.Value == ")" {
				return x, nil
			}
		}
		p.next()
		y, err := p.signedPowLevel()
		if err != nil {
			return nil, err
		}
		x = &Expr{Kind: EBinary, Pos: tokPos(*t), Op: t.Value, X: x, Y: y}
	}
}

// signedPowLevel parses a mult-operand that may start with a sign: "b * -1"
// is an extension every common compiler accepts (the sign applies to the
// operand).
func (p *exprParser) signedPowLevel() (*Expr, error) { return p.signed(p.powLevel) }

// signed parses an operand with an optional leading sign, the sign applying
// to the operand next parses.
func (p *exprParser) signed(next func() (*Expr, error)) (*Expr, error) {
	if u := p.peek(); u.Type == TokOp && (u.Value == "-" || u.Value == "+") {
		p.next()
		z, err := next()
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: EUnary, Pos: tokPos(*u), Op: u.Value, X: z}, nil
	}
	return next()
}

func (p *exprParser) powLevel() (*Expr, error) {
	x, err := p.unaryDefLevel()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.Type == TokOp && t.Value == "**" {
		p.next()
		// a ** -b (an extension every compiler accepts).
		y, err := p.signed(p.powLevel)
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: EBinary, Pos: tokPos(*t), Op: "**", X: x, Y: y}, nil
	}
	return x, nil
}

func (p *exprParser) unaryDefLevel() (*Expr, error) {
	t := p.peek()
	if t.Type == TokDotOp && !intrinsicDotOps[t.Value] {
		p.next()
		x, err := p.unaryDefLevel()
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: EUnary, Pos: tokPos(*t), Op: t.Value, X: x}, nil
	}
	return p.primary()
}

func (p *exprParser) primary() (*Expr, error) {
	t := p.peek()
	switch t.Type {
	case TokInt, TokReal, TokBOZ, TokLogical:
		p.next()
		return &Expr{Kind: ELit, Pos: tokPos(*t), Lit: *t}, nil
	case TokString:
		p.next()
		x := &Expr{Kind: ELit, Pos: tokPos(*t), Lit: *t}
		// A substring of a literal: 'abc'(2:3).
		if p.isOp("(") {
			return p.postfix(x)
		}
		return x, nil
	case TokIdent:
		p.next()
		x := &Expr{Kind: EName, Pos: tokPos(*t), Name: t.Value}
		return p.postfix(x)
	case TokOp:
		switch t.Value {
		case "(":
			return p.parenOrImplied()
		case "[":
			p.next()
			return p.arrayConstructor(t, "]")
		case "//":
			// "(//)" is handled in parenOrImplied.
		}
	}
	return nil, p.errf(t, "syntax error: expected an expression, found %s", describeTok(t))
}

// parenOrImplied parses "(" after it was peeked: a parenthesised
// expression, a complex literal, an implied-do or an array constructor (/ ... /).
func (p *exprParser) parenOrImplied() (*Expr, error) {
	open := p.next()
	if p.isOp("/") {
		p.next()
		return p.arrayConstructor(open, "/)")
	}
	if p.isOp("//") {
		// (//): an empty array constructor.
		cp := p.lex.MakeCheckpoint()
		p.next()
		if p.isOp(")") {
			p.next()
			return &Expr{Kind: EArray, Pos: tokPos(*open)}, nil
		}
		p.lex.LoadCheckpoint(cp)
	}
	items, impl, err := p.itemsWithImpliedDo(")")
	if err != nil {
		return nil, err
	}
	if impl != nil {
		impl.Pos = tokPos(*open)
		return impl, nil
	}
	switch len(items) {
	case 1:
		x := &Expr{Kind: EParen, Pos: tokPos(*open), X: items[0]}
		// (a)%b or (a)(1) are not Fortran; stop here.
		return x, nil
	case 2:
		return &Expr{Kind: EComplex, Pos: tokPos(*open), X: items[0], Y: items[1]}, nil
	}
	return nil, &SyntaxError{Pos: tokPos(*open), Msg: "syntax error: unexpected list in parentheses"}
}

// itemsWithImpliedDo parses a comma-separated list up to the closing token;
// when the last item is "v = lo, hi [, step]" the list is an implied-do.
// The opening token has been consumed; the closing one is consumed too.
func (p *exprParser) itemsWithImpliedDo(close string) ([]*Expr, *Expr, error) {
	var items []*Expr
	for {
		// Implied-do control: [type-spec ::] name '=' (not '==').
		if t := p.peek(); t.Type == TokIdent && len(items) > 0 {
			cp := p.lex.MakeCheckpoint()
			var its *TypeSpec
			if declKeywords[t.Value] {
				if ts, err := parseTypeSpecTokens(p); err == nil && p.isOp("::") {
					p.next()
					t = p.peek()
					its = ts
				} else {
					p.lex.LoadCheckpoint(cp)
				}
			}
			p.next()
			if p.isOp("=") {
				p.next()
				var bounds []*Expr
				for {
					b, err := p.expr()
					if err != nil {
						return nil, nil, err
					}
					bounds = append(bounds, b)
					if !p.isOp(",") {
						break
					}
					p.next()
				}
				if len(bounds) < 2 || len(bounds) > 3 {
					return nil, nil, p.errf(t, "syntax error: implied-do needs lower and upper bounds")
				}
				if err := p.expectClose(close); err != nil {
					return nil, nil, err
				}
				impl := &Expr{Kind: EImpliedDo, Pos: tokPos(*t), Name: t.Value, Args: items, TypeSpec: its}
				copy(impl.Range[:], bounds)
				return items, impl, nil
			}
			p.lex.LoadCheckpoint(cp)
		}
		x, err := p.expr()
		if err != nil {
			return nil, nil, err
		}
		items = append(items, x)
		if p.isOp(",") {
			p.next()
			continue
		}
		return items, nil, p.expectClose(close)
	}
}

func (p *exprParser) expectClose(close string) error {
	if close == "/)" {
		if err := p.expect("/"); err != nil {
			return err
		}
		return p.expect(")")
	}
	return p.expect(close)
}

// arrayConstructor parses after "[" or "(/": [type-spec ::] values.
func (p *exprParser) arrayConstructor(open *lexer.Token, close string) (*Expr, error) {
	x := &Expr{Kind: EArray, Pos: tokPos(*open)}
	// Empty constructor.
	if close == "]" && p.isOp("]") {
		p.next()
		return x, nil
	}
	if close == "/)" && p.isOp("/") {
		cp := p.lex.MakeCheckpoint()
		p.next()
		if p.isOp(")") {
			p.next()
			return x, nil
		}
		p.lex.LoadCheckpoint(cp)
	}
	// Type-spec: a type keyword or a name followed by "::" (possibly after a
	// parenthesised selector).
	if ts := p.typeSpecBeforeColons(); ts != nil {
		x.TypeSpec = ts
		if (close == "]" && p.isOp("]")) || (close == "/)" && p.isOp("/")) {
			if err := p.expectClose(close); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
	for {
		v, err := p.acValue()
		if err != nil {
			return nil, err
		}
		x.Args = append(x.Args, v)
		if p.isOp(",") {
			p.next()
			continue
		}
		return x, p.expectClose(close)
	}
}

// acValue is an array-constructor value: an expression or implied-do.
func (p *exprParser) acValue() (*Expr, error) {
	return p.expr()
}

// postfix parses (args), %comp and substring selectors after a name.
func (p *exprParser) postfix(x *Expr) (*Expr, error) {
	for {
		t := p.peek()
		if t.Type != TokOp {
			return x, nil
		}
		switch t.Value {
		case "(":
			p.next()
			args, err := p.actualArgs()
			if err != nil {
				return nil, err
			}
			x = &Expr{Kind: ERef, Pos: x.Pos, X: x, Args: args}
		case "%":
			p.next()
			n := p.peek()
			if n.Type != TokIdent {
				return nil, p.errf(n, "syntax error: expected a component name after %%, found %s", describeTok(n))
			}
			p.next()
			x = &Expr{Kind: EComponent, Pos: tokPos(*n), X: x, Name: n.Value}
		case "[":
			return nil, p.errf(t, "coarrays are not yet implemented")
		default:
			return x, nil
		}
	}
}

// actualArgs parses an argument or subscript list after "(", up to and
// including ")": expressions, keyword arguments, section triplets, *label.
func (p *exprParser) actualArgs() ([]*Expr, error) {
	var args []*Expr
	if p.isOp(")") {
		p.next()
		return args, nil
	}
	for {
		a, err := p.actualArg()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if p.isOp(",") {
			p.next()
			continue
		}
		return args, p.expect(")")
	}
}

func (p *exprParser) actualArg() (*Expr, error) {
	t := p.peek()
	// keyword = expr
	if t.Type == TokIdent {
		cp := p.lex.MakeCheckpoint()
		p.next()
		if p.isOp("=") {
			p.next()
			v, err := p.actualArgValue()
			if err != nil {
				return nil, err
			}
			return &Expr{Kind: EKeyword, Pos: tokPos(*t), Name: t.Value, X: v}, nil
		}
		p.lex.LoadCheckpoint(cp)
	}
	return p.actualArgValue()
}

func (p *exprParser) actualArgValue() (*Expr, error) {
	t := p.peek()
	// *label (alternate return) or * (assumed size/length, list-directed).
	if t.Type == TokOp && t.Value == "*" {
		p.next()
		x := &Expr{Kind: EStar, Pos: tokPos(*t)}
		if n := p.peek(); n.Type == TokInt {
			p.next()
			x.Label = n.Value
		}
		return x, nil
	}
	var lo *Expr
	if p.isOp("::") {
		// "::" in a section is ":" ":" (no upper bound, a stride).
		c := p.next()
		st, err := p.expr()
		if err != nil {
			return nil, err
		}
		r := &Expr{Kind: ERange, Pos: tokPos(*c)}
		r.Range[2] = st
		return r, nil
	}
	if !p.isOp(":") {
		var err error
		lo, err = p.expr()
		if err != nil {
			return nil, err
		}
		if p.isOp("::") {
			p.next()
			st, err := p.expr()
			if err != nil {
				return nil, err
			}
			r := &Expr{Kind: ERange, Pos: lo.Pos}
			r.Range[0], r.Range[2] = lo, st
			return r, nil
		}
		if !p.isOp(":") {
			return lo, nil
		}
	}
	// Section triplet lo:hi:stride.
	colon := p.next()
	r := &Expr{Kind: ERange, Pos: tokPos(*colon)}
	if lo != nil {
		r.Pos = lo.Pos
	}
	r.Range[0] = lo
	if !p.isOp(":") && !p.isOp(",") && !p.isOp(")") {
		hi, err := p.expr()
		if err != nil {
			return nil, err
		}
		r.Range[1] = hi
	}
	if p.isOp(":") {
		p.next()
		st, err := p.expr()
		if err != nil {
			return nil, err
		}
		r.Range[2] = st
	}
	return r, nil
}

// String renders an expression as Fortran source (normalised), for dumps and
// messages.
func (e *Expr) String() string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e *Expr) write(b *strings.Builder) {
	switch e.Kind {
	case ELit:
		b.WriteString(e.Lit.Value)
	case EName:
		if e.Sym != nil && e.Sym.Component != nil {
			// A variable a lowering pass stands for a component: the
			// source's designator (host code prints it so).
			e.Sym.Component.write(b)
			break
		}
		b.WriteString(e.Name)
	case ERef:
		e.X.write(b)
		b.WriteByte('(')
		writeList(b, e.Args)
		b.WriteByte(')')
	case EComponent:
		e.X.write(b)
		b.WriteByte('%')
		b.WriteString(e.Name)
	case EBinary:
		b.WriteByte('(')
		e.X.write(b)
		b.WriteString(" " + e.Op + " ")
		e.Y.write(b)
		b.WriteByte(')')
	case EUnary:
		b.WriteByte('(')
		b.WriteString(e.Op)
		if strings.HasPrefix(e.Op, ".") {
			b.WriteByte(' ')
		}
		e.X.write(b)
		b.WriteByte(')')
	case EParen:
		b.WriteByte('(')
		e.X.write(b)
		b.WriteByte(')')
	case EComplex:
		b.WriteByte('(')
		e.X.write(b)
		b.WriteString(", ")
		e.Y.write(b)
		b.WriteByte(')')
	case EArray:
		b.WriteByte('[')
		if e.TypeSpec != nil {
			b.WriteString(e.TypeSpec.String() + " :: ")
		}
		writeList(b, e.Args)
		b.WriteByte(']')
	case EImpliedDo:
		b.WriteByte('(')
		writeList(b, e.Args)
		b.WriteString(", " + e.Name + " = ")
		e.Range[0].write(b)
		b.WriteString(", ")
		e.Range[1].write(b)
		if e.Range[2] != nil {
			b.WriteString(", ")
			e.Range[2].write(b)
		}
		b.WriteByte(')')
	case ERange:
		if e.Range[0] != nil {
			e.Range[0].write(b)
		}
		b.WriteByte(':')
		if e.Range[1] != nil {
			e.Range[1].write(b)
		}
		if e.Range[2] != nil {
			b.WriteByte(':')
			e.Range[2].write(b)
		}
	case EKeyword:
		b.WriteString(e.Name + "=")
		e.X.write(b)
	case EStar:
		b.WriteString("*" + e.Label)
	}
}

func writeList(b *strings.Builder, xs []*Expr) {
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		x.write(b)
	}
}
