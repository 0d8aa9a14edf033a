package frontend

// This file declares the intrinsic procedure table's interface. The table
// itself is in intrinsic_table.go.

// IntrinsicClass classifies an intrinsic procedure as the standard does.
type IntrinsicClass int

const (
	IntrElemental        IntrinsicClass = iota // elemental function
	IntrInquiry                                // inquiry function (size, kind, allocated, ...)
	IntrTransformational                       // transformational function (sum, matmul, reshape, ...)
	IntrSubroutine                             // subroutine (cpu_time, random_number, ...)
	IntrElementalSub                           // elemental subroutine (mvbits)
)

// IntrinsicArg is a dummy argument of an intrinsic.
type IntrinsicArg struct {
	Name     string // keyword name, lower case
	Optional bool
	// Variadic marks the last dummy of max/min-like intrinsics: any number of
	// further positional arguments (a3, a4, ...) of the same kind.
	Variadic bool
}

// ArgInfo describes one actual argument after it was matched to a dummy,
// in the order of Intrinsic.Args (then variadic extras).
type ArgInfo struct {
	Present bool
	Type    Type
	Rank    int
	Const   *Value // non-nil when the actual argument is a constant expression
}

// Intrinsic describes one intrinsic procedure.
type Intrinsic struct {
	Name  string
	Class IntrinsicClass
	Args  []IntrinsicArg
	// Result gives the result type and rank for matched arguments (absent
	// optional arguments have Present == false). Nil for subroutines. It
	// returns an error message (no position) for arguments of wrong types.
	Result func(args []ArgInfo) (Type, int, error)
	// Fold computes the value when the arguments are constants and the
	// function may appear in a constant expression; nil or false otherwise.
	Fold func(args []ArgInfo) (Value, bool)
	// Impure marks the non-pure intrinsics (random_number, cpu_time,
	// system_clock, date_and_time, execute_command_line, get_command, ...).
	Impure bool
}
