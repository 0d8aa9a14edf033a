# access.mg -- kernel buffer classification: which data a loop reads only
# and which it writes, through callee intents and bodies, transitively.
# Design doc: "Asynchronous launches and data residency" ("What the runtime
# does": read-only buffers are copied at a launch, written ones stay
# resident with a dirty bit).
# Reads: access, var_attr, declares, calls, call_arg, in_loop, reach, alias
# (a write through an associate name writes its selector's variable),
# shared_last (rules/shared.mg: a DO variable whose last value the kernel
# writes back is written kernel data too).
# Derives: writes_dummy, loop_writes, kernel_var, buffer.

Decl writes_dummy(P, D)
  descr [doc("Procedure P may write its dummy argument D (directly, by intent(out)/intent(inout), or by passing it to a procedure that does)."),
         arg(P, "procedure"), arg(D, "dummy")].

Decl loop_writes(L, V)
  descr [doc("Loop L may write variable V: in its body, through an argument of a call, or a module or host variable in a procedure it reaches."),
         arg(L, "loop"), arg(V, "variable")].

Decl kernel_var(L, V)
  descr [doc("Variable V is data of loop L's kernel: referenced in the body (not an index, not a block local of the loop), or a module or host variable used by a procedure the loop reaches."),
         arg(L, "loop"), arg(V, "variable")].

Decl buffer(L, V, Mode)
  descr [doc("Kernel data V of loop L is /read_only or /written."),
         arg(L, "loop"), arg(V, "variable"), arg(Mode, "/read_only or /written")].

declared_in(P, V) :- declares(P, V, _).

writes_dummy(P, D) :- access(_, P, D, /write), var_attr(D, /dummy).
writes_dummy(P, D) :- var_attr(D, /intent_out), declares(P, D, _).
writes_dummy(P, D) :- var_attr(D, /intent_inout), declares(P, D, _).
# From the recursion's delta: each new writes_dummy(Q, D2) looks up the
# actual arguments bound to D2 (rather than every call in every round).
writes_dummy(P, D) :- writes_dummy(Q, D2), call_arg(S, _, D2, D), calls(S, P, Q), var_attr(D, /dummy).

loop_writes(L, V) :- loop(L, _, _), access(_, L, V, /write).
loop_writes(L, V) :- in_loop(S, L), call_arg(S, _, D, V), calls(S, _, Q), writes_dummy(Q, D).
loop_writes(L, V) :- reach(L, P), access(_, P, V, /write), !declared_in(P, V).
loop_writes(L, R) :- loop_writes(L, V), alias(V, R).

is_alias(V) :- alias(V, _).
kernel_var(L, V) :- loop(L, _, _), access(_, L, V, _), !is_index(V), !loop_local_decl(L, V), !is_alias(V).
kernel_var(L, R) :- loop(L, _, _), access(_, L, V, _), alias(V, R), !loop_local_decl(L, R).
kernel_var(L, V) :- reach(L, P), access(_, P, V, _), !declared_in(P, V), !is_alias(V).

buffer(L, V, /written) :- kernel_var(L, V), loop_writes(L, V).
buffer(L, V, /read_only) :- kernel_var(L, V), !loop_writes(L, V), !shared_last(L, V).
