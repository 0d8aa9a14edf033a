package lowering

import (
	"fmt"

	"fgpu/frontend"
)

// StructName is the C name of derived type dt in device code: the type's
// name and the scoping unit that defines it (two types of one name in two
// modules are two types). The emitters' structs (emit/derived.go) and the
// kernel IR's Struct types (kir.go) are named by it.
func StructName(dt *frontend.DerivedType) string {
	unit := ""
	if dt.Scope != nil && dt.Scope.Unit != nil {
		unit = dt.Scope.Unit.Name
	}
	return fmt.Sprintf("fgpu_t_%s_%s", unit, dt.Name)
}

// EmptyType reports a derived type holding no data (0 bytes in the host's
// layout): its components, and its parent's, all of types without data.
func EmptyType(dt *frontend.DerivedType) bool {
	if dt == nil || dt.Parent != nil && !EmptyType(dt.Parent) {
		return false
	}
	for _, c := range dt.Components {
		if c.Kind != frontend.SymComponent || !EmptyComponent(c) {
			return false
		}
	}
	return true
}

// EmptyComponent reports a component of a type holding no data (no member
// of the C struct).
func EmptyComponent(c *frontend.Symbol) bool {
	return c.Type.Base == frontend.TyDerived && !c.Allocatable && !c.Pointer && !c.Type.Class && EmptyType(c.Type.Derived)
}
