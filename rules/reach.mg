# reach.mg -- the procedures a parallel loop reaches.
# Design doc: "What the check has to look at" -- "for every loop it walks the
# loop body and every procedure the loop reaches transitively".
# Reads: in_loop, calls. Derives: reach(L, P), from the loop body only (a
# call in the loop's procedure outside the loop does not count). The call
# chain shown to users comes from the explanation walker, not from lists.

Decl reach(L, P)
  descr [doc("Parallel loop L reaches procedure P: a call in its body, or a call in a procedure it reaches."),
         arg(L, "loop"), arg(P, "procedure")].

reach(L, P) :- in_loop(S, L), calls(S, _, P).
reach(L, Q) :- reach(L, P), calls(_, P, Q).
