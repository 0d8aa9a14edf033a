package frontend

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Helpers building actual arguments.

// ai is a non-constant argument of a type and rank.
func ai(t Type, rank int) ArgInfo { return ArgInfo{Present: true, Type: t, Rank: rank} }

// ac is a constant argument.
func ac(v Value) ArgInfo {
	return ArgInfo{Present: true, Type: v.Type, Rank: len(v.Shape), Const: &v}
}

var absent = ArgInfo{}

func ik(i int64, k int) Value   { return Value{Type: Type{Base: TyInteger, Kind: k}, Int: i} }
func rk(f float64, k int) Value { return RealValue(f, k) }
func lv(b bool) Value           { return LogicalValue(b) }
func sv(s string) Value         { return StringValue(s) }
func boz(i int64) Value         { return Value{Type: BOZType, Int: i} }

// arr builds a constant array of the elements' type.
func arr(shape []int, elems ...Value) Value {
	t := UnknownType
	if len(elems) > 0 {
		t = elems[0].Type
	}
	return Value{Type: t, Elems: elems, Shape: shape}
}

func ints(k int, xs ...int64) []Value {
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = ik(x, k)
	}
	return out
}

var (
	i1      = Type{Base: TyInteger, Kind: 1}
	i2      = Type{Base: TyInteger, Kind: 2}
	r10     = Type{Base: TyReal, Kind: 10}
	r16     = Type{Base: TyReal, Kind: 16}
	l1      = Type{Base: TyLogical, Kind: 1}
	charU   = Type{Base: TyCharacter, Kind: 1, Len: LenUnknown}
	char10  = CharTypeLen(10)
	derived = Type{Base: TyDerived, Derived: &DerivedType{Name: "t"}}
)

func TestIntrinsicTableEntries(t *testing.T) {
	names := IntrinsicNames()
	if len(names) < 180 {
		t.Errorf("only %d intrinsics", len(names))
	}
	seen := map[string]bool{}
	for _, n := range names {
		in := LookupIntrinsic(n)
		if in == nil || in.Name != n {
			t.Errorf("%s: lookup mismatch", n)
			continue
		}
		if n != strings.ToLower(n) || strings.TrimSpace(n) != n || n == "" {
			t.Errorf("%q: name not lower case", n)
		}
		if seen[n] {
			t.Errorf("%s: duplicate", n)
		}
		seen[n] = true
		sub := in.Class == IntrSubroutine || in.Class == IntrElementalSub
		if sub && (in.Result != nil || in.Fold != nil) {
			t.Errorf("%s: subroutine with Result or Fold", n)
		}
		if !sub && in.Result == nil {
			t.Errorf("%s: function without Result", n)
		}
		args := map[string]bool{}
		for i, a := range in.Args {
			if a.Name == "" || a.Name != strings.ToLower(a.Name) || args[a.Name] {
				t.Errorf("%s: bad dummy name %q", n, a.Name)
			}
			args[a.Name] = true
			if a.Variadic && i != len(in.Args)-1 {
				t.Errorf("%s: variadic dummy not last", n)
			}
		}
	}
	if LookupIntrinsic("nosuch") != nil || LookupIntrinsic("SQRT") != nil {
		t.Error("lookup of a non-intrinsic")
	}
	for _, n := range []string{"sqrt", "matmul", "cpu_time", "mvbits", "c_loc", "compiler_version", "dfloat", "iargc", "getarg", "and", "findloc", "random_init", "selected_char_kind"} {
		if LookupIntrinsic(n) == nil {
			t.Errorf("%s missing", n)
		}
	}
	if !LookupIntrinsic("random_number").Impure || LookupIntrinsic("sqrt").Impure || LookupIntrinsic("move_alloc").Impure {
		t.Error("impure flags")
	}
	if LookupIntrinsic("mvbits").Class != IntrElementalSub {
		t.Error("mvbits class")
	}
}

func TestIntrinsicResult(t *testing.T) {
	tests := []struct {
		name  string
		args  []ArgInfo
		want  Type
		rank  int
		isErr bool
	}{
		{"sqrt", []ArgInfo{ai(RealType, 0)}, RealType, 0, false},
		{"sqrt", []ArgInfo{ai(DoubleType, 2)}, DoubleType, 2, false},
		{"sqrt", []ArgInfo{ai(DComplexTy, 1)}, DComplexTy, 1, false},
		{"sqrt", []ArgInfo{ai(IntType, 0)}, UnknownType, 0, true},
		{"sqrt", []ArgInfo{ai(UnknownType, 1)}, UnknownType, 1, false},
		{"sqrt", []ArgInfo{ai(RealType, -1)}, RealType, -1, false},
		{"sqrt", nil, UnknownType, 0, true},
		{"sqrt", []ArgInfo{ai(RealType, 0), ai(RealType, 0)}, UnknownType, 0, true},
		{"abs", []ArgInfo{ai(DComplexTy, 1)}, DoubleType, 1, false},
		{"abs", []ArgInfo{ai(i2, 0)}, i2, 0, false},
		{"abs", []ArgInfo{ai(LogicalType, 0)}, UnknownType, 0, true},
		{"int", []ArgInfo{ai(DoubleType, 3)}, IntType, 3, false},
		{"int", []ArgInfo{ai(RealType, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"int", []ArgInfo{ai(RealType, 0), ac(ik(3, 4))}, UnknownType, 0, true},
		{"int", []ArgInfo{ac(boz(255))}, IntType, 0, false},
		{"real", []ArgInfo{ai(IntType, 1)}, RealType, 1, false},
		{"real", []ArgInfo{ai(DoubleType, 0)}, RealType, 0, false},
		{"real", []ArgInfo{ai(DComplexTy, 0)}, DoubleType, 0, false},
		{"real", []ArgInfo{ai(IntType, 0), ac(ik(8, 4))}, DoubleType, 0, false},
		{"real", []ArgInfo{ac(boz(1))}, RealType, 0, false},
		{"dble", []ArgInfo{ai(IntType, 2)}, DoubleType, 2, false},
		{"cmplx", []ArgInfo{ai(DoubleType, 0), ai(DoubleType, 0)}, ComplexType, 0, false},
		{"cmplx", []ArgInfo{ai(RealType, 1), ai(RealType, 0), ac(ik(8, 4))}, DComplexTy, 1, false},
		{"cmplx", []ArgInfo{ai(RealType, 0), absent, ac(ik(8, 4))}, DComplexTy, 0, false},
		{"dcmplx", []ArgInfo{ai(RealType, 0)}, DComplexTy, 0, false},
		{"aimag", []ArgInfo{ai(DComplexTy, 0)}, DoubleType, 0, false},
		{"conjg", []ArgInfo{ai(RealType, 0)}, UnknownType, 0, true},
		{"nint", []ArgInfo{ai(DoubleType, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"floor", []ArgInfo{ai(RealType, 1)}, IntType, 1, false},
		{"mod", []ArgInfo{ai(IntType, 1), ai(IntType, 0)}, IntType, 1, false},
		{"mod", []ArgInfo{ai(LogicalType, 0), ai(LogicalType, 0)}, UnknownType, 0, true},
		{"mod", []ArgInfo{ai(IntType, 0), ai(RealType, 0)}, UnknownType, 0, true},
		{"sign", []ArgInfo{ai(DoubleType, 0), ai(DoubleType, 2)}, DoubleType, 2, false},
		{"max", []ArgInfo{ai(IntType, 0), ai(IntType, 1), ai(IntType, 2), ai(IntType, 0)}, IntType, 2, false},
		{"max", []ArgInfo{ai(RealType, 0), ai(DoubleType, 0)}, DoubleType, 0, false},
		{"max", []ArgInfo{ai(RealType, 0)}, UnknownType, 0, true},
		{"min", []ArgInfo{ai(CharTypeLen(3), 0), ai(CharTypeLen(5), 0)}, CharTypeLen(5), 0, false},
		{"amax1", []ArgInfo{ai(RealType, 0), ai(RealType, 0), ai(RealType, 0)}, RealType, 0, false},
		{"dmax1", []ArgInfo{ai(RealType, 0), ai(RealType, 0)}, UnknownType, 0, true},
		{"dsqrt", []ArgInfo{ai(DoubleType, 1)}, DoubleType, 1, false},
		{"float", []ArgInfo{ai(IntType, 0)}, RealType, 0, false},
		{"dprod", []ArgInfo{ai(RealType, 0), ai(RealType, 0)}, DoubleType, 0, false},
		{"atan", []ArgInfo{ai(DoubleType, 0), ai(DoubleType, 0)}, DoubleType, 0, false},
		{"atan2", []ArgInfo{ai(RealType, 1), ai(RealType, 1)}, RealType, 1, false},
		{"exponent", []ArgInfo{ai(DoubleType, 0)}, IntType, 0, false},
		{"iand", []ArgInfo{ai(Int8Type, 0), ai(Int8Type, 1)}, Int8Type, 1, false},
		{"iand", []ArgInfo{ac(boz(3)), ai(i2, 0)}, i2, 0, false},
		{"iand", []ArgInfo{ai(RealType, 0), ai(RealType, 0)}, UnknownType, 0, true},
		{"btest", []ArgInfo{ai(IntType, 1), ai(IntType, 0)}, LogicalType, 1, false},
		{"popcnt", []ArgInfo{ai(Int8Type, 0)}, IntType, 0, false},
		{"maskl", []ArgInfo{ai(IntType, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"and", []ArgInfo{ai(LogicalType, 0), ai(LogicalType, 0)}, LogicalType, 0, false},
		{"char", []ArgInfo{ai(IntType, 0)}, CharType, 0, false},
		{"achar", []ArgInfo{ai(IntType, 1)}, CharType, 1, false},
		{"ichar", []ArgInfo{ai(CharType, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"index", []ArgInfo{ai(char10, 0), ai(CharType, 0)}, IntType, 0, false},
		{"len", []ArgInfo{ai(char10, 2)}, IntType, 0, false},
		{"len", []ArgInfo{ai(IntType, 0)}, UnknownType, 0, true},
		{"len_trim", []ArgInfo{ai(char10, 1)}, IntType, 1, false},
		{"trim", []ArgInfo{ai(char10, 0)}, charU, 0, false},
		{"trim", []ArgInfo{ac(sv("ab  "))}, CharTypeLen(2), 0, false},
		{"adjustl", []ArgInfo{ai(char10, 1)}, char10, 1, false},
		{"repeat", []ArgInfo{ai(char10, 0), ac(ik(3, 4))}, CharTypeLen(30), 0, false},
		{"new_line", []ArgInfo{ai(char10, 0)}, CharType, 0, false},
		{"lge", []ArgInfo{ai(char10, 1), ai(char10, 0)}, LogicalType, 1, false},
		{"merge", []ArgInfo{ai(DoubleType, 1), ai(DoubleType, 1), ai(LogicalType, 1)}, DoubleType, 1, false},
		{"merge", []ArgInfo{ai(DoubleType, 0), ai(DoubleType, 0), ai(IntType, 0)}, UnknownType, 0, true},
		{"logical", []ArgInfo{ai(LogicalType, 1), ac(ik(1, 4))}, l1, 1, false},
		{"sum", []ArgInfo{ai(RealType, 3)}, RealType, 0, false},
		{"sum", []ArgInfo{ai(RealType, 3), ai(IntType, 0)}, RealType, 2, false},
		{"sum", []ArgInfo{ai(RealType, 1), ai(IntType, 0)}, RealType, 0, false},
		{"sum", []ArgInfo{ai(RealType, 2), ai(LogicalType, 2)}, RealType, 0, false},
		{"sum", []ArgInfo{ai(RealType, -1), ai(IntType, 0)}, RealType, -1, false},
		{"sum", []ArgInfo{ai(char10, 1)}, UnknownType, 0, true},
		{"sum", []ArgInfo{ai(RealType, 0)}, UnknownType, 0, true},
		{"sum", []ArgInfo{ai(RealType, 2), ac(ik(3, 4))}, UnknownType, 0, true},
		{"product", []ArgInfo{ai(DComplexTy, 2), absent, ai(LogicalType, 2)}, DComplexTy, 0, false},
		{"maxval", []ArgInfo{ai(IntType, 2), ac(ik(1, 4))}, IntType, 1, false},
		{"count", []ArgInfo{ai(LogicalType, 2), ai(IntType, 0), ac(ik(8, 4))}, Int8Type, 1, false},
		{"count", []ArgInfo{ai(IntType, 2)}, UnknownType, 0, true},
		{"any", []ArgInfo{ai(LogicalType, 2)}, LogicalType, 0, false},
		{"norm2", []ArgInfo{ai(DoubleType, 2), ai(IntType, 0)}, DoubleType, 1, false},
		{"maxloc", []ArgInfo{ai(RealType, 3)}, IntType, 1, false},
		{"maxloc", []ArgInfo{ai(RealType, 3), ai(IntType, 0)}, IntType, 2, false},
		{"minloc", []ArgInfo{ai(RealType, 2), absent, absent, ac(ik(8, 4))}, Int8Type, 1, false},
		{"findloc", []ArgInfo{ai(IntType, 2), ai(IntType, 0), ai(IntType, 0)}, IntType, 1, false},
		{"size", []ArgInfo{ai(RealType, 2)}, IntType, 0, false},
		{"size", []ArgInfo{ai(RealType, 2), ai(IntType, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"size", []ArgInfo{ai(RealType, -1)}, IntType, 0, false},
		{"shape", []ArgInfo{ai(RealType, 3)}, IntType, 1, false},
		{"lbound", []ArgInfo{ai(RealType, 3)}, IntType, 1, false},
		{"ubound", []ArgInfo{ai(RealType, 3), ai(IntType, 0)}, IntType, 0, false},
		{"kind", []ArgInfo{ai(DoubleType, 2)}, IntType, 0, false},
		{"huge", []ArgInfo{ai(Int8Type, 1)}, Int8Type, 0, false},
		{"huge", []ArgInfo{ai(LogicalType, 0)}, UnknownType, 0, true},
		{"epsilon", []ArgInfo{ai(DoubleType, 0)}, DoubleType, 0, false},
		{"epsilon", []ArgInfo{ai(IntType, 0)}, UnknownType, 0, true},
		{"digits", []ArgInfo{ai(RealType, 0)}, IntType, 0, false},
		{"storage_size", []ArgInfo{ai(derived, 0), ac(ik(8, 4))}, Int8Type, 0, false},
		{"selected_real_kind", []ArgInfo{ac(ik(15, 4))}, IntType, 0, false},
		{"allocated", []ArgInfo{ai(RealType, 2)}, LogicalType, 0, false},
		{"present", []ArgInfo{ai(derived, 0)}, LogicalType, 0, false},
		{"matmul", []ArgInfo{ai(RealType, 2), ai(RealType, 2)}, RealType, 2, false},
		{"matmul", []ArgInfo{ai(RealType, 1), ai(RealType, 2)}, RealType, 1, false},
		{"matmul", []ArgInfo{ai(Int8Type, 2), ai(RealType, 1)}, RealType, 1, false},
		{"matmul", []ArgInfo{ai(DoubleType, 2), ai(ComplexType, 2)}, DComplexTy, 2, false},
		{"matmul", []ArgInfo{ai(RealType, 1), ai(RealType, 1)}, UnknownType, 0, true},
		{"matmul", []ArgInfo{ai(RealType, 3), ai(RealType, 2)}, UnknownType, 0, true},
		{"matmul", []ArgInfo{ai(LogicalType, 2), ai(RealType, 2)}, UnknownType, 0, true},
		{"matmul", []ArgInfo{ai(RealType, -1), ai(RealType, 2)}, RealType, -1, false},
		{"dot_product", []ArgInfo{ai(IntType, 1), ai(DoubleType, 1)}, DoubleType, 0, false},
		{"dot_product", []ArgInfo{ai(IntType, 2), ai(IntType, 1)}, UnknownType, 0, true},
		{"transpose", []ArgInfo{ai(ComplexType, 2)}, ComplexType, 2, false},
		{"transpose", []ArgInfo{ai(ComplexType, 1)}, UnknownType, 0, true},
		{"reshape", []ArgInfo{ai(RealType, 1), ac(arr([]int{3}, ints(4, 2, 3, 4)...))}, RealType, 3, false},
		{"reshape", []ArgInfo{ai(RealType, 1), ai(IntType, 1)}, RealType, -1, false},
		{"spread", []ArgInfo{ai(RealType, 1), ai(IntType, 0), ai(IntType, 0)}, RealType, 2, false},
		{"pack", []ArgInfo{ai(IntType, 3), ai(LogicalType, 3)}, IntType, 1, false},
		{"unpack", []ArgInfo{ai(IntType, 1), ai(LogicalType, 2), ai(IntType, 0)}, IntType, 2, false},
		{"cshift", []ArgInfo{ai(RealType, 2), ai(IntType, 0)}, RealType, 2, false},
		{"transfer", []ArgInfo{ai(RealType, 0), ai(IntType, 0)}, IntType, 0, false},
		{"transfer", []ArgInfo{ai(RealType, 0), ai(i1, 1)}, i1, 1, false},
		{"transfer", []ArgInfo{ai(RealType, 2), ai(IntType, 0), ai(IntType, 0)}, IntType, 1, false},
		{"null", nil, UnknownType, -1, false},
		{"null", []ArgInfo{ai(RealType, 2)}, RealType, 2, false},
		{"bessel_jn", []ArgInfo{ai(IntType, 0), ai(DoubleType, 1)}, DoubleType, 1, false},
		{"bessel_jn", []ArgInfo{ai(IntType, 0), ai(IntType, 0), ai(DoubleType, 0)}, DoubleType, 1, false},
		{"c_associated", []ArgInfo{ai(derived, 0)}, LogicalType, 0, false},
		{"c_sizeof", []ArgInfo{ai(RealType, 0)}, Int8Type, 0, false},
		{"compiler_version", nil, charU, 0, false},
		{"this_image", nil, IntType, 0, false},
		{"command_argument_count", nil, IntType, 0, false},
		{"iargc", nil, IntType, 0, false},
		{"loc", []ArgInfo{ai(RealType, 1)}, Int8Type, 0, false},
		{"is_iostat_end", []ArgInfo{ai(IntType, 1)}, LogicalType, 1, false},
	}
	for _, tc := range tests {
		in := LookupIntrinsic(tc.name)
		if in == nil {
			t.Errorf("%s: not found", tc.name)
			continue
		}
		got, rank, err := in.Result(tc.args)
		if (err != nil) != tc.isErr {
			t.Errorf("%s%v: err = %v, want error %v", tc.name, tc.args, err, tc.isErr)
			continue
		}
		if tc.isErr {
			continue
		}
		if got.Base != tc.want.Base || got.Kind != tc.want.Kind || (got.Base == TyCharacter && got.Len != tc.want.Len) {
			t.Errorf("%s: type %v (len %d), want %v (len %d)", tc.name, got, got.Len, tc.want, tc.want.Len)
		}
		if rank != tc.rank {
			t.Errorf("%s: rank %d, want %d", tc.name, rank, tc.rank)
		}
	}
}

func TestCLocResult(t *testing.T) {
	old, oldF := cPtrType, cFunPtrType
	defer func() { cPtrType, cFunPtrType = old, oldF }()
	setIntrinsicModuleTypes(nil, nil)
	got, _, err := LookupIntrinsic("c_loc").Result([]ArgInfo{ai(RealType, 1)})
	if err != nil || got.Base != TyDerived || got.Derived != nil {
		t.Errorf("c_loc before setup: %v %v", got, err)
	}
	cp, cf := &DerivedType{Name: "c_ptr"}, &DerivedType{Name: "c_funptr"}
	setIntrinsicModuleTypes(cp, cf)
	if got, _, _ := LookupIntrinsic("c_loc").Result([]ArgInfo{ai(RealType, 1)}); got.Derived != cp {
		t.Errorf("c_loc: %v", got)
	}
	if got, _, _ := LookupIntrinsic("c_funloc").Result([]ArgInfo{ai(UnknownType, 0)}); got.Derived != cf {
		t.Errorf("c_funloc: %v", got)
	}
}

func TestIntrinsicFold(t *testing.T) {
	a23 := arr([]int{2, 3}, ints(4, 1, 2, 3, 4, 5, 6)...) // [[1,2],[3,4],[5,6]] column major
	m23 := arr([]int{2, 3}, lv(true), lv(false), lv(true), lv(true), lv(false), lv(true))
	tests := []struct {
		name string
		args []ArgInfo
		want string // Value.String(); "" means no fold
		typ  Type   // checked when Base != TyUnknown
	}{
		{"kind", []ArgInfo{ai(DoubleType, 0)}, "8", IntType},
		{"kind", []ArgInfo{ai(l1, 2)}, "1", IntType},
		{"kind", []ArgInfo{ai(char10, 0)}, "1", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(2, 4))}, "1", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(4, 4))}, "2", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(9, 4))}, "4", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(10, 4))}, "8", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(19, 4))}, "16", IntType},
		{"selected_int_kind", []ArgInfo{ac(ik(39, 4))}, "-1", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(6, 4))}, "4", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(15, 4)), ac(ik(307, 4))}, "8", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(18, 4))}, "10", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(33, 4))}, "16", IntType},
		{"selected_real_kind", []ArgInfo{absent, ac(ik(400, 4))}, "10", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(40, 4))}, "-1", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(1, 4)), ac(ik(5000, 4))}, "-2", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(40, 4)), ac(ik(5000, 4))}, "-3", IntType},
		{"selected_real_kind", []ArgInfo{ac(ik(4, 4)), absent, ac(ik(3, 4))}, "-5", IntType},
		{"selected_char_kind", []ArgInfo{ac(sv("ASCII"))}, "1", IntType},
		{"selected_char_kind", []ArgInfo{ac(sv("iso_10646"))}, "4", IntType},
		{"selected_char_kind", []ArgInfo{ac(sv("ebcdic"))}, "-1", IntType},
		{"huge", []ArgInfo{ai(IntType, 0)}, "2147483647", IntType},
		{"huge", []ArgInfo{ai(Int8Type, 1)}, "9223372036854775807", Int8Type},
		{"huge", []ArgInfo{ai(i1, 0)}, "127", i1},
		{"huge", []ArgInfo{ai(RealType, 0)}, "3.4028235e+38", RealType},
		{"huge", []ArgInfo{ai(DoubleType, 0)}, "1.7976931348623157e+308", DoubleType},
		{"huge", []ArgInfo{ai(Type{Base: TyInteger, Kind: 16}, 0)}, "", UnknownType},
		{"tiny", []ArgInfo{ai(RealType, 0)}, "1.1754944e-38", RealType},
		{"epsilon", []ArgInfo{ai(RealType, 0)}, "1.1920929e-07", RealType},
		{"epsilon", []ArgInfo{ai(DoubleType, 0)}, "2.220446049250313e-16", DoubleType},
		{"epsilon", []ArgInfo{ai(r16, 0)}, "1.925929944387236e-34", r16},
		{"digits", []ArgInfo{ai(DoubleType, 0)}, "53", IntType},
		{"digits", []ArgInfo{ai(IntType, 0)}, "31", IntType},
		{"precision", []ArgInfo{ai(r10, 0)}, "18", IntType},
		{"range", []ArgInfo{ai(Int8Type, 0)}, "18", IntType},
		{"range", []ArgInfo{ai(DoubleType, 0)}, "307", IntType},
		{"radix", []ArgInfo{ai(RealType, 0)}, "2", IntType},
		{"maxexponent", []ArgInfo{ai(RealType, 0)}, "128", IntType},
		{"minexponent", []ArgInfo{ai(DoubleType, 0)}, "-1021", IntType},
		{"bit_size", []ArgInfo{ai(i2, 0)}, "16", i2},
		{"storage_size", []ArgInfo{ai(r10, 0)}, "128", IntType},
		{"storage_size", []ArgInfo{ai(DComplexTy, 0)}, "128", IntType},
		{"storage_size", []ArgInfo{ai(char10, 0)}, "80", IntType},
		{"storage_size", []ArgInfo{ai(derived, 0)}, "", UnknownType},
		{"abs", []ArgInfo{ac(ik(-3, 4))}, "3", IntType},
		{"abs", []ArgInfo{ac(Value{Type: ComplexType, Cmplx: 3 + 4i})}, "5", RealType},
		{"max", []ArgInfo{ac(ik(1, 4)), ac(ik(7, 4)), ac(ik(3, 4))}, "7", IntType},
		{"max", []ArgInfo{ac(rk(1.5, 8)), ac(rk(-2, 8))}, "1.5", DoubleType},
		{"min", []ArgInfo{ac(ik(1, 4)), ai(IntType, 0)}, "", UnknownType},
		{"min", []ArgInfo{ac(sv("b")), ac(sv("abc"))}, `"abc"`, CharTypeLen(3)},
		{"mod", []ArgInfo{ac(ik(-7, 4)), ac(ik(3, 4))}, "-1", IntType},
		{"mod", []ArgInfo{ac(ik(7, 4)), ac(ik(0, 4))}, "", UnknownType},
		{"modulo", []ArgInfo{ac(ik(-7, 4)), ac(ik(3, 4))}, "2", IntType},
		{"modulo", []ArgInfo{ac(rk(-7, 8)), ac(rk(3, 8))}, "2", DoubleType},
		{"sign", []ArgInfo{ac(ik(5, 4)), ac(ik(-1, 4))}, "-5", IntType},
		{"dim", []ArgInfo{ac(ik(2, 4)), ac(ik(5, 4))}, "0", IntType},
		{"int", []ArgInfo{ac(rk(-2.7, 8))}, "-2", IntType},
		{"int", []ArgInfo{ac(rk(1e30, 8))}, "", UnknownType},
		{"int", []ArgInfo{ac(boz(255)), ac(ik(1, 4))}, "-1", i1},
		{"nint", []ArgInfo{ac(rk(2.5, 4))}, "3", IntType},
		{"nint", []ArgInfo{ac(rk(-2.5, 4))}, "-3", IntType},
		{"floor", []ArgInfo{ac(rk(-2.5, 4))}, "-3", IntType},
		{"ceiling", []ArgInfo{ac(rk(2.1, 4))}, "3", IntType},
		{"real", []ArgInfo{ac(ik(3, 4))}, "3", RealType},
		{"real", []ArgInfo{ac(rk(0.1, 8))}, "0.1", RealType},
		{"real", []ArgInfo{ac(boz(0x3F800000))}, "1", RealType},
		{"dble", []ArgInfo{ac(ik(2, 4))}, "2", DoubleType},
		{"cmplx", []ArgInfo{ac(ik(1, 4)), ac(rk(2, 4))}, "(1,2)", ComplexType},
		{"sqrt", []ArgInfo{ac(rk(4, 8))}, "2", DoubleType},
		{"sqrt", []ArgInfo{ac(rk(2, 4))}, "1.4142135", RealType},
		{"sqrt", []ArgInfo{ac(rk(-1, 8))}, "", UnknownType},
		{"exp", []ArgInfo{ac(rk(0, 8))}, "1", DoubleType},
		{"log", []ArgInfo{ac(rk(1, 8))}, "0", DoubleType},
		{"atan", []ArgInfo{ac(rk(1, 8)), ac(rk(1, 8))}, "0.7853981633974483", DoubleType},
		{"atan2", []ArgInfo{ac(rk(0, 8)), ac(rk(-1, 8))}, "3.141592653589793", DoubleType},
		{"acos", []ArgInfo{ac(rk(-1, 8))}, "3.141592653589793", DoubleType},
		{"sin", []ArgInfo{ac(arr([]int{2}, rk(0, 8), rk(0, 8)))}, "[0, 0]", DoubleType},
		{"ishft", []ArgInfo{ac(ik(1, 4)), ac(ik(31, 4))}, "-2147483648", IntType},
		{"ishft", []ArgInfo{ac(ik(-1, 4)), ac(ik(-28, 4))}, "15", IntType},
		{"ishft", []ArgInfo{ac(ik(1, 1)), ac(ik(7, 4))}, "-128", i1},
		{"ishftc", []ArgInfo{ac(ik(5, 1)), ac(ik(3, 4)), ac(ik(4, 4))}, "10", i1},
		{"iand", []ArgInfo{ac(ik(12, 4)), ac(ik(10, 4))}, "8", IntType},
		{"ior", []ArgInfo{ac(boz(1)), ac(ik(2, 8))}, "3", Int8Type},
		{"ieor", []ArgInfo{ac(ik(12, 4)), ac(ik(10, 4))}, "6", IntType},
		{"not", []ArgInfo{ac(ik(0, 4))}, "-1", IntType},
		{"ibset", []ArgInfo{ac(ik(0, 4)), ac(ik(3, 4))}, "8", IntType},
		{"ibclr", []ArgInfo{ac(ik(15, 4)), ac(ik(0, 4))}, "14", IntType},
		{"ibset", []ArgInfo{ac(ik(0, 4)), ac(ik(40, 4))}, "", UnknownType},
		{"btest", []ArgInfo{ac(ik(8, 4)), ac(ik(3, 4))}, ".true.", LogicalType},
		{"ibits", []ArgInfo{ac(ik(0xF0, 4)), ac(ik(4, 4)), ac(ik(3, 4))}, "7", IntType},
		{"popcnt", []ArgInfo{ac(ik(-1, 8))}, "64", IntType},
		{"leadz", []ArgInfo{ac(ik(1, 4))}, "31", IntType},
		{"trailz", []ArgInfo{ac(ik(8, 2))}, "3", IntType},
		{"maskl", []ArgInfo{ac(ik(1, 4))}, "-2147483648", IntType},
		{"shifta", []ArgInfo{ac(ik(-8, 4)), ac(ik(2, 4))}, "-2", IntType},
		{"len", []ArgInfo{ai(char10, 1)}, "10", IntType},
		{"len", []ArgInfo{ai(charU, 0)}, "", UnknownType},
		{"len_trim", []ArgInfo{ac(sv("ab  "))}, "2", IntType},
		{"trim", []ArgInfo{ac(sv(" ab  "))}, `" ab"`, CharTypeLen(3)},
		{"adjustl", []ArgInfo{ac(sv("  ab"))}, `"ab  "`, CharTypeLen(4)},
		{"adjustr", []ArgInfo{ac(sv("ab  "))}, `"  ab"`, CharTypeLen(4)},
		{"char", []ArgInfo{ac(ik(65, 4))}, `"A"`, CharType},
		{"achar", []ArgInfo{ac(ik(10, 4))}, `"\n"`, CharType},
		{"ichar", []ArgInfo{ac(sv("a"))}, "97", IntType},
		{"iachar", []ArgInfo{ac(sv("ab"))}, "", UnknownType},
		{"index", []ArgInfo{ac(sv("hello")), ac(sv("l"))}, "3", IntType},
		{"index", []ArgInfo{ac(sv("hello")), ac(sv("l")), ac(lv(true))}, "4", IntType},
		{"scan", []ArgInfo{ac(sv("fortran")), ac(sv("tr"))}, "3", IntType},
		{"verify", []ArgInfo{ac(sv("aabc")), ac(sv("a"))}, "3", IntType},
		{"repeat", []ArgInfo{ac(sv("ab")), ac(ik(3, 4))}, `"ababab"`, CharTypeLen(6)},
		{"lgt", []ArgInfo{ac(sv("b")), ac(sv("abc"))}, ".true.", LogicalType},
		{"new_line", []ArgInfo{ai(char10, 0)}, `"\n"`, CharType},
		{"logical", []ArgInfo{ac(lv(true)), ac(ik(1, 4))}, ".true.", l1},
		{"merge", []ArgInfo{ac(ik(1, 4)), ac(ik(2, 4)), ac(lv(false))}, "2", IntType},
		{"merge", []ArgInfo{ac(arr([]int{2}, ints(4, 1, 2)...)), ac(ik(0, 4)), ac(arr([]int{2}, lv(true), lv(false)))}, "[1, 0]", IntType},
		{"size", []ArgInfo{ac(a23)}, "6", IntType},
		{"size", []ArgInfo{ac(a23), ac(ik(2, 4))}, "3", IntType},
		{"size", []ArgInfo{ai(IntType, 2)}, "", UnknownType},
		{"shape", []ArgInfo{ac(a23)}, "[2, 3]", IntType},
		{"shape", []ArgInfo{ai(IntType, 0)}, "[]", IntType},
		{"lbound", []ArgInfo{ac(a23)}, "[1, 1]", IntType},
		{"ubound", []ArgInfo{ac(a23), ac(ik(1, 4))}, "2", IntType},
		{"sum", []ArgInfo{ac(a23)}, "21", IntType},
		{"sum", []ArgInfo{ac(a23), ac(ik(1, 4))}, "[3, 7, 11]", IntType},
		{"sum", []ArgInfo{ac(a23), ac(ik(2, 4))}, "[9, 12]", IntType},
		{"sum", []ArgInfo{ac(a23), absent, ac(m23)}, "14", IntType},
		{"sum", []ArgInfo{ac(a23), ac(m23)}, "14", IntType},
		{"product", []ArgInfo{ac(arr([]int{3}, ints(4, 2, 3, 4)...))}, "24", IntType},
		{"maxval", []ArgInfo{ac(a23), ac(ik(1, 4))}, "[2, 4, 6]", IntType},
		{"minval", []ArgInfo{ac(a23)}, "1", IntType},
		{"maxval", []ArgInfo{ac(Value{Type: IntType, Elems: []Value{}, Shape: []int{0}})}, "-2147483648", IntType},
		{"count", []ArgInfo{ac(m23)}, "4", IntType},
		{"count", []ArgInfo{ac(m23), ac(ik(2, 4))}, "[2, 2]", IntType},
		{"any", []ArgInfo{ac(m23), ac(ik(1, 4))}, "[.true., .true., .true.]", LogicalType},
		{"all", []ArgInfo{ac(m23)}, ".false.", LogicalType},
		{"rank", []ArgInfo{ai(RealType, 3)}, "3", IntType},
		{"is_iostat_end", []ArgInfo{ac(ik(-1, 4))}, ".true.", LogicalType},
		{"c_sizeof", []ArgInfo{ai(DoubleType, 0)}, "8", Int8Type},
		{"dsqrt", []ArgInfo{ac(rk(9, 8))}, "3", DoubleType},
		{"max0", []ArgInfo{ac(ik(1, 4)), ac(ik(5, 4))}, "5", IntType},
	}
	for _, tc := range tests {
		in := LookupIntrinsic(tc.name)
		if in == nil {
			t.Errorf("%s: not found", tc.name)
			continue
		}
		if in.Fold == nil {
			t.Errorf("%s: no Fold", tc.name)
			continue
		}
		v, ok := in.Fold(tc.args)
		if tc.want == "" {
			if ok {
				t.Errorf("%s%v: folded to %v, want no fold", tc.name, tc.args, v)
			}
			continue
		}
		if !ok {
			t.Errorf("%s%v: no fold, want %s", tc.name, tc.args, tc.want)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s%v = %s, want %s", tc.name, tc.args, got, tc.want)
		}
		if tc.typ.Known() && (v.Type.Base != tc.typ.Base || v.Type.Kind != tc.typ.Kind ||
			v.Type.Base == TyCharacter && v.Type.Len != tc.typ.Len) {
			t.Errorf("%s: folded type %v (len %d), want %v (len %d)", tc.name, v.Type, v.Type.Len, tc.typ, tc.typ.Len)
		}
	}
}

// TestIntrinsicNoPanic calls every Result and Fold with many argument
// combinations (with the panic guard off) to check that none panics.
func TestIntrinsicNoPanic(t *testing.T) {
	intrinsicRecover = false
	defer func() { intrinsicRecover = true }()
	emptyArr := Value{Type: IntType, Elems: []Value{}, Shape: []int{0}}
	badArr := Value{Type: IntType, Elems: []Value{ik(1, 4)}, Shape: []int{3}}
	samples := []ArgInfo{
		absent,
		ai(UnknownType, -1), ai(IntType, 0), ai(RealType, 2), ai(DComplexTy, 1), ai(LogicalType, 1),
		ai(charU, 0), ai(derived, 0), ai(Type{Base: TyInteger, Kind: 16}, 0), ai(r10, 0),
		ac(ik(0, 4)), ac(ik(-1, 1)), ac(ik(64, 8)), ac(ik(math.MinInt64, 8)), ac(ik(math.MaxInt64, 8)),
		ac(rk(-1, 8)), ac(rk(math.Inf(1), 8)), ac(rk(0, 4)), ac(boz(-1)), ac(lv(true)), ac(sv("")), ac(sv("ab")),
		ac(Value{Type: DComplexTy, Cmplx: 1i}),
		ac(arr([]int{2, 2}, ints(4, 1, 2, 3, 4)...)), ac(emptyArr), ac(badArr),
		{Present: true, Type: IntType, Rank: 0, Const: &Value{}},
	}
	for _, name := range IntrinsicNames() {
		in := LookupIntrinsic(name)
		if in.Result == nil {
			continue
		}
		n := len(in.Args) + 1
		call := func(args []ArgInfo) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s%v panics: %v", name, args, r)
				}
			}()
			in.Result(args)
			if in.Fold != nil {
				in.Fold(args)
			}
		}
		call(nil)
		// Every sample in every position, others taken from a rotating
		// choice of samples.
		for pos := 0; pos < n; pos++ {
			for si := range samples {
				for rot := 0; rot < len(samples); rot += 3 {
					args := make([]ArgInfo, n)
					for j := range args {
						args[j] = samples[(si+rot+j*7)%len(samples)]
					}
					args[pos] = samples[si]
					call(args)
					call(args[:pos+1])
				}
			}
		}
	}
}

func TestIntrinsicModules(t *testing.T) {
	for _, name := range IntrinsicModuleNames() {
		src, ok := IntrinsicModuleSource(name)
		if !ok || !IsIntrinsicModule(name) {
			t.Fatalf("%s: missing", name)
		}
		if !strings.HasPrefix(src, "module "+name+"\n") || !strings.HasSuffix(src, "end module "+name+"\n") {
			t.Errorf("%s: bad module text", name)
		}
	}
	if IsIntrinsicModule("iso_c") || IsIntrinsicModule("ISO_C_BINDING") {
		t.Error("unexpected intrinsic module")
	}
	src, _ := IntrinsicModuleSource("iso_c_binding")
	for _, s := range []string{"c_int = 4", "c_long_double = 10", "c_int_fast16_t = 8", "c_null_char = achar(0)", "type, bind(c) :: c_ptr", "c_null_funptr"} {
		if !strings.Contains(src, s) {
			t.Errorf("iso_c_binding lacks %q", s)
		}
	}
	src, _ = IntrinsicModuleSource("iso_fortran_env")
	for _, s := range []string{"int64 = 8", "real_kinds(4) = [4, 8, 10, 16]", "error_unit = 0", "iostat_end = -1"} {
		if !strings.Contains(src, s) {
			t.Errorf("iso_fortran_env lacks %q", s)
		}
	}
	// Names left to the intrinsic table.
	for _, n := range []string{"compiler_version", "compiler_options", "c_loc", "c_funloc", "c_associated", "c_f_pointer", "c_f_procpointer", "c_sizeof"} {
		if LookupIntrinsic(n) == nil {
			t.Errorf("%s not in the intrinsic table", n)
		}
	}
}

// TestIntrinsicModulesGfortran compiles each module text, renamed, with
// gfortran when it is installed.
func TestIntrinsicModulesGfortran(t *testing.T) {
	gf, err := exec.LookPath("gfortran")
	if err != nil {
		t.Skip("gfortran not installed")
	}
	dir := t.TempDir()
	names := IntrinsicModuleNames()
	re := regexp.MustCompile(`(?m)^(\s*(?:end\s+)?module|\s*use)\s+(` + strings.Join(names, "|") + `)\b`)
	for _, name := range names {
		src, _ := IntrinsicModuleSource(name)
		src = re.ReplaceAllString(src, "${1} fgpu_${2}")
		file := filepath.Join(dir, name+".f90")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gf, "-std=f2018", "-c", "-J", dir, "-o", filepath.Join(dir, name+".o"), file)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: gfortran: %v\n%s", name, err, out)
		}
	}
	// A user of the modules.
	prog := `program p
  use fgpu_iso_fortran_env
  use fgpu_iso_c_binding
  use fgpu_ieee_arithmetic
  use fgpu_omp_lib
  implicit none
  real(real64) :: x(3) = 1
  type(c_ptr) :: q = c_null_ptr
  print *, ieee_is_nan(x), ieee_is_finite(1.0), ieee_class(1.0_real64) == ieee_positive_normal
  print *, ieee_support_nan(x), ieee_support_nan(), ieee_value(1.0, ieee_positive_inf)
  print *, omp_get_thread_num(), omp_get_wtime() >= 0, c_int, int64
  print *, ieee_support_flag(ieee_overflow), ieee_support_flag(ieee_invalid, x)
end program p
`
	file := filepath.Join(dir, "p.f90")
	if err := os.WriteFile(file, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gf, "-c", "-I", dir, "-J", dir, "-o", filepath.Join(dir, "p.o"), file)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("user program: gfortran: %v\n%s", err, out)
	}
}
