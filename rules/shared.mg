# shared.mg -- scalars a do concurrent writes without a locality spec.
# Design doc: "Outcomes" and "The unsupported list" (fgpu adds an entry on
# every device: a loop whose iterations may read a scalar that another
# iteration writes; SPEC-MAP B2). F2018 11.1.7.5: a variable of unspecified
# locality referenced in an iteration shall be defined earlier in that
# iteration or not be defined in any other; one defined in more than one
# iteration is undefined after the loop. Real codes rely on more (the
# reduction forms; nvfortran infers them), so every such scalar of a do
# concurrent (a nested one too: it is offloaded when the loops around it
# stay on the host) is one of:
# - shared_reduce: every write is s = s op e (e op s, max(s, e), iand(s, e),
#   ..., under IF constructs, logical IFs, masks and DO loops), one operator,
#   s referenced nowhere else: it runs as reduce(op: s), with a warning
#   (reduce_inferred) that names the spec to write;
# - shared_private: every read of s in an iteration comes after a definition
#   of the whole of s in that iteration on every path (or s is never read):
#   it is local to the iterations; shared_last when the host may read it
#   after the loop: it then holds what the sequentially last iteration that
#   wrote it left (gfortran's order: first index fastest), else nothing;
# - shared_race (anything else: iterations may read a value another one
#   wrote): rejected with shared_scalar_race, an error, or with
#   --gpu-allow-cpu-fallback the loop runs on the host (ARCHITECTURE.md).
# "Before" is structural and conservative: a statement earlier in the same
# list or in an enclosing list, or a construct of which exactly one list runs
# and every list defines s at its top level, or the head of a DO of s.
# Reads: loop, loop_parent, loop_writes, var_attr, var_type, intrinsic_type,
# reduce_ok, locality, declares, access, in_loop, call_arg, calls,
# writes_dummy, reach, alias, proc, body_stmt, body_list, list_complete,
# stmt_of, scalar_def, red_stmt, whole_actual, in_do_of, proc_jumps, device.
# Derives: shared_scalar, shared_reduce, shared_private, shared_last,
# shared_race, shared_race_at, shared_race_read, reduce_inferred_at, and
# rejected / warning for them, kernel_var / buffer for shared_last.
# Lowering reads shared_reduce, shared_private and shared_last
# (lowering/lowering.go) and never re-decides them.

Decl shared_scalar(L, V)
  descr [doc("Scalar V of an intrinsic type is written in do concurrent L (or by a DO of V in it; not only in loops nested in L that make V local) and has no locality spec there."),
         arg(L, "loop"), arg(V, "variable")].

Decl shared_read(L, V, S)
  descr [doc("Statement S of L's body reads shared scalar V (an intent(out) actual is no read)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl shared_write(L, V, S)
  descr [doc("Statement S of L's body writes shared scalar V (an assignment, a DO of V, a call that may define its actual)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl shared_bad_write(L, V, S)
  descr [doc("Shared scalar V of L is written at S in a way that is not the whole of V by a statement of the body: part of it, through an associate name, by a procedure, or at a site of no known statement."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "site")].

Decl shared_unplaced_read(L, V, S)
  descr [doc("Shared scalar V of L is read at S, of no known statement of the body (or in a procedure the loop reaches): no definition of the iteration comes before it."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "site")].

Decl in_list(S, L, B, N)
  descr [doc("Statement S of loop L (one that reads a shared scalar) is statement N of list B, or nested in the construct that is statement N of B; B is L's body or a list inside it."),
         arg(S, "statement"), arg(L, "loop"), arg(B, "statement list"), arg(N, "position in B")].

Decl def_at(B, V, M)
  descr [doc("Statement M of list B is a must_def of V (the list first: the engine looks facts up by their first bound argument)."),
         arg(B, "statement list"), arg(V, "variable"), arg(M, "position")].

Decl must_def(D, V)
  descr [doc("When statement D completes, it has defined the whole of scalar V: a scalar_def, or a list_complete construct each of whose lists holds one at its top level."),
         arg(D, "statement"), arg(V, "variable")].

Decl def_before(S, V)
  descr [doc("Every time statement S runs in an iteration, a definition of the whole of V ran before it in that iteration (structurally: must_def earlier in S's list or an enclosing one, or the head of a DO of V around S)."),
         arg(S, "statement"), arg(V, "variable")].

Decl shared_undefined_read(L, V, S)
  descr [doc("Statement S reads shared scalar V of L with no definition of V of the iteration before it: the value may come from another iteration."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl shared_private(L, V)
  descr [doc("Shared scalar V of L is local to the iterations in effect: every read comes after a definition of the iteration (or there is none), and every write defines the whole of V."),
         arg(L, "loop"), arg(V, "variable")].

Decl shared_dead_after(L, V)
  descr [doc("Nothing reads the value shared_private V has after loop L: a local of L's procedure (no SAVE, TARGET, POINTER, COMMON, EQUIVALENCE, NAMELIST, associate name) that no other procedure accesses and that the procedure reads only after defining it (shared_observed)."),
         arg(L, "loop"), arg(V, "variable")].

Decl shared_observed(L, V)
  descr [doc("The procedure of loop L may read the value V has after L: a read that is not in a loop where V is local, in a DO of V, or after a definition of V that every path from L to it passes; a local_init or reduce locality of V; another procedure accessing V."),
         arg(L, "loop"), arg(V, "variable")].

Decl host_read(L, V, S)
  descr [doc("Statement S of the procedure of L reads V, of unit_local(L, V), outside every loop where V is local and every DO of V."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl host_in_list(S, B, N)
  descr [doc("As in_list, for the statements host_read names and the loops whose value after them is asked for."),
         arg(S, "statement"), arg(B, "statement list"), arg(N, "position in B")].

Decl host_guard(S, V, B, M, N)
  descr [doc("A host read S of V (or the construct holding it) is statement N of list B, and the last must_def of V before it in B is statement M."),
         arg(S, "statement"), arg(V, "variable"), arg(B, "statement list"), arg(M, "position of the definition"), arg(N, "position of S")].

Decl host_guarded(L, V, S)
  descr [doc("Every path from loop L to statement S passes a definition of V (a host_guard with L not in positions M..N of its list; the body has no jumps): S cannot read what L left in V."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl shared_last(L, V)
  descr [doc("shared_private V of L may be read after the loop: it keeps the value of the sequentially last iteration that wrote it (the first index varies fastest, as gfortran runs the loop), or its value before the loop when no iteration wrote it."),
         arg(L, "loop"), arg(V, "variable")].

Decl shared_red_op(L, V, Op)
  descr [doc("A write of shared scalar V of L is a reduction form with operator Op."),
         arg(L, "loop"), arg(V, "variable"), arg(Op, "operator")].

Decl shared_reduce(L, V, Op)
  descr [doc("Shared scalar V of L is updated only by reduction forms of one operator Op and referenced nowhere else: L runs as if it had reduce(Op: V)."),
         arg(L, "loop"), arg(V, "variable"), arg(Op, "operator")].

Decl reduce_inferred_at(L, V, S)
  descr [doc("Statement S is an update of V of shared_reduce(L, V, _) (the warning names the first one)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "statement")].

Decl shared_race(L, V)
  descr [doc("Shared scalar V of L is neither shared_reduce nor shared_private: an iteration may read a value another iteration wrote."),
         arg(L, "loop"), arg(V, "variable")].

Decl shared_race_at(L, V, S)
  descr [doc("S writes shared_race V of L (the diagnostic points at the first one)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "site")].

Decl shared_race_read(L, V, S)
  descr [doc("S reads shared_race V of L before any definition of the iteration (the diagnostic names the first one)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "site")].

# --- The scalars ---

nested_loop(L) :- loop_parent(L, _).
shared_candidate(L) :- loop(L, /do_concurrent, _).

# A loop nested in L that makes V local (local, local_init) has a V of its
# own: what it does with it is not L's.
inner_local(L, V, L2) :- locality(L2, /local, V, _), in_loop(L2, L).
inner_local(L, V, L2) :- locality(L2, /local_init, V, _), in_loop(L2, L).
inner_own(L, V, X) :- inner_local(L, V, L2), in_loop(X, L2).

write_site(L, V, X) :- loop(L, /do_concurrent, _), access(X, L, V, /write).
write_site(L, V, X) :- loop(L, /do_concurrent, _), in_loop(X, L), call_arg(X, _, D, V), calls(X, _, Q), writes_dummy(Q, D).
write_site(L, V, S) :- scalar_def(S, V, /do_var), in_loop(S, L).
outer_write(L, V) :- write_site(L, V, X), !inner_own(L, V, X).
outer_write(L, V) :- loop_writes(L, V), alias(_, V).
outer_write(L, V) :- reach(L, P), access(_, P, V, /write), !declared_in(P, V).

shared_scalar(L, V) :- shared_candidate(L), outer_write(L, V), var_type(V, T), intrinsic_type(T, _, _),
  !var_attr(V, /array), !has_locality(L, V), !is_index(V), !loop_local_decl(L, V), !is_alias(V).

# --- Reads and writes, by statement ---

has_stmt(X) :- stmt_of(X, _).
out_def(S, V) :- scalar_def(S, V, /out_arg).
whole_write(S, V) :- scalar_def(S, V, _).
whole_write(S, V) :- whole_actual(S, V).

shared_read(L, V, S) :- shared_scalar(L, V), access(X, L, V, /read), !inner_own(L, V, X), stmt_of(X, S), !out_def(S, V).
# A nested loop with local_init(V) reads V when it starts.
shared_read(L, V, L2) :- shared_scalar(L, V), locality(L2, /local_init, V, _), in_loop(L2, L).

shared_unplaced_read(L, V, X) :- shared_scalar(L, V), access(X, L, V, /read), !inner_own(L, V, X), !has_stmt(X).
shared_unplaced_read(L, V, X) :- shared_scalar(L, V), reach(L, P), access(X, P, V, /read), !declared_in(P, V).

shared_write(L, V, S) :- shared_scalar(L, V), write_site(L, V, X), !inner_own(L, V, X), stmt_of(X, S).

shared_bad_write(L, V, S) :- shared_write(L, V, S), !whole_write(S, V).
shared_bad_write(L, V, X) :- shared_scalar(L, V), write_site(L, V, X), !inner_own(L, V, X), !has_stmt(X).
shared_bad_write(L, V, L) :- shared_scalar(L, V), alias(A, V), loop_writes(L, A).
shared_bad_write(L, V, X) :- shared_scalar(L, V), reach(L, P), access(X, P, V, /write), !declared_in(P, V).

# --- Definitions before a statement ---

# From the statements of L that read a shared scalar up through their
# lists, to L's body.
in_list(S, L, B, N) :- shared_read(L, _, S), in_loop(S, L), body_stmt(S, B, N).
in_list(S, L, B, N) :- in_list(S, L, B2, _), body_list(B2, C), in_loop(C, L), body_stmt(C, B, N).

list_defines(B, V) :- body_stmt(D, B, _), scalar_def(D, V, _).
complete_list(C, B) :- list_complete(C), body_list(B, C).
some_list_defines(C, V) :- complete_list(C, B), list_defines(B, V).
list_lacks(C, V) :- some_list_defines(C, V), complete_list(C, B), !list_defines(B, V).

must_def(D, V) :- scalar_def(D, V, _).
must_def(C, V) :- some_list_defines(C, V), !list_lacks(C, V).
def_at(B, V, M) :- must_def(D, V), body_stmt(D, B, M).

# A definition before position N of B is one when the first definition of
# V in B is (joining every read with every definition is quadratic in the
# body). def_first is exact where the minimum of its group is a def_at of
# that list and variable: group_by merges the groups whose keys' 32-bit
# hashes collide (P3), so a minimum may come from another group, and a
# group may have none; the definitions of those lists decide one by one.
def_min(B, V, M) :- def_at(B, V, Mi) |> do fn:group_by(B, V), let M = fn:min(Mi).
def_first(B, V, M) :- def_min(B, V, M), def_at(B, V, M).
def_has_first(B, V) :- def_first(B, V, _).
def_before(S, V) :- shared_read(L, V, S), in_list(S, L, B, N), def_first(B, V, M), M < N.
def_before(S, V) :- shared_read(L, V, S), in_list(S, L, B, N), !def_has_first(B, V), def_at(B, V, M), M < N.
def_before(S, V) :- shared_read(L, V, S), in_list(S, L, B, _), body_list(B, C), scalar_def(C, V, /do_var), in_loop(C, L).

shared_undefined_read(L, V, S) :- shared_read(L, V, S), !def_before(S, V).

# --- The classes ---

has_undefined_read(L, V) :- shared_undefined_read(L, V, _).
has_undefined_read(L, V) :- shared_unplaced_read(L, V, _).
has_bad_write(L, V) :- shared_bad_write(L, V, _).

shared_private(L, V) :- shared_scalar(L, V), !has_undefined_read(L, V), !has_bad_write(L, V).

is_red_stmt(S, V) :- red_stmt(S, V, _).
shared_red_op(L, V, Op) :- shared_scalar(L, V), red_stmt(S, V, Op), in_loop(S, L), !inner_own(L, V, S).
red_mixed(L, V) :- shared_red_op(L, V, A), shared_red_op(L, V, B), A != B.
non_red_use(L, V) :- shared_write(L, V, S), !is_red_stmt(S, V).
non_red_use(L, V) :- shared_read(L, V, S), !is_red_stmt(S, V).
non_red_use(L, V) :- shared_unplaced_read(L, V, _).
non_red_use(L, V) :- has_bad_write(L, V).
red_type_ok(L, V, Op) :- shared_red_op(L, V, Op), var_type(V, T), intrinsic_type(T, B, _), reduce_ok(Op, B).

shared_reduce(L, V, Op) :- red_type_ok(L, V, Op), !red_mixed(L, V), !non_red_use(L, V).
reduce_inferred_at(L, V, S) :- shared_reduce(L, V, _), red_stmt(S, V, _), in_loop(S, L), !inner_own(L, V, S).

is_shared_reduce(L, V) :- shared_reduce(L, V, _).
shared_race(L, V) :- shared_scalar(L, V), !shared_private(L, V), !is_shared_reduce(L, V).
shared_race_at(L, V, S) :- shared_race(L, V), shared_write(L, V, S).
shared_race_at(L, V, S) :- shared_race(L, V), shared_bad_write(L, V, S).
shared_race_read(L, V, S) :- shared_race(L, V), shared_undefined_read(L, V, S).
shared_race_read(L, V, S) :- shared_race(L, V), shared_unplaced_read(L, V, S).

# --- The value after the loop ---

# (A nested loop runs its iterations inside those of the loops around it,
# which may read what it left: never dead after it.)
unit_local(L, V) :- shared_private(L, V), !nested_loop(L), loop(L, _, P), declares(P, V, _), var_attr(V, /local).
pinned(V) :- var_attr(V, /save).
pinned(V) :- var_attr(V, /target).
pinned(V) :- var_attr(V, /pointer).
pinned(V) :- var_attr(V, /common).
pinned(V) :- var_attr(V, /equivalence).
pinned(V) :- var_attr(V, /namelist).
pinned(V) :- alias(_, V).

private_read(S, V) :- in_loop(S, L2), shared_private(L2, V).
private_read(S, V) :- in_loop(S, L2), locality(L2, /local, V, _).
private_read(S, V) :- in_do_of(S, V).

# The reads of the procedure that may see a value V had after L: not in a
# loop where V is local, not in a DO of V, and not after a definition of V
# that every path from L to the read passes (structurally: in the read's
# list or an enclosing one, with L not between them; only in a body
# without jumps).
unit_local_var(P, V) :- unit_local(L, V), loop(L, _, P).
open_read(P, V, S) :- unit_local_var(P, V), access(X, P, V, /read), !private_read(X, V), stmt_of(X, S).
open_unplaced_read(P, V) :- unit_local_var(P, V), access(X, P, V, /read), !private_read(X, V), !has_stmt(X).
host_read(L, V, S) :- unit_local(L, V), loop(L, _, P), open_read(P, V, S).
host_unplaced_read(L, V) :- unit_local(L, V), loop(L, _, P), open_unplaced_read(P, V).

host_pos(S) :- open_read(_, _, S).
host_pos(L) :- unit_local(L, _).
host_in_list(S, B, N) :- host_pos(S), body_stmt(S, B, N).
host_in_list(S, B, N) :- host_in_list(S, B2, _), body_list(B2, C), body_stmt(C, B, N).

# The last definition before S in each list around it: L breaks that
# guard when it is in the list at its position or between it and S (and
# then every earlier one of the list too).
host_def_before(S, V, B, M, N) :- open_read(_, V, S), host_in_list(S, B, N), def_at(B, V, M), M < N.
host_last_def(S, V, B, N, M) :- host_def_before(S, V, B, Mi, N) |> do fn:group_by(S, V, B, N), let M = fn:max(Mi).
host_guard(S, V, B, M, N) :- host_last_def(S, V, B, N, M).
host_guard_broken(L, V, S, B) :- host_read(L, V, S), host_guard(S, V, B, M, N), host_in_list(L, B, P), M <= P, P <= N.
host_guarded(L, V, S) :- host_read(L, V, S), host_guard(S, V, B, _, _), !host_guard_broken(L, V, S, B), loop(L, _, P), !proc_jumps(P).

shared_observed(L, V) :- host_read(L, V, S), !host_guarded(L, V, S).
shared_observed(L, V) :- host_unplaced_read(L, V).
shared_observed(L, V) :- unit_local(L, V), loop(L, _, P), observed_in_proc(P, V).

# (Per procedure and variable, each fact enumerated once.)
accessing_proc(V, Q) :- unit_local_var(_, V), access(_, Q, V, _), proc(Q, _).
observed_in_proc(P, V) :- unit_local_var(P, V), accessing_proc(V, Q), Q != P.
observed_in_proc(P, V) :- locality(L2, /local_init, V, _), loop(L2, _, P), unit_local_var(P, V).
observed_in_proc(P, V) :- locality(L2, /reduce, V, _), loop(L2, _, P), unit_local_var(P, V).

shared_dead_after(L, V) :- unit_local(L, V), !pinned(V), !shared_observed(L, V).
shared_last(L, V) :- shared_private(L, V), !shared_dead_after(L, V).

# The kernel writes a shared_last variable back (a DO variable is no
# access fact of the loop): written kernel data, for the buffers and the
# waits (rules/access.mg, buffer).
kernel_var(L, V) :- shared_last(L, V).
buffer(L, V, /written) :- shared_last(L, V).

# --- Diagnostics ---

rejected(L, Dev, /reason/shared_scalar_race, S) :- shared_race_at(L, _, S), device(Dev).
warning(S, /reason/reduce_inferred) :- reduce_inferred_at(_, _, S).
