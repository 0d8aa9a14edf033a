# coop.mg -- iterations that the threads of a block run together (issue 30).
# Design doc: "Lanes: an iteration on a SIMD-group" (the lanes of an
# iteration are the threads of a CUDA block) and "The offloading pipeline"
# (a larger tile goes to shared memory when the iterations of a block can
# share it). A kernel is cooperative (coop) when its iteration is a
# sequence of DO nests (facts/coop.go, coop_do: constant limits, one
# assignment to an array element, no procedure) that exchange a local()
# array: one nest writes it, a later one reads it (a tile, as a blocked
# transpose fills t from a and drains it into b). On cuda each iteration
# then runs on a block: its local() arrays live in shared memory (the first
# extent padded by one element), the iterations of each nest are shared
# out over the block's threads, and a barrier separates the nests. That is
# an order the program allows when the iterations of each nest are
# independent:
# - each nest writes distinct elements: every DO variable of the nest is,
#   in some subscript of the assigned element, the variable plus or minus
#   values the nest does not change (/unit), and every other subscript
#   reads no DO variable of the nest (/uniform), so that two iterations
#   never assign the same element;
# - a nest reads no array it assigns but the very element an iteration
#   assigns (coop_same: no iteration reads what another wrote);
# - the nests' DO variables are the only scalars they write, and the
#   launch leaves each at the value the sequential loop leaves (every
#   thread sets it after the nest), unless the host reads it after the
#   loop (shared_last: not cooperative).
# A kernel that can stop, has a mask or a reduce, is nested in another
# parallel loop, has a statement that is not such a DO nest, or whose
# local() arrays do not fit in the 48 KiB of shared memory a block has
# (coop_tile_limit) runs as before (coop_unfit, with the reason).
# The nest's DO variable that consecutive threads take (coop_fast): the one
# that is the first subscript of the assigned element when that is not a
# local() array, else that of an element read that is not one, else the
# innermost DO variable, so that the threads touch consecutive elements of
# global memory.
# Reads: loop, locality, var_attr, loop_can_stop, loop_mask, loop_parent,
# shared_last, dc_stmt, coop_do, coop_do_var, coop_ref, coop_sub,
# coop_same, coop_array_bytes.
# Derives: coop, coop_unfit, coop_fast, coop_tile. Lowering reads coop,
# coop_fast and coop_tile (lowering/coop.go) and never re-decides them;
# `fgpu explain` shows coop and coop_unfit.

Decl coop(K)
  descr [doc("The iterations of do concurrent K each run on the threads of a block together (cuda): its local() arrays in shared memory, each DO nest of the iteration shared out over the threads, a barrier between the nests."),
         arg(K, "loop")].

Decl coop_unfit(K, Reason, Site)
  descr [doc("Do concurrent K, whose iteration holds a DO nest, is not cooperative because of Reason at Site: /statement (a statement other than a DO nest of the coop_do form), /stops (it can stop), /mask, /reduce, /nested (it is in another parallel loop), /overlap (a nest may assign one element in two iterations), /reads_written (a nest reads an array it assigns), /last (the host reads a DO variable of a nest after the loop), /tile_shape (a local() array of no constant shape, or of a type other than integer, logical, real(4) and real(8)), /tile_size (its local() arrays exceed the shared memory of a block), /no_tile (no local() array that one nest writes and a later one reads)."),
         arg(K, "loop"), arg(Reason, "reason"), arg(Site, "where")].

Decl coop_fast(N, X)
  descr [doc("In DO nest N of a cooperative kernel, consecutive threads take consecutive values of DO variable X."),
         arg(N, "DO nest"), arg(X, "DO variable")].

Decl coop_tile(K, V)
  descr [doc("Local() array V of cooperative kernel K lives in the shared memory of each block (its first extent padded by one element)."),
         arg(K, "loop"), arg(V, "array")].

Decl coop_tile_limit(B)
  descr [doc("A block of a cooperative kernel holds at most B bytes of local() arrays in shared memory (CUDA's static limit, 48 KiB)."),
         arg(B, "bytes")]
  bound [/number].

coop_tile_limit(49152).

coop_nest_at(K, N) :- coop_do(K, N, _).
coop_has_nest(K) :- coop_do(K, _, _).
coop_local(K, V) :- coop_has_nest(K), locality(K, /local, V, _), var_attr(V, /array).
coop_sized(K, V) :- coop_array_bytes(K, V, _).

coop_unfit(K, /statement, S) :- coop_has_nest(K), dc_stmt(K, S, _, 0), !coop_nest_at(K, S).
coop_unfit(K, /stops, K) :- coop_has_nest(K), loop_can_stop(K).
coop_unfit(K, /mask, K) :- coop_has_nest(K), loop_mask(K).
coop_unfit(K, /reduce, S) :- coop_has_nest(K), locality(K, /reduce, _, S).
coop_unfit(K, /nested, K) :- coop_has_nest(K), loop_parent(K, _).

# Distinct elements: every DO variable of the nest is the /unit variable of
# a subscript of the assigned element, no subscript is /other.
coop_lhs(N, R) :- coop_ref(N, R, _, /lhs).
coop_covers(R, X) :- coop_lhs(N, R), coop_sub(R, _, X, /unit).
coop_overlap(N) :- coop_lhs(N, R), coop_sub(R, _, _, /other).
coop_overlap(N) :- coop_lhs(N, R), coop_do_var(N, X, _, _), !coop_covers(R, X).
coop_unfit(K, /overlap, N) :- coop_do(K, N, _), coop_overlap(N).
coop_assigns(N, V) :- coop_ref(N, _, V, /lhs).
coop_unfit(K, /reads_written, R) :- coop_do(K, N, _), coop_ref(N, R, V, /rhs), coop_assigns(N, V), !coop_same(N, R).
coop_unfit(K, /last, N) :- coop_do(K, N, _), coop_do_var(N, X, _, _), shared_last(K, X).

coop_unfit(K, /tile_shape, K) :- coop_local(K, V), !coop_sized(K, V).
coop_tile_size(K, V, B) :- coop_array_bytes(K, V, B).
coop_tile_bytes(K, B) :- coop_tile_size(K, V, B0) |> do fn:group_by(K), let B = fn:sum(B0).
coop_unfit(K, /tile_size, K) :- coop_tile_bytes(K, B), coop_tile_limit(M), B > M.

# The exchange: a local() array one nest assigns and a later one reads.
coop_fills(K, V, P) :- coop_do(K, N, P), coop_ref(N, _, V, /lhs), coop_local(K, V).
coop_drains(K, V, Q) :- coop_do(K, N, Q), coop_ref(N, _, V, /rhs), coop_local(K, V).
coop_exchange(K) :- coop_fills(K, V, P), coop_drains(K, V, Q), P < Q.
coop_unfit(K, /no_tile, K) :- coop_has_nest(K), !coop_exchange(K).

coop_is_unfit(K) :- coop_unfit(K, _, _).
coop(K) :- coop_has_nest(K), loop(K, /do_concurrent, _), !coop_is_unfit(K).
coop_tile(K, V) :- coop(K), coop_local(K, V).

# The fastest DO variable of each nest: the candidate of the largest score
# (the first subscript of a global element assigned 300, of one read 200,
# plus the depth; the innermost variable its depth).
coop_global_first(N, X, Side) :- coop_do(K, N, _), coop(K), coop_ref(N, R, V, Side), !coop_local(K, V), coop_sub(R, 1, X, /unit).
coop_fast_cand(N, X, S) :- coop_global_first(N, X, /lhs), coop_do_var(N, X, D, _), S = fn:plus(300, D).
coop_fast_cand(N, X, S) :- coop_global_first(N, X, /rhs), coop_do_var(N, X, D, _), S = fn:plus(200, D).
coop_fast_cand(N, X, D) :- coop_do(K, N, _), coop(K), coop_do_var(N, X, D, _).
coop_fast_score(N, X, S) :- coop_fast_cand(N, X, S).
coop_fast_best(N, M) :- coop_fast_score(N, X, S) |> do fn:group_by(N), let M = fn:max(S).
coop_fast(N, X) :- coop_fast_best(N, M), coop_fast_cand(N, X, M).
