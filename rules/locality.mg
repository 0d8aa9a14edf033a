# locality.mg -- locality specs of do concurrent.
# Design doc: "Open questions" leaves locality to the standard; fgpu checks
# it (SPEC-MAP B2 for reduce): default(none) requires a locality for every
# variable referenced in the loop (F2018 C1130); a reduce variable's type
# must fit its operator (F2023 C1133); a local variable read before any
# write of its iteration is a warning (its value is undefined).
# Reads: default_none, access, locality, declares, var_attr, var_type,
# intrinsic_type, reduce_op, reduce_ok, value_read, stmt_of, in_loop,
# body_stmt, body_list, do_construct, scalar_def, call_arg, calls,
# writes_dummy, alias, loop, proc_jumps. Derives:
# default_none_missing, reduce_bad, local_read_before_write, and
# semantic_error / loop_error / warning for them.

Decl default_none_missing(L, V, S)
  descr [doc("Loop L has default(none) but variable V, referenced at S, has no locality spec."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "reference")].

Decl reduce_bad(L, V, S)
  descr [doc("Loop L reduces V (named at S) with an operator that does not fit V's type."),
         arg(L, "loop"), arg(V, "variable"), arg(S, "the name in the reduce spec")].

Decl local_read_before_write(L, V, S)
  descr [doc("Loop L's local variable V is read at statement S, and no write of V can run before it in the iteration (structurally: no write earlier in S's list or an enclosing one, in the head of a construct around S, or in a DO construct around S)."),
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

# --- A local read before any write of the iteration ---
# The warning says the read certainly sees an undefined value: it fires
# only when no write of V can run before the read in any path of the
# iteration (a "maybe read first" -- a write only inside an IF before a
# read outside it, a write in one iteration of an inner DO before a read
# earlier in its body -- is no warning: correct codes guard their reads so,
# and a warning users learn to ignore helps no one). Structurally, a write
# W may run before a read R when:
# - W is (or is nested in) a statement of a list that comes before the
#   statement holding R in that list (so a write in either branch of an IF
#   before R counts; a write in the ELSE branch does not precede a read in
#   the THEN branch: exactly one runs);
# - W is the head of a construct around R (the head of a DO of V defines
#   V: scalar_def /do_var);
# - W and R are both in the body of a DO construct inside L (any form,
#   also a nested do concurrent): its next iteration runs W before R;
# - the procedure may jump (GO TO, ...): any write of V in L.
# A write in the same statement as the read does not precede it (t = t + 1,
# a do ll = 1, ll head). Writes: an access /write; scalar_def (the head of
# a DO of V, an intent(out) actual); an actual whose dummy the callee may
# define (call_arg, writes_dummy); a write through an associate name of V.
# An intent(out) actual is no value read (facts: value_read). Reads and
# writes in a loop nested in L that has a V of its own (inner_own,
# rules/shared.mg) are that loop's. A read at a site of no known statement
# is not judged.
local_read(L, V, S) :- locality(L, /local, V, _), access(X, L, V, /read), value_read(X, V), stmt_of(X, S), in_loop(S, L), !inner_own(L, V, X).
# (Each rule below joins a variable's reads or its writes, never the two
# pairwise: that is quadratic in a loop body of many statements,
# bench/analysis TestBigLoopLinear.)
local_read_var(L, V) :- local_read(L, V, _).
local_write(L, V, S) :- local_read_var(L, V), access(X, L, V, /write), stmt_of(X, S), in_loop(S, L), !inner_own(L, V, X).
local_write(L, V, S) :- local_read_var(L, V), scalar_def(S, V, _), in_loop(S, L), !inner_own(L, V, S).
local_write(L, V, S) :- local_read_var(L, V), call_arg(X, _, D, V), calls(X, _, Q), writes_dummy(Q, D), stmt_of(X, S), in_loop(S, L), !inner_own(L, V, X).
local_write(L, V, S) :- local_read_var(L, V), alias(A, V), access(X, L, A, /write), stmt_of(X, S), in_loop(S, L), !inner_own(L, V, X).

# local_at(S, B, N): statement S (a local read or write) is statement N of
# list B, or nested in the construct that is.
local_stmt(S) :- local_read(_, _, S).
local_stmt(S) :- local_write(_, _, S).
local_at(S, B, N) :- local_stmt(S), body_stmt(S, B, N).
local_at(S, B, N) :- local_at(S, B2, _), body_list(B2, C), body_stmt(C, B, N).
# local_in(S, C): S is nested in construct C.
local_in(S, C) :- local_at(S, B, _), body_list(B, C).

# The first write of V in each list B (a write earlier in B than a read
# there is one when the first is). group_by merges the groups whose keys'
# 32-bit hashes collide (P3): a minimum is taken only where it is a write
# position of its own group (then it is that group's; the list first, as
# the lookups bind it); a group left
# without one has its writes decide one by one.
local_wpos(L, V, B, M) :- local_write(L, V, W), local_at(W, B, M).
local_wmin(L, V, B, Mn) :- local_wpos(L, V, B, M) |> do fn:group_by(L, V, B), let Mn = fn:min(M).
local_wfirst(B, L, V, M) :- local_wmin(L, V, B, M), local_wpos(L, V, B, M).
local_has_wfirst(B, L, V) :- local_wfirst(B, L, V, _).
# Constructs that are (local_wc) or hold (local_wdo, DO constructs) a write
# of V, the construct first: a lookup uses only the first bound column
# (MANGLE.md P12), and a loop's first column would scan all its writes.
local_wc(C, L, V) :- local_write(L, V, C).
local_wdo(C, L, V) :- local_write(L, V, W), local_in(W, C), do_construct(C), in_loop(C, L).
local_wany(L, V) :- local_write(L, V, _).

local_jumps(L) :- loop(L, _, P), proc_jumps(P).
written_earlier(L, V, R) :- local_read(L, V, R), local_at(R, B, N), local_wfirst(B, L, V, M), M < N.
written_earlier(L, V, R) :- local_read(L, V, R), local_at(R, B, N), !local_has_wfirst(B, L, V), local_wpos(L, V, B, M), M < N.
written_earlier(L, V, R) :- local_read(L, V, R), local_in(R, C), local_wc(C, L, V).
written_earlier(L, V, R) :- local_read(L, V, R), local_in(R, C), local_wdo(C, L, V).
written_earlier(L, V, R) :- local_read(L, V, R), local_jumps(L), local_wany(L, V).
local_read_before_write(L, V, S) :- local_read(L, V, S), !written_earlier(L, V, S).

semantic_error(S, /reason/default_none_missing) :- default_none_missing(_, _, S).
semantic_error(S, /reason/reduce_type) :- reduce_bad(_, _, S).
loop_error(L, /reason/default_none_missing, S) :- default_none_missing(L, _, S).
loop_error(L, /reason/reduce_type, S) :- reduce_bad(L, _, S).
warning(S, /reason/local_read_before_write) :- local_read_before_write(_, _, S).
