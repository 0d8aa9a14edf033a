# purity.mg -- purity in do concurrent, enforced as semantic errors.
# Design doc: "Open questions" (purity is not enforced there); fgpu decides
# (SPEC-MAP B1): an impure procedure referenced in a do concurrent, and a
# STOP in a pure procedure or directly in a do concurrent body (an image
# control statement there; the design doc, "The unsupported list"), are
# semantic errors; ERROR STOP is allowed in both (Fortran 2018 C1139,
# C1599).
# Reads: loop, in_loop, calls, calls_external, impure_intrinsic, proc_attr,
# stop_stmt, reach. Derives: semantic_error, loop_error.

Decl semantic_error(Site, R)
  descr [doc("The program is invalid Fortran at Site, for reason R."),
         arg(Site, "offending construct"), arg(R, "reason")].

Decl loop_error(L, R, Site)
  descr [doc("Loop L cannot be compiled: a semantic error R at Site in its body or in a procedure it reaches."),
         arg(L, "loop"), arg(R, "reason"), arg(Site, "construct")].

is_pure(P) :- proc_attr(P, /pure).

in_do_concurrent(S, L) :- loop(L, /do_concurrent, _), in_loop(S, L).

semantic_error(S, /reason/impure_call) :- in_do_concurrent(S, _), calls(S, _, P), !is_pure(P).
semantic_error(S, /reason/impure_call) :- in_do_concurrent(S, _), calls_external(S, _, _).
semantic_error(S, /reason/impure_call) :- in_do_concurrent(S, _), impure_intrinsic(S, _).
semantic_error(S, /reason/impure_call) :- calls(S, P, Q), is_pure(P), !is_pure(Q).
semantic_error(S, /reason/impure_call) :- calls_external(S, P, _), is_pure(P).
semantic_error(S, /reason/stop_in_pure) :- stop_stmt(S, P, /stop), is_pure(P).
semantic_error(S, /reason/stop_in_do_concurrent) :- stop_stmt(S, L, /stop), loop(L, /do_concurrent, _).

loop_error(L, R, S) :- in_loop(S, L), semantic_error(S, R).
loop_error(L, R, S) :- reach(L, P), stop_stmt(S, P, _), semantic_error(S, R).
loop_error(L, R, S) :- reach(L, P), calls(S, P, _), semantic_error(S, R).
loop_error(L, R, S) :- reach(L, P), calls_external(S, P, _), semantic_error(S, R).
