package driver

// This file orders the host files for the Fortran compiler: a file that
// defines module M before every file that uses M (and a submodule after
// its ancestor and parent), otherwise command-line order.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/dominikbraun/graph"
)

// hostOrder returns the order emit gave (completed with any file it left
// out), or else the module dependency order of files.
func hostOrder(prog *frontend.Program, files []string, emitted []string) ([]string, error) {
	if len(emitted) > 0 {
		seen := map[string]bool{}
		var out []string
		for _, f := range emitted {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
		for _, f := range files {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
		return out, nil
	}
	return moduleOrder(prog, files)
}

// moduleOrder sorts files topologically by module use, stable by
// command-line order; a cycle between files is an error.
func moduleOrder(prog *frontend.Program, files []string) ([]string, error) {
	index := map[string]int{} // file -> position on the command line
	for i, f := range files {
		if _, dup := index[f]; !dup {
			index[f] = i
		}
	}
	defines := map[string]int{} // module (or ancestor:submodule) -> file
	uses := map[int][]string{}
	for _, su := range prog.Files {
		i, ok := index[su.Path]
		if !ok {
			continue
		}
		for _, u := range su.Units {
			switch u.Kind {
			case frontend.UnitModule:
				defines[strings.ToLower(u.Name)] = i
			case frontend.UnitSubmodule:
				anc := strings.ToLower(u.Ancestor)
				defines[anc+":"+strings.ToLower(u.Name)] = i
				uses[i] = append(uses[i], anc)
				if u.ParentSub != "" {
					uses[i] = append(uses[i], anc+":"+strings.ToLower(u.ParentSub))
				}
			}
			walkUses(u, func(m string) { uses[i] = append(uses[i], strings.ToLower(m)) })
		}
	}

	g := graph.New(graph.IntHash, graph.Directed())
	for _, i := range index {
		_ = g.AddVertex(i)
	}
	for i, ms := range uses {
		for _, m := range ms {
			d, ok := defines[m]
			if !ok || d == i {
				continue // intrinsic, prebuilt (.mod on -I) or the same file
			}
			if err := g.AddEdge(d, i); err != nil && err != graph.ErrEdgeAlreadyExists {
				return nil, err
			}
		}
	}
	order, err := graph.StableTopologicalSort(g, func(a, b int) bool { return a < b })
	if err != nil {
		// Name the files on a cycle: the strongly connected components
		// with more than one file.
		sccs, _ := graph.StronglyConnectedComponents(g)
		var stuck []string
		for _, c := range sccs {
			if len(c) > 1 {
				for _, i := range c {
					stuck = append(stuck, filepath.Base(files[i]))
				}
			}
		}
		sort.Strings(stuck)
		return nil, fmt.Errorf("the files use each other's modules in a cycle, so no compile order exists: %s", strings.Join(stuck, ", "))
	}
	var out []string
	for _, i := range order {
		out = append(out, files[i])
	}
	return out, nil
}

// walkUses calls f with the module of every USE statement of a unit, its
// contained procedures, interface bodies and BLOCK constructs.
func walkUses(p *frontend.Procedure, f func(module string)) {
	var stmts func([]frontend.Stmt)
	stmts = func(ss []frontend.Stmt) {
		for _, s := range ss {
			switch x := s.(type) {
			case *frontend.UseStmt:
				f(x.Module)
			case *frontend.InterfaceBlock:
				for _, body := range x.Bodies {
					walkUses(body, f)
				}
			case *frontend.Construct:
				stmts(x.Spec)
				stmts(x.Body)
				for _, br := range x.Branches {
					stmts(br.Body)
				}
			}
		}
	}
	stmts(p.Spec)
	stmts(p.Body)
	for _, c := range p.Contains {
		walkUses(c, f)
	}
}
