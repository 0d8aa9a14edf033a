package kernelir

// intrinsicArgs are the elemental intrinsics a kernel holds, by generic
// name, with their least and largest number of arguments (-1: any). The
// arguments are converted as the intrinsic takes them: the numeric ones
// to the result's type, except
//
//	int nint real floor ceiling   any numeric type (the conversion is the intrinsic's)
//	aimag cmplx(complex)          a complex
//	cmplx                          the real of the result's kind
//	abs(complex)                   a complex (the result is real)
//	ishft ibset ibclr btest        the shift or bit position as int64
//	btest                          the tested value of its own type
//	merge                          the mask is a truth value (the third argument)
//	size lbound ubound             (of Intrinsic.Array) a constant DIM as an int64 literal, or none
var intrinsicArgs = map[string][2]int{
	"abs": {1, 1}, "sqrt": {1, 1}, "exp": {1, 1}, "log": {1, 1}, "log10": {1, 1},
	"sin": {1, 1}, "cos": {1, 1}, "tan": {1, 1}, "asin": {1, 1}, "acos": {1, 1}, "atan": {1, 1},
	"sinh": {1, 1}, "cosh": {1, 1}, "tanh": {1, 1}, "erf": {1, 1}, "erfc": {1, 1},
	"gamma": {1, 1}, "log_gamma": {1, 1}, "aint": {1, 1}, "anint": {1, 1},
	"conjg": {1, 1}, "aimag": {1, 1}, "cmplx": {1, 2},
	"int": {1, 1}, "nint": {1, 1}, "real": {1, 1}, "floor": {1, 1}, "ceiling": {1, 1}, "not": {1, 1},
	"atan2": {2, 2}, "hypot": {2, 2}, "mod": {2, 2}, "modulo": {2, 2}, "sign": {2, 2}, "dim": {2, 2},
	"iand": {2, 2}, "ior": {2, 2}, "ieor": {2, 2}, "ishft": {2, 2}, "btest": {2, 2}, "ibset": {2, 2}, "ibclr": {2, 2},
	"min": {2, -1}, "max": {2, -1}, "merge": {3, 3},
	"size": {0, 1}, "lbound": {1, 1}, "ubound": {1, 1},
}

// KnownIntrinsic reports an intrinsic the IR holds (by generic name).
func KnownIntrinsic(name string) bool {
	_, ok := intrinsicArgs[name]
	return ok
}

// ArrayInquiry reports size, lbound and ubound (Intrinsic.Array).
func ArrayInquiry(name string) bool { return name == "size" || name == "lbound" || name == "ubound" }
