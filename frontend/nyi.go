package frontend

import (
	"fmt"
	"sort"
)

// Limit names a construct fgpu does not handle yet: one stable name a
// limit, as rules/REASONS.md names the reasons of the analyses. The
// diagnostic ends with the name ("[nyi_local_array]"), `fgpu check`
// prints it on the loop's line, and a program that hits a limit fails in
// check exactly as in build.
type Limit string

// The catalogue. Each limit's text says what is not implemented; the
// diagnostic at the construct says which one of the program.
const (
	NYIArrayReductionForm   Limit = "nyi_array_reduction_form"
	NYIArrayAccumulation    Limit = "nyi_array_accumulation"
	NYIArrayRank            Limit = "nyi_array_rank"
	NYIComplexReduce        Limit = "nyi_complex_reduce"
	NYILocalArray           Limit = "nyi_local_array"
	NYIAssumedSize          Limit = "nyi_assumed_size"
	NYIAssumedSizeUncalled  Limit = "nyi_assumed_size_uncalled"
	NYIAsyncReceive         Limit = "nyi_async_receive"
	NYIValueType            Limit = "nyi_value_type"
	NYIDefinedAssignment    Limit = "nyi_defined_assignment"
	NYIBranch               Limit = "nyi_branch"
	NYIDoForm               Limit = "nyi_do_form"
	NYISelectCase           Limit = "nyi_select_case"
	NYIBlock                Limit = "nyi_block"
	NYIAssociateArray       Limit = "nyi_associate_array"
	NYIStatement            Limit = "nyi_statement"
	NYIIntrinsicSubroutine  Limit = "nyi_intrinsic_subroutine"
	NYIReturn               Limit = "nyi_return"
	NYIExternalCall         Limit = "nyi_external_call"
	NYIOptionalArgs         Limit = "nyi_optional_args"
	NYIKeywordArg           Limit = "nyi_keyword_arg"
	NYIArrayArgument        Limit = "nyi_array_argument"
	NYICallArgument         Limit = "nyi_call_argument"
	NYIRecursive            Limit = "nyi_recursive"
	NYIDummyKind            Limit = "nyi_dummy_kind"
	NYIArrayResult          Limit = "nyi_array_result"
	NYIDeviceLocal          Limit = "nyi_device_local"
	NYIInternalProcedure    Limit = "nyi_internal_procedure"
	NYIHostVariable         Limit = "nyi_host_variable"
	NYIDesignator           Limit = "nyi_designator"
	NYIConstantElement      Limit = "nyi_constant_element"
	NYIArraySection         Limit = "nyi_array_section"
	NYIConstantType         Limit = "nyi_constant_type"
	NYIName                 Limit = "nyi_name"
	NYIWholeArrayValue      Limit = "nyi_whole_array_value"
	NYIIntrinsic            Limit = "nyi_intrinsic"
	NYIDefinedOperator      Limit = "nyi_defined_operator"
	NYIConcatenation        Limit = "nyi_concatenation"
	NYIExpression           Limit = "nyi_expression"
	NYIArrayAssignment      Limit = "nyi_array_assignment"
	NYINestedLocality       Limit = "nyi_nested_locality"
	NYINestedReduce         Limit = "nyi_nested_reduce"
	NYIReduceType           Limit = "nyi_reduce_type"
	NYIOmpOffload           Limit = "nyi_omp_offload"
	NYIStopSites            Limit = "nyi_stop_sites"
	NYIStopCode             Limit = "nyi_stop_code"
	NYIBoundsCheck          Limit = "nyi_bounds_check"
	NYISyncPlacement        Limit = "nyi_sync_placement"
	NYIPurePointerComponent Limit = "nyi_pure_pointer_component"
	NYINoProgramStatement   Limit = "nyi_no_program_statement"
	NYIPreprocessedLoop     Limit = "nyi_preprocessed_loop"
	NYISharedLine           Limit = "nyi_shared_line"
	NYIDerivedWhole         Limit = "nyi_derived_whole"
	NYIDerivedComponent     Limit = "nyi_derived_component"
	NYIDerivedArray         Limit = "nyi_derived_array"
	NYIWorkspace            Limit = "nyi_workspace"
	NYIMSL                  Limit = "nyi_msl"
)

var limitDocs = map[Limit]string{
	NYIArrayAccumulation:    "an array reduction (a(s) = a(s) op e whose subscripts omit indices of the loop, rules/race.mg) whose omitted indices cannot run in order inside each thread: every index of the kernel omitted, or a kernel that can stop, keeps values after the loop, sizes workspaces or runs on Metal (per-block partials and atomics are future work)",
	NYIArrayReductionForm:   "sum, product, maxval, minval, count, any, all, dot_product with DIM, MASK or KIND, or with an argument that is not an array, in an offloaded loop",
	NYIArrayRank:            "an array of a rank the kernel descriptors do not hold (more than 7) in an offloaded loop",
	NYIComplexReduce:        "a reduce of a complex variable in an offloaded loop",
	NYILocalArray:           "an array in a local locality spec (also of a nested do concurrent)",
	NYIAssumedSize:          "an assumed-size array (a(*)) in an offloaded loop: the callers know its extent",
	NYIAssumedSizeUncalled:  "an assumed-size dummy a launch may write, in a procedure no call of the program shows",
	NYIAsyncReceive:         "a non-blocking MPI receive (MPI_Irecv, a non-blocking collective) into storage a kernel may hold",
	NYIValueType:            "a value of a type kernels do not hold (derived types, character of length > 1, real(16), ...) in an offloaded loop",
	NYIDefinedAssignment:    "a defined assignment in an offloaded loop",
	NYIBranch:               "EXIT or CYCLE that leaves the iteration other than through a nested DO",
	NYIDoForm:               "a DO loop in an offloaded loop that is labelled or whose variable is not an integer",
	NYISelectCase:           "SELECT CASE on a non-integer or with a CASE value that is not a constant, in device code",
	NYIBlock:                "a BLOCK in an offloaded loop with array or initialised variables, or other specification statements",
	NYIAssociateArray:       "an associate name bound to an array in an offloaded loop",
	NYIStatement:            "a statement or construct kernels do not hold (I/O, allocate, goto, ...) in an offloaded loop",
	NYIIntrinsicSubroutine:  "a call of an intrinsic subroutine in an offloaded loop",
	NYIReturn:               "RETURN where device code cannot return",
	NYIExternalCall:         "a call of a procedure with no body among the given files (an external procedure of another file, a separate module procedure whose submodule is not given) in an offloaded loop",
	NYIOptionalArgs:         "a call with optional arguments left out in an offloaded loop",
	NYIKeywordArg:           "a keyword argument in a call in an offloaded loop",
	NYIArrayArgument:        "an array argument other than a whole array or section of the loop's arrays, passed to a dummy of the same rank",
	NYICallArgument:         "an actual argument the device call cannot pass (an expression to a dummy it may define, another type)",
	NYIRecursive:            "a recursive procedure called from an offloaded loop",
	NYIDummyKind:            "a dummy argument of a device procedure that is an array, optional or a procedure",
	NYIArrayResult:          "a function with an array result called from an offloaded loop",
	NYIDeviceLocal:          "a local of a device procedure that is an array, saved or initialised",
	NYIInternalProcedure:    "internal procedures of a procedure called from an offloaded loop",
	NYIHostVariable:         "a host-associated or module variable of a procedure called from an offloaded loop",
	NYIDesignator:           "a designator kernels do not address (components, substrings, ...) in an offloaded loop",
	NYIConstantElement:      "an element of a named constant array in an offloaded loop",
	NYIArraySection:         "an array section where kernels take elements only, or sections of another rank",
	NYIConstantType:         "a constant of a type kernels do not hold",
	NYIName:                 "a name kernels cannot refer to (a procedure name as a value, ...)",
	NYIWholeArrayValue:      "a whole array as a value outside an array assignment or array reduction",
	NYIIntrinsic:            "an intrinsic function kernels do not implement, or an argument form of one",
	NYIDefinedOperator:      "a defined operator in an offloaded loop",
	NYIConcatenation:        "character concatenation in an offloaded loop",
	NYIExpression:           "an expression form kernels do not implement",
	NYIArrayAssignment:      "an array assignment in an offloaded loop of different ranks, to an allocatable or pointer, or whose right side overlaps its left",
	NYINestedLocality:       "locality specs on a do concurrent in a procedure called from an offloaded loop",
	NYINestedReduce:         "a reduce on a nested do concurrent of an array, or of a variable the outer loop reduces with another operator",
	NYIReduceType:           "a reduce of a type the device's atomics do not combine",
	NYIOmpOffload:           "an OpenMP directive or clause fgpu does not offload yet: a target region that is not a combined target loop construct over DO loops, lastprivate, linear, ordered, user-defined reductions, a collapse over loops that are not tightly nested",
	NYIStopSites:            "more stop statements in device code than the runtime's status buffer holds",
	NYIStopCode:             "a stop code or QUIET= that is not a constant, in device code",
	NYIBoundsCheck:          "a subscript device code evaluates that -fcheck=bounds does not check yet (a vector subscript, an element of an array the kernel holds another way)",
	NYISyncPlacement:        "a fetch, wait or discard the host rewrite cannot place in valid Fortran at the statement that needs it",
	NYIPurePointerComponent: "a pure procedure that reads data a launch may write through a pointer component",
	NYINoProgramStatement:   "offloaded loops or host accesses of device data in a main program without a PROGRAM statement",
	NYIPreprocessedLoop:     "rewriting a parallel loop that a preprocessor macro or include produces",
	NYISharedLine:           "a do concurrent that shares a line with other statements or ends on a label",
	NYIDerivedWhole:         "a derived-type value used whole in device code in a way not lowered yet (an element of an array the host hands over, of a type with allocatable components, used whole in a device procedure, passed to a function that may define it, or of an array of rank > 1; such a scalar module or host variable handed over whole; a polymorphic value): only its components are offloaded there",
	NYIDerivedComponent:     "a component kernels do not address yet (a pointer or allocatable scalar component, a component written through a scalar, an allocatable component of an array element)",
	NYIDerivedArray:         "an array of a derived type whose elements the kernel cannot hold as the host's bytes (type-bound or final procedures, pointer, character or polymorphic components, allocatable components of other types than those kernels hold)",
	NYIMSL:                  "a construct the MSL emitter does not write yet (--gpu=metal_cpu; issue 16): reductions, values after the loop, array values computed in the body, complex, the device heap, workspaces, array dummies of device procedures",
	NYIWorkspace:            "an array of the iterations of run-time shape whose bounds the host cannot work out before the launch (they read the loop index, a value the loop writes or a value of the iteration, or call a procedure)",
}

// Doc is the limit's catalogue text ("" for a name not in it).
func (l Limit) Doc() string { return limitDocs[l] }

// Limits lists the catalogue, sorted by name.
func Limits() []Limit {
	var out []Limit
	for l := range limitDocs {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// NYI is the error of a not-yet-implemented construct at pos; loop is
// the parallel loop it belongs to (the zero Pos when none).
func NYI(l Limit, pos, loop Pos, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: SevError, Code: string(l), Loop: loop,
		Msg: "not yet implemented: " + fmt.Sprintf(format, args...) + " [" + string(l) + "]"}
}
