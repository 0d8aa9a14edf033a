package kernelir

import "fmt"

// Component is the component Name of the derived-type value X (a *Ref,
// an *Element or a *Component of a Struct type): a scalar of type T, or
// a value of a nested derived type (T a Struct) another Component
// selects from. It is a designator: it may be assigned (Assign's LHS).
type Component struct {
	X    Expr
	Name string
	T    Type
}

func (e *Component) Type() Type { return e.T }
func (*Component) expr()        {}

func componentString(x *Component) string {
	return fmt.Sprintf("%s%%%s", ExprString(x.X), x.Name)
}

// component checks a component designator: of a derived-type variable or
// element, of a valid type that is not a flag.
func (v *verifier) component(x *Component) {
	switch p := x.X.(type) {
	case *Ref, *Element, *Component:
		if p.Type().Base != Struct {
			v.fail("the component %s of a %s value", x.Name, p.Type())
		}
	default:
		v.fail("the component %s of a value that is not a designator", x.Name)
	}
	if x.Name == "" || !x.T.Valid() || x.T.Base == Bool {
		v.fail("the component %q of type %s", x.Name, x.T)
	}
	v.expr(x.X)
}

// ComponentRoot is the variable or element a component designator
// selects from.
func ComponentRoot(x *Component) Expr {
	e := x.X
	for {
		c, ok := e.(*Component)
		if !ok {
			return e
		}
		e = c.X
	}
}
