package kernelir

import (
	"fmt"
	"strings"
)

// Invocation is what a call of a device procedure of the program passes:
// Callee is the emitter's key of the procedure (its C name and its
// definition are the emitter's: cxx.Options.Callee); Name is its Fortran
// name. Args are the actual arguments in the dummies' order: a value
// converted to its dummy's type, or, where ByRef[i] holds, the storage of
// a variable or element the callee may define (a *Ref or an *Element of
// the dummy's type, passed by address). Stops: the procedure can stop
// (rules/stops.mg) and is handed the iteration's stop site and code
// (design doc, "Stopping on the device"); a StopTest follows the
// statement. The builder makes one only for a procedure handed no other
// hidden argument but module or host variables (no workspace slice) and whose
// dummies are scalars or arrays (ArrayArg) of intrinsic types, none
// optional.
type Invocation struct {
	Callee any
	Name   string
	Args   []Expr
	ByRef  []bool // nil: every argument by value
	// Hidden: the last Hidden of Args are the module and host variables
	// the procedure is handed (lowering's Plan.Hidden), passed as the
	// kernel holds them: a scalar's storage (a *Ref), an array's own
	// descriptor (an ArrayArg of the whole array, its bounds kept).
	Hidden int
	Stops  bool
}

// HiddenArg reports argument i of the invocation one of its hidden
// module or host variables.
func (c *Invocation) HiddenArg(i int) bool { return i >= len(c.Args)-c.Hidden }

// FuncCall calls a device function: an Invocation with a scalar result of
// type T.
type FuncCall struct {
	Pos Pos
	Invocation
	T Type
}

// Call is a CALL of a device subroutine.
type Call struct {
	Pos Pos
	Invocation
}

// ArrayArg passes the whole array or the section X to an array dummy of
// the callee (an argument of an Invocation, nothing else): the address of
// its first element, then per dimension of X the dummy's lower bound --
// Lower[k], or, KeepLower (an allocatable dummy, X a whole array), the
// actual's own -- its byte stride and its extent.
type ArrayArg struct {
	X         *Section
	Lower     []int64
	KeepLower bool
}

func (e *ArrayArg) Type() Type { return e.X.Array.Elem }
func (*ArrayArg) expr()        {}

// StopTest ends the iteration when a call before it (Invocation.Stops)
// recorded a stop (design doc, "Stopping on the device").
type StopTest struct {
	Pos Pos
}

func (e *FuncCall) Type() Type { return e.T }
func (*FuncCall) expr()        {}

func (s *StopTest) At() Pos { return s.Pos }
func (*StopTest) stmt()     {}

// RefArg reports argument i of the invocation passed by reference.
func (c *Invocation) RefArg(i int) bool { return i < len(c.ByRef) && c.ByRef[i] }

func (c *Invocation) argsString() string {
	var args []string
	for i, a := range c.Args {
		s := ExprString(a)
		if aa, ok := a.(*ArrayArg); ok {
			s = "array " + ExprString(aa.X)
			if aa.KeepLower {
				s += " (its bounds)"
			} else {
				s += fmt.Sprintf(" lower %v", aa.Lower)
			}
		}
		if c.RefArg(i) {
			s = "ref " + s
		}
		if c.HiddenArg(i) {
			s = "hidden " + s
		}
		args = append(args, s)
	}
	if c.Stops {
		args = append(args, "stop site, code")
	}
	return strings.Join(args, ", ")
}

func funcCallString(x *FuncCall) string {
	return fmt.Sprintf("call %s:%s(%s)", x.Name, x.T, x.argsString())
}

// funcCall checks a function call.
func (v *verifier) funcCall(x *FuncCall) {
	if x.T.Base == Bool || x.T.Base == Struct || !x.T.Valid() {
		v.fail("a call of %s with a %s result", x.Name, x.T)
	}
	v.invocation(&x.Invocation)
}

// invocation checks a call's callee and arguments: by reference only a
// variable's or an element's storage, and the stop arguments only in a
// kernel that can stop.
func (v *verifier) invocation(x *Invocation) {
	if x.Callee == nil || x.Name == "" {
		v.fail("a call without its callee")
	}
	if len(x.ByRef) > len(x.Args) {
		v.fail("a call of %s with %d by-reference marks for %d arguments", x.Name, len(x.ByRef), len(x.Args))
	}
	if x.Hidden < 0 || x.Hidden > len(x.Args) {
		v.fail("a call of %s with %d hidden arguments of %d", x.Name, x.Hidden, len(x.Args))
		return
	}
	for i := len(x.Args) - x.Hidden; i < len(x.Args); i++ {
		switch a := x.Args[i].(type) {
		case *Ref:
		case *ArrayArg:
			if !a.KeepLower {
				v.fail("the hidden array %s of a call of %s without its own bounds", a.X.Array.Name, x.Name)
			}
		default:
			v.fail("a hidden argument of %s that is not a variable", x.Name)
		}
		if x.RefArg(i) {
			v.fail("a hidden argument of %s marked by reference", x.Name)
		}
	}
	if x.Stops && !v.k.CanStop {
		v.fail("a call of %s, which can stop, in a kernel that cannot", x.Name)
	}
	for i, a := range x.Args {
		if aa, ok := a.(*ArrayArg); ok {
			v.arrayArg(aa, x.RefArg(i), x.Name)
			continue
		}
		v.expr(a)
		if !x.RefArg(i) {
			continue
		}
		switch r := a.(type) {
		case *Ref:
			switch {
			case r.Var.Role == RLaunch || r.Var.Role == RDesc || r.Var.Role == RFlag:
				v.fail("the %s %s passed by reference to %s", r.Var.Role, r.Var.Name, x.Name)
			case r.Var.Role == RParam && r.Var.Space == ByValue:
				v.fail("the %s parameter %s passed by reference to %s", r.Var.Space, r.Var.Name, x.Name)
			case v.consts[r.Var]:
				v.fail("the constant %s passed by reference to %s", r.Var.Name, x.Name)
			}
		case *Element:
		case *Component:
			if root, ok := ComponentRoot(r).(*Ref); ok && (root.Var.Role == RParam && root.Var.Space == ByValue || v.consts[root.Var]) {
				v.fail("a component of the %s value %s passed by reference to %s", root.Var.Space, root.Var.Name, x.Name)
			}
		default:
			v.fail("a value passed by reference to %s", x.Name)
		}
	}
}

// arrayArg checks an array argument of a call of name.
func (v *verifier) arrayArg(x *ArrayArg, ref bool, name string) {
	switch {
	case x.X == nil:
		v.fail("an array argument of %s without its array", name)
		return
	case ref:
		v.fail("the array argument %s of %s marked by reference", x.X.Array.Name, name)
	case x.KeepLower && (x.X.Dims != nil || len(x.Lower) > 0):
		v.fail("the array argument %s of %s keeps its lower bounds but is not a whole array", x.X.Array.Name, name)
	case !x.KeepLower && len(x.Lower) != x.X.Ranges():
		v.fail("the array argument %s of %s with %d lower bounds for rank %d", x.X.Array.Name, name, len(x.Lower), x.X.Ranges())
	}
	v.section(x.X, x.X.Ranges())
}
