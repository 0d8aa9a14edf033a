# locality.mg -- locality specs of do concurrent.
# Design doc: "Open questions" leaves locality to the standard; fgpu checks
# it (SPEC-MAP B2 for reduce): default(none) requires a locality for every
# variable referenced in the loop (F2018 C1130); a reduce variable's type
# must fit its operator (F2023 C1133); a local variable read before any
# write of its iteration is a warning (its value is undefined).
# Reads: default_none, access, locality, declares, var_attr, var_type,
# intrinsic_type, reduce_op, reduce_ok, stmt_index. Derives:
# default_none_missing, reduce_bad, local_read_before_write, and
# semantic_error / loop_error / warning for them.

Decl default_none_missing(L, V, S)
  descr [doc("Loop L has default(none) but variable V, referenced at S, has no locality spec."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "reference")].

Decl reduce_bad(L, V, S)
  descr [doc("Loop L reduces V (named at S) with an operator that does not fit V's type."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "the name in the reduce spec")].

Decl local_read_before_write(L, V, S)
  descr [doc("Loop L's local variable V is read at S before any write of the iteration (in statement order)."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "the reading statement")].

Decl warning(S, R)
  descr [doc("A warning with reason R at site S."),
         arg(S, "site"), arg(R, "reason")].

has_locality(L, V) :- locality(L, _, V, _).
is_index(V) :- var_attr(V, /index).
loop_local_decl(L, V) :- declares(L, V, _).

default_none_missing(L, V, S) :- default_none(L, _), access(S, L, V, _),
  !has_locality(L, V), !is_index(V), !loop_local_decl(L, V).

reduce_fits(L, V) :- reduce_op(L, V, Op), var_type(V, T), intrinsic_type(T, B, _), reduce_ok(Op, B).
reduce_bad(L, V, S) :- locality(L, /reduce, V, S), !reduce_fits(L, V).

local_read(L, V, S, N) :- locality(L, /local, V, _), access(S, L, V, /read), value_read(S, V), stmt_index(S, L, N).
# A write before position N is one when the first write of V in L is
# (joining every read with every write is quadratic in the body).
# local_first_write is exact where the minimum of its group is a write of
# that loop and variable: group_by merges the groups whose keys' 32-bit
# hashes collide (P3), so a minimum may come from another group, and a
# group may have none; the writes of those decide one by one.
local_write_at(L, V, M) :- locality(L, /local, V, _), access(S2, L, V, /write), stmt_index(S2, L, M).
local_write_min(L, V, M) :- local_write_at(L, V, Mi) |> do fn:group_by(L, V), let M = fn:min(Mi).
local_first_write(L, V, M) :- local_write_min(L, V, M), local_write_at(L, V, M).
local_has_first_write(L, V) :- local_first_write(L, V, _).
written_earlier(L, V, S) :- local_read(L, V, S, N), local_first_write(L, V, M), M < N.
written_earlier(L, V, S) :- local_read(L, V, S, N), !local_has_first_write(L, V), local_write_at(L, V, M), M < N.
local_read_before_write(L, V, S) :- local_read(L, V, S, _), !written_earlier(L, V, S).

semantic_error(S, /reason/default_none_missing) :- default_none_missing(_, _, S).
semantic_error(S, /reason/reduce_type) :- reduce_bad(_, _, S).
loop_error(L, /reason/default_none_missing, S) :- default_none_missing(L, _, S).
loop_error(L, /reason/reduce_type, S) :- reduce_bad(L, _, S).
warning(S, /reason/local_read_before_write) :- local_read_before_write(_, _, S).
