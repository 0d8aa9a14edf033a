package facts

// This file extracts what rules/race.mg needs to decide whether iterations
// of a do concurrent may touch the same array element with at least one
// write: every element reference of the body (at any depth: inside IF
// constructs, plain DO loops, nested do concurrent loops) with the form of
// each subscript. Facts describe the body only; the rules decide.
//
//   race_vary(L, X)           variable X may take another value in another
//                             iteration of L: an index of L or of a do
//                             concurrent nested in it, a plain DO variable of
//                             its body, or a variable the body assigns or
//                             passes to a procedure.
//   race_narrow(L, I)         index I of L may have at most one trip: constant
//                             limits of one trip or none, or a range from a
//                             variable towards a constant (i = m:1).
//   race_ref(L, R, A, Mode)   R is an element reference to array A in the
//                             body of L (every subscript a scalar; not an
//                             array of the iterations: local or local_init
//                             of L or of a loop in it, declared in a
//                             construct of the body): Mode
//                             /write (the variable of an intrinsic
//                             assignment) or /read.
//   race_sure(L, R)           the statement of R runs in every iteration of
//                             L: L has no mask, its body no CYCLE, EXIT, GO
//                             TO, RETURN or STOP, and the constructs around R
//                             are DO loops (with a variable) and do
//                             concurrent loops (without a mask) whose limits
//                             read no race_vary variable of L, BLOCK and
//                             ASSOCIATE constructs.
//   race_sub(R, D, X, Kind)   subscript D (from 1) of R reads variable X:
//                             Kind /det (the subscript is affine in the
//                             integer scalars it reads, with a constant
//                             coefficient of X that is not 0) or /other.
//   race_sub_offset(R, D, X, C) subscript D of R is exactly X + C.
//   race_sub_text(R, D, T)    subscript D of R is spelt T.
//   race_sub_call(R, D)       subscript D of R references a procedure.
//   race_do_var(L, X)         X is the variable of a plain DO or an index
//                             of a do concurrent nested in L.
//   race_do_bound(L, X, Y)    the limits or step of such a loop of X in the
//                             body of L read Y.
//   race_tile(L, X, I)        every such loop of X in L starts at
//                             exactly I + C (I an index of L) and its upper
//                             limit reads I: a tile of iteration I.
//   race_accum(W, Rd, Op)     W is the variable of an assignment a(s) =
//                             a(s) op e (or e op a(s), max(a(s), e), ...)
//                             whose right side reads a(s) at Rd (spelt as W)
//                             and references a nowhere else; Op is /plus,
//                             /minus, /times, /max, /min, /iand, /ior,
//                             /ieor, /and, /or.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// raceFacts runs after the main traversal (every loop has its site).
func (x *extractor) raceFacts() {
	ls, ks, ds := x.concurrentLoops()
	for i, ln := range ls {
		k, d := ks[i], ds[i]
		if k.Scope == nil {
			continue
		}
		w := &raceWalker{x: x, l: name(ln), vary: map[*frontend.Symbol]bool{}, own: map[*frontend.Symbol]bool{},
			tiles: map[*frontend.Symbol]*frontend.Symbol{}, notTile: map[*frontend.Symbol]bool{},
			private: map[*frontend.Symbol]bool{}, scopes: map[*frontend.Scope]bool{}}
		for _, ix := range d.Concurrent.Indices {
			if s := k.Scope.Local(ix.Name); s != nil {
				w.vary[s] = true
				w.own[s] = true
				if narrowRange(ix) {
					x.add("race_narrow", w.l, x.varSite(s))
				}
			}
		}
		w.privates(k)
		w.varies(k.Body)
		for _, s := range sortedSyms(x, w.vary) {
			x.add("race_vary", w.l, x.varSite(s))
		}
		sure := d.Concurrent.Mask == nil && !jumpsOut(k.Body)
		w.stmts(k.Body, sure)
		for _, v := range sortedSyms(x, w.tiles) {
			if !w.notTile[v] {
				x.add("race_tile", w.l, x.varSite(v), x.varSite(w.tiles[v]))
			}
		}
	}
}

type raceWalker struct {
	x    *extractor
	l    ast.Constant
	vary map[*frontend.Symbol]bool // race_vary
	own  map[*frontend.Symbol]bool // the indices of L
	// tiles maps a DO variable to the index of L its DO starts at;
	// notTile marks those with a DO that is no tile.
	tiles   map[*frontend.Symbol]*frontend.Symbol
	notTile map[*frontend.Symbol]bool
	// private are the arrays of the iterations (local and local_init of L
	// and of the loops nested in it); scopes the scopes of L and of the
	// constructs of its body (BLOCK variables, associate names).
	private map[*frontend.Symbol]bool
	scopes  map[*frontend.Scope]bool
}

// privates collects the variables that each iteration of L (or of a loop
// nested in it) has its own of.
func (w *raceWalker) privates(k *frontend.Construct) {
	add := func(c *frontend.Construct) {
		if c.Scope != nil {
			w.scopes[c.Scope] = true
		}
		for _, br := range c.Branches {
			if br.Scope != nil {
				w.scopes[br.Scope] = true
			}
		}
		d, ok := c.Head.(*frontend.DoStmt)
		if !ok || d.Concurrent == nil || c.Scope == nil {
			return
		}
		for _, l := range d.Locality {
			if l.Kind != "local" && l.Kind != "local_init" {
				continue
			}
			for _, n := range l.Names {
				if s := c.Scope.Lookup(n); s != nil {
					w.private[frontend.UltimateSymbol(s)] = true
				}
				if c.Scope.Parent != nil {
					if s := c.Scope.Parent.Lookup(n); s != nil {
						w.private[frontend.UltimateSymbol(s)] = true
					}
				}
			}
		}
	}
	add(k)
	frontend.InspectStmts(k.Body, func(n frontend.Node) bool {
		if c, ok := n.(*frontend.Construct); ok {
			add(c)
		}
		return true
	})
}

// narrowRange reports an index range that may well have one iteration or
// none: constant limits of at most one trip, or a range from a variable
// towards a constant limit in the direction of its step (i = m:1), the
// form of empty-loop tests. Two iterations are not certain there.
func narrowRange(ix *frontend.ConcurrentIndex) bool {
	lo, hi := constInt(ix.Lo), constInt(ix.Hi)
	step, stepOK := int64(1), true
	if ix.Step != nil {
		st := constInt(ix.Step)
		stepOK = st != nil && *st != 0
		if stepOK {
			step = *st
		}
	}
	switch {
	case !stepOK:
		return false
	case lo != nil && hi != nil:
		return (*hi-*lo)/step+1 <= 1
	case lo == nil && hi != nil:
		return step > 0
	case lo != nil && hi == nil:
		return step < 0
	}
	return false
}

func constInt(e *frontend.Expr) *int64 {
	if e == nil || e.Const == nil || e.Const.Type.Base != frontend.TyInteger {
		return nil
	}
	v := e.Const.Int
	return &v
}

// jumpsOut reports whether statements may leave an iteration early or
// skip statements of it (CYCLE, EXIT, GO TO, RETURN, STOP, alternate
// returns, ERR=...).
func jumpsOut(ss []frontend.Stmt) bool {
	found := false
	frontend.InspectStmts(ss, func(n frontend.Node) bool {
		switch n.(type) {
		case *frontend.CycleStmt, *frontend.ExitStmt, *frontend.ReturnStmt, *frontend.StopStmt:
			found = true
		}
		return !found
	})
	return found || jumps(ss)
}

// varies collects the variables the body may give other values per
// iteration.
func (w *raceWalker) varies(ss []frontend.Stmt) {
	frontend.InspectStmts(ss, func(n frontend.Node) bool {
		switch s := n.(type) {
		case *frontend.AssignStmt:
			if r := frontend.RootSymbol(s.LHS); r != nil {
				w.vary[frontend.UltimateSymbol(r)] = true
			}
		case *frontend.CallStmt:
			for _, a := range s.Args {
				if r := rootName(a); r != nil {
					w.vary[frontend.UltimateSymbol(r.Sym)] = true
				}
			}
		case *frontend.DoStmt:
			if s.VarSym != nil {
				w.vary[frontend.UltimateSymbol(s.VarSym)] = true
			}
		case *frontend.Construct:
			if d, ok := s.Head.(*frontend.DoStmt); ok && d.Concurrent == nil && d.VarSym != nil {
				w.vary[frontend.UltimateSymbol(d.VarSym)] = true
			}
			if d, ok := s.Head.(*frontend.DoStmt); ok && d.Concurrent != nil && s.Scope != nil {
				for _, ix := range d.Concurrent.Indices {
					if v := s.Scope.Local(ix.Name); v != nil {
						w.vary[v] = true
					}
				}
			}
		}
		return true
	})
}

// readsVarying reports whether an expression reads a race_vary variable
// (or references a procedure).
func (w *raceWalker) readsVarying(e *frontend.Expr) bool {
	bad := false
	w.x.nestExprVars(e, func(v *frontend.Symbol) { bad = bad || w.vary[v] }, func(*frontend.Expr) { bad = true })
	return bad
}

func (w *raceWalker) stmts(ss []frontend.Stmt, sure bool) {
	for _, s := range ss {
		switch st := s.(type) {
		case *frontend.AssignStmt:
			if st.StmtFunc {
				continue
			}
			if st.Proc == nil {
				if wr := w.ref(st.LHS, "/write", sure); wr != nil {
					w.accum(st, wr)
				}
			}
			w.reads(st.LHS, true, sure)
			w.reads(st.RHS, false, sure)
		case *frontend.IfStmt:
			w.reads(st.Cond, false, sure)
			if st.Action != nil {
				w.stmts([]frontend.Stmt{st.Action}, false)
			}
		case *frontend.WhereStmt, *frontend.ForallStmt:
			for _, e := range stmtExprs(s) {
				w.reads(e, false, false)
			}
		case *frontend.Construct:
			inner := false
			switch h := st.Head.(type) {
			case *frontend.DoStmt:
				if h.Concurrent != nil {
					inner = sure && h.Concurrent.Mask == nil
					for _, ix := range h.Concurrent.Indices {
						if st.Scope != nil && st.Scope.Local(ix.Name) != nil {
							w.doFacts(st.Scope.Local(ix.Name), ix.Lo, ix.Hi, ix.Step)
						}
						for _, e := range []*frontend.Expr{ix.Lo, ix.Hi, ix.Step} {
							w.reads(e, false, sure)
							inner = inner && !w.readsVarying(e)
						}
					}
					w.reads(h.Concurrent.Mask, false, sure)
				} else {
					inner = sure && h.VarSym != nil && h.While == nil
					for _, e := range []*frontend.Expr{h.Lo, h.Hi, h.Step, h.While} {
						w.reads(e, false, sure)
						inner = inner && !w.readsVarying(e)
					}
					if h.VarSym != nil {
						w.doFacts(h.VarSym, h.Lo, h.Hi, h.Step)
					}
				}
			case *frontend.BlockStmt, *frontend.AssociateStmt:
				inner = sure
				for _, e := range stmtExprs(h) {
					w.reads(e, false, sure)
				}
			default:
				for _, e := range stmtExprs(h) {
					w.reads(e, false, sure)
				}
			}
			w.stmts(st.Body, inner)
			for _, br := range st.Branches {
				for _, e := range stmtExprs(br.Head) {
					w.reads(e, false, false)
				}
				w.stmts(br.Body, false)
			}
		default:
			for _, e := range stmtExprs(s) {
				w.reads(e, false, sure)
			}
		}
	}
}

// doFacts records a variable that a plain DO or a nested do concurrent
// runs over a range (race_do_var), its limits (race_do_bound) and whether
// it is a tile of an index of L.
func (w *raceWalker) doFacts(v *frontend.Symbol, lo, hi, step *frontend.Expr) {
	v = frontend.UltimateSymbol(v)
	w.x.add("race_do_var", w.l, w.x.varSite(v))
	for _, e := range []*frontend.Expr{lo, hi, step} {
		w.x.nestExprVars(e, func(y *frontend.Symbol) { w.x.add("race_do_bound", w.l, w.x.varSite(v), w.x.varSite(y)) }, nil)
	}
	terms, _, ok := linear(lo)
	var ix *frontend.Symbol
	if ok && len(terms) == 1 {
		for s, c := range terms {
			if c == 1 && w.own[s] {
				ix = s
			}
		}
	}
	readsIx := false
	if ix != nil {
		w.x.nestExprVars(hi, func(y *frontend.Symbol) { readsIx = readsIx || y == ix }, nil)
	}
	if ix == nil || !readsIx || w.tiles[v] != nil && w.tiles[v] != ix {
		w.notTile[v] = true
		return
	}
	w.tiles[v] = ix
}

// elemArray is the array of an element reference whose subscripts are all
// scalars, or nil.
func elemArray(e *frontend.Expr) *frontend.Symbol {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.X == nil || e.X.Kind != frontend.EName || e.Rank != 0 || len(e.Args) == 0 {
		return nil
	}
	v := frontend.UltimateSymbol(e.X.Sym)
	if v == nil || v.Kind != frontend.SymVariable || v.Rank != len(e.Args) {
		return nil
	}
	for _, a := range e.Args {
		if a == nil || a.Kind == frontend.ERange || a.Kind == frontend.EKeyword || a.Rank != 0 {
			return nil
		}
	}
	return v
}

// ref records an element reference and its subscripts; it returns the
// reference when it is one.
func (w *raceWalker) ref(e *frontend.Expr, mode string, sure bool) *frontend.Expr {
	a := elemArray(e)
	if a == nil || w.private[a] || w.scopes[a.Scope] {
		return nil
	}
	r := w.x.site(e, e.Pos)
	w.x.add("race_ref", w.l, r, w.x.varSite(a), name(mode))
	if sure {
		w.x.add("race_sure", w.l, r)
	}
	for i, s := range e.Args {
		d := ast.Number(int64(i + 1))
		w.x.add("race_sub_text", r, d, ast.String(subText(s)))
		terms, c, ok := linear(s)
		if ok {
			for _, v := range sortedSyms(w.x, terms) {
				if terms[v] != 0 {
					w.x.add("race_sub", r, d, w.x.varSite(v), name("/det"))
				}
			}
			if len(terms) == 1 {
				for v, k := range terms { // (one term)
					if k == 1 {
						w.x.add("race_sub_offset", r, d, w.x.varSite(v), ast.Number(c))
						w.x.add("race_offset_key", r, ast.String(offsetKey(w.l, w.x.varSite(a), i, w.x.varSite(v), e.Args)), ast.Number(c))
					}
				}
			}
			continue
		}
		w.x.nestExprVars(s, func(v *frontend.Symbol) { w.x.add("race_sub", r, d, w.x.varSite(v), name("/other")) },
			func(*frontend.Expr) { w.x.add("race_sub_call", r, d) })
	}
	return e
}

// subText spells a subscript in lower case, without the parentheses
// String puts around a binary operation.
func subText(e *frontend.Expr) string {
	t := strings.ToLower(e.String())
	if e.Kind == frontend.EBinary && strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		t = t[1 : len(t)-1]
	}
	return t
}

// reads records the element references an expression reads (skipLHS: e
// is the variable of an assignment, whose own reference is its write).
func (w *raceWalker) reads(e *frontend.Expr, skipTop bool, sure bool) {
	if e == nil || e.Const != nil && e.Kind != frontend.EName {
		return
	}
	if !skipTop {
		w.ref(e, "/read", sure)
	}
	w.reads(e.X, false, sure)
	w.reads(e.Y, false, sure)
	for _, a := range e.Args {
		w.reads(a, false, sure)
	}
	for _, r := range e.Range {
		w.reads(r, false, sure)
	}
}

// raceOps are the operators of the accumulation forms.
var raceOps = map[string]string{"+": "/plus", "-": "/minus", "*": "/times", ".and.": "/and", ".or.": "/or"}
var raceIntrinsicOps = map[string]string{"max": "/max", "min": "/min", "iand": "/iand", "ior": "/ior", "ieor": "/ieor"}

// accum records race_accum when assignment a updates its element w by an
// accumulation form.
func (w *raceWalker) accum(a *frontend.AssignStmt, wr *frontend.Expr) {
	arr := elemArray(wr)
	text := strings.ToLower(wr.String())
	rhs := stripParens(a.RHS)
	same := func(e *frontend.Expr) bool {
		e = stripParens(e)
		return elemArray(e) == arr && strings.ToLower(e.String()) == text
	}
	var op string
	var rd *frontend.Expr
	var rest []*frontend.Expr
	switch {
	case rhs == nil:
		return
	case rhs.Kind == frontend.EBinary && raceOps[rhs.Op] != "":
		op = raceOps[rhs.Op]
		switch {
		case same(rhs.X):
			rd, rest = stripParens(rhs.X), []*frontend.Expr{rhs.Y}
		case same(rhs.Y) && op != "/minus":
			rd, rest = stripParens(rhs.Y), []*frontend.Expr{rhs.X}
		}
	case rhs.Kind == frontend.ERef && rhs.Ref == frontend.RefIntrinsic && rhs.Intr != nil && raceIntrinsicOps[strings.ToLower(rhs.Intr.Name)] != "":
		op = raceIntrinsicOps[strings.ToLower(rhs.Intr.Name)]
		for _, x := range rhs.Args {
			if rd == nil && x != nil && x.Kind != frontend.EKeyword && same(x) {
				rd = stripParens(x)
				continue
			}
			rest = append(rest, x)
		}
	}
	if rd == nil {
		return
	}
	for _, e := range rest {
		if e == nil || e.Kind == frontend.EKeyword || refsSymbol(e, arr) {
			return
		}
	}
	w.x.add("race_accum", w.x.site(wr, wr.Pos), w.x.site(rd, rd.Pos), name(op))
}

// refsSymbol reports whether e names variable v anywhere.
func refsSymbol(e *frontend.Expr, v *frontend.Symbol) bool {
	found := false
	frontend.Inspect(e, func(n frontend.Node) bool {
		if x, ok := n.(*frontend.Expr); ok && x.Kind == frontend.EName && x.Sym != nil && frontend.UltimateSymbol(x.Sym) == v {
			found = true
		}
		return !found
	})
	return found
}

// linear writes an integer expression as sum(terms[X] * X) + c over the
// integer scalar variables it reads, when it is affine with constant
// coefficients.
func linear(e *frontend.Expr) (map[*frontend.Symbol]int64, int64, bool) {
	if e == nil {
		return nil, 0, false
	}
	if e.Const != nil {
		if e.Const.Type.Base == frontend.TyInteger {
			return map[*frontend.Symbol]int64{}, e.Const.Int, true
		}
		return nil, 0, false
	}
	switch e.Kind {
	case frontend.EName:
		s := frontend.UltimateSymbol(e.Sym)
		if s != nil && s.Kind == frontend.SymVariable && s.Rank == 0 && e.Type.Base == frontend.TyInteger {
			return map[*frontend.Symbol]int64{s: 1}, 0, true
		}
	case frontend.EParen:
		return linear(e.X)
	case frontend.EUnary:
		t, c, ok := linear(e.X)
		switch {
		case !ok:
		case e.Op == "+":
			return t, c, true
		case e.Op == "-":
			for s := range t {
				t[s] = -t[s]
			}
			return t, -c, true
		}
	case frontend.EBinary:
		a, ca, ok1 := linear(e.X)
		b, cb, ok2 := linear(e.Y)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		switch e.Op {
		case "+", "-":
			sg := int64(1)
			if e.Op == "-" {
				sg = -1
			}
			for s, k := range b {
				a[s] += sg * k
			}
			return a, ca + sg*cb, true
		case "*":
			if len(a) == 0 {
				for s := range b {
					b[s] *= ca
				}
				return b, ca * cb, true
			}
			if len(b) == 0 {
				for s := range a {
					a[s] *= cb
				}
				return a, ca * cb, true
			}
		}
	}
	return nil, 0, false
}

// sortedSyms returns the symbols of a map in the order of their sites, so
// that the facts are emitted in the same order on every run.
func sortedSyms[T any](x *extractor, m map[*frontend.Symbol]T) []*frontend.Symbol {
	out := make([]*frontend.Symbol, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return x.varSite(out[i]).String() < x.varSite(out[j]).String() })
	return out
}

// offsetKey names the references of loop l to array a whose subscript d
// (from 0) is index x plus a constant and whose other subscripts are spelt
// as args' are: two of them with different constants touch the same
// element in two iterations (race_offset_key, rules/race.mg).
func offsetKey(l, a ast.Constant, d int, x ast.Constant, args []*frontend.Expr) string {
	var rest []string
	for i, s := range args {
		if i != d {
			rest = append(rest, subText(s))
		}
	}
	return fmt.Sprintf("%s %s %d %s (%s)", l, a, d+1, x, strings.Join(rest, ", "))
}
