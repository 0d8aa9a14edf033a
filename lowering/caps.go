package lowering

// What kernels can hold: the one declaration that the verifier (verify.go)
// checks loops against and the emitter (emit/) generates from. A test in
// emit (TestKernelCapabilities) builds a loop for every entry and fails
// when the emitter cannot generate it, and when the emitter would
// generate an intrinsic this table does not list.

// IntrinsicCap is how kernels hold one intrinsic function.
type IntrinsicCap struct {
	// Args is the argument list of a call the capability test makes, a
	// letter an argument: r real(8), f real(4), i integer, c complex(8),
	// l logical, a real(8) array, m logical array, k the constant 1 (a
	// DIM), M a real(8) 4x4 matrix, n the constant 3, s the shape [2, 2].
	Args string
	// Result: 'n' numeric (assigned to a real(8) in the test), 'c'
	// complex, 'l' logical, 'A' a real(8) array (computed into an array of
	// the iteration before the statement, lowering.NeedsTemp; the test
	// weighs its elements by their positions and sums them).
	Result byte
	// Shape is the shape of an 'A' result in the test's call ("4", "3,4").
	Shape string
	// Reduction: a transformational intrinsic computed in a sequential
	// loop over its array argument (whole result, no DIM or MASK), in
	// array element order as gfortran does.
	Reduction bool
	// Folded: an inquiry the front end always folds to a constant; kernels
	// never see the call.
	Folded bool
}

// KernelIntrinsics are the intrinsic functions kernels may call.
var KernelIntrinsics = map[string]IntrinsicCap{
	"abs": {Args: "r", Result: 'n'}, "iabs": {Args: "i", Result: 'n'}, "dabs": {Args: "r", Result: 'n'},
	"sqrt": {Args: "r", Result: 'n'}, "dsqrt": {Args: "r", Result: 'n'},
	"exp": {Args: "r", Result: 'n'}, "dexp": {Args: "r", Result: 'n'},
	"log": {Args: "r", Result: 'n'}, "dlog": {Args: "r", Result: 'n'}, "log10": {Args: "r", Result: 'n'},
	"sin": {Args: "r", Result: 'n'}, "dsin": {Args: "r", Result: 'n'},
	"cos": {Args: "r", Result: 'n'}, "dcos": {Args: "r", Result: 'n'},
	"tan": {Args: "r", Result: 'n'}, "asin": {Args: "r", Result: 'n'}, "acos": {Args: "r", Result: 'n'},
	"atan": {Args: "r", Result: 'n'}, "atan2": {Args: "rr", Result: 'n'},
	"sinh": {Args: "r", Result: 'n'}, "cosh": {Args: "r", Result: 'n'}, "tanh": {Args: "r", Result: 'n'},
	"erf": {Args: "r", Result: 'n'}, "erfc": {Args: "r", Result: 'n'}, "hypot": {Args: "rr", Result: 'n'},
	"gamma": {Args: "r", Result: 'n'}, "log_gamma": {Args: "r", Result: 'n'},
	"min": {Args: "rr", Result: 'n'}, "max": {Args: "rr", Result: 'n'},
	"mod": {Args: "ii", Result: 'n'}, "modulo": {Args: "rr", Result: 'n'}, "sign": {Args: "rr", Result: 'n'},
	"dim": {Args: "rr", Result: 'n'},
	"int": {Args: "r", Result: 'n'}, "ifix": {Args: "f", Result: 'n'}, "idint": {Args: "r", Result: 'n'},
	"nint": {Args: "r", Result: 'n'}, "floor": {Args: "r", Result: 'n'}, "ceiling": {Args: "r", Result: 'n'},
	"real": {Args: "i", Result: 'n'}, "dble": {Args: "i", Result: 'n'}, "float": {Args: "i", Result: 'n'},
	"sngl": {Args: "r", Result: 'n'}, "aint": {Args: "r", Result: 'n'}, "anint": {Args: "r", Result: 'n'},
	"merge": {Args: "rrl", Result: 'n'},
	"iand":  {Args: "ii", Result: 'n'}, "ior": {Args: "ii", Result: 'n'}, "ieor": {Args: "ii", Result: 'n'},
	"not": {Args: "i", Result: 'n'}, "ishft": {Args: "ii", Result: 'n'}, "btest": {Args: "ii", Result: 'l'},
	"ibset": {Args: "ii", Result: 'n'}, "ibclr": {Args: "ii", Result: 'n'},
	"size": {Args: "a", Result: 'n'}, "lbound": {Args: "ak", Result: 'n'}, "ubound": {Args: "ak", Result: 'n'},
	"shape": {Args: "a", Result: 'A', Shape: "1"},
	"huge":  {Args: "r", Result: 'n', Folded: true}, "tiny": {Args: "r", Result: 'n', Folded: true},
	"epsilon": {Args: "r", Result: 'n', Folded: true}, "kind": {Args: "r", Result: 'n', Folded: true},
	"aimag": {Args: "c", Result: 'n'}, "dimag": {Args: "c", Result: 'n'},
	"conjg": {Args: "c", Result: 'c'}, "dconjg": {Args: "c", Result: 'c'},
	"cmplx": {Args: "rr", Result: 'c'}, "dcmplx": {Args: "rr", Result: 'c'},
	"sum": {Args: "a", Result: 'n', Reduction: true}, "product": {Args: "a", Result: 'n', Reduction: true},
	"maxval": {Args: "a", Result: 'n', Reduction: true}, "minval": {Args: "a", Result: 'n', Reduction: true},
	"count": {Args: "m", Result: 'n', Reduction: true}, "any": {Args: "m", Result: 'l', Reduction: true},
	"all": {Args: "m", Result: 'l', Reduction: true}, "dot_product": {Args: "aa", Result: 'n', Reduction: true},
	"norm2":  {Args: "a", Result: 'n', Reduction: true},
	"maxloc": {Args: "ak", Result: 'n', Reduction: true}, "minloc": {Args: "ak", Result: 'n', Reduction: true},
	"matmul": {Args: "Ma", Result: 'A', Shape: "4"}, "transpose": {Args: "M", Result: 'A', Shape: "4,4"},
	"spread": {Args: "akn", Result: 'A', Shape: "3,4"}, "reshape": {Args: "as", Result: 'A', Shape: "2,2"},
	"cshift": {Args: "ak", Result: 'A', Shape: "4"}, "eoshift": {Args: "ak", Result: 'A', Shape: "4"},
}

// KernelIntrinsic reports whether kernels hold the intrinsic function name.
func KernelIntrinsic(name string) bool {
	_, ok := KernelIntrinsics[name]
	return ok
}

// ArrayReduction reports whether name is an array reduction kernels
// compute in a loop (IntrinsicCap.Reduction).
func ArrayReduction(name string) bool { return KernelIntrinsics[name].Reduction }
