# deadstore.mg -- whole-array stores that are assigned again before anything reads them.
# Design doc: "Whole-array assignments between launches" -- an assignment
# whose every element is assigned again before anything reads it (dcdw = 0.
# followed by dcdw = sum(reduce_dcdw, dim=4)) is removed by the
# dead_array_store pass before the array statements are chosen, so it
# costs no launch at all.
# Conservative for now: the reassignment is the very next statement of the
# same statement list (straight-line code), assigns the same whole target
# (same text) and does not read it or call anything; the removed store
# calls nothing. Only in host loops that launch kernels (where the array
# statement pass works). Reads: array_stmt, array_stmt_attr, next_stmt,
# in_host_loop, launching_host_loop. Derives: dead_store.

Decl dead_store(S)
  descr [doc("The whole-array assignment S is dead: the next statement assigns every element of the same target again without reading it; lowering removes S (host text: a comment)."),
         arg(S, "assignment")].

Decl store_kept(S)
  descr [doc("The whole-array assignment S may not be removed or count as a reassignment: it calls a procedure, is a defined assignment, has a label, or shares its line."),
         arg(S, "assignment")].

store_kept(S) :- array_stmt_attr(S, /has_call).
store_kept(S) :- array_stmt_attr(S, /defined_assignment).
store_kept(S) :- array_stmt_attr(S, /labelled).
store_kept(S) :- array_stmt_attr(S, /shared_line).

dead_store(S) :- array_stmt(S, V, T), in_host_loop(S, H), launching_host_loop(H), next_stmt(S, N), array_stmt(N, V, T), !array_stmt_attr(N, /reads_target), !store_kept(S), !store_kept(N).
