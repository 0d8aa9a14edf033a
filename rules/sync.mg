# sync.mg -- where the host copies device data back (fetch), marks device
# copies stale, discards them and waits, over the whole program.
# Design doc: "Where the host waits" (waits before host accesses of
# storage a launch writes, before actions outside the program while a
# launch that may stop is pending; discards for freed storage; a wait in
# a loop that launches nothing goes before the loop) and "Open questions"
# ("Waiting at the end of a procedure": keeping launches pending across a
# return needs what the callers do with the data). Issue 11: data a launch
# wrote stays on the device across returns and calls, for dummies, module,
# saved and common data alike, until host code that accesses it runs, in
# whatever procedure; ARCHITECTURE.md section 4: timing calls are wait
# points, read-only buffers stay resident until a host write marks them
# stale.
#
# How: the decisions are placed where host code accesses storage
# (storage.mg), not where data flows: before every host statement that
# may access storage some launch of the program writes, a fetch of the
# name it uses (the runtime copies back only what is dirty on the device,
# and waits only then); before every host write of storage a launch uses,
# a stale mark; where storage ends (DEALLOCATE, the end of a block, the
# locals of a procedure at its return, a dummy the caller may have
# copied, a function result), a discard (after a fetch of what outlives
# it: a copied dummy, a result). The runtime is exact by address, so a
# decision that was not needed costs a lookup, never a byte or a wait,
# and no flow across procedures is needed to be correct: the callers of
# a procedure see what it leaves on the device wherever they access it.
# Statements of a pure procedure cannot call the runtime (impure): their
# accesses are placed at the calls of the procedure, on the actual
# arguments (also of an assumed-size dummy, whose extent only the caller
# knows). Waits: before every timing call, and every call of a procedure
# that may make one (no copy back); before every action outside the
# program while a launch that may stop may be pending (the runtime waits
# only for such launches); at every call of a procedure without a body
# (it may access any storage: the runtime copies back and marks stale all
# storage that is not on the stack); at the end of the main program.
# Hoisting: a fetch or stale mark in a host loop that launches nothing
# (in any procedure it calls) goes before the outermost such loop.
#
# Reads: loop, loop_parent, outcome, device, buffer, locality, alias,
# var_attr, declares, hstmt, hloop, hin_loop, hacc, hacc_ptr, hfree,
# hoverwrite, hcall, hcall_arg, hcall_arg_pointee, hcall_external,
# hcall_arg_copy, hassoc, hio, htiming, loop_can_stop, proc_attr, stor, any_pointee,
# main_program, open_proc, node_has (storage.mg).
# Derives: launch, dirty_stor, resident_stor, dirty_node, resident_node,
# may_dirty, may_resident,
# fetch_at, fetch_path_at, stale_at, stale_path_at, discard_at, wait_at,
# external_at, path_nyi, lift_nyi, stale_after_at, fetch_before, fetch_before_loop, stale_before,
# stale_before_loop.

Decl launch(L)
  descr [doc("L is a launch: a parallel loop offloaded (not inside another offloaded loop)."),
         arg(L, "launch site")].

Decl launch_writes(L, V)
  descr [doc("Launch L may write variable V (a written buffer, a reduce variable)."),
         arg(L, "launch"), arg(V, "variable")].

Decl dirty_stor(X)
  descr [doc("Some launch of the program may write storage X: the device may hold newer values of it than the host."),
         arg(X, "storage")].

Decl resident_stor(X)
  descr [doc("Some launch of the program uses storage X (reads or writes it): the device may hold a copy of it."),
         arg(X, "storage")].

Decl may_dirty(V)
  descr [doc("Variable V may denote storage a launch writes."),
         arg(V, "variable")].

Decl may_resident(V)
  descr [doc("Variable V may denote storage the device holds a copy of."),
         arg(V, "variable")].

Decl lifted_proc(P)
  descr [doc("P is a pure procedure: its statements cannot call the runtime, so what they need goes to the calls of P."),
         arg(P, "procedure")].

Decl here_acc(S, V, Mode)
  descr [doc("Host statement S, of a procedure that is not pure, needs V's storage (Mode /read or /write) or frees it (/free), by its own access or for a pure procedure it calls (on the actual argument); only for V that may denote storage the device holds (may_resident)."),
         arg(S, "statement"), arg(V, "variable"), arg(Mode, "mode")].

Decl fetch_at(S, V)
  descr [doc("Before host statement S, the device data of V is copied back (when the device holds newer values: the runtime decides)."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_path_at(S, Path)
  descr [doc("Before host statement S, the device data of what the pointer component designator Path points to is copied back."),
         arg(S, "statement"), arg(Path, "designator site")].

Decl stale_at(S, V)
  descr [doc("Before host statement S, which may write V, the device copies of V are marked stale."),
         arg(S, "statement"), arg(V, "variable")].

Decl stale_path_at(S, Path)
  descr [doc("Before host statement S, which may write through the pointer component designator Path, its device copies are marked stale."),
         arg(S, "statement"), arg(Path, "designator site")].

Decl discard_at(S, V)
  descr [doc("Before host statement S, the device copies of V are dropped without copy back: S frees V's storage, ends the procedure that V is a local of, or defines the whole of scalar V."),
         arg(S, "statement"), arg(V, "variable")].

Decl wait_at(S, Why)
  descr [doc("The host waits before statement S: /timing (every launch: a timing call or a call of a procedure that may make one), /end (every launch: the end of the main program), /outside (launches that may stop: S acts outside the program)."),
         arg(S, "statement"), arg(Why, "reason")].

Decl external_at(S)
  descr [doc("S calls a procedure without a body: the host waits, copies back and marks stale every device copy of storage that is not on the stack."),
         arg(S, "statement")].

Decl path_nyi(S, Path)
  descr [doc("A pure procedure accesses data through pointer component Path, which a launch may write: not yet implemented."),
         arg(S, "statement"), arg(Path, "designator site")].

Decl lift_nyi(S, V)
  descr [doc("Host statement S accesses assumed-size dummy V of a procedure no call of the program shows, and a launch may write what V denotes: not yet implemented."),
         arg(S, "statement"), arg(V, "variable")].

Decl stale_after_at(S, V)
  descr [doc("Right after host call S, which passes V (or a section of it) by copy-in/copy-out to a procedure that may launch, the device copies of V are marked stale: the copy-out wrote V's host storage."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_before(S, V)
  descr [doc("A fetch of V goes right before host statement S."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_before_loop(H, V)
  descr [doc("A fetch of V goes before host loop H (the outermost enclosing loop of a statement that needs it that launches nothing)."),
         arg(H, "loop head"), arg(V, "variable")].

Decl stale_before(S, V)
  descr [doc("A stale mark of V goes right before host statement S."),
         arg(S, "statement"), arg(V, "variable")].

Decl stale_before_loop(H, V)
  descr [doc("A stale mark of V goes before host loop H (the outermost enclosing loop of a statement that may write V that launches nothing)."),
         arg(H, "loop head"), arg(V, "variable")].

# Launches and what they write and use.
in_offloaded(L) :- loop_parent(L, O), outcome(O, D, /offload), device(D).
launch(L) :- loop(L, _, _), hstmt(L, _, /launch), outcome(L, D, /offload), device(D), !in_offloaded(L).
launch_in(P, L) :- launch(L), hstmt(L, P, _).

launch_writes(L, V) :- launch(L), buffer(L, V, /written).
launch_writes(L, V) :- launch(L), locality(L, /reduce, V, _).
launch_writes(L, R) :- launch_writes(L, V), alias(V, R).
# The device holds a copy of what a launch writes, and of the arrays it
# reads (a scalar it only reads goes by value).
launch_uses(L, V) :- launch_writes(L, V).
launch_uses(L, V) :- launch(L), buffer(L, V, /read_only), var_attr(V, /array).
# A derived-type scalar a launch reads: its array components are buffers
# of their own (lowering/components.go), its scalar components go by value.
launch_uses(L, V) :- launch(L), buffer(L, V, /read_only), derived_scalar(V).
derived_scalar(V) :- var_type(V, T), derived_type(T, _), !var_attr(V, /array).
# Storage a launch may write as a scalar of an intrinsic type by reference
# (a dummy, associate name or pointer bound to a scalar component m%n):
# the only way the device holds a scalar component of a derived-type
# scalar.
scalar_held(X) :- launch_writes(_, V), !var_attr(V, /array), var_type(V, T), intrinsic_type(T, _, _), stor(V, X).
scalar_held(X) :- scalar_held(N), node_has(N, X).

# A pointee node (storage.mg) stands for what it has: storage a launch
# writes through a node is dirty, and a variable whose node has dirty
# storage may denote it.
dirty_stor(X) :- launch_writes(_, V), stor(V, X).
dirty_stor(X) :- dirty_stor(N), node_has(N, X).
resident_stor(X) :- launch_uses(_, V), stor(V, X).
resident_stor(X) :- resident_stor(N), node_has(N, X).
dirty_node(N) :- dirty_stor(X), node_has(N, X).
dirty_node(N) :- dirty_node(M), node_has(N, M).
resident_node(N) :- resident_stor(X), node_has(N, X).
resident_node(N) :- resident_node(M), node_has(N, M).
may_dirty(V) :- dirty_stor(X), stor(V, X).
may_dirty(V) :- dirty_node(N), stor(V, N).
may_resident(V) :- resident_stor(X), stor(V, X).
may_resident(V) :- resident_node(N), stor(V, N).
ptr_may_dirty(/yes) :- any_pointee(X), dirty_stor(X).
ptr_may_resident(/yes) :- any_pointee(X), resident_stor(X).

# What host statements access (the body of an offloaded loop is device
# code). A launch reads, on the host, the scalars it takes by value.
device_stmt(S) :- hin_loop(S, L), launch(L).
acc(S, V, /read) :- hacc(S, V, /read), !device_stmt(S).
acc(S, V, /write) :- hacc(S, V, /write), !device_stmt(S), !mpi_stmt(S).
# A call of an MPI procedure the table knows accesses what the table says
# (mpi.mg): its sections are placed there, the rest here.
acc(S, V, M) :- mpi_whole(S, V, M), !device_stmt(S).
acc(S, V, /free) :- hfree(S, V), !device_stmt(S).
acc(L, V, /read) :- launch(L), buffer(L, V, /read_only), !var_attr(V, /array), !derived_scalar(V).
# A scalar component of a derived-type scalar (m%n, hacc_leaf) is accessed
# on the device only where a launch holds it by reference; so are those a
# launch takes by value.
acc(S, V, M) :- hacc_leaf(S, V, M), !device_stmt(S), stor(V, X), scalar_held(X).
acc(L, V, /read) :- launch(L), buffer(L, V, _), derived_scalar(V), stor(V, X), scalar_held(X).
acc(L, V, /read) :- launch(L), locality(L, /local_init, V, _).

# Pure procedures, and assumed-size dummies: at the calls.
lifted_proc(P) :- proc_attr(P, /pure).
assumed_size(V) :- var_attr(V, /assumed_size).
is_dummy(V) :- var_attr(V, /dummy).
lift_src(P, V, M) :- lifted_proc(P), hstmt(S, P, _), acc(S, V, M).
lift_src(P, V, M) :- assumed_size(V), acc(S, V, M), hstmt(S, P, _).
host_call(C, P) :- hcall(C, P), !device_stmt(C).
lifted(C, A, M) :- lift_src(P, D, M), is_dummy(D), host_call(C, P), hcall_arg(C, D, A).
lifted(C, V, M) :- lift_src(P, V, M), host_call(C, P), !is_dummy(V).
lift_src(Q, A, M) :- lifted(C, A, M), hstmt(C, Q, _), lifted_proc(Q).
lift_src(Q, A, M) :- lifted(C, A, M), hstmt(C, Q, _), assumed_size(A).
lifted_path(C, Path, M) :- lift_src(P, D, M), host_call(C, P), hcall_arg_pointee(C, D, Path).

# An actual argument the host compiler may copy into a temporary for the
# call (copy-in/copy-out: a section, possibly non-contiguous, for a dummy
# that is not assumed-shape): the callee's statements and kernels access
# the temporary, whose storage is not the actual's, so the call itself
# reads the actual (the copy-in, before the callee runs: fetched before
# the call) and writes it (the copy-out, after the callee returns; not for
# an intent(in) or value dummy). When the called procedure launches
# nothing (in any procedure it calls), the write is one before the call
# (the device copy is not touched in between: a stale mark there, which
# may be hoisted as any); when it may launch, the stale mark goes after
# the call (stale_after_at), the device copy being in use until it
# returns.
copy_actual(S, A, P, D) :- host_call(S, P), hcall_arg_copy(S, D), hcall_arg(S, D, A).
copy_back(D) :- hcall_arg_copy(_, D), !var_attr(D, /intent_in), !by_value(D).
acc(S, A, /read) :- copy_actual(S, A, _, _).
acc(S, A, /write) :- copy_actual(S, A, P, D), copy_back(D), !proc_launches(P).
stale_after_at(S, A) :- copy_actual(S, A, P, D), copy_back(D), proc_launches(P), may_resident(A), hstmt(S, Q, _), !lifted_proc(Q), !assumed_size(A).

# Only of variables that may denote storage the device holds (may_resident,
# which may_dirty implies): the only ones the rules below ask about (a
# third of the host accesses of a large program).
here_acc(S, V, M) :- may_resident(V), acc(S, V, M), hstmt(S, P, _), !lifted_proc(P), !assumed_size(V).
here_acc(S, V, M) :- may_resident(V), lifted(S, V, M), hstmt(S, P, _), !lifted_proc(P), !assumed_size(V).
here_path(S, Path, M) :- hacc_ptr(S, Path, M), hstmt(S, P, _), !lifted_proc(P), !device_stmt(S).
here_path(S, Path, M) :- lifted_path(S, Path, M), hstmt(S, P, _), !lifted_proc(P).
path_nyi(S, Path) :- hacc_ptr(S, Path, _), hstmt(S, P, _), lifted_proc(P), ptr_may_dirty(/yes), !device_stmt(S).
# An assumed-size dummy of a procedure no call of the program shows: no
# caller knows its extent.
lift_nyi(S, V) :- acc(S, V, _), assumed_size(V), hstmt(S, P, _), open_proc(P), may_dirty(V).

# A statement that defines the whole of variable V without reading it
# needs nothing of what the device holds of V: its copies are dropped (a
# reduce variable cleared before each launch moves no bytes, an array
# assigned whole is not copied back first).
# (Not when the statement calls a procedure: it may read V first.)
calls_any(S) :- hcall(S, _).
calls_any(S) :- hcall_external(S).
overwrites(S, V) :- hoverwrite(S, V), !hacc(S, V, /read), !calls_any(S).

fetch_at(S, V) :- here_acc(S, V, /read), may_dirty(V).
fetch_at(S, V) :- here_acc(S, V, /write), may_dirty(V), !overwrites(S, V).
stale_at(S, V) :- here_acc(S, V, /write), may_resident(V), !overwrites(S, V).
discard_at(S, V) :- here_acc(S, V, /free), may_resident(V).
discard_at(S, V) :- overwrites(S, V), hstmt(S, P, _), !lifted_proc(P), !device_stmt(S), may_resident(V).
fetch_path_at(S, Path) :- here_path(S, Path, _), ptr_may_dirty(/yes).
stale_path_at(S, Path) :- here_path(S, Path, /write), ptr_may_resident(/yes).

# The end of a procedure: its locals end (dropped), and so does a dummy
# the caller may have copied for the call and a function result (copied
# back first: the caller reads them).
exit_stmt(S, P) :- hstmt(S, P, /return).
exit_stmt(S, P) :- hstmt(S, P, /end).
is_saved(V) :- var_attr(V, /save).
in_common(V) :- common_member(V, _).
dies(P, V) :- var_attr(V, /local), declares(P, V, _), !is_saved(V), !in_common(V), !main_program(P).
dies(P, V) :- var_attr(V, /value), declares(P, V, _).
by_value(V) :- var_attr(V, /value).
copy_like(D) :- hcall_arg_copy(_, D), !by_value(D).
copy_like(D) :- open_proc(P), declares(P, D, _), is_dummy(D), !by_value(D).
copy_like(D) :- hcall_arg(_, D, A), assumed_size(A).
copy_like(D) :- call_arg(_, _, D, A), assumed_size(A).
copy_like(R) :- var_attr(R, /result).
ends_with_call(P, D) :- copy_like(D), declares(P, D, _).
discard_at(S, V) :- exit_stmt(S, P), !lifted_proc(P), dies(P, V), may_resident(V).
fetch_at(S, D) :- exit_stmt(S, P), !lifted_proc(P), ends_with_call(P, D), may_dirty(D).
discard_at(S, D) :- exit_stmt(S, P), !lifted_proc(P), ends_with_call(P, D), may_resident(D).

# Waits.
has_launch(/yes) :- launch(_).
stopping_launch(/yes) :- launch(L), loop_can_stop(L).
timing_proc(Q) :- htiming(S), hstmt(S, Q, _).
timing_proc(Q) :- timing_proc(R), host_call(S, R), hstmt(S, Q, _).
acts_outside(S) :- hio(S).
acts_outside(S) :- hstmt(S, _, /stop).
acts_outside(S) :- hstmt(S, _, /unknown).
acts_outside(S) :- mpi_stmt(S).
wait_at(S, /timing) :- htiming(S), in_impure(S), has_launch(/yes).
wait_at(S, /timing) :- host_call(S, Q), timing_proc(Q), in_impure(S), has_launch(/yes).
wait_at(S, /end) :- hstmt(S, P, /end), main_program(P), has_launch(/yes).
wait_at(S, /outside) :- acts_outside(S), in_impure(S), stopping_launch(/yes).
external_at(S) :- hcall_external(S), in_impure(S), has_launch(/yes), !mpi_stmt(S).
# in_impure only for the statements the rules above ask about (of all host
# statements it would be one of the largest relations).
wait_site(S) :- htiming(S).
wait_site(S) :- host_call(S, Q), timing_proc(Q).
wait_site(S) :- acts_outside(S).
wait_site(S) :- hcall_external(S).
in_impure(S) :- wait_site(S), hstmt(S, P, _), !lifted_proc(P), !device_stmt(S).

# Hoisting: out of the outermost enclosing host loop that launches
# nothing, in the procedure or any it calls; never for a name declared in
# a construct (it may not be in scope before the loop), nor for a pointer
# the loop may point elsewhere.
proc_launches(P) :- launch_in(P, _).
proc_launches(P) :- proc_launches(Q), host_call(S, Q), hstmt(S, P, _).
loop_launches(H) :- launch(H).
loop_launches(H) :- hin_loop(L, H), launch(L).
loop_launches(H) :- hin_loop(S, H), hcall(S, Q), proc_launches(Q).
quiet_loop(H) :- hloop(H, _), !loop_launches(H).
quiet_outer(S, H) :- hin_loop(S, H), quiet_loop(H), hin_loop(H, H2), quiet_loop(H2), H != H2.
hoist_to(S, H) :- hin_loop(S, H), quiet_loop(H), !quiet_outer(S, H).
hoisted(S) :- hoist_to(S, _).
scoped_name(V) :- var_attr(V, /block).
scoped_name(V) :- alias(V, _).
# (Only for the names a statement there fetches or marks: never a cross
# product of loops or statements with all the program's names.)
placed(S, V) :- fetch_at(S, V).
placed(S, V) :- stale_at(S, V).
ptr_hoist(S, H, V) :- placed(S, V), hoist_to(S, H), var_attr(V, /pointer).
loop_calls(H) :- hin_loop(S, H), hcall(S, _).
loop_calls(H) :- hin_loop(S, H), hcall_external(S).
loop_rebinds(H, V) :- hin_loop(S, H), hassoc(S, V).
stays(S, V) :- ptr_hoist(S, H, V), loop_calls(H).
stays(S, V) :- ptr_hoist(S, H, V), loop_rebinds(H, V).
stays(S, V) :- placed(S, V), hoisted(S), scoped_name(V).

fetch_before(S, V) :- fetch_at(S, V), !hoisted(S).
fetch_before(S, V) :- fetch_at(S, V), stays(S, V).
fetch_before_loop(H, V) :- fetch_at(S, V), hoist_to(S, H), !stays(S, V).
stale_before(S, V) :- stale_at(S, V), !hoisted(S).
stale_before(S, V) :- stale_at(S, V), stays(S, V).
stale_before_loop(H, V) :- stale_at(S, V), hoist_to(S, H), !stays(S, V).
