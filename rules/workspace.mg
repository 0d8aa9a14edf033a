# workspace.mg -- per-iteration workspaces for arrays of run-time shape.
# Design doc: "The offloading pipeline" (an array an iteration needs whose
# size is known only at run time lives in a buffer the host allocates
# before the launch, one slice per iteration, when the host can size it;
# a size may not read a value the loop writes).
# An array of the iterations whose shape is not a constant (iter_array: a
# block variable w(m) of the body, a local() array of the procedure's run-time
# shape) gets a slice of a host-sized workspace when the host can evaluate
# its bounds before the launch: they read only variables the loop does not
# write, that are neither loop indices nor variables of the iteration
# (block variables, associate names), and call no procedure of the program.
# A local() array exists on the host: the launch reads its bounds.
# Bounds that read an index of the loop (or of a loop combined with it,
# nest.mg) change from one iteration to the next: each iteration works out
# its own, and the host gives every slice room for the largest, going over
# the iterations before the launch (workspace_varying). The index of a
# loop nested otherwise would change inside an iteration: unsized.
# Reads: iter_array, iter_array_bytes, device, extent_read, extent_call, loop_writes (access.mg),
# var_attr, declares, alias, loop_index, nest_combined (nest.mg).
# Derives: workspace, workspace_varying, workspace_unsized. Lowering reads
# them (Kernel.Workspaces; an unsized array is a "not yet implemented"
# error naming the reason) and never re-decides them.

Decl workspace(L, V)
  descr [doc("Array V of the iterations of loop L lives in per-iteration slices of a workspace the host sizes before the launch."),
         arg(L, "loop"), arg(V, "variable")].

Decl workspace_unsized(L, V, Reason, X)
  descr [doc("The host cannot size array V of the iterations of loop L before the launch: its bounds read X, Reason /loop_index (an index: the size would change from one iteration to the next), /written (a variable the loop writes), /iteration_value (a variable of the iteration), or call a procedure at X (/call)."),
         arg(L, "loop"), arg(V, "variable"), arg(Reason, "reason"), arg(X, "variable or site")].

Decl workspace_varying(L, V)
  descr [doc("The bounds of workspace array V of loop L read an index of the iterations: each iteration works out its own, the host sizes the slices for the largest."),
         arg(L, "loop"), arg(V, "variable")].

Decl thread_bytes(Dev, N)
  descr [doc("An array of the iterations of a constant shape larger than N bytes lives in a workspace on device Dev, not in each thread's memory."),
         arg(Dev, "device"), arg(N, "bytes")]
  bound [/name, /number].

Decl iteration_index(L, X)
  descr [doc("X is an index of the iterations of loop L: of L, or of a loop combined with it (one iteration space)."),
         arg(L, "loop"), arg(X, "variable")].

Decl has_workspace_unsized(L, V)
  descr [doc("Some workspace_unsized reason holds for array V of loop L."),
         arg(L, "loop"), arg(V, "variable")].

iteration_index(L, X) :- loop_index(L, X).
iteration_index(O, X) :- nest_combined(I, O), iteration_index(I, X).

workspace_unsized(L, V, /loop_index, X) :- iter_array(L, V), extent_read(V, X), var_attr(X, /index), !iteration_index(L, X).
workspace_unsized(L, V, /written, X) :- iter_array(L, V), extent_read(V, X), loop_writes(L, X).
workspace_unsized(L, V, /iteration_value, X) :- iter_array(L, V), extent_read(V, X), declares(L, X, _).
workspace_unsized(L, V, /iteration_value, X) :- iter_array(L, V), extent_read(V, X), alias(X, _).
workspace_unsized(L, V, /call, S) :- iter_array(L, V), extent_call(V, S).

has_workspace_unsized(L, V) :- workspace_unsized(L, V, _, _).

workspace(L, V) :- iter_array(L, V), !has_workspace_unsized(L, V).

workspace_varying(L, V) :- workspace(L, V), extent_read(V, X), iteration_index(L, X).

# --- Arrays of a constant shape too large for a thread (issue 30) ---
# Each thread holds the fixed-size arrays of its iteration in its own
# memory (CUDA: local memory, which the device reserves for every thread it
# can hold at once; the CPU: an OpenMP thread's stack). One larger than
# thread_bytes of the device lives in a workspace instead: a slice an
# iteration of a buffer the host allocates (a tile t(b, b) with b = n).
thread_bytes(/dev/cuda, 65536).
thread_bytes(/dev/metal, 65536).
thread_bytes(/dev/cpu, 1048576).
workspace(L, V) :- iter_array_bytes(L, V, N), device(D), thread_bytes(D, M), N > M.
