package facts

// This file records the CALL statements of MPI procedures (issue 18): a
// procedure whose name starts with mpi_ and whose body the program does
// not have (the module mpi or mpi_f08 is not among the sources, or an
// external of mpif.h). The semantics of each procedure (which argument it
// reads or writes) are a table of rules/mpi.mg, not here: the facts only
// say which designator each argument position is handed, so that the rules
// can decide per argument instead of by the external-call rule. The call
// still gets the facts of any external call (hcall_external, hacc of
// every designator argument, hcall_ext_arg), which rules/mpi.mg sets
// aside for the procedures its table knows.

import (
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// libCall records hcall_lib(S, Name), hcall_lib_arg(S, Pos, V, A) and
// hcall_lib_section(A), hcall_lib_whole(A) and hcall_lib_scalar(A) for a
// CALL statement of an MPI procedure without a body. A call with a keyword argument gets none (positions unknown: the
// external-call rule applies).
func (b *cfgBuilder) libCall(st ast.Constant, callee *frontend.Expr, args []*frontend.Expr) {
	if callee == nil {
		return
	}
	n := strings.ToLower(calleeName(callee))
	if !strings.HasPrefix(n, "mpi_") {
		return
	}
	for _, a := range args {
		if a != nil && (a.Kind == frontend.EKeyword || !noCalls(a)) {
			return
		}
	}
	b.x.add("hcall_lib", st, ast.String(n))
	for i, a := range args {
		if a == nil {
			continue
		}
		r := rootName(a)
		if r == nil {
			continue // an expression, a constant, MPI_IN_PLACE (opaque): no storage of the program
		}
		as := b.x.site(a, a.Pos)
		b.x.add("hcall_lib_arg", st, ast.Number(int64(i+1)), b.x.varSite(r.Sym), as)
		named := func(pred string) {
			if b.x.set.LibArgs == nil {
				b.x.set.LibArgs = map[string]*frontend.Expr{}
			}
			b.x.set.LibArgs[as.Symbol] = a
			b.x.add(pred, as)
		}
		switch {
		case exactSection(a):
			named("hcall_lib_section")
		case wholeArray(a):
			named("hcall_lib_whole")
		case scalarDesignator(a):
			named("hcall_lib_scalar")
		}
	}
}

// wholeArray reports whether designator e is a whole array variable named
// alone (q), not a pointer, not of a derived type.
func wholeArray(e *frontend.Expr) bool {
	if e.Kind != frontend.EName || e.Sym == nil || e.Rank <= 0 {
		return false
	}
	s := frontend.UltimateSymbol(e.Sym)
	return s.Kind == frontend.SymVariable && s.Rank > 0 && !s.Pointer && s.Type.Base != frontend.TyDerived
}

// scalarDesignator reports whether designator e names one scalar the host
// can name again after the call: a scalar variable (req) or an element of
// an array variable (reqs(2*k)) whose subscripts are simple (names,
// literals, arithmetic: the call does not change them), without
// components (a request handle of module mpi or mpi_f08).
func scalarDesignator(e *frontend.Expr) bool {
	if e.Rank != 0 {
		return false
	}
	switch e.Kind {
	case frontend.EName:
		if e.Sym == nil {
			return false
		}
		s := frontend.UltimateSymbol(e.Sym)
		return s.Kind == frontend.SymVariable && s.Rank == 0 && !s.Pointer
	case frontend.ERef:
		if e.X == nil || e.X.Kind != frontend.EName || e.X.Sym == nil {
			return false
		}
		s := frontend.UltimateSymbol(e.X.Sym)
		if s.Kind != frontend.SymVariable || s.Rank != len(e.Args) || s.Rank == 0 || s.Pointer {
			return false
		}
		for _, a := range e.Args {
			if a == nil || a.Kind == frontend.ERange || a.Rank != 0 || !simpleScalar(a) {
				return false
			}
		}
		return true
	}
	return false
}

// exactSection reports whether designator e is an array section of a
// variable (v(1:n, 0)) whose subscripts the host can evaluate again
// before the call to name the same elements: triplets and scalar
// subscripts made of names, literals and arithmetic only (no function
// reference, no vector subscript), no component, not a pointer (the
// runtime then fetches or marks exactly the section's elements). An
// element (v(1, 0), which MPI takes as the start of a sequence), a whole
// variable and anything else are not.
func exactSection(e *frontend.Expr) bool {
	if e.Kind != frontend.ERef || e.Rank <= 0 || e.X == nil || e.X.Kind != frontend.EName || e.X.Sym == nil {
		return false
	}
	s := frontend.UltimateSymbol(e.X.Sym)
	if s.Kind != frontend.SymVariable || s.Rank != len(e.Args) || s.Pointer || s.Type.Base == frontend.TyDerived {
		return false
	}
	triplet := false
	for _, a := range e.Args {
		if a == nil {
			return false
		}
		if a.Kind == frontend.ERange {
			triplet = true
			for _, x := range a.Range {
				if x != nil && !simpleScalar(x) {
					return false
				}
			}
			continue
		}
		if a.Rank != 0 || !simpleScalar(a) {
			return false
		}
	}
	return triplet
}

// simpleScalar reports whether e is made of names of scalar variables and
// constants, literals, parentheses and intrinsic operators only.
func simpleScalar(e *frontend.Expr) bool {
	if e == nil {
		return false
	}
	switch e.Kind {
	case frontend.ELit:
		return true
	case frontend.EName:
		return e.Sym != nil && e.Rank == 0 && (e.Sym.Kind == frontend.SymVariable || e.Sym.Kind == frontend.SymParameter)
	case frontend.EParen, frontend.EUnary:
		return e.Proc == nil && simpleScalar(e.X)
	case frontend.EBinary:
		return e.Proc == nil && simpleScalar(e.X) && simpleScalar(e.Y)
	}
	return false
}

// noCalls reports whether expression e references no function and no
// defined operation (only the MPI call itself then accesses storage at
// the statement, besides reading the names in e).
func noCalls(e *frontend.Expr) bool {
	if e == nil {
		return true
	}
	if e.Proc != nil || e.Kind == frontend.ERef && (e.Ref == frontend.RefFunction || e.Ref == frontend.RefOpaque || e.Ref == frontend.RefUnknown) {
		return false
	}
	if e.Kind == frontend.ERef && e.Ref == frontend.RefIntrinsic && e.Intr != nil && timingNames[e.Intr.Name] {
		return false
	}
	if !noCalls(e.X) || !noCalls(e.Y) {
		return false
	}
	for _, a := range e.Args {
		if !noCalls(a) {
			return false
		}
	}
	for _, a := range e.Range {
		if !noCalls(a) {
			return false
		}
	}
	return true
}
