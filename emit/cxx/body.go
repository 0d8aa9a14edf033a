package cxx

import (
	"fmt"
	"strings"

	"fgpu/kernelir"
)

// Iteration prints the masks and the body of a complete kernel's
// iteration as C++ statements at indentation 0 (two blanks a level), and
// returns the temporary counter after them. The code around it declares
// what the header holds (indices, locals, the iteration's copies of shared
// scalars and their write flags, descriptors) and the label fgpu_next (or,
// with serial indices, fgpu_next_s) that ends the iteration early.
func Iteration(k *kernelir.Kernel, opts Options) (string, int, error) {
	p, err := iteration(k, opts)
	if err != nil {
		return "", opts.Tmp, err
	}
	return p.b.String(), p.tmp, nil
}

// iteration prints the masks and the body of k.
func iteration(k *kernelir.Kernel, opts Options) (*printer, error) {
	if !k.Complete {
		return nil, fmt.Errorf("the kernel %s is not complete", k.Name)
	}
	p := &printer{k: k, opts: opts, tmp: opts.Tmp}
	for _, m := range k.Masks {
		p.line("if (!(%s)) %s", p.expr(m), p.next())
	}
	p.stmts(k.Body)
	if p.err == nil && len(p.pre) > 0 {
		p.fail("statements computing an array value were written before no line")
	}
	if p.err != nil {
		return nil, p.err
	}
	return p, nil
}

type printer struct {
	k      *kernelir.Kernel
	opts   Options
	b      strings.Builder
	indent int
	tmp    int
	err    error
	// names are the C names of the locals of nested loops (lN_X).
	names map[*kernelir.Var]string
	// at are the counters of the reduction's loop nest being printed
	// (reduce.go), one a dimension of its shape.
	at []string
	// MSL (msl.go): pre are the statements computing the array values
	// the next line reads; lambda reports a lambda left in the text,
	// inCond the conditions that read such values (MSLLimits).
	pre    []string
	lambda bool
	inCond int
}

// name is v's C name.
func (p *printer) name(v *kernelir.Var) string {
	if n, ok := p.names[v]; ok {
		return n
	}
	return VarName(v)
}

func (p *printer) line(format string, args ...any) {
	if len(p.pre) > 0 {
		p.flushPre(format)
	}
	p.b.WriteString(strings.Repeat("  ", p.indent))
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

func (p *printer) fail(format string, args ...any) string {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
	return "0"
}

// next ends the iteration early (MSL: Options.Leave).
func (p *printer) next() string {
	if p.opts.MSL {
		return p.opts.Leave
	}
	if len(p.k.Serial) > 0 {
		return "goto fgpu_next_s;"
	}
	return "goto fgpu_next;"
}

func (p *printer) stmts(ss []kernelir.Stmt) {
	for _, s := range ss {
		p.stmt(s)
	}
}

func (p *printer) stmt(s kernelir.Stmt) {
	switch x := s.(type) {
	case *kernelir.Assign:
		p.line("%s = %s;", p.lvalue(x.LHS), p.value(x.RHS, x.LHS.Type()))
	case *kernelir.ArrayAssign:
		p.arrayAssign(x)
	case *kernelir.ArrayTemp:
		p.arrayTemp(x)
	case *kernelir.If:
		for i, a := range x.Arms {
			if i == 0 {
				p.line("if (%s) {", p.expr(a.Cond))
			} else {
				p.line("} else if (%s) {", p.expr(a.Cond))
			}
			p.indent++
			p.stmts(a.Body)
			p.indent--
		}
		if x.HasElse {
			p.line("} else {")
			p.indent++
			p.stmts(x.Else)
			p.indent--
		}
		p.line("}")
	case *kernelir.Loop:
		p.tmp++
		n := p.tmp
		step := "1"
		if x.Step != nil {
			step = p.expr(x.Step)
		}
		v, ct := p.name(x.Var), CType(x.Var.Type)
		p.line("{ const int64_t s%d = %s; int64_t c%d = %s;", n, step, n, p.expr(x.Lower))
		p.indent++
		if x.Unroll > 0 && !p.opts.MSL {
			p.line("%s // (emit/unroll.go: the array of the iteration in registers)", p.unrollPragma(x.Unroll))
		}
		p.line("for (int64_t k%d = fgpu_trip(c%d, %s, s%d); k%d > 0; --k%d, c%d += s%d) {", n, n, p.expr(x.Upper), n, n, n, n, n)
		p.indent++
		p.line("%s = (%s)c%d;", v, ct, n)
		p.stmts(x.Body)
		p.indent--
		p.line("}")
		p.line("%s = (%s)c%d;", v, ct, n)
		p.indent--
		p.line("}")
	case *kernelir.Cycle:
		if x.Loop == nil {
			p.line("%s", p.next())
		} else {
			p.line("continue;")
		}
	case *kernelir.Exit:
		p.line("break;")
	case *kernelir.Nest:
		p.nest(x)
	case *kernelir.Select:
		p.selectCase(x)
	case *kernelir.While:
		if x.Cond != nil {
			p.line("while (%s) {", p.expr(x.Cond))
		} else {
			p.line("for (;;) {")
		}
		p.indent++
		p.stmts(x.Body)
		p.indent--
		p.line("}")
	case *kernelir.Block:
		p.line("{")
		p.indent++
		p.stmts(x.Body)
		p.indent--
		p.line("}")
	case *kernelir.Temp:
		if x.Var.Role == kernelir.RAlias {
			p.line("%s const p_%s = &%s;", p.pointerDecl(CType(x.Var.Type)), x.Var.Name, p.lvalue(x.Init))
		} else if x.Init != nil && x.Const {
			p.line("const %s %s = %s;", CType(x.Var.Type), p.name(x.Var), p.value(x.Init, x.Var.Type))
		} else if x.Init != nil {
			p.line("%s %s = %s;", CType(x.Var.Type), p.name(x.Var), p.value(x.Init, x.Var.Type))
		} else {
			p.line("%s %s;", CType(x.Var.Type), p.name(x.Var))
		}
	case *kernelir.Stop:
		// The host replays the statement (design doc, "Stopping on the
		// device"); a stop recorded first by this iteration wins.
		code := "0"
		if x.Code != nil {
			code = p.expr(x.Code)
		}
		p.line("{ // %s", x.Note)
		p.indent++
		p.line("const int64_t fgpu_c = %s;", code)
		p.line("if (fgpu_site == 0) { fgpu_code = fgpu_c; fgpu_site = %d; }", x.Site)
		if p.opts.MSL {
			p.line("{ fgpu_record_stop(fgpu_status, fgpu_site, fgpu_code); return; }")
		} else {
			p.line("goto fgpu_next;")
		}
		p.indent--
		p.line("}")
	case *kernelir.Call:
		p.line("%s;", p.invocation(&x.Invocation))
	case *kernelir.StopTest:
		// A call before it recorded a stop: the iteration ends (its
		// status is written at the end).
		p.stopTest()
	default:
		p.fail("the statement %T is not printed yet", s)
	}
}

// unrollPragma asks the C++ compiler to unroll a loop of n trips fully.
func (p *printer) unrollPragma(n int) string {
	if p.opts.CUDA {
		return fmt.Sprintf("#pragma unroll %d", n)
	}
	return fmt.Sprintf("#pragma GCC unroll %d", n)
}

// nest writes a nested loop run in order in the iteration: a C loop an
// index (lo_ID, st_ID, n_ID and the counter v_ID; ID the dimension, LEVEL_DIM
// for combined loops), the masks as continue, the locals under names of
// their own.
func (p *printer) nest(x *kernelir.Nest) {
	p.line("{")
	p.indent++
	opened := 0
	for lv, l := range x.Levels {
		for d, dim := range l.Dims {
			id := fmt.Sprint(d)
			if len(x.Levels) > 1 {
				id = fmt.Sprintf("%d_%d", lv, d)
			}
			step := "1"
			if dim.Step != nil {
				step = p.expr(dim.Step)
			}
			t := dim.Index.Type
			narrow := !p.opts.CUDA && !p.opts.MSL && t.Base == kernelir.Integer && t.Kind == 4 // the CPU (emit/nest.go)
			for _, l := range NestIndexLoop(id, p.expr(dim.Lower), p.expr(dim.Upper), step, CType(t), p.name(dim.Index), narrow) {
				p.line("%s", l)
				if strings.HasSuffix(l, "{") {
					p.indent++
					opened++
				}
			}
		}
		if l.Mask != nil && x.Stops {
			p.line("if (!(%s)) {", p.expr(l.Mask))
			p.indent++
			p.stopTest()
			p.line("continue;")
			p.indent--
			p.line("}")
		} else if l.Mask != nil {
			p.line("if (!(%s)) continue;", p.expr(l.Mask))
		}
		for _, lo := range l.Locals {
			p.tmp++
			n := fmt.Sprintf("l%d_%s", p.tmp, lo.Var.Name)
			if lo.Init != nil {
				p.line("%s %s = %s;", CType(lo.Var.Type), n, p.name(lo.Init))
			} else {
				p.line("%s %s;", CType(lo.Var.Type), n)
			}
			if p.names == nil {
				p.names = map[*kernelir.Var]string{}
			}
			p.names[lo.Var] = n
		}
	}
	if x.Stops {
		p.stopTest()
	}
	p.stmts(x.Body)
	for i := 0; i < opened; i++ {
		p.indent--
		p.line("}")
	}
	p.indent--
	p.line("}")
	if x.Stops {
		p.stopTest()
	}
}

// stopTest ends the iteration when a call before it recorded a stop.
func (p *printer) stopTest() {
	p.line("if (fgpu_site != 0) goto fgpu_next;")
}

// selectCase writes a SELECT CASE: the selector once (selN), then an
// if / else if chain of the cases, the default last.
func (p *printer) selectCase(x *kernelir.Select) {
	p.tmp++
	sel := fmt.Sprintf("sel%d", p.tmp)
	p.line("{ const %s %s = %s;", CType(x.Sel.Type()), sel, p.expr(x.Sel))
	p.indent++
	first := true
	for _, c := range x.Cases {
		var conds []string
		for _, r := range c.Ranges {
			switch {
			case !r.Range:
				conds = append(conds, fmt.Sprintf("%s == %s", sel, p.expr(r.Lo)))
			case r.Lo != nil && r.Hi != nil:
				conds = append(conds, fmt.Sprintf("(%s >= %s && %s <= %s)", sel, p.expr(r.Lo), sel, p.expr(r.Hi)))
			case r.Lo != nil:
				conds = append(conds, fmt.Sprintf("%s >= %s", sel, p.expr(r.Lo)))
			default:
				conds = append(conds, fmt.Sprintf("%s <= %s", sel, p.expr(r.Hi)))
			}
		}
		kw := "} else if"
		if first {
			kw = "if"
		}
		first = false
		p.line("%s (%s) {", kw, strings.Join(conds, " || "))
		p.indent++
		p.stmts(c.Body)
		p.indent--
	}
	if x.HasDefault {
		if first {
			p.line("{")
		} else {
			p.line("} else {")
		}
		p.indent++
		p.stmts(x.Default)
		p.indent--
		p.line("}")
	} else if !first {
		p.line("}")
	}
	p.indent--
	p.line("}")
}

// value is e stored into a variable of type t: a truth value into a
// logical's integer storage as 0 or 1.
func (p *printer) value(e kernelir.Expr, t kernelir.Type) string {
	if t.Base == kernelir.Logical {
		return fmt.Sprintf("(%s)((%s) ? 1 : 0)", CType(t), p.expr(e))
	}
	return p.expr(e)
}

// lvalue is the storage of a variable or an element.
func (p *printer) lvalue(e kernelir.Expr) string {
	switch x := e.(type) {
	case *kernelir.Ref:
		return p.name(x.Var)
	case *kernelir.Element:
		return p.element(x)
	case *kernelir.Component:
		return "(" + p.lvalue(x.X) + ").c_" + x.Name
	}
	return p.fail("assignment to %T", e)
}

// element is an element's storage: base + sum (s - lb) * sm bytes.
func (p *printer) element(x *kernelir.Element) string {
	var off []string
	for d, s := range x.Subs {
		off = append(off, fmt.Sprintf("(%s - %s) * %s", p.expr(s), x.Array.Lower[d].Name, x.Array.Stride[d].Name))
	}
	return p.elemAt(x.Array, strings.Join(off, " + "))
}

// expr is e as a C value of its type (a logical's as bool).
func (p *printer) expr(e kernelir.Expr) string {
	switch x := e.(type) {
	case *kernelir.Ref:
		if x.Var.Type.Base == kernelir.Logical {
			return "(" + p.name(x.Var) + " != 0)"
		}
		return p.name(x.Var)
	case *kernelir.Element:
		if x.Array.Elem.Base == kernelir.Logical {
			return "(" + p.element(x) + " != 0)"
		}
		return p.element(x)
	case *kernelir.Component:
		if x.T.Base == kernelir.Logical {
			return "(" + p.lvalue(x) + " != 0)"
		}
		return p.lvalue(x)
	case *kernelir.Lit:
		return p.literal(x)
	case *kernelir.Convert:
		return fmt.Sprintf("((%s)(%s))", CType(x.To), p.expr(x.X))
	case *kernelir.Paren:
		return "(" + p.expr(x.X) + ")"
	case *kernelir.Unary:
		return "(" + x.Op + p.expr(x.X) + ")"
	case *kernelir.Binary:
		return p.binary(x)
	case *kernelir.Intrinsic:
		return p.intrinsic(x)
	case *kernelir.Reduce:
		return p.reduce(x)
	case *kernelir.FuncCall:
		return p.funcCall(x)
	case *kernelir.Section:
		return p.section(x)
	}
	return p.fail("the expression %T is not printed yet", e)
}

func (p *printer) literal(x *kernelir.Lit) string {
	switch x.T.Base {
	case kernelir.Integer:
		return IntLiteral(CType(x.T), x.Int)
	case kernelir.Real:
		if s, ok := RealLiteral(x.Real, x.T.Kind); ok {
			return s
		}
	case kernelir.Logical, kernelir.Bool:
		if x.Bool {
			return "true"
		}
		return "false"
	case kernelir.Complex:
		re, ok1 := RealLiteral(x.Re, x.T.Kind)
		im, ok2 := RealLiteral(x.Im, x.T.Kind)
		if ok1 && ok2 {
			return fmt.Sprintf("%s(%s, %s)", CType(x.T), re, im)
		}
	}
	return p.fail("the literal %s has no C form", kernelir.ExprString(x))
}

var cOps = map[string]string{"eqv": "==", "neqv": "!="}

func (p *printer) binary(x *kernelir.Binary) string {
	a, b := p.expr(x.X), p.expr(x.Y)
	if x.Op != "**" {
		op := x.Op
		if c, ok := cOps[op]; ok {
			op = c
		}
		return fmt.Sprintf("(%s %s %s)", a, op, b)
	}
	ct := CType(x.T)
	switch {
	case x.T.Base == kernelir.Integer:
		return fmt.Sprintf("fgpu_ipow<%s>(%s, %s)", ct, a, b)
	case x.Y.Type().Base == kernelir.Integer:
		if n, ok := constInt(x.Y); ok && x.T.Base == kernelir.Real && p.opts.HostPowers {
			return ConstPower(ct, a, n)
		}
		return fmt.Sprintf("fgpu_powi(%s, %s)", a, b)
	case x.T.Base == kernelir.Complex:
		return fmt.Sprintf("fgpu_cpow(%s, %s)", a, b)
	}
	return p.math(p.fn("pow"), x.T, a, b)
}

// constInt is the value of an integer literal, converted or not.
func constInt(e kernelir.Expr) (int64, bool) {
	if c, ok := e.(*kernelir.Convert); ok {
		e = c.X
	}
	if l, ok := e.(*kernelir.Lit); ok && l.T.Base == kernelir.Integer {
		return l.Int, true
	}
	return 0, false
}

func (p *printer) math(fn string, t kernelir.Type, args ...string) string {
	return MathCall(fn, t.Base == kernelir.Real, t.Kind, p.opts.CUDA, p.opts.Fast, args...)
}
