# sync.mg -- where the host waits for pending launches, and where it
# discards or marks stale the device copies of its storage.
# Design doc: "Where the host waits" -- in each procedure that launches, a
# may-analysis over the host statements (through if, select case, block,
# associate, exit, cycle and loops, to a fixed point) of which launches may
# be pending; the host waits before a statement that accesses storage a
# pending launch may write, acts outside the program while a launch that
# may stop is pending, launches a stopping kernel while another stopping
# launch is pending, or that it does not know; storage about to be freed
# is discarded instead; a wait in a loop that launches nothing goes before
# the loop. ARCHITECTURE.md section 4: timing calls are wait points, and a
# host write of storage a launch uses marks its device copy stale.
# Granularity: variables (the root of each access path; facts/cfg.go).
# Return and the end of a procedure that launches get a leave (wait and
# end of residency, lowering) instead of a wait.
# Reads: hoverwrite, hproc, hstmt, hentry, hnext, hnext_launch, hnext_host, hloop,
# hin_loop, hacc, hcall, hcall_external, hio, hio_jump, htiming, hfree,
# hglobal, loop, loop_parent, outcome, device, buffer, locality, alias,
# var_attr, declares, declared_in and writes_dummy (access.mg), call_arg,
# proc_attr, proc_host, calls, calls_external, access,
# stop_stmt, loop_can_stop. (Whole-array assignments sent to the device
# are parallel loops by then: lowering.ArrayStatements checks again.)
# Derives: launch, pending_in, wait_at, wait_before, wait_before_loop,
# wait_source, fetch_before, fetch_before_loop, discard_before, stale_before, stale_before_loop, leave_at.
# Two flows (beyond the design doc, whose wait copies every dirty buffer
# back): dirty_in -- a variable a launch wrote may not be copied back yet,
# killed where a statement accessing it fetches it (or a full sync);
# running_in -- a launch may not have completed (or its stop not been
# read), killed by any wait. A statement that accesses V fetches only V;
# a timing call or an action outside the program waits for the launches
# but copies nothing back; a statement the analysis cannot bound (goto,
# unknown, a call of a contained procedure) fetches every variable not
# copied back yet.
# Stratified: dirty depends negatively only on static predicates
# (conflict_var, kills_all); running on those and on fetch_at (computed
# from dirty, a lower stratum); never on itself or on wait_at.

Decl launch(L)
  descr [doc("L is a launch: a parallel loop offloaded (not inside another offloaded loop)."),
         arg(L, "launch site")].

Decl launch_writes(L, V)
  descr [doc("Launch L may write variable V (a written buffer, a reduce variable)."),
         arg(L, "launch"), arg(V, "variable")].

Decl proc_buffer(P, V)
  descr [doc("A launch of procedure P passes V as a buffer by reference: an array (read or written) or a scalar it writes."),
         arg(P, "procedure"), arg(V, "variable")].

Decl conflict_var(S, L, V)
  descr [doc("Host statement S accesses variable V (or storage that may be V) that launch L may write."),
         arg(S, "statement"), arg(L, "launch"), arg(V, "variable")].

Decl kills_all(S, Why)
  descr [doc("Host statement S waits for every pending launch and fetches every variable not copied back yet: /goto, /unknown (a statement the analysis does not model), /call_all (a call of a procedure contained in this one, which may access anything), /jump (a jump to a label)."),
         arg(S, "statement"), arg(Why, "reason")].

Decl run_conflict(S, L, Why)
  descr [doc("Host statement S must wait for launch L to complete (without copying its data back), because of Why: /outside, /stop_order, /timing (a timing call: ARCHITECTURE.md section 4)."),
         arg(S, "statement"), arg(L, "launch"), arg(Why, "reason")].

Decl dirty_in(S, L, V)
  descr [doc("On entry to host statement S, what launch L wrote to variable V may not have been copied back to the host yet."),
         arg(S, "statement"), arg(L, "launch"), arg(V, "variable")].

Decl dirty_out(S, L, V)
  descr [doc("After host statement S, what launch L wrote to V may not have been copied back yet."),
         arg(S, "statement"), arg(L, "launch"), arg(V, "variable")].

Decl running_in(S, L)
  descr [doc("On entry to host statement S, launch L may not have completed (or a stop it recorded not been read)."),
         arg(S, "statement"), arg(L, "launch")].

Decl running_out(S, L)
  descr [doc("After host statement S, launch L may not have completed."),
         arg(S, "statement"), arg(L, "launch")].

Decl drop_at(S, V)
  descr [doc("Host statement S defines the whole of scalar V, which a launch wrote and the host has not fetched: its device copy is dropped (discard) instead of copied back."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_at(S, V)
  descr [doc("Before host statement S, which accesses storage that may be V, the device copy of V (written by a launch, not copied back yet) is copied back."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_before(S, V)
  descr [doc("A fetch of V goes right before host statement S."),
         arg(S, "statement"), arg(V, "variable")].

Decl fetch_before_loop(H, V)
  descr [doc("A fetch of V goes before host loop H (hoisted out of a loop that launches nothing)."),
         arg(H, "loop head"), arg(V, "variable")].

Decl pending_in(S, L)
  descr [doc("Launch L may be pending on entry to host statement S."),
         arg(S, "statement"), arg(L, "launch")].

Decl wait_at(S, L, Why)
  descr [doc("The host waits before statement S for pending launch L, because of Why (a conflict or kills_all reason)."),
         arg(S, "statement"), arg(L, "launch"), arg(Why, "reason")].

Decl wait_before(S, Why, L)
  descr [doc("A wait goes right before host statement S for launch L, because of Why."),
         arg(S, "statement"), arg(Why, "reason"), arg(L, "launch")].

Decl wait_before_loop(H, Why, L)
  descr [doc("A wait goes before host loop H (the outermost enclosing loop that launches nothing of a statement that needs it) for launch L, because of Why."),
         arg(H, "loop head"), arg(Why, "reason"), arg(L, "launch")].

Decl wait_source(H, S)
  descr [doc("The wait before loop H is there for statement S in it."),
         arg(H, "loop head"), arg(S, "statement")].

Decl discard_before(S, V)
  descr [doc("Before S frees V (a buffer of a launch of its procedure), its device copies are dropped without copy-back."),
         arg(S, "statement"), arg(V, "variable")].

Decl stale_before(S, V)
  descr [doc("Right before host statement S, which may write V, the device copies of V are marked stale: V is a buffer a launch of the procedure passes by reference."),
         arg(S, "statement"), arg(V, "variable")].

Decl stale_before_loop(H, V)
  descr [doc("Before host loop H (the outermost enclosing loop that launches nothing of a statement that may write V) the device copies of V are marked stale."),
         arg(H, "loop head"), arg(V, "variable")].

Decl outlives(P, V)
  descr [doc("Variable V, a buffer of a launch of procedure P, outlives an activation of P (a dummy, result, saved, module, common or host variable, a pointer or target): at a leave, its data is fetched, not dropped."),
         arg(P, "procedure"), arg(V, "variable")].

Decl leave_drop(S, V)
  descr [doc("At leave S, what launches wrote to V (a local that does not outlive the procedure) is dropped without copy-back."),
         arg(S, "statement"), arg(V, "variable")].

Decl leave_at(S)
  descr [doc("S is a return or the end of a procedure that launches: the host leaves there (waits for every launch, ends the residency of its storage)."),
         arg(S, "statement")].

# Launches.
in_offloaded(L) :- loop_parent(L, O), outcome(O, D, /offload), device(D).
launch(L) :- loop(L, _, _), hstmt(L, _, /launch), outcome(L, D, /offload), device(D), !in_offloaded(L).
launch_in(P, L) :- launch(L), hstmt(L, P, _).
proc_launches(P) :- launch_in(P, _).

launch_writes(L, V) :- launch(L), buffer(L, V, /written).
launch_writes(L, V) :- launch(L), locality(L, /reduce, V, _).
launch_writes(L, R) :- launch_writes(L, V), alias(V, R).
launch_uses(L, V) :- launch_writes(L, V).
launch_uses(L, V) :- launch(L), buffer(L, V, /read_only).

proc_buffer(P, V) :- launch_in(P, L), launch_uses(L, V), var_attr(V, /array).
proc_buffer(P, V) :- launch_in(P, L), launch_writes(L, V).

# The flow: a parallel loop is a launch or a host loop.
edge(S, T) :- hnext(S, T).
edge(S, T) :- hnext_launch(S, T), launch(S).
edge(S, T) :- hnext_host(S, T), !launch(S).
# Statements the host runs (not the body of an offloaded loop).
runs(S) :- hentry(_, S).
runs(T) :- runs(S), edge(S, T).

# What host statements access (associate names stand for their selector).
# An ALLOCATE needs no wait for its object: allocating an allocated
# variable is an error, so its old storage was freed before (a deallocate
# discards, a call that frees it waits as an access).
host_acc(S, V) :- hacc(S, V, /read).
host_acc(S, V) :- hacc(S, V, /write).
host_acc(S, R) :- host_acc(S, V), alias(V, R).
# A launch reads by value, on the host, the scalars it only reads.
host_acc(L, V) :- launch(L), buffer(L, V, /read_only), !var_attr(V, /array).
host_acc(L, V) :- launch(L), locality(L, /local_init, V, _).
host_write(S, V) :- hacc(S, V, /write).

pointer_var(V) :- var_attr(V, /pointer).
target_var(V) :- var_attr(V, /target).
target_var(V) :- var_attr(V, /pointer).

# Variables another procedure may reach without an argument.
global_var(V) :- var_attr(V, /module_var).
global_var(V) :- var_attr(V, /target).
global_var(V) :- var_attr(V, /pointer).
global_var(V) :- hglobal(V).
host_var(P, V) :- proc_host(P, H), declares(H, V, _).
host_var(P, V) :- proc_host(P, H), host_var(H, V).

# What a procedure the host calls may access beyond its own variables,
# transitively through its calls (only for procedures host statements of
# procedures that launch call: the analysis budget).
host_called(Q) :- hcall(_, Q).
host_called(R) :- host_called(Q), calls(_, Q, R).
proc_opaque(Q) :- host_called(Q), proc_attr(Q, /interface).
proc_opaque(Q) :- host_called(Q), calls_external(_, Q, _).
proc_opaque(Q) :- host_called(Q), calls(_, Q, R), proc_opaque(R).
proc_touches(Q, V) :- host_called(Q), access(_, Q, V, _), !declared_in(Q, V).
proc_touches(Q, V) :- host_called(Q), calls(_, Q, R), proc_touches(R, V), !declared_in(Q, V).
proc_writes(Q, V) :- host_called(Q), access(_, Q, V, /write), !declared_in(Q, V).
proc_writes(Q, V) :- host_called(Q), calls(_, Q, R), proc_writes(R, V), !declared_in(Q, V).
proc_writes(Q, V) :- host_called(Q), calls(S, Q, R), call_arg(S, _, D, V), writes_dummy(R, D), !declared_in(Q, V).
proc_pointer(Q) :- host_called(Q), access(_, Q, V, _), var_attr(V, /pointer).
proc_pointer(Q) :- host_called(Q), calls(_, Q, R), proc_pointer(R).

call_global(S) :- hcall_external(S).
call_global(S) :- hcall(S, Q), proc_opaque(Q).
call_pointer(S) :- hcall(S, Q), proc_pointer(Q).
contained_in(Q, P) :- proc_host(Q, P).
contained_in(Q, P) :- proc_host(Q, H), contained_in(H, P).

# Storage conflicts.
conflict_var(S, L, V) :- host_acc(S, V), launch_writes(L, V).
conflict_var(S, L, W) :- host_acc(S, W), pointer_var(W), launch_writes(L, V), target_var(V).
conflict_var(S, L, V) :- host_acc(S, V), target_var(V), launch_writes(L, W), pointer_var(W).
conflict_var(S, L, V) :- hcall(S, Q), proc_touches(Q, V), launch_writes(L, V).
conflict_var(S, L, V) :- call_global(S), launch_writes(L, V), global_var(V).
conflict_var(S, L, V) :- call_global(S), hstmt(S, P, _), launch_writes(L, V), host_var(P, V).
conflict_var(S, L, V) :- call_pointer(S), launch_writes(L, V), target_var(V).

# Acting outside the program while a launch that may stop is pending.
proc_acts(Q) :- host_called(Q), io(_, Q, /external).
proc_acts(Q) :- host_called(Q), stop_stmt(_, Q, _).
proc_acts(Q) :- proc_opaque(Q).
proc_acts(Q) :- host_called(Q), calls(_, Q, R), proc_acts(R).
is_pure_proc(Q) :- proc_attr(Q, /pure).
acts_outside(S) :- hio(S).
acts_outside(S) :- hstmt(S, _, /stop).
acts_outside(S) :- hcall_external(S).
acts_outside(S) :- hcall(S, Q), proc_acts(Q), !is_pure_proc(Q).
launch_stops(L) :- launch(L), loop_can_stop(L).

run_conflict(S, L, /outside) :- acts_outside(S), hstmt(S, P, _), launch_in(P, L), launch_stops(L).
run_conflict(S, L, /stop_order) :- launch_stops(S), hstmt(S, P, _), launch_in(P, L), launch_stops(L), S != L.
run_conflict(S, L, /timing) :- htiming(S), hstmt(S, P, _), launch_in(P, L).

kills_all(S, /goto) :- hstmt(S, _, /goto).
kills_all(S, /unknown) :- hstmt(S, _, /unknown).
kills_all(S, /jump) :- hio_jump(S).
kills_all(S, /call_all) :- hcall(S, Q), hstmt(S, P, _), contained_in(Q, P).
kills(S) :- kills_all(S, _).
run_conflicts(S, L) :- run_conflict(S, L, _).

# Data not copied back yet (a may-analysis to a fixed point; a statement
# fetches only the variables it accesses).
dirty_out(L, L, V) :- launch_writes(L, V).
dirty_in(T, L, V) :- edge(S, T), dirty_out(S, L, V).
dirty_out(S, L, V) :- dirty_in(S, L, V), !conflict_var(S, L, V), !killed(S, V), !frees(S, V).
# A statement that may access anything fetches every variable (not a block
# local or associate name, which may be out of scope there: those stay
# dirty and are fetched where they are accessed).
killed(S, V) :- kills(S), hstmt(S, P, _), proc_buffer(P, V), !scoped_name(V).
frees(S, V) :- hfree(S, V).
# A statement that defines the whole of scalar V without reading it needs
# nothing of what a launch wrote to V: the device copy is dropped (no copy
# back, no wait; the host storage is not the device's) -- a reduce
# variable cleared before each launch moves no bytes.
overwrites(S, V) :- hoverwrite(S, V), !reads_var(S, V).
reads_var(S, V) :- hacc(S, V, /read).
drop_at(S, V) :- dirty_in(S, _, V), overwrites(S, V).
fetch_at(S, V) :- dirty_in(S, L, V), conflict_var(S, L, V), !overwrites(S, V).
# A statement that may access anything fetches everything not copied back
# yet, variable by variable: the host's storage is written only inside a
# call that takes the variable (no ASYNCHRONOUS attribute needed, see
# emit/README.md).
fetch_at(S, V) :- dirty_in(S, _, V), kills(S), !scoped_name(V).
fetching(S) :- fetch_at(S, _).

# Launches not completed yet: any wait (a fetch waits too) completes them
# all; a statement kills only what it waits for itself.
running_out(L, L) :- launch(L).
running_in(T, L) :- edge(S, T), running_out(S, L).
running_out(S, L) :- running_in(S, L), !run_conflicts(S, L), !kills(S), !fetching(S).

pending_in(S, L) :- running_in(S, L).
pending_in(S, L) :- dirty_in(S, L, _).

wait_at(S, L, /access) :- dirty_in(S, L, V), conflict_var(S, L, V), !overwrites(S, V).
wait_at(S, L, Why) :- running_in(S, L), run_conflict(S, L, Why).
wait_at(S, L, Why) :- pending_in(S, L), kills_all(S, Why).


# Hoisting: out of the outermost enclosing host loop that launches nothing.
loop_launches(H) :- hin_loop(L, H), launch(L).
loop_launches(H) :- launch(H).
quiet_loop(H) :- hloop(H, _), !loop_launches(H).
quiet_outer(S, H) :- hin_loop(S, H), quiet_loop(H), hin_loop(H, H2), quiet_loop(H2), H != H2.
hoist_to(S, H) :- hin_loop(S, H), quiet_loop(H), !quiet_outer(S, H).
hoisted(S) :- hoist_to(S, _).

wait_before(S, Why, L) :- wait_at(S, L, Why), !hoisted(S).
wait_before_loop(H, Why, L) :- wait_at(S, L, Why), hoist_to(S, H).
wait_source(H, S) :- wait_at(S, _, _), hoist_to(S, H).
fetch_before(S, V) :- fetch_at(S, V), !hoisted(S).
fetch_before_loop(H, V) :- fetch_at(S, V), hoist_to(S, H).


# Frees: discard (never a wait) the device copies of a buffer.
discard_before(S, V) :- hfree(S, V), runs(S), hstmt(S, P, _), proc_buffer(P, V).
discard_before(S, V) :- drop_at(S, V).

# Host writes of buffers: stale marks, whether or not a launch is pending.
# Allocating gives new storage (freed storage was discarded or left), so
# an allocate needs none. Block locals and associate names are marked
# where they are written (they may not be in scope before a loop).
stale_at(S, V) :- host_write(S, V), hstmt(S, P, _), proc_buffer(P, V).
stale_at(S, V) :- host_write(S, V), alias(V, R), hstmt(S, P, _), proc_buffer(P, R).
stale_at(S, V) :- host_write(S, W), pointer_var(W), hstmt(S, P, _), proc_buffer(P, V), target_var(V).
stale_at(S, V) :- hcall(S, Q), proc_writes(Q, V), hstmt(S, P, _), proc_buffer(P, V).
stale_at(S, V) :- call_global(S), hstmt(S, P, _), proc_buffer(P, V), global_var(V).
stale_at(S, V) :- call_global(S), hstmt(S, P, _), proc_buffer(P, V), host_var(P, V).
stale_at(S, V) :- call_pointer(S), hstmt(S, P, _), proc_buffer(P, V), target_var(V).
stale_at(S, V) :- kills_all(S, /call_all), hstmt(S, P, _), proc_buffer(P, V), !scoped_name(V).
scoped_name(V) :- var_attr(V, /block).
scoped_name(V) :- alias(V, _).
stale_run(S, V) :- stale_at(S, V), runs(S).
stale_before_loop(H, V) :- stale_run(S, V), hoist_to(S, H), !scoped_name(V).
stale_before(S, V) :- stale_run(S, V), hoisted(S), scoped_name(V).
stale_before(S, V) :- stale_run(S, V), !hoisted(S).

leave_at(S) :- hstmt(S, P, /return), runs(S), proc_launches(P).
leave_at(S) :- hstmt(S, P, /end), proc_launches(P).

# At a leave, what launches wrote and nobody copied back is fetched if it
# outlives the procedure (a dummy, a result, a saved, module, common or
# host variable, a pointer or target), and dropped otherwise: a local's
# storage may already be reused by the host compiler after its last use,
# so nothing is ever copied into it behind the compiler's back.
outlives(P, V) :- proc_launches(P), proc_buffer(P, V), var_attr(V, /dummy).
outlives(P, V) :- proc_launches(P), proc_buffer(P, V), var_attr(V, /result).
outlives(P, V) :- proc_launches(P), proc_buffer(P, V), var_attr(V, /save), !main_program(P).
outlives(P, V) :- proc_launches(P), proc_buffer(P, V), global_var(V).
outlives(P, V) :- proc_launches(P), proc_buffer(P, V), host_var(P, V).
main_program(P) :- proc_attr(P, /program).
fetch_at(S, V) :- leave_at(S), hstmt(S, P, _), dirty_in(S, _, V), outlives(P, V), !scoped_name(V).
leave_drop(S, V) :- leave_at(S), hstmt(S, P, _), dirty_in(S, _, V), !outlives(P, V), !scoped_name(V).
discard_before(S, V) :- leave_drop(S, V).
