// Package kernelir is fgpu's kernel IR: one offloaded loop as a data
// structure that passes transform and printers print (issue 28). It holds
// what a kernel is -- its parameters with their address spaces, the
// iteration space and its mapping onto threads, the iteration's locals and
// workspaces, reductions and stop sites -- and its body as typed
// statements and expressions with every conversion explicit, so that a
// printer writes each node one way and never asks a question of the
// Fortran program. It imports nothing of fgpu's: lowering builds it
// (lowering/kir*.go), the emitters print it (emit/cxx).
//
// A kernel the builder cannot translate completely holds Unsupported nodes
// (Kernel.Complete reports none). While the legacy kernel writer still
// prints such kernels this is not an error; once the builder covers every
// construct, an Unsupported node becomes the "not yet implemented" error
// of its construct, raised by the builder and nowhere else.
package kernelir

import "fmt"

// Pos is a source position (file, line, column; 1-based).
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Base is the class of a scalar type.
type Base int

const (
	Invalid Base = iota
	Integer      // integer(Kind): Kind bytes, two's complement
	Logical      // logical(Kind): a truth value; stored as an integer of Kind bytes holding 0 or 1
	Real         // real(Kind): 4 or 8
	Complex      // complex(Kind): two reals of Kind bytes
	Struct       // a derived type mirrored by a C struct, by name
	Bool         // a flag of fgpu's own (the write flags of shared scalars), not a Fortran type
)

// Type is a scalar type (an array's is its element type).
type Type struct {
	Base   Base
	Kind   int
	Struct string // Struct: the C struct's name
}

// Int, Log, Re, Cx are the types of integer, logical, real and complex of
// a kind.
func Int(kind int) Type { return Type{Base: Integer, Kind: kind} }
func Log(kind int) Type { return Type{Base: Logical, Kind: kind} }
func Re(kind int) Type  { return Type{Base: Real, Kind: kind} }
func Cx(kind int) Type  { return Type{Base: Complex, Kind: kind} }

// Flag is the type of fgpu's flags.
var Flag = Type{Base: Bool}

func (t Type) String() string {
	switch t.Base {
	case Integer:
		return fmt.Sprintf("i%d", t.Kind*8)
	case Logical:
		return fmt.Sprintf("l%d", t.Kind*8)
	case Real:
		return fmt.Sprintf("r%d", t.Kind*8)
	case Complex:
		return fmt.Sprintf("c%d", t.Kind*16)
	case Struct:
		return "struct " + t.Struct
	case Bool:
		return "flag"
	}
	return "invalid"
}

// Valid reports a type a kernel can hold.
func (t Type) Valid() bool {
	switch t.Base {
	case Integer, Logical:
		return t.Kind == 1 || t.Kind == 2 || t.Kind == 4 || t.Kind == 8
	case Real, Complex:
		return t.Kind == 4 || t.Kind == 8
	case Struct:
		return t.Struct != ""
	case Bool:
		return true
	}
	return false
}

// Numeric reports integer, real and complex.
func (t Type) Numeric() bool { return t.Base == Integer || t.Base == Real || t.Base == Complex }

// Truth reports a type whose values are truth values (logical, flag).
func (t Type) Truth() bool { return t.Base == Logical || t.Base == Bool }

// Space is where a parameter's storage is and how the kernel receives it.
type Space int

const (
	Global    Space = iota // an array in a device buffer (descriptor: Array)
	ByValue                // a scalar the kernel only reads, copied at the launch
	Reduction              // a reduce variable: each thread accumulates, combined at the end (Op)
	LastValue              // a scalar of the iterations whose value after the loop is the sequentially last writer's
	SharedOut              // a scalar written back by the iterations that wrote it (by reference)
)

func (s Space) String() string {
	switch s {
	case Global:
		return "global"
	case ByValue:
		return "value"
	case Reduction:
		return "reduce"
	case LastValue:
		return "last"
	case SharedOut:
		return "shared_out"
	}
	return fmt.Sprintf("space(%d)", int(s))
}

// Role is what a variable is to the kernel.
type Role int

const (
	RIndex  Role = iota // an index of the iteration space (or a serial index)
	RParam              // the scalar of a parameter (ByValue, Reduction, LastValue, SharedOut)
	RLocal              // private to the iteration (a local, a DO variable)
	RLaunch             // a value the launch computes (the iteration space's bounds)
	RDesc               // a part of an array's descriptor (lower bound, byte stride, extent)
	RFlag               // a write flag of a LastValue or SharedOut parameter
	RAlias              // another name of a variable or element (an associate name: Temp.Init is the designator)
)

var roleNames = [...]string{"index", "param", "local", "launch", "desc", "flag", "alias"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("role(%d)", int(r))
}

// Var is a scalar variable. Variables are identified by pointer; Name is
// the source's name (RDesc and RLaunch: the launch's own name).
type Var struct {
	Name  string
	Type  Type
	Role  Role
	Space Space // RParam: the parameter's space
}

// Array is an array with an explicit descriptor: its element at
// subscripts (s1, ..., sn) is at byte Base + sum (sd - Lower[d]) *
// Stride[d]; Extent[d] is the extent of dimension d.
type Array struct {
	Name                  string
	Elem                  Type
	Rank                  int
	Lower, Stride, Extent []*Var // RDesc, int64
	// Local: an array of the iteration (a constant shape, or a slice of a
	// workspace); else a parameter's device buffer.
	Local bool
}

// Param is a kernel parameter.
type Param struct {
	Name    string
	Space   Space
	Type    Type   // the element type of an array
	Array   *Array // Global
	Var     *Var   // a scalar's variable
	Flag    *Var   // LastValue, SharedOut: set by the iterations that write it
	Op      string // Reduction: + * max min iand ior ieor .and. .or. .eqv. .neqv.
	Written bool   // Global: the kernel writes the buffer
}

// Dim is one dimension of the iteration space: Index runs from Lower to
// Upper by Step (the launch evaluates them).
type Dim struct {
	Index              *Var
	Lower, Upper, Step Expr
	// Loop is the loop of the nest the index is of: 0 the kernel's, 1..
	// the loops combined with it, outermost first (gfortran's order of
	// the iterations: the first index of a header fastest, an inner
	// loop's indices faster than an outer's).
	Loop int
}

// Mapping is how the iteration space is laid onto the machine: Order is a
// permutation of the dims, fastest first (the dim consecutive threads or
// lanes take, the CPU's innermost loop). A nil Order leaves the choice to
// the backend (the passes of issue 30 decide it).
type Mapping struct {
	Order []int
}

// Local is a variable or array private to the iteration.
type Local struct {
	Var   *Var   // a scalar
	Array *Array // an array of a constant shape or a workspace slice
	// Init: local_init, the value the parameter had before the loop.
	Init *Var
	// Workspace: the array is a slice of workspace Workspace (1-based; 0 none).
	Workspace int
}

// StopSite is a stop or error stop the kernel reaches, numbered over the
// program.
type StopSite struct {
	ID  int
	Pos Pos
}

// Kernel is one offloaded loop.
type Kernel struct {
	Name    string
	Pos     Pos
	Params  []*Param
	Dims    []*Dim
	Mapping Mapping
	// Serial are the indices run in order inside each thread, as loops
	// around the body, outermost first.
	Serial []*Dim
	Locals []*Local
	// Workspaces is the number of workspace buffers the launch sizes.
	Workspaces int
	// Masks are the masks of the loop and its combined loops, outermost
	// first: an iteration for which one is false does nothing.
	Masks   []Expr
	Body    []Stmt
	CanStop bool
	Stops   []StopSite
	// Launch are the RLaunch variables (the Dims' and Serial's bounds).
	Launch []*Var
	// Complete: the builder translated every construct (no Unsupported
	// node: Verify checks it); printers print only complete kernels.
	Complete bool
}

// Unsupported lists the kernel's Unsupported nodes, in body order.
func (k *Kernel) Unsupported() []*Unsupported {
	var out []*Unsupported
	for _, m := range k.Masks {
		WalkExpr(m, func(e Expr) {
			if u, ok := e.(*Unsupported); ok {
				out = append(out, u)
			}
		})
	}
	WalkStmts(k.Body, func(s Stmt) {
		if u, ok := s.(*Unsupported); ok {
			out = append(out, u)
		}
	}, func(e Expr) {
		if u, ok := e.(*Unsupported); ok {
			out = append(out, u)
		}
	})
	return out
}
