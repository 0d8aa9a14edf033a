// Package cxx prints the kernel IR (fgpu/kernelir) as C++, the text the
// C++ backends share, and as MSL (msl.go) (issue 28): today the iteration
// of a complete kernel -- its masks and body -- which the CPU, CUDA and
// Metal backends place in their loop nests and kernel functions; the
// launch routine, the loop nests and the kernels the IR builder does not
// translate completely are still the legacy writer's (emit/kernel.go and
// the files beside it). It prints each node one way, with the conversions
// the IR makes explicit, and the helpers the legacy writer calls for the
// same things (ConstPower, MathCall, the literals, MetalFunc, Unlambda):
// the C++ and the MSL are the legacy writer's, character for character
// (emit TestKIRBodies, TestKIRBodiesCUDA and TestKIRBodiesMSL compare them
// over the e2e corpus). It imports nothing of fgpu's but the IR.
package cxx

import (
	"fmt"

	"fgpu/kernelir"
)

// CType is the C type of values of t (a logical's storage: an integer of
// its kind; a Bool flag: bool).
func CType(t kernelir.Type) string {
	switch t.Base {
	case kernelir.Integer, kernelir.Logical:
		return fmt.Sprintf("int%d_t", t.Kind*8)
	case kernelir.Real:
		if t.Kind == 4 {
			return "float"
		}
		return "double"
	case kernelir.Complex:
		if t.Kind == 4 {
			return "fgpu_cx<float>"
		}
		return "fgpu_cx<double>"
	case kernelir.Struct:
		return t.Struct
	case kernelir.Bool:
		return "bool"
	}
	return "void"
}

// VarName is the C name of a variable in a kernel: v_X for indices,
// locals and the iteration's copies of shared scalars, in_X for a
// by-value parameter, acc_X for a reduction's accumulator, w_X for a
// write flag; launch values and descriptor parts by their own names.
func VarName(v *kernelir.Var) string {
	switch v.Role {
	case kernelir.RParam:
		switch v.Space {
		case kernelir.ByValue:
			return "in_" + v.Name
		case kernelir.Reduction:
			return "acc_" + v.Name
		}
		return "v_" + v.Name
	case kernelir.RFlag:
		return "w_" + v.Name
	case kernelir.RAlias:
		return "(*p_" + v.Name + ")"
	case kernelir.RLaunch, kernelir.RDesc:
		return v.Name
	}
	return "v_" + v.Name
}

// Options are the printing choices of a backend.
type Options struct {
	// CUDA: real math functions through emit/crmath (MathCall).
	CUDA bool
	// MSL: the Metal Shading Language (msl.go; IterationMSL sets it).
	MSL bool
	// Leave: MSL: the statement that ends the iteration early (the
	// emitter's: the write-back of what the iteration wrote, then
	// return).
	Leave string
	// Fast: the vendor's math functions (--fast).
	Fast bool
	// HostPowers: x**n for a constant n as the host computes it
	// (ConstPower), else fgpu_powi.
	HostPowers bool
	// Tmp numbers the temporaries of the printed code from Tmp+1 on (the
	// counter of the code around it).
	Tmp int
	// Callee is the C name of the device function a FuncCall calls (the
	// emitter names and defines them); nil: calls are not printed.
	Callee func(callee any) string
}
