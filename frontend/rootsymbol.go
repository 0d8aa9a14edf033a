package frontend

// This file holds the one answer to "which variable is this?": the symbol
// at the root of a designator, and the symbol a use-associated name stands
// for. Analyses key what they learn about a variable by RootSymbol (or
// UltimateSymbol), so that a module variable is one variable whichever
// unit names it and under whatever local name.

// UltimateSymbol returns the symbol s stands for through use association:
// the module's own symbol, following a chain of USE statements (and
// renames) to the module that declares it. A symbol that is not
// use-associated is returned as is (host association shares the host's
// symbol already); nil gives nil. (Flang calls this GetUltimate.)
func UltimateSymbol(s *Symbol) *Symbol {
	for s != nil && s.Use != nil {
		s = s.Use
	}
	return s
}

// LocalRootSymbol returns the symbol of the name at the root of designator
// e as the scope of the reference resolved it: the name under the
// subscripts, section triplets and substring ranges (every ERef: also the
// name of a function reference f(x)) and under the component selections
// (a%b(i)%c gives a). A use-associated name gives its local symbol, which
// carries what is local about it (PROTECTED outside its module, a rename):
// use it for rules about how the name may be used here. It is nil when e is
// not a designator (a constant, an operation, a parenthesised expression,
// an array constructor, a keyword argument) or the name is unresolved.
func LocalRootSymbol(e *Expr) *Symbol {
	for e != nil {
		switch e.Kind {
		case EName:
			return e.Sym
		case ERef, EComponent:
			e = e.X
		default:
			return nil
		}
	}
	return nil
}

// RootSymbol returns the variable (or other entity) at the root of
// designator e: LocalRootSymbol followed through use association
// (UltimateSymbol), so that a(i)%x, a and a module variable a named
// through USE (renamed or not) all give the module's symbol for a.
// Components give the base object, never the component. Nil as for
// LocalRootSymbol.
func RootSymbol(e *Expr) *Symbol {
	return UltimateSymbol(LocalRootSymbol(e))
}
