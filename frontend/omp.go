package frontend

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// OpenMP loops (issue 31). An OpenMP loop construct that asks for the
// device (`!$omp target teams distribute parallel do`, `target teams
// loop`, `target parallel do`, `target loop`, their simd forms), and with
// Options.OmpLoops (--gpu-offload-omp-loops) a host `!$omp parallel do`
// or `parallel loop`, is rewritten here, before semantic analysis, into
// the DO CONCURRENT construct of the same iterations: every later stage
// (facts, rules, lowering, emit) sees a do concurrent and decides it as
// one. The DoStmt keeps where it came from (DoStmt.Omp): its position is
// the directive's line, its construct's END covers the loop's END DO
// lines and the `!$omp end ...` directive, so the host rewrite that
// replaces the construct by a launch removes the directive too.
//
// Clauses: private -> local, firstprivate -> local_init, reduction(op:
// list) -> reduce (op "-" is "+"), shared -> shared, collapse(n) takes n
// tightly nested DO loops as the indices. if, num_teams, thread_limit,
// num_threads, schedule, dist_schedule, simdlen, safelen, order, bind,
// device, default(shared|none), map, nowait and proc_bind change no
// result and are ignored with a note; any other clause is a
// not-yet-implemented error at the directive. The DO variable is the
// construct's index: the variable of that name outside keeps its value
// (OpenMP makes it private; its value after the loop is not defined). The
// scalars a target loop assigns without a clause are firstprivate, as
// OpenMP makes them in a target region (ompFirstprivate, run by sema).
//
// Data directives (target data / end target data, target enter data,
// target exit data, target update) are kept as directive statements that
// do nothing: the residency analysis decides the copies (OmpDataDirective;
// the host rewrite drops them from the file it writes).

// OmpLoop records the OpenMP directive a DO CONCURRENT construct was made
// from.
type OmpLoop struct {
	Pos       Pos    // the directive's position
	Directive string // its construct words, e.g. "target teams loop"
	Target    bool   // a target construct (else a host parallel do)
	EndLine   int    // the directive's last line
	// Mapped: the variables of its map clauses (a scalar mapped is shared
	// by the iterations, not firstprivate: ompFirstprivate).
	Mapped []string
}

// ompLoopWords are the words of a combined loop construct, in order.
var ompLoopWords = map[string]bool{"target": true, "teams": true, "distribute": true, "parallel": true, "do": true, "loop": true, "simd": true}

// ompConstruct splits a directive into its construct words and the
// tokens of its clauses.
func ompConstruct(d *DirectiveStmt) (words []string, clauses []lexer.Token) {
	toks := d.Toks
	i := 0
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.Type != TokIdent {
			break
		}
		v := t.Value
		switch {
		case ompLoopWords[v], v == "end", v == "data", v == "enter", v == "exit", v == "update", v == "declare":
			words = append(words, v)
			continue
		case v == "paralleldo":
			words = append(words, "parallel", "do")
			continue
		case v == "enddo":
			words = append(words, "end", "do")
			continue
		}
		break
	}
	// "do" followed by "(" is not a clause; nothing else to split.
	return words, toks[i:]
}

// ompLoopForm classifies a directive's words: a target loop form, a host
// parallel loop form, or neither.
func ompLoopForm(words []string) (target, host bool) {
	w := strings.Join(words, " ")
	switch w {
	case "target teams distribute parallel do", "target teams distribute parallel do simd",
		"target teams distribute", "target teams distribute simd",
		"target teams loop", "target parallel do", "target parallel do simd",
		"target parallel loop", "target loop", "target simd":
		return true, false
	case "parallel do", "parallel do simd", "parallel loop":
		return false, true
	}
	return false, false
}

// OmpDataDirective reports a data directive: target data, end target
// data, target enter data, target exit data, target update.
func OmpDataDirective(d *DirectiveStmt) bool {
	if d == nil || d.Sentinel != "omp" {
		return false
	}
	words, _ := ompConstruct(d)
	switch strings.Join(words, " ") {
	case "target data", "end target data", "target enter data", "target exit data", "target update":
		return true
	}
	return false
}

// ompClause is one clause of a loop directive: its name and the tokens
// inside its parentheses (nil without).
type ompClause struct {
	name string
	pos  Pos
	args []lexer.Token
	hasP bool
}

func ompClauses(toks []lexer.Token, diags *diagSink, at Pos) ([]ompClause, bool) {
	var out []ompClause
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if isOpTok(t, ",") {
			continue
		}
		if t.Type != TokIdent {
			diags.errorf(tokPos(t), "syntax error: unexpected %s in an OpenMP directive", describeTok(&toks[i]))
			return nil, false
		}
		c := ompClause{name: t.Value, pos: tokPos(t)}
		if i+1 < len(toks) && isOpTok(toks[i+1], "(") {
			close := matchParen(toks, i+1)
			if close < 0 {
				diags.errorf(tokPos(toks[i+1]), "syntax error: unbalanced parentheses in directive")
				return nil, false
			}
			c.args, c.hasP = toks[i+2:close], true
			i = close
		}
		out = append(out, c)
	}
	return out, true
}

// ompIgnored are the clauses that change no result of a loop fgpu runs
// (the note says why it is ignored).
var ompIgnored = map[string]string{
	"if":            "the loop is offloaded whatever the condition: its iterations give the same results on the device",
	"num_teams":     "fgpu sizes the launch itself",
	"thread_limit":  "fgpu sizes the launch itself",
	"num_threads":   "fgpu sizes the launch itself",
	"schedule":      "fgpu chooses the iterations of each thread",
	"dist_schedule": "fgpu chooses the iterations of each thread",
	"simdlen":       "fgpu chooses the vector length",
	"safelen":       "fgpu chooses the vector length",
	"order":         "a do concurrent's iterations run in any order",
	"bind":          "fgpu sizes the launch itself",
	"device":        "the kernels run on the device --gpu names",
	"map":           "the residency analysis decides the copies",
	"nowait":        "the launch is ordered with the host as fgpu's analyses place its waits",
	"proc_bind":     "fgpu places its threads itself",
	"default":       "a do concurrent's unspecified locality decides",
}

// ompLoops rewrites the OpenMP loop constructs of every unit of units.
func ompLoops(units []*Procedure, hostLoops bool, diags *diagSink) {
	for _, u := range units {
		u.Body = ompStmts(u.Body, hostLoops, diags)
		ompLoops(u.Contains, hostLoops, diags)
	}
}

func ompStmts(ss []Stmt, hostLoops bool, diags *diagSink) []Stmt {
	var out []Stmt
	for i := 0; i < len(ss); i++ {
		s := ss[i]
		if k, ok := s.(*Construct); ok {
			k.Body = ompStmts(k.Body, hostLoops, diags)
			for _, br := range k.Branches {
				br.Body = ompStmts(br.Body, hostLoops, diags)
			}
			out = append(out, k)
			continue
		}
		d, ok := s.(*DirectiveStmt)
		if !ok || d.Sentinel != "omp" {
			out = append(out, s)
			continue
		}
		words, clauseToks := ompConstruct(d)
		target, host := ompLoopForm(words)
		if target || host && hostLoops {
			var next Stmt
			if i+1 < len(ss) {
				next = ss[i+1]
			}
			k, ok := ompLoop(d, words, clauseToks, target, next, diags)
			if !ok {
				out = append(out, s)
				continue
			}
			i++
			// The optional "!$omp end <construct>" after the loop.
			if i+1 < len(ss) {
				if e, ok := ss[i+1].(*DirectiveStmt); ok && e.Sentinel == "omp" {
					ew, _ := ompConstruct(e)
					if len(ew) == len(words)+1 && ew[0] == "end" && strings.Join(ew[1:], " ") == strings.Join(words, " ") {
						end := k.End.(*EndStmt)
						end.EndLine = e.EndLine
						if end.EndLine < e.Pos.Line {
							end.EndLine = e.Pos.Line
						}
						i++
					}
				}
			}
			out = append(out, k)
			continue
		}
		if len(words) > 0 && words[0] == "target" && !OmpDataDirective(d) {
			diags.list = append(diags.list, NYI(NYIOmpOffload, d.Pos, d.Pos, "the OpenMP directive !$omp %s (only the combined target loop constructs over DO loops are offloaded, and the data directives accepted)", strings.Join(words, " ")))
		}
		out = append(out, s)
	}
	return out
}

// ompLoop builds the DO CONCURRENT construct of directive d and the DO
// nest next. ok is false (with an error) when it cannot.
func ompLoop(d *DirectiveStmt, words []string, clauseToks []lexer.Token, target bool, next Stmt, diags *diagSink) (*Construct, bool) {
	form := strings.Join(words, " ")
	nyi := func(pos Pos, format string, args ...any) (*Construct, bool) {
		diags.list = append(diags.list, NYI(NYIOmpOffload, pos, d.Pos, format, args...))
		return nil, false
	}
	clauses, ok := ompClauses(clauseToks, diags, d.Pos)
	if !ok {
		return nil, false
	}
	collapse := 1
	var locs []*Locality
	var mapped []string
	var notes []string
	for _, c := range clauses {
		switch c.name {
		case "collapse":
			if len(c.args) != 1 || c.args[0].Type != TokInt {
				return nyi(c.pos, "a collapse clause whose argument is not an integer literal")
			}
			n, err := strconv.Atoi(c.args[0].Value)
			if err != nil || n < 1 {
				diags.errorf(c.pos, "the argument of collapse must be a positive integer constant")
				return nil, false
			}
			collapse = n
		case "private", "firstprivate", "shared":
			kind := map[string]string{"private": "local", "firstprivate": "local_init", "shared": "shared"}[c.name]
			l := &Locality{Pos: c.pos, Kind: kind}
			for _, t := range c.args {
				if t.Type == TokIdent {
					l.Names = append(l.Names, t.Value)
					l.NamePos = append(l.NamePos, tokPos(t))
				} else if !isOpTok(t, ",") {
					return nyi(tokPos(t), "a %s clause item that is not a variable name", c.name)
				}
			}
			locs = append(locs, l)
		case "reduction":
			colon := findTop(c.args, ":")
			if colon < 0 {
				diags.errorf(c.pos, "syntax error: a reduction clause needs an operator and a colon")
				return nil, false
			}
			var op string
			for _, t := range c.args[:colon] {
				op += t.Value
			}
			switch op {
			case "-":
				op = "+"
			case "+", "*", "max", "min", "iand", "ior", "ieor", ".and.", ".or.", ".eqv.", ".neqv.":
			default:
				return nyi(c.pos, "the reduction operator %s (a modifier or a user-defined reduction)", op)
			}
			l := &Locality{Pos: c.pos, Kind: "reduce", Op: op}
			for _, t := range c.args[colon+1:] {
				if t.Type == TokIdent {
					l.Names = append(l.Names, t.Value)
					l.NamePos = append(l.NamePos, tokPos(t))
				} else if !isOpTok(t, ",") {
					return nyi(tokPos(t), "a reduction item that is not a variable name")
				}
			}
			locs = append(locs, l)
		case "default":
			if len(c.args) == 1 && (c.args[0].Value == "private" || c.args[0].Value == "firstprivate") {
				return nyi(c.pos, "the clause default(%s) on an OpenMP loop", c.args[0].Value)
			}
			notes = append(notes, c.name)
		default:
			if _, ok := ompIgnored[c.name]; ok {
				notes = append(notes, c.name)
				if c.name == "map" {
					args := c.args
					if colon := findTop(args, ":"); colon >= 0 {
						args = args[colon+1:]
					}
					for _, t := range args {
						if t.Type == TokIdent {
							mapped = append(mapped, t.Value)
						}
					}
				}
				continue
			}
			return nyi(c.pos, "the clause %s on an OpenMP loop (!$omp %s)", c.name, form)
		}
	}
	// The DO nest: collapse levels of tightly nested counted DO loops.
	var dos []*DoStmt
	var ks []*Construct
	cur := next
	for lvl := 0; lvl < collapse; lvl++ {
		k, ok := cur.(*Construct)
		var do *DoStmt
		if ok {
			do, _ = k.Head.(*DoStmt)
		}
		if do == nil || do.Concurrent != nil || do.While != nil || do.Var == "" {
			if lvl == 0 {
				return nyi(d.Pos, "!$omp %s not followed by a counted DO loop", form)
			}
			return nyi(d.Pos, "collapse(%d) over %d tightly nested counted DO loops", collapse, lvl)
		}
		if _, ok := k.End.(*EndStmt); !ok || do.EndLabel != "" {
			return nyi(do.Pos, "an OpenMP loop over a DO loop that ends on a label")
		}
		dos = append(dos, do)
		ks = append(ks, k)
		if lvl+1 < collapse {
			if len(k.Body) != 1 {
				return nyi(d.Pos, "collapse(%d) over %d tightly nested counted DO loops", collapse, lvl+1)
			}
			cur = k.Body[0]
		}
	}
	inner, innerK := dos[len(dos)-1], ks[len(ks)-1]
	outerK := ks[0]
	h := &ConcurrentHeader{Pos: dos[0].Pos}
	idx := map[string]bool{}
	for _, do := range dos {
		if idx[do.Var] {
			diags.errorf(do.Pos, "the DO variable %s of a collapsed loop nest is the variable of an outer loop of the nest", do.Var)
			return nil, false
		}
		idx[do.Var] = true
		h.Indices = append(h.Indices, &ConcurrentIndex{Pos: do.Pos, Name: do.Var, Lo: do.Lo, Hi: do.Hi, Step: do.Step})
	}
	// The indices are the construct's own: a clause naming one says what
	// the construct already makes them (private).
	for _, l := range locs {
		var names []string
		var pos []Pos
		for j, n := range l.Names {
			if idx[n] && l.Kind == "local" {
				continue
			}
			names = append(names, n)
			pos = append(pos, l.NamePos[j])
		}
		l.Names, l.NamePos = names, pos
	}
	var kept []*Locality
	for _, l := range locs {
		if len(l.Names) > 0 {
			kept = append(kept, l)
		}
	}
	name := inner.Name
	if name == "" {
		name = dos[0].Name
	}
	oe := outerK.End.(*EndStmt)
	ie := innerK.End.(*EndStmt)
	endLine := oe.EndLine
	if endLine < oe.Pos.Line {
		endLine = oe.Pos.Line
	}
	innerEnd := inner.EndLine
	if innerEnd < inner.Pos.Line {
		innerEnd = inner.Pos.Line
	}
	nd := &DoStmt{
		StmtBase:   StmtBase{Pos: Pos{File: d.Pos.File, Line: d.Pos.Line, Col: dos[0].Pos.Col}, Label: dos[0].Label, Kw: "do", EndLine: innerEnd, SharedLine: d.SharedLine || anyShared(dos)},
		Name:       name,
		Concurrent: h,
		Locality:   kept,
		Omp:        &OmpLoop{Pos: d.Pos, Directive: form, Target: target, EndLine: d.EndLine, Mapped: mapped},
	}
	end := &EndStmt{StmtBase: StmtBase{Pos: ie.Pos, Label: ie.Label, Kw: ie.Kw, EndLine: endLine, SharedLine: oe.SharedLine || ie.SharedLine}, What: "do", Name: name}
	k := &Construct{StmtBase: StmtBase{Pos: nd.Pos, Kw: "do", EndLine: endLine}, Head: nd, Body: innerK.Body, End: end}
	if len(notes) > 0 {
		sort.Strings(notes)
		var parts []string
		for _, n := range dedup(notes) {
			parts = append(parts, fmt.Sprintf("%s (%s)", n, ompIgnored[n]))
		}
		diags.list = append(diags.list, Diagnostic{Pos: d.Pos, Severity: SevNote, Loop: d.Pos,
			Msg: fmt.Sprintf("!$omp %s: clauses ignored: %s", form, strings.Join(parts, "; "))})
	}
	return k, true
}

func anyShared(dos []*DoStmt) bool {
	for _, d := range dos {
		if d.SharedLine {
			return true
		}
	}
	return false
}

func dedup(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || s[i-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// OmpDirectiveWords are the construct words of an OpenMP directive
// ("target enter data"), without its clauses.
func OmpDirectiveWords(d *DirectiveStmt) []string {
	w, _ := ompConstruct(d)
	return w
}

// ompFirstprivate gives a target loop's scalars their OpenMP data-sharing
// before sema checks its locality specs: a scalar of the program the body
// assigns (or that is the variable of a DO loop in it), named in no clause
// of the directive (private, firstprivate, reduction, shared, map), is
// firstprivate in a target region (OpenMP 5.2, 5.1.1: a scalar referenced
// in a target construct and not mapped), so the host's variable keeps its
// value; the do concurrent gets local_init(v). A scalar the body updates
// from its own value (s = s + ...) gets a warning: it is no reduction.
func (c *checker) ompFirstprivate(k *Construct, h *DoStmt, sc *Scope) {
	if h.Omp == nil || !h.Omp.Target || h.Concurrent == nil {
		return
	}
	listed := map[string]bool{}
	for _, ix := range h.Concurrent.Indices {
		listed[ix.Name] = true
	}
	for _, l := range h.Locality {
		for _, n := range l.Names {
			listed[n] = true
		}
	}
	for _, n := range h.Omp.Mapped {
		listed[n] = true
	}
	var names []string
	var pos []Pos
	self := map[string]Pos{}
	add := func(n string, at Pos) {
		if listed[n] {
			return
		}
		s := sc.Lookup(n)
		if s == nil || s.Kind != SymVariable || s.Rank != 0 || s.Allocatable || s.Pointer || s.Optional || s.Intent == "in" ||
			!(s.Type.IsNumeric() || s.Type.Base == TyLogical) {
			return
		}
		listed[n] = true
		names = append(names, n)
		pos = append(pos, at)
	}
	InspectStmts(k.Body, func(n Node) bool {
		switch x := n.(type) {
		case *AssignStmt:
			if x.LHS != nil && x.LHS.Kind == EName {
				add(x.LHS.Name, x.LHS.Pos)
				if x.RHS != nil {
					Inspect(x.RHS, func(m Node) bool {
						if e, ok := m.(*Expr); ok && e != nil && (e.Kind == EName || e.Kind == ERef) && e.Name == x.LHS.Name {
							if _, seen := self[e.Name]; !seen {
								self[e.Name] = x.LHS.Pos
							}
						}
						return true
					})
				}
			}
		case *DoStmt:
			if x.Var != "" {
				add(x.Var, x.Pos)
			}
		}
		return true
	})
	if len(names) == 0 {
		return
	}
	h.Locality = append(h.Locality, &Locality{Pos: h.Omp.Pos, Kind: "local_init", Names: names, NamePos: pos})
	for _, n := range names {
		if at, ok := self[n]; ok {
			c.diags.warnf(at, "%s is updated from its own value in !$omp %s without a reduction clause: OpenMP makes it firstprivate in the target region, so the host's %s keeps its value; add reduction(op: %s) to the directive to combine the iterations' updates", n, h.Omp.Directive, n, n)
		}
	}
}
