package frontend

// This file supplies the intrinsic modules as Fortran source text, analysed
// like user modules: iso_fortran_env, iso_c_binding, ieee_exceptions,
// ieee_arithmetic, ieee_features, omp_lib_kinds and omp_lib. Values are
// those of gfortran on x86_64.
//
// Names the standard puts in these modules but which are intrinsic
// procedures of the table in intrinsic_table.go are not in the texts:
// compiler_version and compiler_options (iso_fortran_env), c_loc, c_funloc,
// c_associated, c_f_pointer, c_f_procpointer and c_sizeof (iso_c_binding).
// A name of a use statement's only list (or a reference) that the module
// text lacks is to be resolved with LookupIntrinsic.
//
// Module procedures are given bodies with serial, portable semantics
// (omp_get_thread_num returns 0, ieee_is_nan(x) is x /= x, ...), so that
// the texts compile with gfortran once renamed, and can be compiled like
// user code. Procedures generic over the real kinds have one specific per
// kind (4, 8, 10, 16) named <generic>_<kind>; arguments whose kinds differ
// (ieee_copy_sign(1.0, 1d0)) are not covered. ieee_int, ieee_real and
// ieee_selected_real_kind, whose result kinds depend on a constant
// argument, are not provided.
//
// ieee_arithmetic uses ieee_exceptions and omp_lib uses omp_lib_kinds with
// plain use statements, so their names are re-exported as the standard
// (and gfortran) do.

import (
	"fmt"
	"strings"
	"sync"
)

// cPtrType and cFunPtrType are the derived types c_ptr and c_funptr of
// iso_c_binding, set by setIntrinsicModuleTypes once the module is
// analysed; c_loc and c_funloc give results of these types (with a nil
// Derived until then).
var cPtrType, cFunPtrType *DerivedType

// setIntrinsicModuleTypes records the analysed c_ptr and c_funptr types.
func setIntrinsicModuleTypes(cptr, cfunptr *DerivedType) {
	cPtrType, cFunPtrType = cptr, cfunptr
}

var (
	intrinsicModulesOnce sync.Once
	intrinsicModules     map[string]string
)

// IsIntrinsicModule reports whether name (lower case) is an intrinsic
// module supplied by IntrinsicModuleSource.
func IsIntrinsicModule(name string) bool {
	_, ok := IntrinsicModuleSource(name)
	return ok
}

// IntrinsicModuleSource returns the free-form Fortran source of an
// intrinsic module (name in lower case).
func IntrinsicModuleSource(name string) (string, bool) {
	intrinsicModulesOnce.Do(func() {
		intrinsicModules = map[string]string{
			"iso_fortran_env": isoFortranEnvSource,
			"iso_c_binding":   isoCBindingSource,
			"ieee_exceptions": ieeeExceptionsSource(),
			"ieee_arithmetic": ieeeArithmeticSource(),
			"ieee_features":   ieeeFeaturesSource,
			"omp_lib_kinds":   ompLibKindsSource,
			"omp_lib":         ompLibSource,
		}
	})
	s, ok := intrinsicModules[name]
	return s, ok
}

// IntrinsicModuleNames lists the intrinsic modules, in dependency order.
func IntrinsicModuleNames() []string {
	return []string{"iso_fortran_env", "iso_c_binding", "ieee_exceptions", "ieee_arithmetic", "ieee_features", "omp_lib_kinds", "omp_lib"}
}

const isoFortranEnvSource = `module iso_fortran_env
  implicit none
  integer, parameter :: int8 = 1, int16 = 2, int32 = 4, int64 = 8
  integer, parameter :: real32 = 4, real64 = 8, real128 = 16
  integer, parameter :: integer_kinds(5) = [1, 2, 4, 8, 16]
  integer, parameter :: real_kinds(4) = [4, 8, 10, 16]
  integer, parameter :: logical_kinds(4) = [1, 2, 4, 8]
  integer, parameter :: character_kinds(2) = [1, 4]
  integer, parameter :: input_unit = 5, output_unit = 6, error_unit = 0
  integer, parameter :: iostat_end = -1, iostat_eor = -2
  integer, parameter :: iostat_inquire_internal_unit = -5
  integer, parameter :: numeric_storage_size = 32
  integer, parameter :: character_storage_size = 8
  integer, parameter :: file_storage_size = 8
  integer, parameter :: atomic_int_kind = 4, atomic_logical_kind = 4
  integer, parameter :: stat_locked = 1, stat_locked_other_image = 2
  integer, parameter :: stat_unlocked = 0
  integer, parameter :: stat_stopped_image = 6000, stat_failed_image = 6001
  integer, parameter :: initial_team = -1, current_team = -2, parent_team = -3
  type :: team_type
    private
    integer(8) :: handle = 0
  end type team_type
end module iso_fortran_env
`

const isoCBindingSource = `module iso_c_binding
  implicit none
  integer, parameter :: c_int = 4, c_short = 2, c_long = 8, c_long_long = 8
  integer, parameter :: c_signed_char = 1, c_size_t = 8
  integer, parameter :: c_int8_t = 1, c_int16_t = 2, c_int32_t = 4, c_int64_t = 8
  integer, parameter :: c_int128_t = 16
  integer, parameter :: c_int_least8_t = 1, c_int_least16_t = 2
  integer, parameter :: c_int_least32_t = 4, c_int_least64_t = 8
  integer, parameter :: c_int_least128_t = 16
  integer, parameter :: c_int_fast8_t = 1, c_int_fast16_t = 8
  integer, parameter :: c_int_fast32_t = 8, c_int_fast64_t = 8
  integer, parameter :: c_int_fast128_t = 16
  integer, parameter :: c_intmax_t = 8, c_intptr_t = 8, c_ptrdiff_t = 8
  integer, parameter :: c_float = 4, c_double = 8, c_long_double = 10
  integer, parameter :: c_float128 = 16
  integer, parameter :: c_float_complex = 4, c_double_complex = 8
  integer, parameter :: c_long_double_complex = 10, c_float128_complex = 16
  integer, parameter :: c_bool = 1, c_char = 1
  character(kind=c_char, len=1), parameter :: c_null_char = achar(0)
  character(kind=c_char, len=1), parameter :: c_alert = achar(7)
  character(kind=c_char, len=1), parameter :: c_backspace = achar(8)
  character(kind=c_char, len=1), parameter :: c_form_feed = achar(12)
  character(kind=c_char, len=1), parameter :: c_new_line = achar(10)
  character(kind=c_char, len=1), parameter :: c_carriage_return = achar(13)
  character(kind=c_char, len=1), parameter :: c_horizontal_tab = achar(9)
  character(kind=c_char, len=1), parameter :: c_vertical_tab = achar(11)
  type, bind(c) :: c_ptr
    private
    integer(c_intptr_t) :: address
  end type c_ptr
  type, bind(c) :: c_funptr
    private
    integer(c_intptr_t) :: address
  end type c_funptr
  type(c_ptr), parameter :: c_null_ptr = c_ptr(0)
  type(c_funptr), parameter :: c_null_funptr = c_funptr(0)
end module iso_c_binding
`

const ieeeFeaturesSource = `module ieee_features
  implicit none
  type :: ieee_features_type
    private
    integer :: feature = 0
  end type ieee_features_type
  type(ieee_features_type), parameter :: ieee_datatype = ieee_features_type(1)
  type(ieee_features_type), parameter :: ieee_denormal = ieee_features_type(2)
  type(ieee_features_type), parameter :: ieee_divide = ieee_features_type(3)
  type(ieee_features_type), parameter :: ieee_halting = ieee_features_type(4)
  type(ieee_features_type), parameter :: ieee_inexact_flag = ieee_features_type(5)
  type(ieee_features_type), parameter :: ieee_inf = ieee_features_type(6)
  type(ieee_features_type), parameter :: ieee_invalid_flag = ieee_features_type(7)
  type(ieee_features_type), parameter :: ieee_nan = ieee_features_type(8)
  type(ieee_features_type), parameter :: ieee_rounding = ieee_features_type(9)
  type(ieee_features_type), parameter :: ieee_sqrt = ieee_features_type(10)
  type(ieee_features_type), parameter :: ieee_subnormal = ieee_features_type(11)
  type(ieee_features_type), parameter :: ieee_underflow_flag = ieee_features_type(12)
end module ieee_features
`

// ieeeRealKinds are the real kinds the ieee modules' generics cover.
var ieeeRealKinds = []int{4, 8, 10, 16}

// modText accumulates a module's text: the specification part (spec) and
// the module procedures (body).
type modText struct {
	spec, body strings.Builder
}

func (m *modText) specf(format string, args ...any) { fmt.Fprintf(&m.spec, format, args...) }
func (m *modText) bodyf(format string, args ...any) { fmt.Fprintf(&m.body, format, args...) }

// generic declares a generic interface over the specifics name_<kind>.
func (m *modText) generic(name string, extra ...string) {
	specs := append([]string(nil), extra...)
	for _, k := range ieeeRealKinds {
		specs = append(specs, fmt.Sprintf("%s_%d", name, k))
	}
	m.specf("  interface %s\n", name)
	for _, sp := range specs {
		m.specf("    module procedure %s\n", sp)
	}
	m.specf("  end interface %s\n", name)
}

// perKind adds a generic whose specifics are made from a template in which
// K stands for the kind and NAME for the specific's name.
func (m *modText) perKind(name, template string, extra ...string) {
	m.generic(name, extra...)
	for _, k := range ieeeRealKinds {
		s := strings.ReplaceAll(template, "NAME", fmt.Sprintf("%s_%d", name, k))
		s = strings.ReplaceAll(s, "_K", fmt.Sprintf("_%d", k))
		s = strings.ReplaceAll(s, "(K)", fmt.Sprintf("(%d)", k))
		m.bodyf("%s", s)
	}
}

// supportInquiry adds an ieee_support_* inquiry function with an optional
// real argument of any kind and rank (one specific without argument, one
// per kind with an assumed-rank argument) whose answer is value.
func (m *modText) supportInquiry(name, value string) {
	m.perKind(name, `  logical function NAME(x)
    real(K), intent(in) :: x(..)
    NAME = `+value+`
  end function NAME
`, name+"_noarg")
	m.bodyf("  logical function %s_noarg()\n    %s_noarg = %s\n  end function %s_noarg\n", name, name, value, name)
}

func (m *modText) module(name, head string) string {
	return "module " + name + "\n" + head + "  implicit none\n" + m.spec.String() +
		"contains\n" + m.body.String() + "end module " + name + "\n"
}

func ieeeExceptionsSource() string {
	var m modText
	m.specf(`  type :: ieee_flag_type
    private
    integer :: flag = 0
  end type ieee_flag_type
  type :: ieee_status_type
    private
    integer :: status = 0
  end type ieee_status_type
  type :: ieee_modes_type
    private
    integer :: modes = 0
  end type ieee_modes_type
  type(ieee_flag_type), parameter :: ieee_overflow = ieee_flag_type(1)
  type(ieee_flag_type), parameter :: ieee_divide_by_zero = ieee_flag_type(2)
  type(ieee_flag_type), parameter :: ieee_invalid = ieee_flag_type(3)
  type(ieee_flag_type), parameter :: ieee_underflow = ieee_flag_type(4)
  type(ieee_flag_type), parameter :: ieee_inexact = ieee_flag_type(5)
  type(ieee_flag_type), parameter :: ieee_usual(3) = [ieee_overflow, ieee_divide_by_zero, ieee_invalid]
  type(ieee_flag_type), parameter :: ieee_all(5) = [ieee_usual, ieee_underflow, ieee_inexact]
`)
	m.supportInquiry("ieee_support_flag", "flag%flag >= 1 .and. flag%flag <= 5")
	// ieee_support_flag has a flag argument before x: patch the templates.
	body := strings.ReplaceAll(m.body.String(), "_noarg()", "_noarg(flag)")
	body = strings.ReplaceAll(body, "(x)\n    real(", "(flag, x)\n    real(")
	m.body.Reset()
	for _, line := range strings.SplitAfter(body, "\n") {
		m.bodyf("%s", line)
		if strings.HasPrefix(line, "  logical function ieee_support_flag_") {
			m.bodyf("    type(ieee_flag_type), intent(in) :: flag\n")
		}
	}
	m.bodyf(`  logical function ieee_support_halting(flag)
    type(ieee_flag_type), intent(in) :: flag
    ieee_support_halting = flag%%flag >= 1 .and. flag%%flag <= 5
  end function ieee_support_halting
  elemental subroutine ieee_get_flag(flag, flag_value)
    type(ieee_flag_type), intent(in) :: flag
    logical, intent(out) :: flag_value
    flag_value = .false. .and. flag%%flag > 0
  end subroutine ieee_get_flag
  elemental subroutine ieee_set_flag(flag, flag_value)
    type(ieee_flag_type), intent(in) :: flag
    logical, intent(in) :: flag_value
  end subroutine ieee_set_flag
  elemental subroutine ieee_get_halting_mode(flag, halting)
    type(ieee_flag_type), intent(in) :: flag
    logical, intent(out) :: halting
    halting = .false. .and. flag%%flag > 0
  end subroutine ieee_get_halting_mode
  elemental subroutine ieee_set_halting_mode(flag, halting)
    type(ieee_flag_type), intent(in) :: flag
    logical, intent(in) :: halting
  end subroutine ieee_set_halting_mode
  subroutine ieee_get_status(status_value)
    type(ieee_status_type), intent(out) :: status_value
    status_value%%status = 0
  end subroutine ieee_get_status
  subroutine ieee_set_status(status_value)
    type(ieee_status_type), intent(in) :: status_value
  end subroutine ieee_set_status
  subroutine ieee_get_modes(modes)
    type(ieee_modes_type), intent(out) :: modes
    modes%%modes = 0
  end subroutine ieee_get_modes
  subroutine ieee_set_modes(modes)
    type(ieee_modes_type), intent(in) :: modes
  end subroutine ieee_set_modes
`)
	return m.module("ieee_exceptions", "")
}

func ieeeArithmeticSource() string {
	var m modText
	m.specf(`  type :: ieee_class_type
    private
    integer :: which = 0
  end type ieee_class_type
  type :: ieee_round_type
    private
    integer :: mode = 0
  end type ieee_round_type
  type(ieee_class_type), parameter :: ieee_signaling_nan = ieee_class_type(1)
  type(ieee_class_type), parameter :: ieee_quiet_nan = ieee_class_type(2)
  type(ieee_class_type), parameter :: ieee_negative_inf = ieee_class_type(3)
  type(ieee_class_type), parameter :: ieee_negative_normal = ieee_class_type(4)
  type(ieee_class_type), parameter :: ieee_negative_denormal = ieee_class_type(5)
  type(ieee_class_type), parameter :: ieee_negative_subnormal = ieee_class_type(5)
  type(ieee_class_type), parameter :: ieee_negative_zero = ieee_class_type(6)
  type(ieee_class_type), parameter :: ieee_positive_zero = ieee_class_type(7)
  type(ieee_class_type), parameter :: ieee_positive_denormal = ieee_class_type(8)
  type(ieee_class_type), parameter :: ieee_positive_subnormal = ieee_class_type(8)
  type(ieee_class_type), parameter :: ieee_positive_normal = ieee_class_type(9)
  type(ieee_class_type), parameter :: ieee_positive_inf = ieee_class_type(10)
  type(ieee_class_type), parameter :: ieee_other_value = ieee_class_type(11)
  type(ieee_round_type), parameter :: ieee_nearest = ieee_round_type(1)
  type(ieee_round_type), parameter :: ieee_to_zero = ieee_round_type(2)
  type(ieee_round_type), parameter :: ieee_up = ieee_round_type(3)
  type(ieee_round_type), parameter :: ieee_down = ieee_round_type(4)
  type(ieee_round_type), parameter :: ieee_away = ieee_round_type(5)
  type(ieee_round_type), parameter :: ieee_other = ieee_round_type(0)
  interface operator(==)
    module procedure ieee_class_eq, ieee_round_eq
  end interface
  interface operator(/=)
    module procedure ieee_class_ne, ieee_round_ne
  end interface
`)
	m.bodyf(`  elemental logical function ieee_class_eq(a, b)
    type(ieee_class_type), intent(in) :: a, b
    ieee_class_eq = a%%which == b%%which
  end function ieee_class_eq
  elemental logical function ieee_class_ne(a, b)
    type(ieee_class_type), intent(in) :: a, b
    ieee_class_ne = a%%which /= b%%which
  end function ieee_class_ne
  elemental logical function ieee_round_eq(a, b)
    type(ieee_round_type), intent(in) :: a, b
    ieee_round_eq = a%%mode == b%%mode
  end function ieee_round_eq
  elemental logical function ieee_round_ne(a, b)
    type(ieee_round_type), intent(in) :: a, b
    ieee_round_ne = a%%mode /= b%%mode
  end function ieee_round_ne
`)
	pred := func(name, expr string) {
		m.perKind(name, `  elemental logical function NAME(x)
    real(K), intent(in) :: x
    NAME = `+expr+`
  end function NAME
`)
	}
	pred("ieee_is_nan", "x /= x")
	pred("ieee_is_finite", "x == x .and. abs(x) <= huge(x)")
	pred("ieee_is_negative", "x == x .and. sign(1.0_K, x) < 0.0_K")
	pred("ieee_is_normal", "x == 0.0_K .or. (abs(x) >= tiny(x) .and. abs(x) <= huge(x))")
	pred("ieee_signbit", "sign(1.0_K, x) < 0.0_K")
	m.perKind("ieee_unordered", `  elemental logical function NAME(x, y)
    real(K), intent(in) :: x, y
    NAME = x /= x .or. y /= y
  end function NAME
`)
	fn2 := func(name, expr string) {
		m.perKind(name, `  elemental real(K) function NAME(x, y)
    real(K), intent(in) :: x, y
    `+expr+`
  end function NAME
`)
	}
	fn2("ieee_copy_sign", "NAME = sign(x, y)")
	fn2("ieee_next_after", `if (x == y .or. x /= x .or. y /= y) then
      NAME = x + y - x
    else
      NAME = nearest(x, y - x)
    end if`)
	fn2("ieee_rem", "NAME = x - y * anint(x / y)")
	fn2("ieee_max_num", `if (x /= x) then
      NAME = y
    else if (y /= y) then
      NAME = x
    else
      NAME = max(x, y)
    end if`)
	fn2("ieee_min_num", `if (x /= x) then
      NAME = y
    else if (y /= y) then
      NAME = x
    else
      NAME = min(x, y)
    end if`)
	m.perKind("ieee_rint", `  elemental real(K) function NAME(x)
    real(K), intent(in) :: x
    NAME = anint(x)
    if (abs(x - aint(x)) == 0.5_K .and. mod(NAME, 2.0_K) /= 0.0_K) NAME = NAME - sign(1.0_K, x)
  end function NAME
`)
	m.perKind("ieee_logb", `  elemental real(K) function NAME(x)
    real(K), intent(in) :: x
    NAME = real(exponent(x) - 1, kind(x))
  end function NAME
`)
	m.perKind("ieee_scalb", `  elemental real(K) function NAME(x, i)
    real(K), intent(in) :: x
    integer, intent(in) :: i
    NAME = scale(x, i)
  end function NAME
`)
	m.perKind("ieee_fma", `  elemental real(K) function NAME(a, b, c)
    real(K), intent(in) :: a, b, c
    NAME = a * b + c
  end function NAME
`)
	m.perKind("ieee_value", `  elemental real(K) function NAME(x, class)
    real(K), intent(in) :: x
    type(ieee_class_type), intent(in) :: class
    real(K) :: big, inf
    big = huge(x)
    inf = big * 2.0_K
    select case (class%which)
    case (1, 2)
      NAME = inf - inf
    case (3)
      NAME = -inf
    case (4)
      NAME = -1.0_K
    case (5)
      NAME = -tiny(x) / 2.0_K
    case (6)
      NAME = -0.0_K
    case (8)
      NAME = tiny(x) / 2.0_K
    case (9)
      NAME = 1.0_K
    case (10)
      NAME = inf
    case default
      NAME = 0.0_K
    end select
  end function NAME
`)
	m.perKind("ieee_class", `  elemental type(ieee_class_type) function NAME(x)
    real(K), intent(in) :: x
    if (x /= x) then
      NAME = ieee_quiet_nan
    else if (x > huge(x)) then
      NAME = ieee_positive_inf
    else if (x < -huge(x)) then
      NAME = ieee_negative_inf
    else if (x == 0.0_K) then
      if (sign(1.0_K, x) < 0.0_K) then
        NAME = ieee_negative_zero
      else
        NAME = ieee_positive_zero
      end if
    else if (abs(x) < tiny(x)) then
      if (x < 0.0_K) then
        NAME = ieee_negative_denormal
      else
        NAME = ieee_positive_denormal
      end if
    else if (x < 0.0_K) then
      NAME = ieee_negative_normal
    else
      NAME = ieee_positive_normal
    end if
  end function NAME
`)
	for _, s := range []string{"datatype", "denormal", "subnormal", "divide", "inf", "io", "nan", "sqrt", "standard"} {
		m.supportInquiry("ieee_support_"+s, ".true.")
	}
	m.supportInquiry("ieee_support_underflow_control", ".false.")
	m.bodyf(`  logical function ieee_support_rounding(round_value)
    type(ieee_round_type), intent(in) :: round_value
    ieee_support_rounding = round_value%%mode >= 1 .and. round_value%%mode <= 4
  end function ieee_support_rounding
  subroutine ieee_get_rounding_mode(round_value)
    type(ieee_round_type), intent(out) :: round_value
    round_value = ieee_nearest
  end subroutine ieee_get_rounding_mode
  subroutine ieee_set_rounding_mode(round_value)
    type(ieee_round_type), intent(in) :: round_value
  end subroutine ieee_set_rounding_mode
  subroutine ieee_get_underflow_mode(gradual)
    logical, intent(out) :: gradual
    gradual = .true.
  end subroutine ieee_get_underflow_mode
  subroutine ieee_set_underflow_mode(gradual)
    logical, intent(in) :: gradual
  end subroutine ieee_set_underflow_mode
`)
	return m.module("ieee_arithmetic", "  use ieee_exceptions\n")
}

const ompLibKindsSource = `module omp_lib_kinds
  implicit none
  integer, parameter :: omp_lock_kind = 4, omp_nest_lock_kind = 8
  integer, parameter :: omp_sched_kind = 4, omp_proc_bind_kind = 4
  integer, parameter :: omp_lock_hint_kind = 4, omp_sync_hint_kind = 4
  integer, parameter :: omp_pause_resource_kind = 4
  integer, parameter :: omp_allocator_handle_kind = 8, omp_memspace_handle_kind = 8
  integer, parameter :: omp_event_handle_kind = 8
  integer(omp_sched_kind), parameter :: omp_sched_static = 1, omp_sched_dynamic = 2
  integer(omp_sched_kind), parameter :: omp_sched_guided = 3, omp_sched_auto = 4
  integer(omp_proc_bind_kind), parameter :: omp_proc_bind_false = 0, omp_proc_bind_true = 1
  integer(omp_proc_bind_kind), parameter :: omp_proc_bind_master = 2, omp_proc_bind_primary = 2
  integer(omp_proc_bind_kind), parameter :: omp_proc_bind_close = 3, omp_proc_bind_spread = 4
  integer(omp_sync_hint_kind), parameter :: omp_sync_hint_none = 0
  integer(omp_sync_hint_kind), parameter :: omp_sync_hint_uncontended = 1
  integer(omp_sync_hint_kind), parameter :: omp_sync_hint_contended = 2
  integer(omp_sync_hint_kind), parameter :: omp_sync_hint_nonspeculative = 4
  integer(omp_sync_hint_kind), parameter :: omp_sync_hint_speculative = 8
end module omp_lib_kinds
`

const ompLibSource = `module omp_lib
  use omp_lib_kinds
  implicit none
  integer, parameter :: openmp_version = 201511
contains
  double precision function omp_get_wtime()
    integer(8) :: count, rate
    call system_clock(count, rate)
    omp_get_wtime = real(count, 8) / real(max(rate, 1_8), 8)
  end function omp_get_wtime
  double precision function omp_get_wtick()
    integer(8) :: count, rate
    call system_clock(count, rate)
    omp_get_wtick = 1.0d0 / real(max(rate, 1_8), 8)
  end function omp_get_wtick
  integer function omp_get_thread_num()
    omp_get_thread_num = 0
  end function omp_get_thread_num
  integer function omp_get_num_threads()
    omp_get_num_threads = 1
  end function omp_get_num_threads
  integer function omp_get_max_threads()
    omp_get_max_threads = 1
  end function omp_get_max_threads
  integer function omp_get_num_procs()
    omp_get_num_procs = 1
  end function omp_get_num_procs
  integer function omp_get_thread_limit()
    omp_get_thread_limit = 1
  end function omp_get_thread_limit
  logical function omp_in_parallel()
    omp_in_parallel = .false.
  end function omp_in_parallel
  logical function omp_in_final()
    omp_in_final = .false.
  end function omp_in_final
  subroutine omp_set_num_threads(num_threads)
    integer, intent(in) :: num_threads
  end subroutine omp_set_num_threads
  subroutine omp_set_dynamic(dynamic_threads)
    logical, intent(in) :: dynamic_threads
  end subroutine omp_set_dynamic
  logical function omp_get_dynamic()
    omp_get_dynamic = .false.
  end function omp_get_dynamic
  subroutine omp_set_nested(nested)
    logical, intent(in) :: nested
  end subroutine omp_set_nested
  logical function omp_get_nested()
    omp_get_nested = .false.
  end function omp_get_nested
  logical function omp_get_cancellation()
    omp_get_cancellation = .false.
  end function omp_get_cancellation
  subroutine omp_set_schedule(kind, chunk_size)
    integer(omp_sched_kind), intent(in) :: kind
    integer, intent(in) :: chunk_size
  end subroutine omp_set_schedule
  subroutine omp_get_schedule(kind, chunk_size)
    integer(omp_sched_kind), intent(out) :: kind
    integer, intent(out) :: chunk_size
    kind = omp_sched_static
    chunk_size = 0
  end subroutine omp_get_schedule
  integer(omp_proc_bind_kind) function omp_get_proc_bind()
    omp_get_proc_bind = omp_proc_bind_false
  end function omp_get_proc_bind
  subroutine omp_set_max_active_levels(max_levels)
    integer, intent(in) :: max_levels
  end subroutine omp_set_max_active_levels
  integer function omp_get_max_active_levels()
    omp_get_max_active_levels = 1
  end function omp_get_max_active_levels
  integer function omp_get_level()
    omp_get_level = 0
  end function omp_get_level
  integer function omp_get_active_level()
    omp_get_active_level = 0
  end function omp_get_active_level
  integer function omp_get_ancestor_thread_num(level)
    integer, intent(in) :: level
    omp_get_ancestor_thread_num = merge(0, -1, level == 0)
  end function omp_get_ancestor_thread_num
  integer function omp_get_team_size(level)
    integer, intent(in) :: level
    omp_get_team_size = merge(1, -1, level == 0)
  end function omp_get_team_size
  integer function omp_get_max_task_priority()
    omp_get_max_task_priority = 0
  end function omp_get_max_task_priority
  integer function omp_get_num_devices()
    omp_get_num_devices = 0
  end function omp_get_num_devices
  integer function omp_get_device_num()
    omp_get_device_num = 0
  end function omp_get_device_num
  integer function omp_get_default_device()
    omp_get_default_device = 0
  end function omp_get_default_device
  subroutine omp_set_default_device(device_num)
    integer, intent(in) :: device_num
  end subroutine omp_set_default_device
  logical function omp_is_initial_device()
    omp_is_initial_device = .true.
  end function omp_is_initial_device
  integer function omp_get_initial_device()
    omp_get_initial_device = 0
  end function omp_get_initial_device
  integer function omp_get_num_teams()
    omp_get_num_teams = 1
  end function omp_get_num_teams
  integer function omp_get_team_num()
    omp_get_team_num = 0
  end function omp_get_team_num
  subroutine omp_init_lock(svar)
    integer(omp_lock_kind), intent(out) :: svar
    svar = 0
  end subroutine omp_init_lock
  subroutine omp_destroy_lock(svar)
    integer(omp_lock_kind), intent(inout) :: svar
    svar = -1
  end subroutine omp_destroy_lock
  subroutine omp_set_lock(svar)
    integer(omp_lock_kind), intent(inout) :: svar
    svar = 1
  end subroutine omp_set_lock
  subroutine omp_unset_lock(svar)
    integer(omp_lock_kind), intent(inout) :: svar
    svar = 0
  end subroutine omp_unset_lock
  logical function omp_test_lock(svar)
    integer(omp_lock_kind), intent(inout) :: svar
    omp_test_lock = svar == 0
    if (omp_test_lock) svar = 1
  end function omp_test_lock
  subroutine omp_init_nest_lock(nvar)
    integer(omp_nest_lock_kind), intent(out) :: nvar
    nvar = 0
  end subroutine omp_init_nest_lock
  subroutine omp_destroy_nest_lock(nvar)
    integer(omp_nest_lock_kind), intent(inout) :: nvar
    nvar = -1
  end subroutine omp_destroy_nest_lock
  subroutine omp_set_nest_lock(nvar)
    integer(omp_nest_lock_kind), intent(inout) :: nvar
    nvar = nvar + 1
  end subroutine omp_set_nest_lock
  subroutine omp_unset_nest_lock(nvar)
    integer(omp_nest_lock_kind), intent(inout) :: nvar
    nvar = max(nvar - 1, 0_omp_nest_lock_kind)
  end subroutine omp_unset_nest_lock
  integer function omp_test_nest_lock(nvar)
    integer(omp_nest_lock_kind), intent(inout) :: nvar
    nvar = nvar + 1
    omp_test_nest_lock = int(nvar)
  end function omp_test_nest_lock
end module omp_lib
`
