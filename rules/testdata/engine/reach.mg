# reach.mg -- the procedures a loop reaches (engine test program).
# Design doc: none; a copy of the shape of fgpu's reach analysis, used to
# test evaluation, queries and shortest explanations over cyclic graphs.

Decl reach(L, P)
  descr [doc("Loop L reaches procedure P."), arg(L, "loop"), arg(P, "procedure")].

reach(L, P) :- in_loop(S, L), calls(S, _, P).
reach(L, Q) :- reach(L, P), calls(_, P, Q).
