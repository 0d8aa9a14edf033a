package emit

// -Wall and the host rewrite (emit.Options.KeepRefs): the launch line
// that replaces an offloaded loop may not name the variables only the loop
// referred to, which gfortran would then call unused.

import (
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// keepRefs is the statement "if (kind(a) + kind(i) < 0) continue" over
// the variables and named constants of the loop's procedure that the
// loop k refers to (its indices, the DO variables and the names of its
// body; -Wextra calls a named constant nothing refers to unused), of
// intrinsic types, or "" when there are none: the launch line that replaces the
// loop may not name them, and gfortran's -Wall would then call them
// unused (-Werror makes that an error). kind() is folded: no code.
func keepRefs(k *lowering.Kernel) string {
	if k.Proc == nil || k.Proc.Scope == nil || k.Loop == nil {
		return ""
	}
	sc := k.Proc.Scope
	seen := map[string]bool{}
	var names []string
	add := func(s *frontend.Symbol) {
		if s == nil || s.Scope != sc || (s.Kind != frontend.SymVariable && s.Kind != frontend.SymParameter) || seen[s.Name] {
			return
		}
		if s.Component != nil || sc.Symbols[strings.ToLower(s.Name)] != s {
			// A variable lowering made (a component's stand-in,
			// lowering/components.go): the host declares no such name.
			return
		}
		switch s.Type.Base {
		case frontend.TyInteger, frontend.TyReal, frontend.TyComplex, frontend.TyLogical, frontend.TyCharacter:
		default:
			return
		}
		seen[s.Name] = true
		names = append(names, s.Name)
	}
	byName := func(n string) {
		if s, ok := sc.Symbols[strings.ToLower(n)]; ok {
			add(s)
		}
	}
	stmts := append([]frontend.Stmt{k.Loop.Head}, k.Loop.Body...)
	frontend.InspectStmts(stmts, func(n frontend.Node) bool {
		switch x := n.(type) {
		case *frontend.Expr:
			if x.Kind == frontend.EName && x.Sym != nil {
				add(x.Sym)
			}
		case *frontend.DoStmt:
			add(x.VarSym)
			if x.Concurrent != nil {
				for _, ix := range x.Concurrent.Indices {
					byName(ix.Name)
				}
			}
		}
		return true
	})
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	terms := make([]string, len(names))
	for i, n := range names {
		terms[i] = "kind(" + n + ")"
	}
	return "if (" + strings.Join(terms, " + ") + " < 0) continue  ! fgpu: refers to what only the loop referred to (-Wall)"
}
