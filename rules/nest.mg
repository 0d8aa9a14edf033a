# nest.mg -- how a do concurrent nested in an offloaded do concurrent runs.
# Design doc: "Lanes: an iteration on a SIMD-group" (SPEC-MAP L1: shared-out
# inner loops, effects of the iteration on one lane; here the lanes of an
# iteration are the threads of a CUDA block) and "The offloading pipeline"
# (the device source it generates). Each nested do concurrent runs in one of
# three ways:
# - /combined: the loop around it (its parent) holds nothing else, and its
#   limits and steps read no index of the perfect nest above it, nothing the
#   parent writes, no local of the nest, and call no procedure: the kernel
#   iterates the indices of both as one space (as a header of several indices
#   does). A reduce of the inner loop needs the same reduce on the parent.
#   The host evaluates the limits of a nest combined with a kernel's loop,
#   so they may not read an array any parallel loop writes (the host's copy
#   may be older than the device's).
# - /shared: a first nested loop of a kernel (the kernel's loop and the
#   loops combined with it form its iteration space) whose iterations each
#   run on the threads of a block (cuda): the block's threads share this
#   loop's iterations (a reduce into a scalar of the outer iteration is a
#   block reduction), the other statements of the outer iteration run on
#   every thread (scalars of the iteration) or on one (what writes memory),
#   with barriers between. It needs a kernel that cannot stop (a stopped
#   thread would leave the others at a barrier), statements of the outer
#   iteration that the threads can run so (no CALL, no other statement
#   kinds), and first nested loops that write no scalar other than their
#   own locals, locals of loops nested in them, block variables, reduce
#   variables and scalars each of their iterations defines before use that
#   the outer iteration uses nowhere else (threads would each write their
#   own copy).
#   On the CPU a shared loop runs sequentially in the outer iteration.
# - /sequential: otherwise, in the thread of the outer iteration.
# A shared loop whose body is one assignment of an element whose first
# subscript is one index of the loop (X) from elements whose first
# subscripts are another (Y) is staged through shared memory (nest_stage):
# the threads read along Y and write along X, so both are coalesced.
# Reads: loop, loop_parent, loop_index, locality, reduce_op, loop_mask,
# loop_can_stop, loop_writes, shared_private, shared_last, var_attr,
# var_type, intrinsic_type, declares, access, in_loop, call_arg, calls,
# writes_dummy, dc_stmt, dc_bound_read, dc_bound_call, dc_mask_read,
# assign_ref.
# Derives: nest_parent, nest_apart, nest_combined, nest_group, nest_top,
# nest_unshared, nest_mode, nest_host_trip, nest_stage. Lowering reads
# nest_mode, nest_stage and nest_host_trip (lowering/nest.go) and never
# re-decides them; `fgpu explain` shows nest_mode with nest_apart and
# nest_unshared.

Decl nest_parent(I, O)
  descr [doc("Parallel loop O is the innermost parallel loop around parallel loop I."),
         arg(I, "inner loop"), arg(O, "outer loop")].

Decl nest_apart(I, Reason, Site)
  descr [doc("Do concurrent I is not combined with the loop around it because of Reason (/statements: the parent's body holds more than I; /bound_index, /bound_written, /bound_local, /bound_call, /bound_device: I's limits read an index of the nest, a variable the parent writes, a local of the nest, call a procedure, or read an array a parallel loop writes (the host evaluates them); /reduce: I reduces a variable the parent does not reduce with the same operator; /mask_local: a mask of the nest reads a variable I makes local), at Site."),
         arg(I, "inner loop"), arg(Reason, "reason"), arg(Site, "where")].

Decl nest_combined(I, O)
  descr [doc("Do concurrent I is combined with its parent O: one iteration space of the indices of both."),
         arg(I, "inner loop"), arg(O, "outer loop")].

Decl nest_group(L, R)
  descr [doc("Do concurrent L is R, or combined with R through its parents: L's indices are part of R's iteration space."),
         arg(L, "loop"), arg(R, "the outermost loop of the space")].

Decl nest_top(K)
  descr [doc("Do concurrent K is in no other parallel loop: a kernel's loop when offloaded."),
         arg(K, "loop")].

Decl nest_unshared(L, Reason, Site)
  descr [doc("The iterations of a nested do concurrent cannot be shared out over the threads of an outer iteration because of Reason at Site: L is the kernel's loop (/stops: the kernel can stop; /statement: a statement of the outer iteration other than assignments, constructs, cycle and exit; /inner_scalar: one of its first nested loops writes a scalar that is not its own) or the nested loop (/not_first: it is inside another nested loop; /serial_index: it has an index that runs in order in the thread, rules/race.mg)."),
         arg(L, "loop"), arg(Reason, "reason"), arg(Site, "where")].

Decl nest_mode(I, Mode)
  descr [doc("Nested do concurrent I runs /combined with its parent, /shared over the threads of an outer iteration, or /sequential in the thread."),
         arg(I, "inner loop"), arg(Mode, "mode")].

Decl nest_host_trip(I)
  descr [doc("The limits and steps of shared loop I and of the loops combined with it can be evaluated by the host before the launch (no index of a loop around them, nothing the kernel writes, no array a parallel loop writes, no local, no procedure): the launch sizes the blocks from its trip count."),
         arg(I, "inner loop")].

Decl nest_stage(I, X, Y)
  descr [doc("Shared loop I is one assignment of an element whose first subscript is I's index X from elements whose first subscripts are I's index Y: staged through shared memory, read along Y and written along X."),
         arg(I, "inner loop"), arg(X, "index of the written element's first subscript"), arg(Y, "index of the read elements' first subscript")].

Decl nest_group_kind(Kind)
  descr [doc("A statement of Kind can run in an outer iteration whose nested loop is shared out (on every thread, or on one)."),
         arg(Kind, "statement kind")].

Decl nest_stage_type(T)
  descr [doc("Elements of type T can be staged through shared memory (integer, real or logical of 1 to 8 bytes)."),
         arg(T, "type")].

# --- The loop around a loop ---

nest_dc(L) :- loop(L, /do_concurrent, _).
nest_between(I, O) :- loop_parent(I, M), loop_parent(M, O).
nest_parent(I, O) :- loop_parent(I, O), !nest_between(I, O).
nest_has_parent(L) :- loop_parent(L, _).

# --- Combined ---

# nest_has_other(L, S): L's body has a statement other than S. Pairing S
# with every other statement of L is quadratic in the body, so the
# statements are counted per loop (S is one of them: another exists when
# there are two). The count is exact when every loop with statements got
# one: group_by merges the groups whose keys' 32-bit hashes collide (P3),
# each merge costing one key its count, and then (nest_count_lost) the
# pairs decide instead.
nest_stmt_of(L, S) :- dc_stmt(L, S, _, _).
nest_stmt_count(L, N) :- nest_stmt_of(L, S) |> do fn:group_by(L), let N = fn:count().
nest_counted(L) :- nest_stmt_count(L, _).
nest_count_lost() :- nest_stmt_of(L, _), !nest_counted(L).
nest_has_other(L, S) :- dc_stmt(L, S, _, 0), nest_stmt_count(L, N), N > 1, !nest_count_lost().
nest_has_other(L, S) :- nest_count_lost(), dc_stmt(L, S, _, 0), dc_stmt(L, T, _, _), S != T.
nest_only(I, O) :- dc_stmt(O, I, /do_concurrent, 0), !nest_has_other(O, I).
nest_chain(I, A) :- nest_only(I, A).
nest_chain(I, A) :- nest_only(I, O), nest_chain(O, A).

nest_apart(I, /statements, I) :- nest_parent(I, O), nest_dc(I), nest_dc(O), !nest_only(I, O).
nest_apart(I, /bound_index, I) :- dc_bound_read(I, V), nest_chain(I, A), loop_index(A, V).
nest_apart(I, /bound_written, I) :- dc_bound_read(I, V), nest_parent(I, O), loop_writes(O, V).
nest_apart(I, /bound_local, I) :- dc_bound_read(I, V), nest_chain(I, A), locality(A, /local, V, _).
nest_apart(I, /bound_call, S) :- nest_parent(I, _), dc_bound_call(I, S).
# The host evaluates the limits of a nest combined with a kernel's loop,
# before the launch: an array a parallel loop writes may be newer on the
# device (the scalars the kernel reads, as these limits do, are host
# accesses of the launch: rules/sync.mg fetches them before it).
nest_apart(I, /bound_device, I) :- dc_bound_read(I, V), nest_chain(I, K), nest_top(K), var_attr(V, /array), loop_writes(_, V).
nest_same_reduce(O, V, Op) :- reduce_op(O, V, Op).
nest_apart(I, /reduce, S) :- locality(I, /reduce, V, S), reduce_op(I, V, Op), nest_parent(I, O), !nest_same_reduce(O, V, Op).
nest_privatizes(I, V, S) :- locality(I, /local, V, S).
nest_privatizes(I, V, S) :- locality(I, /local_init, V, S).
nest_apart(I, /mask_local, S) :- nest_privatizes(I, V, S), nest_chain(I, A), dc_mask_read(A, V).

nest_is_apart(I) :- nest_apart(I, _, _).
nest_combined(I, O) :- nest_parent(I, O), nest_only(I, O), nest_dc(I), nest_dc(O), !nest_is_apart(I).
nest_is_combined(L) :- nest_combined(L, _).

nest_group(R, R) :- nest_dc(R), !nest_is_combined(R).
nest_group(I, R) :- nest_combined(I, O), nest_group(O, R).
nest_top(K) :- nest_dc(K), !nest_has_parent(K).

# --- Shared ---

nest_group_kind(/assign).
nest_group_kind(/if).
nest_group_kind(/do).
nest_group_kind(/select).
nest_group_kind(/block).
nest_group_kind(/associate).
nest_group_kind(/do_concurrent).
nest_group_kind(/cycle).
nest_group_kind(/exit).
nest_group_kind(/continue).

# The first nested loops of a kernel: not combined, their parent in the
# kernel's space.
nest_first(I, K) :- nest_parent(I, O), nest_group(I, I), nest_group(O, K), nest_top(K).

nest_unshared(K, /stops, K) :- nest_top(K), loop_can_stop(K).
nest_unshared(K, /statement, S) :- nest_top(K), nest_group(O, K), dc_stmt(O, S, Kind, _), !nest_group_kind(Kind).
nest_unshared(I, /not_first, I) :- nest_dc(I), nest_has_parent(I), nest_group(I, I), nest_parent(I, O), nest_group(O, R), nest_has_parent(R).

# Scalars a first nested loop I may write: its own (locals, block
# variables, reduce variables of I and of the loops combined with it), and
# at a site inside a loop nested in I that makes them local there. All
# first nested loops of a kernel are shared or none: a loop left in one
# thread would compute what the other threads need.
nest_private(I, V) :- nest_group(G, I), locality(G, /local, V, _).
nest_private(I, V) :- nest_group(G, I), locality(G, /local_init, V, _).
nest_private(I, V) :- nest_group(G, I), reduce_op(G, V, _).
nest_private(I, V) :- nest_group(G, I), declares(G, V, _).
nest_private_at(I, S, V) :- in_loop(S, L), loop_parent(L, I), nest_privatizes(L, V, _).
# A scalar without a locality spec that each iteration of the loop defines
# before it reads it (shared_private, rules/shared.mg), and that the
# kernel's iteration references nowhere outside the loop (the loop's own
# limits count as outside) while the host does not read it after the
# kernel (shared_last) or the kernel makes it local: each thread's copy
# serves the iterations it runs.
nest_used_outside(I, V) :- nest_first(I, K), access(X, K, V, _), !in_loop(X, I).
nest_kernel_own(K, V) :- nest_top(K), shared_private(K, V), !shared_last(K, V).
nest_kernel_own(K, V) :- nest_top(K), locality(K, /local, V, _).
nest_private(I, V) :- nest_first(I, K), nest_group(G, I), shared_private(G, V), nest_kernel_own(K, V), !nest_used_outside(I, V).
nest_write_at(I, V, S) :- nest_dc(I), access(S, I, V, /write).
nest_write_at(I, V, S) :- nest_dc(I), in_loop(S, I), call_arg(S, _, D, V), calls(S, _, Q), writes_dummy(Q, D).
nest_is_array(V) :- var_attr(V, /array).
nest_unshared(K, /inner_scalar, S) :- nest_first(I, K), nest_write_at(I, V, S), !nest_is_array(V), !nest_private(I, V), !nest_private_at(I, S, V).

nest_kernel_unshared(K) :- nest_unshared(K, _, _), nest_top(K).

nest_is_shared(I) :- nest_first(I, K), !nest_kernel_unshared(K).
nest_mode(I, /combined) :- nest_combined(I, _).
nest_mode(I, /shared) :- nest_is_shared(I).
nest_mode(I, /sequential) :- nest_dc(I), nest_has_parent(I), nest_group(I, I), !nest_is_shared(I).

# --- Block size from the host ---

nest_bound_dep(I) :- dc_bound_read(I, V), loop_parent(I, A), loop_index(A, V).
nest_bound_dep(I) :- dc_bound_read(I, V), loop_parent(I, A), locality(A, /local, V, _).
nest_bound_dep(I) :- dc_bound_read(I, V), loop_parent(I, A), nest_top(A), loop_writes(A, V).
nest_bound_dep(I) :- dc_bound_call(I, _).
nest_bound_dep(I) :- dc_bound_read(I, V), var_attr(V, /array), loop_writes(_, V).
nest_group_dep(I) :- nest_group(G, I), nest_bound_dep(G).
nest_host_trip(I) :- nest_is_shared(I), !nest_group_dep(I).

# --- Staged through shared memory ---

nest_stage_type(T) :- intrinsic_type(T, /integer, _).
nest_stage_type(T) :- intrinsic_type(T, /real, 4).
nest_stage_type(T) :- intrinsic_type(T, /real, 8).
nest_stage_type(T) :- intrinsic_type(T, /logical, _).

nest_has_child(I) :- nest_combined(_, I).
nest_one_assign(I, S) :- dc_stmt(I, S, /assign, 0), !nest_has_other(I, S).
nest_rhs_first(S, V) :- assign_ref(S, _, /rhs, _, V).
nest_rhs_index(S, I, Y) :- assign_ref(S, _, /rhs, _, Y), loop_index(I, Y).
nest_two_y(S, I) :- nest_rhs_index(S, I, Y1), nest_rhs_index(S, I, Y2), Y1 != Y2.
nest_stage(I, X, Y) :- nest_is_shared(I), nest_one_assign(I, S), !loop_mask(I), !nest_has_child(I),
  assign_ref(S, _, /lhs, W, X), loop_index(I, X), var_type(W, T), nest_stage_type(T),
  nest_rhs_index(S, I, Y), X != Y, !nest_rhs_first(S, X), !nest_two_y(S, I).
