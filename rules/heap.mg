# heap.mg -- which kernels allocate on the device heap.
# Design doc: "Allocating on the device" -- a derived-type value device
# code creates (a local, a block variable, a dummy or result of a device
# procedure) holds its allocatable array components on the heap of the
# launch: arenas the runtime allocates for the launch, taken by an atomic
# add, reclaimed when the launch ends. (The fast path, storage the host
# sizes before the launch when every component's shape can be told on
# entry to its procedure, is not built: every such value is a heap value.)
# Reads: heap_alloc, result_heap_site (facts/heap.go), loop, reach,
# has_workspace_unsized (workspace.mg). Derives: loop_heap.
# Lowering reads it (Kernel.Heap: the launch resets the heap) and never
# re-decides it.

Decl loop_heap(L)
  descr [doc("Parallel loop L allocates on the device heap: its body, or a procedure it reaches, allocates an allocatable component of a value device code creates."),
         arg(L, "loop")].

loop_heap(L) :- loop(L, _, _), heap_alloc(_, L).
# The run-time shaped result of a call in the loop's body that the host
# cannot size in the loop's workspace (workspace.mg) is on the heap.
loop_heap(L) :- result_heap_site(_, L, V), has_workspace_unsized(L, V).
loop_heap(L) :- reach(L, P), heap_alloc(_, P).
