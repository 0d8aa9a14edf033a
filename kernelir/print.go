package kernelir

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Fprint writes k in the IR's stable text form (--dump-dir writes it as
// NAME.kir; lowering/testdata/kir holds goldens): the header (parameters
// with their spaces, types and descriptors, the iteration space and its
// mapping, serial indices, locals, stop sites), then the masks and the
// body, one statement a line, expressions fully parenthesised with every
// conversion written (r8(x)) and literals with their type (1:i32).
func Fprint(w io.Writer, k *Kernel) {
	p := &printer{w: w}
	state := "complete"
	if !k.Complete {
		state = fmt.Sprintf("incomplete (%d unsupported)", len(k.Unsupported()))
	}
	p.line(0, "kernel %s at %s %s", k.Name, k.Pos, state)
	for _, pa := range k.Params {
		var b strings.Builder
		fmt.Fprintf(&b, "param %s %s", pa.Name, pa.Space)
		if pa.Op != "" {
			fmt.Fprintf(&b, "(%s)", pa.Op)
		}
		fmt.Fprintf(&b, " %s", pa.Type)
		if pa.Array != nil {
			b.WriteString(" " + arrayDecl(pa.Array))
		}
		if pa.Written {
			b.WriteString(" written")
		}
		if pa.Flag != nil {
			fmt.Fprintf(&b, " flag %s", pa.Flag.Name)
		}
		p.line(1, "%s", b.String())
	}
	var launch []string
	for _, x := range k.Launch {
		launch = append(launch, x.Name)
	}
	if len(launch) > 0 {
		p.line(1, "launch %s", strings.Join(launch, " "))
	}
	for _, d := range k.Dims {
		p.line(1, "dim %s", dimText(d))
	}
	if k.Mapping.Order == nil {
		p.line(1, "mapping backend")
	} else {
		var o []string
		for _, d := range k.Mapping.Order {
			o = append(o, k.Dims[d].Index.Name)
		}
		p.line(1, "mapping fastest %s", strings.Join(o, " "))
	}
	for _, d := range k.Serial {
		p.line(1, "serial %s", dimText(d))
	}
	for _, l := range k.Locals {
		switch {
		case l.Var != nil && l.Init != nil:
			p.line(1, "local %s %s init %s", l.Var.Name, l.Var.Type, l.Init.Name)
		case l.Var != nil:
			p.line(1, "local %s %s", l.Var.Name, l.Var.Type)
		case l.Workspace > 0:
			p.line(1, "local %s %s %s workspace %d", l.Array.Name, l.Array.Elem, arrayDecl(l.Array), l.Workspace)
		default:
			p.line(1, "local %s %s %s", l.Array.Name, l.Array.Elem, arrayDecl(l.Array))
		}
	}
	if k.Workspaces > 0 {
		p.line(1, "workspaces %d", k.Workspaces)
	}
	if k.CanStop {
		p.line(1, "can_stop")
	}
	for _, s := range k.Stops {
		p.line(1, "stop_site %d at %s", s.ID, s.Pos)
	}
	for _, m := range k.Masks {
		p.line(1, "mask %s", ExprString(m))
	}
	p.line(1, "body")
	p.stmts(2, k.Body)
	p.line(0, "end kernel")
}

func dimText(d *Dim) string {
	return fmt.Sprintf("%s %s = %s, %s, %s (loop %d)", d.Index.Name, d.Index.Type, ExprString(d.Lower), ExprString(d.Upper), ExprString(d.Step), d.Loop)
}

func arrayDecl(a *Array) string {
	var dims []string
	for d := 0; d < a.Rank && d < len(a.Lower); d++ {
		dims = append(dims, fmt.Sprintf("%s %s %s", a.Lower[d].Name, a.Stride[d].Name, a.Extent[d].Name))
	}
	return fmt.Sprintf("rank %d [%s]", a.Rank, strings.Join(dims, "; "))
}

type printer struct {
	w     io.Writer
	loops map[Stmt]int
}

func (p *printer) line(depth int, format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...))
}

// loopName names a loop by its nesting and order (L1, L2, ...).
func (p *printer) loopName(l Stmt) string {
	if p.loops == nil {
		p.loops = map[Stmt]int{}
	}
	if _, ok := p.loops[l]; !ok {
		p.loops[l] = len(p.loops) + 1
	}
	return fmt.Sprintf("L%d", p.loops[l])
}

func (p *printer) stmts(depth int, ss []Stmt) {
	for _, s := range ss {
		p.stmt(depth, s)
	}
}

func (p *printer) stmt(depth int, s Stmt) {
	switch x := s.(type) {
	case *Assign:
		p.line(depth, "%s = %s", ExprString(x.LHS), ExprString(x.RHS))
	case *ArrayAssign:
		p.line(depth, "%s = %s", sectionString(x.LHS), ExprString(x.RHS))
	case *ArrayTemp:
		var ds []string
		for d := range x.Lower {
			ds = append(ds, fmt.Sprintf("%d:%d", x.Lower[d], x.Lower[d]+x.Extent[d]-1))
		}
		p.line(depth, "array %s %s(%s)", x.Array.Name, x.Array.Elem, strings.Join(ds, ", "))
	case *If:
		for i, a := range x.Arms {
			kw := "if"
			if i > 0 {
				kw = "else if"
			}
			p.line(depth, "%s %s then", kw, ExprString(a.Cond))
			p.stmts(depth+1, a.Body)
		}
		if x.HasElse {
			p.line(depth, "else")
			p.stmts(depth+1, x.Else)
		}
		p.line(depth, "end if")
	case *Loop:
		unroll := ""
		if x.Unroll != 0 {
			unroll = fmt.Sprintf(" (unroll %d)", x.Unroll)
		}
		if x.Step == nil {
			p.line(depth, "do %s %s = %s, %s%s", p.loopName(x), x.Var.Name, ExprString(x.Lower), ExprString(x.Upper), unroll)
		} else {
			p.line(depth, "do %s %s = %s, %s, %s%s", p.loopName(x), x.Var.Name, ExprString(x.Lower), ExprString(x.Upper), ExprString(x.Step), unroll)
		}
		p.stmts(depth+1, x.Body)
		p.line(depth, "end do %s", p.loopName(x))
	case *Cycle:
		if x.Loop == nil {
			p.line(depth, "cycle iteration")
		} else {
			p.line(depth, "cycle %s", p.loopName(x.Loop))
		}
	case *Exit:
		p.line(depth, "exit %s", p.loopName(x.Loop))
	case *Call:
		p.line(depth, "call %s(%s)", x.Name, x.argsString())
	case *StopTest:
		p.line(depth, "stop test")
	case *Stop:
		kw := "stop"
		if x.Error {
			kw = "error stop"
		}
		if x.Code != nil {
			p.line(depth, "%s site %d code %s", kw, x.Site, ExprString(x.Code))
		} else {
			p.line(depth, "%s site %d", kw, x.Site)
		}
	case *Temp:
		if x.Var.Role == RAlias {
			p.line(depth, "alias %s %s => %s", x.Var.Name, x.Var.Type, ExprString(x.Init))
		} else if x.Const {
			p.line(depth, "const %s %s = %s", x.Var.Name, x.Var.Type, ExprString(x.Init))
		} else if x.Init != nil {
			p.line(depth, "temp %s %s = %s", x.Var.Name, x.Var.Type, ExprString(x.Init))
		} else {
			p.line(depth, "temp %s %s", x.Var.Name, x.Var.Type)
		}
	case *Nest:
		for i, l := range x.Levels {
			var dims []string
			for _, d := range l.Dims {
				step := ""
				if d.Step != nil {
					step = ", " + ExprString(d.Step)
				}
				dims = append(dims, fmt.Sprintf("%s %s = %s, %s%s", d.Index.Name, d.Index.Type, ExprString(d.Lower), ExprString(d.Upper), step))
			}
			kw := "nest " + p.loopName(x)
			if i > 0 {
				kw = "  combined"
			}
			mask := ""
			if l.Mask != nil {
				mask = " mask " + ExprString(l.Mask)
			}
			p.line(depth, "%s (%s)%s", kw, strings.Join(dims, "; "), mask)
			for _, lo := range l.Locals {
				if lo.Init != nil {
					p.line(depth+2, "local %s %s init %s", lo.Var.Name, lo.Var.Type, lo.Init.Name)
				} else {
					p.line(depth+2, "local %s %s", lo.Var.Name, lo.Var.Type)
				}
			}
		}
		if x.Stops {
			p.line(depth+1, "stop test (the limits or masks)")
		}
		p.stmts(depth+1, x.Body)
		p.line(depth, "end nest %s", p.loopName(x))
	case *Select:
		p.line(depth, "select case %s", ExprString(x.Sel))
		for _, c := range x.Cases {
			var rs []string
			for _, r := range c.Ranges {
				switch {
				case !r.Range:
					rs = append(rs, ExprString(r.Lo))
				case r.Lo == nil:
					rs = append(rs, ":"+ExprString(r.Hi))
				case r.Hi == nil:
					rs = append(rs, ExprString(r.Lo)+":")
				default:
					rs = append(rs, ExprString(r.Lo)+":"+ExprString(r.Hi))
				}
			}
			p.line(depth, "case %s", strings.Join(rs, ", "))
			p.stmts(depth+1, c.Body)
		}
		if x.HasDefault {
			p.line(depth, "case default")
			p.stmts(depth+1, x.Default)
		}
		p.line(depth, "end select")
	case *While:
		if x.Cond == nil {
			p.line(depth, "do %s", p.loopName(x))
		} else {
			p.line(depth, "do %s while %s", p.loopName(x), ExprString(x.Cond))
		}
		p.stmts(depth+1, x.Body)
		p.line(depth, "end do %s", p.loopName(x))
	case *Block:
		p.line(depth, "block")
		p.stmts(depth+1, x.Body)
		p.line(depth, "end block")
	case *Unsupported:
		p.line(depth, "unsupported at %s: %s", x.Pos, x.What)
	default:
		p.line(depth, "?%T", s)
	}
}

// ExprString is e in the text form.
func ExprString(e Expr) string {
	switch x := e.(type) {
	case nil:
		return "<nil>"
	case *Ref:
		if x.Var.Role == RFlag {
			return "written(" + x.Var.Name + ")"
		}
		return x.Var.Name
	case *Element:
		var subs []string
		for _, s := range x.Subs {
			subs = append(subs, ExprString(s))
		}
		return fmt.Sprintf("%s[%s]", x.Array.Name, strings.Join(subs, ", "))
	case *Lit:
		return litString(x)
	case *Convert:
		return fmt.Sprintf("%s(%s)", x.To, ExprString(x.X))
	case *Paren:
		return "(" + ExprString(x.X) + ")"
	case *Unary:
		return fmt.Sprintf("(%s%s)", x.Op, ExprString(x.X))
	case *Binary:
		return fmt.Sprintf("(%s %s %s)", ExprString(x.X), x.Op, ExprString(x.Y))
	case *Intrinsic:
		var args []string
		if x.Array != nil {
			args = append(args, x.Array.Name)
		}
		for _, a := range x.Args {
			args = append(args, ExprString(a))
		}
		return fmt.Sprintf("%s:%s(%s)", x.Name, x.T, strings.Join(args, ", "))
	case *Reduce:
		return reduceString(x)
	case *FuncCall:
		return funcCallString(x)
	case *Section:
		return sectionString(x)
	case *Component:
		return componentString(x)
	case *Unsupported:
		return fmt.Sprintf("unsupported{%s}", x.What)
	}
	return fmt.Sprintf("?%T", e)
}

func litString(x *Lit) string {
	f := func(v float64) string {
		if x.T.Kind == 4 {
			return strconv.FormatFloat(v, 'g', -1, 32)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	switch x.T.Base {
	case Integer:
		return fmt.Sprintf("%d:%s", x.Int, x.T)
	case Real:
		return fmt.Sprintf("%s:%s", f(x.Real), x.T)
	case Complex:
		return fmt.Sprintf("(%s, %s):%s", f(x.Re), f(x.Im), x.T)
	case Logical, Bool:
		return fmt.Sprintf("%v:%s", x.Bool, x.T)
	}
	return "?lit"
}
