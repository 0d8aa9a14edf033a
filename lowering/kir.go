package lowering

// This file builds the kernel IR (fgpu/kernelir) of every kernel of the
// plan, the last pass: the header from the decisions of the passes before
// it (indices and their launch bounds, parameters with their spaces and
// descriptors, locals, reductions, last values, serial indices,
// workspaces, stop sites), the masks and the body statement by statement
// (kir_body.go). What the builder does not translate yet is an Unsupported
// node at the construct: the kernel is then incomplete, which is no error
// while the legacy kernel writer (emit/kernel.go and the files beside it)
// still prints such kernels; the emitters print a complete kernel from the
// IR (emit/cxx, the CPU backend). When the builder covers every construct
// the verify pass goes away and an Unsupported node becomes the "not yet
// implemented" error of its construct, raised here and nowhere else.
// kernelir.Verify runs after the build; a violation is an internal error
// at the loop.

import (
	"fmt"

	"fgpu/frontend"
	"fgpu/kernelir"
)

// kir builds Kernel.IR for every kernel.
func kir(st *state) {
	for _, k := range st.plan.Kernels {
		k.IR = BuildKIR(k, st.plan)
		if err := kernelir.Verify(k.IR); err != nil {
			st.diags = append(st.diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
				Msg: fmt.Sprintf("internal error: the kernel IR of %s: %v", k.Name, err)})
		}
	}
}

// kirBuilder holds what the translation of one kernel knows.
type kirBuilder struct {
	k      *Kernel
	plan   *Plan
	ir     *kernelir.Kernel
	vars   map[*frontend.Symbol]*kernelir.Var   // the scalars the body names
	arrays map[*frontend.Symbol]*kernelir.Array // the arrays it addresses
	flags  map[*frontend.Symbol]*kernelir.Var   // write flags of LastValue, SharedOut
	// params are the by-value parameters (local_init's initial values).
	params map[*frontend.Symbol]*kernelir.Var
	loops  []kernelir.Stmt // the DO loops and nests around the statement, innermost last
	sites  map[*frontend.StopStmt]*StopSite
	// header holds the Unsupported statements of the header (placed
	// first in the body).
	header []kernelir.Stmt
	// consts are the temporaries that keep their value (an ASSOCIATE
	// name of an expression): no call defines them.
	consts map[*kernelir.Var]bool
	// reducing counts the reductions around the expression translated
	// (kir_reduce.go): inside one, arrays and sections are its operands.
	reducing int
}

// BuildKIR translates kernel k of plan into the IR.
func BuildKIR(k *Kernel, plan *Plan) *kernelir.Kernel {
	b := &kirBuilder{k: k, plan: plan, vars: map[*frontend.Symbol]*kernelir.Var{}, arrays: map[*frontend.Symbol]*kernelir.Array{},
		flags: map[*frontend.Symbol]*kernelir.Var{}, params: map[*frontend.Symbol]*kernelir.Var{}, consts: map[*kernelir.Var]bool{}, sites: map[*frontend.StopStmt]*StopSite{}}
	b.ir = &kernelir.Kernel{Name: k.Name, Pos: kirPos(k.Do.Pos), CanStop: k.CanStop}
	b.buildHeader()
	for _, m := range k.Masks {
		if b.stopsIn(m) {
			// (Tested after the mask's line by the legacy writer.)
			b.unsupportedHeader(m.Pos, "a mask that calls a procedure that can stop")
		}
		b.ir.Masks = append(b.ir.Masks, b.expr(m))
	}
	body := b.stmts(k.Body)
	b.ir.Body = append(b.header, body...)
	b.ir.Complete = len(b.ir.Unsupported()) == 0
	return b.ir
}

func kirPos(p frontend.Pos) kernelir.Pos { return kernelir.Pos{File: p.File, Line: p.Line, Col: p.Col} }

// kirType is the IR type of a Fortran type (ok false: none yet).
func kirType(t frontend.Type) (kernelir.Type, bool) {
	var out kernelir.Type
	switch t.Base {
	case frontend.TyInteger:
		out = kernelir.Int(t.Kind)
	case frontend.TyLogical:
		out = kernelir.Log(t.Kind)
	case frontend.TyReal:
		out = kernelir.Re(t.Kind)
	case frontend.TyComplex:
		out = kernelir.Cx(t.Kind)
	case frontend.TyDerived:
		if t.Derived == nil || t.Class {
			return out, false
		}
		out = kernelir.Type{Base: kernelir.Struct, Struct: StructName(t.Derived)}
	default:
		return out, false
	}
	return out, out.Valid()
}

// unsupportedHeader records a part of the header the builder does not
// translate yet.
func (b *kirBuilder) unsupportedHeader(pos frontend.Pos, format string, args ...any) {
	b.header = append(b.header, &kernelir.Unsupported{Pos: kirPos(pos), What: fmt.Sprintf(format, args...)})
}

func (b *kirBuilder) launch(name string) *kernelir.Var {
	v := &kernelir.Var{Name: name, Type: kernelir.Int(8), Role: kernelir.RLaunch}
	b.ir.Launch = append(b.ir.Launch, v)
	return v
}

// array is the IR array of s with the descriptor names an array argument
// has in the kernels (lbD_, smD_, exD_).
func (b *kirBuilder) array(s *frontend.Symbol, local bool) *kernelir.Array {
	t, ok := kirType(s.Type)
	if !ok {
		b.unsupportedHeader(s.Pos, "the array %s of type %s", s.Name, s.Type)
		t = kernelir.Int(1)
	}
	a := &kernelir.Array{Name: s.Name, Elem: t, Rank: s.Rank, Local: local}
	for d := 1; d <= s.Rank; d++ {
		a.Lower = append(a.Lower, &kernelir.Var{Name: fmt.Sprintf("lb%d_%s", d, s.Name), Type: kernelir.Int(8), Role: kernelir.RDesc})
		a.Stride = append(a.Stride, &kernelir.Var{Name: fmt.Sprintf("sm%d_%s", d, s.Name), Type: kernelir.Int(8), Role: kernelir.RDesc})
		a.Extent = append(a.Extent, &kernelir.Var{Name: fmt.Sprintf("ex%d_%s", d, s.Name), Type: kernelir.Int(8), Role: kernelir.RDesc})
	}
	b.arrays[s] = a
	return a
}

func (b *kirBuilder) scalar(s *frontend.Symbol, role kernelir.Role, space kernelir.Space) *kernelir.Var {
	t, ok := kirType(s.Type)
	if !ok {
		b.unsupportedHeader(s.Pos, "the variable %s of type %s", s.Name, s.Type)
		t = kernelir.Int(1)
	}
	return &kernelir.Var{Name: s.Name, Type: t, Role: role, Space: space}
}

var kirSpaces = map[ParamKind]kernelir.Space{ScalarIn: kernelir.ByValue, ScalarOut: kernelir.SharedOut, ReduceParam: kernelir.Reduction, LastParam: kernelir.LastValue}

func (b *kirBuilder) buildHeader() {
	k := b.k
	if k.Grouped {
		b.unsupportedHeader(k.Do.Pos, "a nested loop shared out among the threads of a block")
	}
	if len(k.Elems) > 0 {
		b.unsupportedHeader(k.Do.Pos, "the element tables of %s(:)%%%s", k.Elems[0].Array.Name, k.Elems[0].Comp.Name)
	}
	for _, p := range k.Params {
		s := p.Sym
		if s.Type.Base == frontend.TyDerived {
			// (Of a type with data the C struct mirrors; its values with
			// allocatable components are the host's, hostvalue.go.)
			switch {
			case s.Type.Derived == nil || s.Type.Class || EmptyType(s.Type.Derived):
				b.unsupportedHeader(k.Do.Pos, "the derived-type parameter %s", s.Name)
			case IsHeapType(s.Type) || CarriesDescriptors(s.Type.Derived):
				b.unsupportedHeader(k.Do.Pos, "the derived-type parameter %s with allocatable components", s.Name)
			}
		}
		if p.Kind == ArrayParam {
			if p.ElemsOnly {
				continue // (its element tables: unsupported above)
			}
			a := b.array(s, false)
			b.ir.Params = append(b.ir.Params, &kernelir.Param{Name: s.Name, Space: kernelir.Global, Type: a.Elem, Array: a, Written: p.Written})
			continue
		}
		space := kirSpaces[p.Kind]
		v := b.scalar(s, kernelir.RParam, space)
		ip := &kernelir.Param{Name: s.Name, Space: space, Type: v.Type, Var: v}
		switch p.Kind {
		case ReduceParam:
			ip.Op = p.Op
		case ScalarOut, LastParam:
			ip.Flag = &kernelir.Var{Name: s.Name, Type: kernelir.Flag, Role: kernelir.RFlag}
			b.flags[s] = ip.Flag
		}
		b.ir.Params = append(b.ir.Params, ip)
		if p.Kind == ScalarIn {
			b.params[s] = v
			if isLocalOf(k, s) {
				continue // local_init: the body names the local
			}
		}
		b.vars[s] = v
	}
	loopOf := indexLoops(k)
	for d, ix := range k.Indices {
		v := b.scalar(ix, kernelir.RIndex, 0)
		b.vars[ix] = v
		b.ir.Dims = append(b.ir.Dims, &kernelir.Dim{Index: v, Loop: loopOf[d],
			Lower: &kernelir.Ref{Var: b.launch(fmt.Sprintf("lo%d", d+1))}, Upper: &kernelir.Ref{Var: b.launch(fmt.Sprintf("hi%d", d+1))}, Step: &kernelir.Ref{Var: b.launch(fmt.Sprintf("st%d", d+1))}})
	}
	if len(k.Order) == len(k.Indices) && len(k.Order) > 0 {
		// The index mapping the mapping pass decided (rules/mapping.mg).
		b.ir.Mapping.Order = append([]int(nil), k.Order...)
	}
	for d, s := range k.Serial {
		v := b.scalar(s.Sym, kernelir.RIndex, 0)
		b.vars[s.Sym] = v
		b.ir.Serial = append(b.ir.Serial, &kernelir.Dim{Index: v,
			Lower: &kernelir.Ref{Var: b.launch(fmt.Sprintf("slo%d", d+1))}, Upper: &kernelir.Ref{Var: b.launch(fmt.Sprintf("shi%d", d+1))}, Step: &kernelir.Ref{Var: b.launch(fmt.Sprintf("sst%d", d+1))}})
	}
	b.ir.Workspaces = len(k.Workspaces)
	for _, w := range k.Workspaces {
		if w.Call != nil {
			b.unsupportedHeader(k.Do.Pos, "the workspace array of a call's automatic local %s", w.Sym.Name)
		}
	}
	for _, l := range k.Locals {
		s := l.Sym
		if s.Rank > 0 {
			a := b.array(s, true)
			loc := &kernelir.Local{Array: a}
			if w := k.WorkspaceOf(s); w != nil {
				loc.Workspace = w.Slot + 1
			} else if !FixedShape(s) {
				b.unsupportedHeader(s.Pos, "the array %s of the iteration of a shape not constant", s.Name)
			}
			b.ir.Locals = append(b.ir.Locals, loc)
			continue
		}
		if IsHeapType(s.Type) {
			b.unsupportedHeader(s.Pos, "the local %s with allocatable components", s.Name)
		}
		v := b.scalar(s, kernelir.RLocal, 0)
		loc := &kernelir.Local{Var: v}
		if l.InitFrom {
			loc.Init = b.params[s]
		}
		b.vars[s] = v
		b.ir.Locals = append(b.ir.Locals, loc)
	}
	for _, s := range b.plan.StopSites {
		b.sites[s.Stmt] = s
	}
	frontend.InspectStmts(k.Body, func(n frontend.Node) bool {
		if s, ok := n.(*frontend.StopStmt); ok {
			if site := b.sites[s]; site != nil {
				b.ir.Stops = append(b.ir.Stops, kernelir.StopSite{ID: site.ID, Pos: kirPos(site.Pos)})
			}
		}
		return true
	})
}

// isLocalOf reports s among k's locals.
func isLocalOf(k *Kernel, s *frontend.Symbol) bool {
	for _, l := range k.Locals {
		if l.Sym == s {
			return true
		}
	}
	return false
}

// indexLoops gives, for each index of k, the loop of the nest it is of (0
// the kernel's own, 1.. the combined loops).
func indexLoops(k *Kernel) []int {
	out := make([]int, len(k.Indices))
	d := 0
	for l, c := range append([]*frontend.Construct{k.Loop}, k.Combined...) {
		if c.Scope == nil {
			continue
		}
		for _, ix := range c.Head.(*frontend.DoStmt).Concurrent.Indices {
			if c.Scope.Local(ix.Name) != nil && d < len(out) {
				out[d] = l
				d++
			}
		}
	}
	return out
}
