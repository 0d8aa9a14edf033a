package frontend

// Separate module procedures (F2018 15.6.2.5): a module or submodule
// declares "module function f" / "module subroutine s" in an interface
// block, and a descendant submodule implements it, either as "module
// procedure f" (the interface's characteristics) or in the full form
// ("module pure function f(x)" with its own declarations). The body is
// the procedure every reference means: after the declarations of phase 2,
// the interface's symbols (the module's own, use-associated copies,
// generic specifics) are pointed at the body, so that calls in any
// unit resolve to it as they resolve to a module procedure of the module.

// linkSeparateBodies records the implementation of each separate module
// procedure interface found in a submodule of the given files and points
// every symbol that names the interface at it.
func (c *checker) linkSeparateBodies() {
	for _, f := range c.prog.Files {
		for _, u := range f.Units {
			if u.Kind != UnitSubmodule || u.Scope == nil || u.Scope.Parent == nil {
				continue
			}
			for _, p := range u.Contains {
				if !p.Separate && !p.ModulePrefix {
					continue
				}
				s := u.Scope.Parent.Lookup(p.Name)
				if s == nil || s.Proc == nil {
					continue
				}
				ip := s.Proc
				if ip == p {
					// "module procedure f": declareHeading pointed the
					// ancestor's symbol at it (and set Impl).
					continue
				}
				if !ip.Interface || !ip.ModulePrefix {
					continue
				}
				if ip.Impl != nil && ip.Impl != p {
					c.diags.errorf(p.Pos, "separate module procedure %s is implemented twice (first at %s)", p.Name, ip.Impl.Pos)
					continue
				}
				ip.Impl = p
			}
		}
	}
	fix := func(s *Symbol) {
		if s != nil && s.Proc != nil && s.Proc.Interface && s.Proc.Impl != nil {
			s.Proc = s.Proc.Impl
		}
	}
	seen := map[*Generic]bool{}
	for _, sc := range c.units {
		for _, s := range sc.Symbols {
			fix(s)
			if s.Generic != nil && !seen[s.Generic] {
				seen[s.Generic] = true
				for _, sp := range s.Generic.Specifics {
					fix(sp)
				}
			}
		}
		for _, s := range sc.Order {
			fix(s)
		}
		for _, g := range sc.Operators {
			if g != nil && !seen[g] {
				seen[g] = true
				for _, sp := range g.Specifics {
					fix(sp)
				}
			}
		}
	}
}
