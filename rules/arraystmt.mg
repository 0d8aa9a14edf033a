# arraystmt.mg -- whole-array assignments sent to the device between launches.
# Design doc: "Whole-array assignments between launches" -- an assignment
# is sent to the device when it is in a sequential host loop (do, do while)
# whose body has, at any depth, a parallel loop the dispatch sent to the
# device, its target or an array it reads is one that such a loop names (or
# one that another assignment sent to the device names), its target is a
# whole array of an intrinsic type that the assignment cannot reshape, its
# value is computed element by element, and it passes the
# unsupported-construct check (else it stays on the host, silently).
# fgpu builds the host with gfortran, which reallocates an allocatable
# left side by default (--realloc-lhs-arrays semantics): an allocatable
# target may be reallocated when the value is an array.
# Reads: array_stmt, array_stmt_attr, array_stmt_reads, array_stmt_type,
# in_host_loop, host_loop_contains, outcome, kernel_var, alias, bad_type,
# dead_store. Derives: launching_host_loop, array_stmt_kept, array_stmt_device.

Decl launching_host_loop(H)
  descr [doc("Sequential host loop H has, at any depth, a parallel loop that dispatch sends to the device."),
         arg(H, "host loop")].

Decl host_loop_names(H, V)
  descr [doc("A parallel loop in host loop H that dispatch sends to the device names variable V (its kernel data)."),
         arg(H, "host loop"), arg(V, "variable")].

Decl stmt_names(S, V)
  descr [doc("Whole-array assignment S names variable V: its target or a variable its value reads (an associate name also names its selector's variable)."),
         arg(S, "assignment"), arg(V, "variable")].

Decl array_stmt_kept(S, Why)
  descr [doc("Whole-array assignment S stays on the host because of Why: /keep/may_reallocate (allocatable target, array value), /keep/pointer_target, /keep/defined_assignment, /keep/not_elementwise, /keep/function_call, /keep/reads_other_elements, /keep/may_alias (the value reads an array pointer, or another name of the target's variable), /keep/not_intrinsic_type, /keep/labelled, /keep/shared_line, /keep/dead_store, or an unsupported-list reason of the device."),
         arg(S, "assignment"), arg(Why, "reason")].

Decl array_stmt_candidate(S, H)
  descr [doc("Whole-array assignment S in host loop H, which launches kernels, could run on the device (nothing keeps it on the host)."),
         arg(S, "assignment"), arg(H, "host loop")].

Decl array_stmt_device(S)
  descr [doc("Whole-array assignment S is sent to the device: lowering makes it a do concurrent over its target's elements."),
         arg(S, "assignment")].

launching_host_loop(H) :- host_loop_contains(H, L), device(Dev), outcome(L, Dev, /offload).
host_loop_names(H, V) :- host_loop_contains(H, L), device(Dev), outcome(L, Dev, /offload), kernel_var(L, V).

stmt_names(S, V) :- array_stmt(S, V, _).
stmt_names(S, V) :- array_stmt_reads(S, V).
stmt_names(S, R) :- array_stmt(S, V, _), alias(V, R).
stmt_names(S, R) :- array_stmt_reads(S, V), alias(V, R).

array_stmt_kept(S, /keep/may_reallocate) :- array_stmt_attr(S, /allocatable), array_stmt_attr(S, /array_value).
array_stmt_kept(S, /keep/pointer_target) :- array_stmt_attr(S, /pointer).
array_stmt_kept(S, /keep/defined_assignment) :- array_stmt_attr(S, /defined_assignment).
array_stmt_kept(S, /keep/not_elementwise) :- array_stmt_attr(S, /not_elementwise).
array_stmt_kept(S, /keep/function_call) :- array_stmt_attr(S, /scalar_call).
array_stmt_kept(S, /keep/reads_other_elements) :- array_stmt_attr(S, /reads_target_other).
array_stmt_kept(S, /keep/may_alias) :- array_stmt_attr(S, /reads_pointer).
array_stmt_kept(S, /keep/may_alias) :- array_stmt(S, V, _), array_stmt_reads(S, A), alias(A, V).
array_stmt_kept(S, /keep/may_alias) :- array_stmt(S, V, _), alias(V, R), array_stmt_reads(S, R).
array_stmt_kept(S, /keep/may_alias) :- array_stmt(S, V, _), alias(V, R), array_stmt_reads(S, A), alias(A, R), A != V.
array_stmt_kept(S, /keep/not_intrinsic_type) :- array_stmt_attr(S, /not_intrinsic_type).
array_stmt_kept(S, /keep/labelled) :- array_stmt_attr(S, /labelled).
array_stmt_kept(S, /keep/shared_line) :- array_stmt_attr(S, /shared_line).
array_stmt_kept(S, /keep/dead_store) :- dead_store(S).
array_stmt_kept(S, R) :- array_stmt_type(S, T), device(Dev), bad_type(T, Dev, R).

is_kept(S) :- array_stmt_kept(S, _).

array_stmt_candidate(S, H) :- in_host_loop(S, H), launching_host_loop(H), !is_kept(S).

array_stmt_device(S) :- array_stmt_candidate(S, H), host_loop_names(H, V), stmt_names(S, V).
array_stmt_device(S) :- array_stmt_candidate(S, H), in_host_loop(S2, H), array_stmt_device(S2), stmt_names(S2, V), stmt_names(S, V).
