package lowering

import "fgpu/frontend"

// ByReference reports the scalar dummy d of procedure p passed by
// reference to its device function: intent(out) or intent(inout), or of
// no intent and assigned in p's body (a DO variable of it, or passed to a
// call). The emitter's parameters of device functions (emit/devfunc.go)
// and the kernel IR's calls (kir_call.go) both follow it.
func ByReference(p *frontend.Procedure, d *frontend.Symbol) bool {
	return d.Intent == "out" || d.Intent == "inout" || d.Intent == "" && p != nil && assignsTo(p.Body, d)
}

// assignsTo reports whether statements assign to variable s.
func assignsTo(ss []frontend.Stmt, s *frontend.Symbol) bool {
	found := false
	var walk func(ss []frontend.Stmt)
	walk = func(ss []frontend.Stmt) {
		for _, st := range ss {
			switch x := st.(type) {
			case *frontend.AssignStmt:
				if designatorRoot(x.LHS) == s {
					found = true
				}
			case *frontend.IfStmt:
				if x.Action != nil {
					walk([]frontend.Stmt{x.Action})
				}
			case *frontend.Construct:
				if d, ok := x.Head.(*frontend.DoStmt); ok && d.VarSym == s {
					found = true
				}
				walk(x.Body)
				for _, b := range x.Branches {
					walk(b.Body)
				}
			case *frontend.CallStmt:
				for _, a := range x.Args {
					if designatorRoot(a) == s {
						found = true
					}
				}
			}
		}
	}
	walk(ss)
	return found
}
