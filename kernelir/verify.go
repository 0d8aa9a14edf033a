package kernelir

import "fmt"

// Error is a broken invariant of a kernel, at the node it is about.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Verify checks what the printers rely on: every variable and array
// declared once and declared where it is used; valid types; operand types
// that agree after the explicit conversions; integer loop variables and
// int64 bounds and subscripts; as many subscripts as the array's rank;
// CYCLE and EXIT of the innermost loop; stops of the kernel's sites; a
// mapping that is a permutation of the dims; and no Unsupported node in a
// kernel marked complete. It returns the first violation.
func Verify(k *Kernel) error {
	v := &verifier{k: k, vars: map[*Var]bool{}, arrays: map[*Array]bool{}, names: map[string]bool{}, sites: map[int]bool{}}
	v.run()
	if v.err != nil {
		return v.err
	}
	return nil
}

type verifier struct {
	consts map[*Var]bool // the Const temporaries
	k      *Kernel
	vars   map[*Var]bool
	arrays map[*Array]bool
	names  map[string]bool // role/space/name of the declared variables
	sites  map[int]bool
	loops  []Stmt // enclosing loops and nests, innermost last
	pos    Pos    // of the statement being checked
	err    *Error
	// reduceRank is the rank of the innermost Reduce around the
	// expression checked (0: none; a Section needs one).
	reduceRank int
}

func (v *verifier) fail(format string, args ...any) {
	if v.err == nil {
		v.err = &Error{Pos: v.pos, Msg: fmt.Sprintf(format, args...)}
	}
}

func (v *verifier) declare(x *Var, what string) {
	if x == nil {
		v.fail("%s: no variable", what)
		return
	}
	if v.vars[x] {
		v.fail("the variable %s is declared twice", x.Name)
		return
	}
	key := fmt.Sprintf("%d/%d/%s", x.Role, x.Space, x.Name)
	if x.Role != RParam {
		key = fmt.Sprintf("%d/%s", x.Role, x.Name)
	}
	if v.names[key] {
		v.fail("two %s variables named %s", x.Role, x.Name)
		return
	}
	v.names[key] = true
	v.vars[x] = true
	if !x.Type.Valid() {
		v.fail("the variable %s has the invalid type %s", x.Name, x.Type)
	}
}

// declareInner declares a variable of a nested loop, which may have the
// name of one outside it (printers name it apart).
func (v *verifier) declareInner(x *Var, what string) {
	switch {
	case x == nil:
		v.fail("%s: no variable", what)
	case v.vars[x]:
		v.fail("the variable %s is declared twice", x.Name)
	case !x.Type.Valid():
		v.fail("the variable %s has the invalid type %s", x.Name, x.Type)
	default:
		v.vars[x] = true
	}
}

func (v *verifier) declareArray(a *Array, what string) {
	if a == nil {
		v.fail("%s: no array", what)
		return
	}
	if v.arrays[a] {
		v.fail("the array %s is declared twice", a.Name)
		return
	}
	v.arrays[a] = true
	if a.Rank < 1 || len(a.Lower) != a.Rank || len(a.Stride) != a.Rank || len(a.Extent) != a.Rank {
		v.fail("the array %s of rank %d has a descriptor of %d/%d/%d dimensions", a.Name, a.Rank, len(a.Lower), len(a.Stride), len(a.Extent))
		return
	}
	if !a.Elem.Valid() || a.Elem.Base == Bool {
		v.fail("the array %s has the invalid element type %s", a.Name, a.Elem)
	}
	for d := 0; d < a.Rank; d++ {
		for _, x := range []*Var{a.Lower[d], a.Stride[d], a.Extent[d]} {
			v.declare(x, "descriptor of "+a.Name)
			if x != nil && (x.Role != RDesc || x.Type != Int(8)) {
				v.fail("the descriptor variable %s of %s is not an int64 descriptor part", x.Name, a.Name)
			}
		}
	}
}

var reduceOps = map[string]bool{"+": true, "*": true, "max": true, "min": true, "iand": true, "ior": true, "ieor": true,
	".and.": true, ".or.": true, ".eqv.": true, ".neqv.": true}

func (v *verifier) run() {
	k := v.k
	v.pos = k.Pos
	if k.Name == "" {
		v.fail("a kernel without a name")
	}
	for _, p := range k.Params {
		switch p.Space {
		case Global:
			if p.Var != nil || p.Flag != nil {
				v.fail("the array parameter %s has a scalar variable", p.Name)
			}
			v.declareArray(p.Array, "parameter "+p.Name)
			if p.Array != nil && (p.Array.Local || p.Array.Elem != p.Type) {
				v.fail("the array parameter %s: its array is local or of another type", p.Name)
			}
			continue
		case ByValue, Reduction, LastValue, SharedOut:
		default:
			v.fail("the parameter %s has the unknown space %d", p.Name, p.Space)
			continue
		}
		if p.Array != nil {
			v.fail("the scalar parameter %s has an array", p.Name)
		}
		v.declare(p.Var, "parameter "+p.Name)
		if p.Var != nil && (p.Var.Role != RParam || p.Var.Space != p.Space || p.Var.Type != p.Type) {
			v.fail("the variable of parameter %s is not its (role %s, space %s, type %s)", p.Name, p.Var.Role, p.Var.Space, p.Var.Type)
		}
		if p.Space == Reduction && !reduceOps[p.Op] {
			v.fail("the reduction %s has the unknown operator %q", p.Name, p.Op)
		}
		if p.Space != Reduction && p.Op != "" {
			v.fail("the parameter %s is no reduction but has an operator", p.Name)
		}
		needFlag := p.Space == LastValue || p.Space == SharedOut
		switch {
		case needFlag && p.Flag == nil:
			v.fail("the %s parameter %s has no write flag", p.Space, p.Name)
		case !needFlag && p.Flag != nil:
			v.fail("the %s parameter %s has a write flag", p.Space, p.Name)
		case p.Flag != nil:
			v.declare(p.Flag, "flag of "+p.Name)
			if p.Flag.Role != RFlag || p.Flag.Type != Flag {
				v.fail("the write flag of %s is not a flag", p.Name)
			}
		}
	}
	for _, x := range k.Launch {
		v.declare(x, "launch value")
		if x != nil && (x.Role != RLaunch || x.Type != Int(8)) {
			v.fail("the launch value %s is not an int64 launch value", x.Name)
		}
	}
	if len(k.Dims) == 0 {
		v.fail("a kernel without an iteration space")
	}
	for _, d := range append(append([]*Dim(nil), k.Dims...), k.Serial...) {
		v.declare(d.Index, "index")
		if d.Index != nil && (d.Index.Role != RIndex || d.Index.Type.Base != Integer) {
			v.fail("the index %s is not an integer index", d.Index.Name)
		}
		for _, b := range []Expr{d.Lower, d.Upper, d.Step} {
			v.int64(b, "a bound of index "+d.Index.Name)
		}
	}
	if o := k.Mapping.Order; o != nil {
		seen := make([]bool, len(k.Dims))
		if len(o) != len(k.Dims) {
			v.fail("the mapping orders %d dims of %d", len(o), len(k.Dims))
		}
		for _, d := range o {
			if d < 0 || d >= len(k.Dims) || seen[d] {
				v.fail("the mapping %v is not a permutation of the %d dims", o, len(k.Dims))
				break
			}
			seen[d] = true
		}
	}
	for _, l := range k.Locals {
		switch {
		case l.Var != nil && l.Array != nil, l.Var == nil && l.Array == nil:
			v.fail("a local is not one variable or one array")
		case l.Var != nil:
			v.declare(l.Var, "local")
			if l.Var.Role != RLocal {
				v.fail("the local %s is not a local variable", l.Var.Name)
			}
			if l.Init != nil && (!v.vars[l.Init] || l.Init.Space != ByValue || l.Init.Type != l.Var.Type) {
				v.fail("the local %s starts from %s, no by-value parameter of its type", l.Var.Name, l.Init.Name)
			}
		default:
			v.declareArray(l.Array, "local")
			if !l.Array.Local {
				v.fail("the local array %s is not marked local", l.Array.Name)
			}
			if l.Workspace < 0 || l.Workspace > k.Workspaces {
				v.fail("the local array %s is in workspace %d of %d", l.Array.Name, l.Workspace, k.Workspaces)
			}
		}
	}
	for _, s := range k.Stops {
		if s.ID < 1 || v.sites[s.ID] {
			v.fail("the stop site %d is numbered twice or below 1", s.ID)
		}
		v.sites[s.ID] = true
	}
	if len(k.Stops) > 0 && !k.CanStop {
		v.fail("a kernel with stop sites that cannot stop")
	}
	if v.err != nil {
		return
	}
	for _, m := range k.Masks {
		v.expr(m)
		if m != nil && !unsupported(m) && !m.Type().Truth() {
			v.fail("a mask of type %s", m.Type())
		}
	}
	v.stmts(k.Body)
	if k.Complete {
		if u := k.Unsupported(); len(u) > 0 {
			v.pos = u[0].Pos
			v.fail("a kernel marked complete holds an unsupported construct (%s)", u[0].What)
		}
	}
}

func (v *verifier) int64(e Expr, what string) {
	if e == nil {
		v.fail("%s is missing", what)
		return
	}
	v.expr(e)
	if e.Type() != Int(8) && !unsupported(e) {
		v.fail("%s is of type %s, not i64", what, e.Type())
	}
}

func (v *verifier) stmts(ss []Stmt) {
	for _, s := range ss {
		if s == nil {
			v.fail("a nil statement")
			return
		}
		v.pos = s.At()
		v.stmt(s)
	}
}

// agree reports values of one type (truth values of any kind agree).
func agree(a, b Type) bool {
	return a == b || a.Base == Logical && b.Base == Logical
}

func (v *verifier) stmt(s Stmt) {
	switch x := s.(type) {
	case *ArrayAssign:
		v.arrayAssign(x)
	case *ArrayTemp:
		v.arrayTemp(x)
	case *Assign:
		v.expr(x.LHS)
		v.expr(x.RHS)
		switch l := x.LHS.(type) {
		case *Ref:
			switch {
			case l.Var.Role == RParam && l.Var.Space == ByValue:
				v.fail("assignment to the by-value parameter %s", l.Var.Name)
			case l.Var.Role == RIndex || l.Var.Role == RLaunch || l.Var.Role == RDesc:
				v.fail("assignment to the %s variable %s", l.Var.Role, l.Var.Name)
			case v.consts[l.Var]:
				v.fail("assignment to the constant temporary %s", l.Var.Name)
			}
		case *Component:
			if r, ok := ComponentRoot(l).(*Ref); ok && (r.Var.Role == RParam && r.Var.Space == ByValue || v.consts[r.Var]) {
				v.fail("assignment to a component of the %s value %s", r.Var.Space, r.Var.Name)
			}
		case *Element, *Unsupported:
		default:
			v.fail("assignment to an expression that is no variable (%T)", x.LHS)
			return
		}
		if x.RHS != nil && !unsupported(x.LHS) && !unsupported(x.RHS) && !agree(x.LHS.Type(), x.RHS.Type()) {
			v.fail("assignment of a %s value to a %s variable", x.RHS.Type(), x.LHS.Type())
		}
	case *If:
		if len(x.Arms) == 0 || x.Line && (len(x.Arms) != 1 || x.HasElse) {
			v.fail("an IF of %d arms (one-line: %v, else: %v)", len(x.Arms), x.Line, x.HasElse)
		}
		if !x.HasElse && len(x.Else) > 0 {
			v.fail("an IF with ELSE statements but no ELSE")
		}
		pos := v.pos
		for _, a := range x.Arms {
			v.pos = pos
			v.expr(a.Cond)
			if a.Cond != nil && !unsupported(a.Cond) && !a.Cond.Type().Truth() {
				v.fail("an IF condition of type %s", a.Cond.Type())
			}
			v.stmts(a.Body)
		}
		v.stmts(x.Else)
	case *Loop:
		if x.Var == nil || !v.vars[x.Var] || x.Var.Type.Base != Integer || x.Var.Role != RLocal && x.Var.Role != RParam {
			v.fail("a DO loop whose variable is not a declared integer variable of the iteration")
		}
		if x.Var != nil && x.Var.Role == RParam && x.Var.Space == ByValue {
			v.fail("a DO loop over the by-value parameter %s", x.Var.Name)
		}
		if x.Unroll < 0 {
			v.fail("a DO loop unrolled %d times", x.Unroll)
		}
		v.int64(x.Lower, "the DO loop's lower bound")
		v.int64(x.Upper, "the DO loop's upper bound")
		if x.Step != nil {
			v.int64(x.Step, "the DO loop's step")
		}
		v.loops = append(v.loops, x)
		v.stmts(x.Body)
		v.loops = v.loops[:len(v.loops)-1]
	case *Cycle:
		if x.Loop != nil && (len(v.loops) == 0 || v.loops[len(v.loops)-1] != x.Loop) {
			v.fail("a CYCLE of a loop that is not the innermost around it")
		}
	case *Exit:
		if _, nest := x.Loop.(*Nest); x.Loop == nil || nest || len(v.loops) == 0 || v.loops[len(v.loops)-1] != x.Loop {
			v.fail("an EXIT of a loop that is not the innermost around it")
		}
	case *Call:
		v.invocation(&x.Invocation)
	case *StopTest:
		if !v.k.CanStop {
			v.fail("a stop test in a kernel that cannot stop")
		}
	case *Stop:
		if !v.sites[x.Site] {
			v.fail("a stop of site %d, not one of the kernel's", x.Site)
		}
		if x.Code != nil {
			v.int64(x.Code, "a stop code")
		}
	case *Temp:
		v.declare(x.Var, "temporary")
		if x.Var != nil && x.Var.Role != RLocal && x.Var.Role != RAlias {
			v.fail("the temporary %s is not a variable of the iteration", x.Var.Name)
		}
		if x.Const {
			if x.Init == nil || x.Var == nil || x.Var.Role == RAlias {
				v.fail("a constant temporary without a value, or an alias")
			}
			if v.consts == nil {
				v.consts = map[*Var]bool{}
			}
			v.consts[x.Var] = true
		}
		if x.Var != nil && x.Var.Role == RAlias {
			switch x.Init.(type) {
			case *Ref, *Element, *Unsupported:
			default:
				v.fail("the alias %s of an expression that is no variable (%T)", x.Var.Name, x.Init)
			}
		}
		if x.Init != nil {
			v.expr(x.Init)
			if !agree(x.Init.Type(), x.Var.Type) {
				v.fail("the temporary %s of type %s starts with a %s value", x.Var.Name, x.Var.Type, x.Init.Type())
			}
		}
	case *Block:
		// Its temporaries are visible inside it only.
		end := v.scope()
		v.stmts(x.Body)
		end()
	case *Nest:
		if x.Stops && !v.k.CanStop {
			v.fail("a nested loop whose calls can stop in a kernel that cannot")
		}
		v.nest(x)
	case *Select:
		pos := v.pos
		v.expr(x.Sel)
		if x.Sel != nil && !unsupported(x.Sel) && x.Sel.Type().Base != Integer {
			v.fail("a SELECT CASE of a %s value", x.Sel.Type())
		}
		if !x.HasDefault && len(x.Default) > 0 {
			v.fail("a SELECT CASE with default statements but no CASE DEFAULT")
		}
		for _, c := range x.Cases {
			v.pos = pos
			if len(c.Ranges) == 0 {
				v.fail("a CASE without values")
			}
			for _, r := range c.Ranges {
				if r.Lo == nil && (r.Hi == nil || !r.Range) {
					v.fail("a CASE value without bounds")
					continue
				}
				for _, b := range []Expr{r.Lo, r.Hi} {
					if b == nil {
						continue
					}
					v.expr(b)
					if !unsupported(b) && b.Type().Base != Integer {
						v.fail("a CASE value of type %s", b.Type())
					}
				}
			}
			v.stmts(c.Body)
		}
		v.stmts(x.Default)
	case *While:
		if x.Cond != nil {
			v.expr(x.Cond)
			if !unsupported(x.Cond) && !x.Cond.Type().Truth() {
				v.fail("a DO WHILE condition of type %s", x.Cond.Type())
			}
		}
		v.loops = append(v.loops, x)
		v.stmts(x.Body)
		v.loops = v.loops[:len(v.loops)-1]
	case *Unsupported:
	default:
		v.fail("an unknown statement %T", s)
	}
}

// scope opens a scope: the function returned forgets the variables
// declared since.
func (v *verifier) scope() func() {
	before := map[*Var]bool{}
	for x := range v.vars {
		before[x] = true
	}
	return func() {
		for y := range v.vars {
			if !before[y] {
				delete(v.vars, y)
				delete(v.names, fmt.Sprintf("%d/%s", y.Role, y.Name))
			}
		}
	}
}

// nest checks a nested do concurrent: integer indices of its own, int64
// bounds, truth-valued masks, locals that start from declared variables.
func (v *verifier) nest(x *Nest) {
	end := v.scope()
	defer end()
	pos := v.pos
	if len(x.Levels) == 0 {
		v.fail("a nested loop without levels")
	}
	for _, l := range x.Levels {
		v.pos = pos
		if len(l.Dims) == 0 {
			v.fail("a level of a nested loop without indices")
		}
		for _, d := range l.Dims {
			v.int64(d.Lower, "a lower bound of a nested loop")
			v.int64(d.Upper, "an upper bound of a nested loop")
			if d.Step != nil {
				v.int64(d.Step, "a step of a nested loop")
			}
		}
		for _, d := range l.Dims {
			v.declareInner(d.Index, "index of a nested loop")
			if d.Index != nil && (d.Index.Role != RIndex || d.Index.Type.Base != Integer) {
				v.fail("the index %s of a nested loop is not an integer index", d.Index.Name)
			}
		}
		if l.Mask != nil {
			v.expr(l.Mask)
			if !unsupported(l.Mask) && !l.Mask.Type().Truth() {
				v.fail("a mask of type %s", l.Mask.Type())
			}
		}
		for _, lo := range l.Locals {
			if lo.Init != nil && (!v.vars[lo.Init] || !agree(lo.Init.Type, lo.Var.Type)) {
				v.fail("the local %s of a nested loop starts from an undeclared variable or one of another type", lo.Var.Name)
			}
			if lo.Var == nil || lo.Array != nil {
				v.fail("a local of a nested loop that is not a scalar")
				continue
			}
			v.declareInner(lo.Var, "local of a nested loop")
			if lo.Var.Role != RLocal {
				v.fail("the local %s of a nested loop is not a local variable", lo.Var.Name)
			}
		}
	}
	v.loops = append(v.loops, x)
	v.stmts(x.Body)
	v.loops = v.loops[:len(v.loops)-1]
}

func (v *verifier) expr(e Expr) {
	if e == nil {
		v.fail("a nil expression")
		return
	}
	if !e.Type().Valid() {
		v.fail("an expression %T of the invalid type %s", e, e.Type())
		return
	}
	switch x := e.(type) {
	case *Ref:
		if !v.vars[x.Var] {
			v.fail("the variable %s is not declared", x.Var.Name)
		}
	case *Element:
		if !v.arrays[x.Array] {
			v.fail("the array %s is not declared", x.Array.Name)
			return
		}
		if len(x.Subs) != x.Array.Rank {
			v.fail("%d subscripts of the array %s of rank %d", len(x.Subs), x.Array.Name, x.Array.Rank)
		}
		for _, s := range x.Subs {
			v.int64(s, "a subscript of "+x.Array.Name)
		}
	case *Lit:
		if x.T.Base == Struct {
			v.fail("a literal of a derived type")
		}
	case *Convert:
		v.expr(x.X)
		if !x.To.Numeric() || !unsupported(x.X) && !x.X.Type().Numeric() {
			v.fail("a conversion of a %s value to %s", x.X.Type(), x.To)
		}
	case *Paren:
		v.expr(x.X)
	case *Unary:
		v.expr(x.X)
		switch {
		case unsupported(x.X):
		case x.Op == "-" && x.T.Numeric() && x.X.Type() == x.T:
		case x.Op == "!" && x.T.Truth() && x.X.Type().Truth():
		default:
			v.fail("the unary %s of a %s value as %s", x.Op, x.X.Type(), x.T)
		}
	case *Binary:
		v.expr(x.X)
		v.expr(x.Y)
		v.binary(x)
	case *Intrinsic:
		for _, a := range x.Args {
			v.expr(a)
		}
		n, ok := intrinsicArgs[x.Name]
		if !ok {
			v.fail("the unknown intrinsic %s", x.Name)
			return
		}
		if len(x.Args) < n[0] || n[1] >= 0 && len(x.Args) > n[1] {
			v.fail("the intrinsic %s with %d arguments", x.Name, len(x.Args))
		}
		if ArrayInquiry(x.Name) != (x.Array != nil) {
			v.fail("the intrinsic %s with an array %v", x.Name, x.Array != nil)
		}
		if x.Array != nil && !v.arrays[x.Array] {
			v.fail("the array %s is not declared", x.Array.Name)
		}
		if x.Array != nil && len(x.Args) == 1 {
			if l, ok := x.Args[0].(*Lit); !ok || l.T != Int(8) || l.Int < 1 || int(l.Int) > x.Array.Rank {
				v.fail("%s of %s with a DIM that is not a constant within its rank", x.Name, x.Array.Name)
			}
		}
	case *Reduce:
		v.reduce(x)
	case *FuncCall:
		v.funcCall(x)
	case *ArrayArg:
		v.fail("the array argument %s outside a call", x.X.Array.Name)
	case *Component:
		v.component(x)
	case *Section:
		if v.reduceRank == 0 {
			v.fail("a section of %s outside a reduction", x.Array.Name)
			return
		}
		v.section(x, v.reduceRank)
	case *Unsupported:
	default:
		v.fail("an unknown expression %T", e)
	}
}

// unsupported reports an Unsupported expression (whose type is the
// builder's best guess: no operand check is made against it).
func unsupported(e Expr) bool {
	_, ok := e.(*Unsupported)
	return ok
}

func (v *verifier) binary(x *Binary) {
	if unsupported(x.X) || unsupported(x.Y) {
		return
	}
	a, b := x.X.Type(), x.Y.Type()
	switch x.Op {
	case "+", "-", "*", "/":
		if !x.T.Numeric() || a != x.T || b != x.T {
			v.fail("%s of %s and %s as %s", x.Op, a, b, x.T)
		}
	case "**":
		if !x.T.Numeric() || a != x.T || b != x.T && b != Int(8) {
			v.fail("** of %s and %s as %s", a, b, x.T)
		}
	case "==", "!=", "<", "<=", ">", ">=":
		if x.T.Base != Logical || !(a == b && a.Numeric() || a.Truth() && b.Truth() && (x.Op == "==" || x.Op == "!=")) {
			v.fail("the relation %s of %s and %s as %s", x.Op, a, b, x.T)
		}
		if a.Base == Complex && x.Op != "==" && x.Op != "!=" {
			v.fail("the relation %s of complex values", x.Op)
		}
	case "&&", "||", "eqv", "neqv":
		if !x.T.Truth() || !a.Truth() || !b.Truth() {
			v.fail("%s of %s and %s as %s", x.Op, a, b, x.T)
		}
	default:
		v.fail("the unknown operator %q", x.Op)
	}
}
