package kernelir

import (
	"fmt"
	"strings"
)

// FuncCall calls a device function of the program with scalar arguments
// passed by value (Args, each converted to its dummy's type), a scalar
// result of type T. Callee is the emitter's key of the procedure (its C
// name and its definition are the emitter's: cxx.Options.Callee); Name
// is its Fortran name. The builder makes one only for a function handed
// no hidden arguments (module or host variables, workspace slices, the
// stop arguments) and whose dummies are all intent(in) scalars.
type FuncCall struct {
	Pos    Pos
	Callee any
	Name   string
	Args   []Expr
	T      Type
}

func (e *FuncCall) Type() Type { return e.T }
func (*FuncCall) expr()        {}

func funcCallString(x *FuncCall) string {
	var args []string
	for _, a := range x.Args {
		args = append(args, ExprString(a))
	}
	return fmt.Sprintf("call %s:%s(%s)", x.Name, x.T, strings.Join(args, ", "))
}

// funcCall checks a function call.
func (v *verifier) funcCall(x *FuncCall) {
	if x.Callee == nil || x.Name == "" {
		v.fail("a function call without its callee")
	}
	if x.T.Base == Bool || x.T.Base == Struct {
		v.fail("a call of %s with a %s result", x.Name, x.T)
	}
	for _, a := range x.Args {
		v.expr(a)
	}
}
