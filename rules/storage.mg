# storage.mg -- the storage each variable name of the program may denote.
# Design doc: "Where the host waits" (what a statement accesses is worked
# out over access paths; "A pointer the procedure associates with one
# designator only ... stands for it"; a call "may access every variable
# that a pointer may point to or that another procedure can reach").
# Issue 11 ("Storage, not names"): fetches, stale marks and discards are
# decided on storage: a common block under any of its names,
# EQUIVALENCE, pointers and their targets, dummies and the actual
# arguments of every call of their procedure, host and use association
# (one variable, facts/extract.go). Where the analysis cannot tell, a name
# denotes more storage, never less: /any is the storage unknown code may
# hand around (the actual arguments of a procedure without a body, the
# dummies of a procedure that may be called through a pointer, from C, or
# by no call the program has, what C_LOC or C_F_POINTER reach).
# Granularity: a storage is a variable, a common block, or the storage a
# pointer of a type allocates (named by the type); the runtime, which
# copies by address, is exact within it (runtime/src/fgpu_rt.h).
# Reads: var, var_type, var_attr, common_member, equiv, alias, call_arg,
# hcall_arg, hcall_arg_pointee, hcall_ext_arg, hmove, escapes, cfptr,
# proc_escapes, declares, calls, proc, proc_attr, hproc.
# Derives: stor, pointee, pointee_node, node_has, open_proc.

Decl stor(V, X)
  descr [doc("Variable V may denote (part of) storage X: V itself, its common block (/common/NAME), the storage of what it is EQUIVALENCEd, bound as a dummy, associated as an associate name or pointer with, the storage pointers of its type allocate (the type's name), or /any; for a pointer, the pointee node of its type (pointee_node), which stands for every pointee of the type."),
         arg(V, "variable"), arg(X, "storage")].

Decl pointee(T, X)
  descr [doc("A pointer of type T may point to (part of) storage X: a target of type T, what pointers of type T allocate (named T), anything C_LOC was given."),
         arg(T, "type"), arg(X, "storage")].

Decl pointee_node(T, N)
  descr [doc("N, fn:pair(/pointee, T), is the pointee node of type T: the storage a pointer of type T denotes stands for every pointee of T (node_has). A variable denotes the storage its stor facts name and what their nodes stand for, transitively: sync.mg expands the nodes (dirty_stor, dirty_node)."),
         arg(T, "type"), arg(N, "storage node")].

Decl node_has(N, X)
  descr [doc("Pointee node N stands for storage X (which may be a node again)."),
         arg(N, "storage node"), arg(X, "storage")].

Decl open_proc(P)
  descr [doc("Procedure P may be called by code the program does not show (through a procedure pointer or dummy, from C, or by no call of the program): its dummies may denote /any."),
         arg(P, "procedure")].

# Storage of its own: a variable that is not a dummy, a pointer, an
# associate name or in a common block. A dummy is its own storage too
# (the copy the host compiler may pass, the actual of a caller the
# program does not show) besides that of its actual arguments.
shares_storage(V) :- var_attr(V, /pointer).
shares_storage(V) :- common_member(V, _).
shares_storage(V) :- alias(V, _).
base_stor(V, V) :- var(V, _, _), !shares_storage(V).
base_stor(V, B) :- common_member(V, B).

equiv_pair(V, W) :- equiv(V, W).
equiv_pair(V, W) :- equiv(W, V).
equiv_group(V, W) :- equiv_pair(V, W).
equiv_group(V, X) :- equiv_group(V, W), equiv_pair(W, X).

stor(V, X) :- base_stor(V, X).
stor(V, X) :- equiv_group(V, W), base_stor(W, X).
stor(A, X) :- alias(A, V), stor(V, X).
stor(D, X) :- call_arg(_, _, D, A), stor(A, X).
stor(D, X) :- hcall_arg(_, D, A), stor(A, X).
stor(D, X) :- hcall_arg_pointee(_, D, _), any_pointee(X).
stor(D, /any) :- open_proc(P), declares(P, D, _), var_attr(D, /dummy).
# (Not for a call of an MPI procedure the table of mpi.mg knows: MPI
# keeps no association with what it is handed.)
stor(V, /any) :- hcall_ext_arg(S, V), !mpi_stmt(S).
stor(V, /any) :- escapes(V).
# move_alloc(from, to): to takes from's storage (either may later denote
# the other's: swaps).
stor(T, X) :- hmove(_, F, T), stor(F, X).
stor(F, X) :- hmove(_, F, T), stor(T, X).
# Pointers: any pointee of their type, through the pointee node of the
# type (a stor fact per pointer and pointee would be quadratic: every
# pointer of type T and every target of type T); C_F_POINTER: any pointee
# at all.
pointee_node(T, fn:pair(/pointee, T)) :- var_attr(P, /pointer), var_type(P, T).
stor(P, N) :- var_attr(P, /pointer), var_type(P, T), pointee_node(T, N).
node_has(N, X) :- pointee_node(T, N), pointee(T, X).
stor(P, X) :- cfptr(P), any_pointee(X).
stor(P, /any) :- cfptr(P).

target_var(T) :- var_attr(T, /target).
pointee(T, X) :- target_var(V), var_type(V, T), stor(V, X), !var_attr(V, /pointer).
pointee(T, T) :- var_attr(P, /pointer), var_type(P, T).
pointee(T, X) :- var_attr(P, /pointer), var_type(P, T), escapes(V), stor(V, X).
any_pointee(X) :- pointee(_, X).
any_pointee(/any) :- escapes(_).

called(P) :- calls(_, _, P).
main_program(P) :- proc_attr(P, /program).
open_proc(P) :- proc_escapes(P).
open_proc(P) :- hproc(P), !called(P), !main_program(P).
