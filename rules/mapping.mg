# mapping.mg -- which index of a kernel's iteration space varies fastest.
# Design doc: docs/ARCHITECTURE.md (rules decide, lowering's mapping pass
# consumes). The iterations of a do concurrent may run in any order
# (F2018 11.1.7.4.3), so the order of the threads is fgpu's to choose: the
# index that is the stride-1 (first) subscript of the most array references
# of the body is the fastest-varying thread index (CUDA, Metal) and the
# innermost loop (CPU), whatever its place in the header, so that
# consecutive threads (vector lanes) touch consecutive elements.
# Reads: nest_group, nest_combined (nest.mg), loop_index, loop_index_at,
# serial_index (race.mg), race_ref, race_sub, race_tile.
# Derives: fast_index, mapping_key. Lowering (lowering/mapping.go) orders
# Kernel.Order from them and never re-decides; fortranLinear (gfortran's
# iteration number, for last values and stops) does not depend on them.

Decl fast_index(R, X)
  descr [doc("X is the fastest-varying index of the iteration space of R (a kernel's loop or a shared nested loop, with the loops combined with it, nest_group): the index most element references of the body have as their first subscript (the index plus a constant), ties by the written references, then the outermost loop's first header index."),
         arg(R, "loop (the root of a nest_group)"), arg(X, "index")].

Decl mapping_key(R, X, K)
  descr [doc("The other indices of R's space from the faster to the slower by K (smaller first): the dimension D of the subscript that X is in the most references (ties: the lower D; none: after every dimension), then the more such references, then the header order."),
         arg(R, "loop"), arg(X, "index"), arg(K, "sort key")].

Decl mapping_score(R, X, S)
  descr [doc("The score of candidate X of R's space as the fastest index (the sum of its mapping_point)."),
         arg(R, "loop"), arg(X, "index"), arg(S, "score")]
  bound [/name, /name, /number].

Decl mapping_best(R, M)
  descr [doc("The largest mapping_score of R's candidates."),
         arg(R, "loop"), arg(M, "score")]
  bound [/name, /number].

Decl mapping_depth(L, R, D)
  descr [doc("Loop L is at depth D (0: R) of the chain of loops combined with R."),
         arg(L, "loop"), arg(R, "root loop"), arg(D, "depth")]
  bound [/name, /name, /number].

Decl mapping_place(R, X, P)
  descr [doc("Index X of R's space has place P: 64 times its loop's depth plus its header position."),
         arg(R, "loop"), arg(X, "index"), arg(P, "place")]
  bound [/name, /name, /number].

Decl mapping_point(R, X, I, P)
  descr [doc("Item I (a reference, or X itself for its place) gives candidate X of R the points P."),
         arg(R, "loop"), arg(X, "index"), arg(I, "item"), arg(P, "points")]
  bound [/name, /name, /name, /number].

Decl mapping_dim_count(R, X, D, N)
  descr [doc("N references of R's body have index X in subscript D (mapping_by)."),
         arg(R, "loop"), arg(X, "index"), arg(D, "dimension"), arg(N, "count")]
  bound [/name, /name, /number, /number].

Decl mapping_dim_score(R, X, S)
  descr [doc("64 times a mapping_dim_count of X less its dimension."),
         arg(R, "loop"), arg(X, "index"), arg(S, "score")]
  bound [/name, /name, /number].

Decl mapping_pref(R, X, S)
  descr [doc("The largest mapping_dim_score of X."),
         arg(R, "loop"), arg(X, "index"), arg(S, "score")]
  bound [/name, /name, /number].

Decl mapping_slot(R, X, D, N)
  descr [doc("Dimension D is the one X is the subscript of in the most references of R (N of them; ties: the lower D)."),
         arg(R, "loop"), arg(X, "index"), arg(D, "dimension"), arg(N, "count")]
  bound [/name, /name, /number, /number].

# --- Candidates: the indices of the space, less those that run in order
# inside each thread (serial_index) ---

mapping_cand(R, X) :- nest_group(L, R), loop_index(L, X), !serial_index(L, X).

# The place of an index in the space: the depth of its loop in the chain of
# combined loops (0: R itself), then its header position.
mapping_depth(R, R, 0) :- nest_group(R, R).
mapping_depth(I, R, D1) :- nest_combined(I, O), mapping_depth(O, R, D), D1 = fn:plus(D, 1).
mapping_place(R, X, P) :- nest_group(L, R), mapping_depth(L, R, D), loop_index_at(L, X, N), P = fn:plus(fn:mult(D, 64), N).

# --- The fastest index: one score per candidate, summed over points ---
# (each first-subscript reference 2^40, each written one 2^20 more, the
# place 2^20 - 1 - P: the most references, then writes, then the
# earliest place; fewer than 2^20 references a loop).

# A first subscript counts for X when it is affine in X (race_sub /det:
# i, i + 1, i + jj with jj an inner DO variable) and reads no other index
# of the space (each space R on its own: a reference in a nested loop's
# body belongs to the spaces of both loops); one that reads only DO
# variables or constants counts for nothing.
mapping_sub(R, Ref, D, X) :- race_ref(R, Ref, _, _), race_sub(Ref, D, X, /det), mapping_cand(R, X).
# The variable of a tile of index I (race_tile: a DO or nested do
# concurrent starting at I + C, as in a tiled stencil's i = it:it+b-1)
# counts for I: consecutive values of I are neighbouring tiles.
mapping_sub(R, Ref, D, I) :- race_ref(R, Ref, _, _), race_sub(Ref, D, X, /det), race_tile(R, X, I), mapping_cand(R, I).
# (By reference first: the engine looks facts up by their first bound
# argument, and a loop has many references.)
mapping_rsub(Ref, R, D, X) :- mapping_sub(R, Ref, D, X).
mapping_mode(Ref, Mode) :- race_ref(_, Ref, _, Mode).
mapping_two(Ref, R, D) :- mapping_rsub(Ref, R, D, X), mapping_rsub(Ref, R, D, Y), X != Y.
mapping_other(Ref, R, D) :- mapping_rsub(Ref, R, D, _), race_sub(Ref, D, Y, /other), mapping_cand(R, Y).
mapping_bad(Ref, R, D) :- mapping_two(Ref, R, D).
mapping_bad(Ref, R, D) :- mapping_other(Ref, R, D).
mapping_by(R, X, D, Ref) :- mapping_sub(R, Ref, D, X), !mapping_bad(Ref, R, D).
mapping_first(R, X, Ref, Mode) :- mapping_by(R, X, 1, Ref), mapping_mode(Ref, Mode).
mapping_point(R, X, Ref, 1099511627776) :- mapping_first(R, X, Ref, _).
mapping_point(R, X, Ref, 1048576) :- mapping_first(R, X, Ref, /write).
mapping_point(R, X, X, S) :- mapping_cand(R, X), mapping_place(R, X, P), S = fn:minus(1048575, P).
mapping_score(R, X, S) :- mapping_point(R, X, _, P) |> do fn:group_by(R, X), let S = fn:sum(P).
mapping_best(R, M) :- mapping_score(R, _, S) |> do fn:group_by(R), let M = fn:max(S).
fast_index(R, X) :- mapping_best(R, M), mapping_score(R, X, M).

# --- The order of the others ---

mapping_dim_count(R, X, D, N) :- mapping_by(R, X, D, _) |> do fn:group_by(R, X, D), let N = fn:count().
mapping_dim_score(R, X, S) :- mapping_dim_count(R, X, D, N), S = fn:minus(fn:mult(N, 64), D).
mapping_pref(R, X, S) :- mapping_dim_score(R, X, S0) |> do fn:group_by(R, X), let S = fn:max(S0).
mapping_slot(R, X, D, N) :- mapping_pref(R, X, S), mapping_dim_count(R, X, D, N), S = fn:minus(fn:mult(N, 64), D).
mapping_has_slot(R, X) :- mapping_slot(R, X, _, _).
mapping_key(R, X, K) :- mapping_slot(R, X, D, N), mapping_place(R, X, P), K = fn:plus(fn:mult(D, 1099511627776), fn:mult(fn:minus(1073741824, N), 1024), P).
mapping_key(R, X, K) :- mapping_cand(R, X), !mapping_has_slot(R, X), mapping_place(R, X, P), K = fn:plus(69269232549888, P).
