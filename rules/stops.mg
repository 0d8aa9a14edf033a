# stops.mg -- which procedures and parallel loops can stop on the device.
# Design doc: "Stopping on the device" -- every launch of a kernel that
# reaches a stop or error stop gets a status buffer; each such statement is
# a numbered site; a procedure the kernel calls that holds one, or calls one
# that does, gets the hidden site and code arguments.
# Reads: stop_stmt, proc, calls, loop, in_loop, reach. Derives: can_stop,
# loop_can_stop, loop_stop_site. Lowering reads them (Kernel.CanStop, the
# device procedures with hidden arguments, Plan.StopSites); it never
# re-decides them.

Decl can_stop(P)
  descr [doc("Procedure P may stop: its body has a stop or error stop statement, or it calls a procedure that may stop."),
         arg(P, "procedure")].

Decl loop_can_stop(L)
  descr [doc("Parallel loop L may stop: its body has a stop or error stop statement, or calls a procedure that may stop."),
         arg(L, "loop")].

Decl loop_stop_site(L, S)
  descr [doc("The stop or error stop statement at S is reached by parallel loop L: in its body, or in a procedure it reaches (a stop site of L's kernel)."),
         arg(L, "loop"), arg(S, "stop statement")].

can_stop(P) :- stop_stmt(_, P, _), proc(P, _).
can_stop(P) :- calls(_, P, Q), can_stop(Q).

loop_can_stop(L) :- loop(L, _, _), stop_stmt(_, L, _).
loop_can_stop(L) :- in_loop(S, L), calls(S, _, P), can_stop(P).

loop_stop_site(L, S) :- loop(L, _, _), stop_stmt(S, L, _).
loop_stop_site(L, S) :- reach(L, P), stop_stmt(S, P, _).
