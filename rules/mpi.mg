# mpi.mg -- MPI calls as precise host accesses (issue 18).
# Design doc: "Where the host waits" (a call accesses its actual
# arguments; a call of a procedure whose body is not known may access
# anything: the external-call rule of sync.mg); ARCHITECTURE.md section 3
# (storage a pending kernel may write is pending asynchronous
# communication, as a non-blocking MPI buffer is).
#
# A CALL of an MPI procedure (hcall_lib, facts/mpi.go) whose name is in
# the table below accesses only the actual arguments the table names,
# each read (/read: the host needs current values: a fetch) or written
# (/write: may be read first, then written: a fetch and a stale mark; a
# message shorter than the buffer leaves the rest as it was),
# and touches nothing else of the program: the external-call rule
# (external_at: wait, copy back and mark stale everything not on the
# stack) does not apply to it, and the generic reading of its actuals
# (every designator may be written, hacc) is replaced by the table's.
# An argument that is an array section the host can name again
# (hcall_lib_section) is fetched and marked stale as that section only
# (fetch_sec_at, stale_sec_at: the runtime's fgpu_rt_fetch_part and
# fgpu_rt_stale_part copy only its elements); any other designator (a
# whole variable, an element, which MPI takes as the start of a
# sequence) stands for its whole variable, through acc (sync.mg).
# MPI_IN_PLACE and handles of module mpi are no storage of the program
# (no hcall_lib_arg). An MPI call acts outside the program: the host
# waits for launches that may stop before it (wait_at /outside).
#
# Non-blocking communication (async_buf): MPI_Isend reads its buffer at
# the Isend and MPI forbids the host to write it until the request
# completes, so reading it at the Isend is exact. MPI_Irecv may write its
# buffer at any time until the request completes: the buffer is /write at
# the Irecv (what the device holds newer comes back first, and the host's
# elements are newer from then on), and right after the call the runtime
# learns of the transfer (async_start: fgpu_rt_async_start(buf, request)):
# until the request completes it never copies device values over the
# buffer's elements nor hands their not yet received values to the device
# as current; it sees the completion as the request's bytes changing
# (MPI_Wait*/MPI_Test* set it to MPI_REQUEST_NULL) at its next call, and
# the elements are newer on the host from then on. The waits and tests
# are in the table (they access only their arguments). A receive whose
# buffer or request the host cannot name again after the call (an element
# starting a sequence, a section with a vector subscript), a persistent or
# matched receive and the non-blocking collectives not in async_buf are a
# not-yet-implemented error when the device may hold the buffer
# (async_nyi).
#
# Reads: hcall_lib, hcall_lib_arg, hcall_lib_section, hcall_lib_whole,
# hcall_lib_scalar (facts), and from
# sync.mg: device_stmt, may_resident, may_dirty, lifted_proc,
# assumed_size, hstmt.
# Derives: mpi_arg (the table), mpi_call, mpi_stmt, mpi_acc, sec_acc, async_nyi,
# fetch_sec_at, stale_sec_at, async_start.

Decl mpi_arg(Name, Pos, Mode)
  descr [doc("The table: MPI procedure Name reads (/read) or may write (/write) the actual argument at position Pos (from 1). Every argument of a procedure in the table is listed."),
         arg(Name, "procedure name"), arg(Pos, "argument position"), arg(Mode, "mode")]
  bound [/string, /number, /name].

Decl mpi_call(S, Name)
  descr [doc("Host statement S calls MPI procedure Name, which the table knows."),
         arg(S, "statement"), arg(Name, "procedure name")].

Decl mpi_stmt(S)
  descr [doc("Host statement S calls an MPI procedure the table knows: the external-call rule does not apply to it."),
         arg(S, "statement")].

Decl mpi_acc(S, V, A, Mode)
  descr [doc("Host statement S hands MPI the designator at site A, rooted at V, which the call reads (/read) or may write (/write)."),
         arg(S, "statement"), arg(V, "variable"), arg(A, "argument site"), arg(Mode, "mode")].

Decl sec_acc(S, V, A, Mode)
  descr [doc("As mpi_acc, for an array section of V that the device may hold, in a procedure that is not pure: placed as the section."),
         arg(S, "statement"), arg(V, "variable"), arg(A, "argument site"), arg(Mode, "mode")].

Decl async_nyi(S, V)
  descr [doc("Host statement S starts a non-blocking MPI receive (or a non-blocking collective that writes) into V, which the device may hold: its data arrives at a wait the call does not name, where the external-call rule would copy the device's values back over it. Not yet implemented."),
         arg(S, "statement"), arg(V, "variable")].

Decl async_buf(Name, BufPos, ReqPos, Kind)
  descr [doc("Non-blocking MPI procedure Name starts a transfer of the buffer at argument position BufPos whose request is argument ReqPos: MPI reads it (/send) or may write it (/recv) until the request completes."),
         arg(Name, "procedure name"), arg(BufPos, "buffer position"), arg(ReqPos, "request position"), arg(Kind, "kind")]
  bound [/string, /number, /number, /name].

Decl async_start(S, A, R, Kind)
  descr [doc("Right after host statement S, the runtime learns that the buffer at argument site A (a section or whole array the device may hold) is in a non-blocking transfer (/send or /recv) until the request at argument site R completes (fgpu_rt_async_start)."),
         arg(S, "statement"), arg(A, "buffer site"), arg(R, "request site"), arg(Kind, "kind")].

Decl async_write(Name, Pos)
  descr [doc("Non-blocking MPI procedure Name writes its argument at position Pos after it returns (the receive buffer of mpi_irecv, ...)."),
         arg(Name, "procedure name"), arg(Pos, "argument position")]
  bound [/string, /number].

Decl fetch_sec_at(S, A)
  descr [doc("Before host statement S, the elements of the section at argument site A are copied back where the device holds newer values (fgpu_rt_fetch_part)."),
         arg(S, "statement"), arg(A, "argument site")].

Decl stale_sec_at(S, A)
  descr [doc("Before host statement S, which may write the section at argument site A, its elements are copied back where the device holds newer values and marked as newer on the host: the device copy takes them at its next use (fgpu_rt_stale_part)."),
         arg(S, "statement"), arg(A, "argument site")].

# The table (Fortran bindings of MPI 3.1, module mpi and mpi_f08; the
# last argument of each is ierror).
mpi_arg("mpi_init", 1, /write).
mpi_arg("mpi_init_thread", 1, /read).
mpi_arg("mpi_init_thread", 2, /write).
mpi_arg("mpi_init_thread", 3, /write).
mpi_arg("mpi_finalize", 1, /write).
mpi_arg("mpi_initialized", 1, /write).
mpi_arg("mpi_initialized", 2, /write).
mpi_arg("mpi_finalized", 1, /write).
mpi_arg("mpi_finalized", 2, /write).
mpi_arg("mpi_comm_rank", 1, /read).
mpi_arg("mpi_comm_rank", 2, /write).
mpi_arg("mpi_comm_rank", 3, /write).
mpi_arg("mpi_comm_size", 1, /read).
mpi_arg("mpi_comm_size", 2, /write).
mpi_arg("mpi_comm_size", 3, /write).
mpi_arg("mpi_barrier", 1, /read).
mpi_arg("mpi_barrier", 2, /write).
mpi_arg("mpi_abort", 1, /read).
mpi_arg("mpi_abort", 2, /read).
mpi_arg("mpi_abort", 3, /write).
# send(buf, count, datatype, dest, tag, comm, ierror)
mpi_arg(N, 1, /read) :- blocking_send(N).
mpi_arg(N, 2, /read) :- blocking_send(N).
mpi_arg(N, 3, /read) :- blocking_send(N).
mpi_arg(N, 4, /read) :- blocking_send(N).
mpi_arg(N, 5, /read) :- blocking_send(N).
mpi_arg(N, 6, /read) :- blocking_send(N).
mpi_arg(N, 7, /write) :- blocking_send(N).
blocking_send("mpi_send").
blocking_send("mpi_ssend").
blocking_send("mpi_rsend").
blocking_send("mpi_bsend").
# isend(buf, count, datatype, dest, tag, comm, request, ierror): MPI
# forbids writing buf until the request completes.
mpi_arg("mpi_isend", 1, /read).
mpi_arg("mpi_isend", 2, /read).
mpi_arg("mpi_isend", 3, /read).
mpi_arg("mpi_isend", 4, /read).
mpi_arg("mpi_isend", 5, /read).
mpi_arg("mpi_isend", 6, /read).
mpi_arg("mpi_isend", 7, /write).
mpi_arg("mpi_isend", 8, /write).
# recv(buf, count, datatype, source, tag, comm, status, ierror): a
# message shorter than count leaves the rest of buf as it was, so buf
# is /write (fetched first), not defined whole.
mpi_arg("mpi_recv", 1, /write).
mpi_arg("mpi_recv", 2, /read).
mpi_arg("mpi_recv", 3, /read).
mpi_arg("mpi_recv", 4, /read).
mpi_arg("mpi_recv", 5, /read).
mpi_arg("mpi_recv", 6, /read).
mpi_arg("mpi_recv", 7, /write).
mpi_arg("mpi_recv", 8, /write).
# sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf,
# recvcount, recvtype, source, recvtag, comm, status, ierror)
mpi_arg("mpi_sendrecv", 1, /read).
mpi_arg("mpi_sendrecv", 2, /read).
mpi_arg("mpi_sendrecv", 3, /read).
mpi_arg("mpi_sendrecv", 4, /read).
mpi_arg("mpi_sendrecv", 5, /read).
mpi_arg("mpi_sendrecv", 6, /write).
mpi_arg("mpi_sendrecv", 7, /read).
mpi_arg("mpi_sendrecv", 8, /read).
mpi_arg("mpi_sendrecv", 9, /read).
mpi_arg("mpi_sendrecv", 10, /read).
mpi_arg("mpi_sendrecv", 11, /read).
mpi_arg("mpi_sendrecv", 12, /write).
mpi_arg("mpi_sendrecv", 13, /write).
# sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag,
# comm, status, ierror)
mpi_arg("mpi_sendrecv_replace", 1, /write).
mpi_arg("mpi_sendrecv_replace", 2, /read).
mpi_arg("mpi_sendrecv_replace", 3, /read).
mpi_arg("mpi_sendrecv_replace", 4, /read).
mpi_arg("mpi_sendrecv_replace", 5, /read).
mpi_arg("mpi_sendrecv_replace", 6, /read).
mpi_arg("mpi_sendrecv_replace", 7, /read).
mpi_arg("mpi_sendrecv_replace", 8, /read).
mpi_arg("mpi_sendrecv_replace", 9, /write).
mpi_arg("mpi_sendrecv_replace", 10, /write).
# bcast(buffer, count, datatype, root, comm, ierror): read at the root,
# written elsewhere.
mpi_arg("mpi_bcast", 1, /write).
mpi_arg("mpi_bcast", 2, /read).
mpi_arg("mpi_bcast", 3, /read).
mpi_arg("mpi_bcast", 4, /read).
mpi_arg("mpi_bcast", 5, /read).
mpi_arg("mpi_bcast", 6, /write).
# reduce(sendbuf, recvbuf, count, datatype, op, root, comm, ierror) and
# allreduce(sendbuf, recvbuf, count, datatype, op, comm, ierror): with
# MPI_IN_PLACE as sendbuf (no storage of the program), recvbuf is read
# and written, which /write covers.
mpi_arg("mpi_reduce", 1, /read).
mpi_arg("mpi_reduce", 2, /write).
mpi_arg("mpi_reduce", 3, /read).
mpi_arg("mpi_reduce", 4, /read).
mpi_arg("mpi_reduce", 5, /read).
mpi_arg("mpi_reduce", 6, /read).
mpi_arg("mpi_reduce", 7, /read).
mpi_arg("mpi_reduce", 8, /write).
mpi_arg("mpi_allreduce", 1, /read).
mpi_arg("mpi_allreduce", 2, /write).
mpi_arg("mpi_allreduce", 3, /read).
mpi_arg("mpi_allreduce", 4, /read).
mpi_arg("mpi_allreduce", 5, /read).
mpi_arg("mpi_allreduce", 6, /read).
mpi_arg("mpi_allreduce", 7, /write).
# gather/scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
# recvtype, root, comm, ierror); allgather/alltoall without root.
mpi_arg(N, 1, /read) :- rooted_collective(N).
mpi_arg(N, 2, /read) :- rooted_collective(N).
mpi_arg(N, 3, /read) :- rooted_collective(N).
mpi_arg(N, 4, /write) :- rooted_collective(N).
mpi_arg(N, 5, /read) :- rooted_collective(N).
mpi_arg(N, 6, /read) :- rooted_collective(N).
mpi_arg(N, 7, /read) :- rooted_collective(N).
mpi_arg(N, 8, /read) :- rooted_collective(N).
mpi_arg(N, 9, /write) :- rooted_collective(N).
rooted_collective("mpi_gather").
rooted_collective("mpi_scatter").
mpi_arg(N, 1, /read) :- all_collective(N).
mpi_arg(N, 2, /read) :- all_collective(N).
mpi_arg(N, 3, /read) :- all_collective(N).
mpi_arg(N, 4, /write) :- all_collective(N).
mpi_arg(N, 5, /read) :- all_collective(N).
mpi_arg(N, 6, /read) :- all_collective(N).
mpi_arg(N, 7, /read) :- all_collective(N).
mpi_arg(N, 8, /write) :- all_collective(N).
all_collective("mpi_allgather").
all_collective("mpi_alltoall").

# Non-blocking point to point: isend(buf, count, datatype, dest, tag,
# comm, request, ierror) and its synchronous, buffered and ready forms;
# irecv(buf, count, datatype, source, tag, comm, request, ierror).
mpi_arg(N, 1, /read) :- nonblocking_send(N).
mpi_arg(N, 2, /read) :- nonblocking_send(N).
mpi_arg(N, 3, /read) :- nonblocking_send(N).
mpi_arg(N, 4, /read) :- nonblocking_send(N).
mpi_arg(N, 5, /read) :- nonblocking_send(N).
mpi_arg(N, 6, /read) :- nonblocking_send(N).
mpi_arg(N, 7, /write) :- nonblocking_send(N).
mpi_arg(N, 8, /write) :- nonblocking_send(N).
nonblocking_send("mpi_issend").
nonblocking_send("mpi_ibsend").
nonblocking_send("mpi_irsend").
async_buf("mpi_isend", 1, 7, /send).
async_buf(N, 1, 7, /send) :- nonblocking_send(N).
mpi_arg("mpi_irecv", 1, /write).
mpi_arg("mpi_irecv", 2, /read).
mpi_arg("mpi_irecv", 3, /read).
mpi_arg("mpi_irecv", 4, /read).
mpi_arg("mpi_irecv", 5, /read).
mpi_arg("mpi_irecv", 6, /read).
mpi_arg("mpi_irecv", 7, /write).
mpi_arg("mpi_irecv", 8, /write).
async_buf("mpi_irecv", 1, 7, /recv).
# Completion: wait(request, status, ierror); waitall(count, requests,
# statuses, ierror); waitany(count, requests, index, status, ierror);
# waitsome(incount, requests, outcount, indices, statuses, ierror);
# test(request, flag, status, ierror); testall(count, requests, flag,
# statuses, ierror); testany(count, requests, index, flag, status,
# ierror); testsome as waitsome. The requests are written (set to
# MPI_REQUEST_NULL when they complete).
mpi_arg("mpi_wait", 1, /write).
mpi_arg("mpi_wait", 2, /write).
mpi_arg("mpi_wait", 3, /write).
mpi_arg("mpi_waitall", 1, /read).
mpi_arg("mpi_waitall", 2, /write).
mpi_arg("mpi_waitall", 3, /write).
mpi_arg("mpi_waitall", 4, /write).
mpi_arg("mpi_waitany", 1, /read).
mpi_arg("mpi_waitany", 2, /write).
mpi_arg("mpi_waitany", 3, /write).
mpi_arg("mpi_waitany", 4, /write).
mpi_arg("mpi_waitany", 5, /write).
mpi_arg(N, 1, /read) :- some_completion(N).
mpi_arg(N, 2, /write) :- some_completion(N).
mpi_arg(N, 3, /write) :- some_completion(N).
mpi_arg(N, 4, /write) :- some_completion(N).
mpi_arg(N, 5, /write) :- some_completion(N).
mpi_arg(N, 6, /write) :- some_completion(N).
some_completion("mpi_waitsome").
some_completion("mpi_testsome").
mpi_arg("mpi_test", 1, /write).
mpi_arg("mpi_test", 2, /write).
mpi_arg("mpi_test", 3, /write).
mpi_arg("mpi_test", 4, /write).
mpi_arg("mpi_testall", 1, /read).
mpi_arg("mpi_testall", 2, /write).
mpi_arg("mpi_testall", 3, /write).
mpi_arg("mpi_testall", 4, /write).
mpi_arg("mpi_testall", 5, /write).
mpi_arg("mpi_testany", 1, /read).
mpi_arg("mpi_testany", 2, /write).
mpi_arg("mpi_testany", 3, /write).
mpi_arg("mpi_testany", 4, /write).
mpi_arg("mpi_testany", 5, /write).
mpi_arg("mpi_testany", 6, /write).

# What a call of a known procedure accesses.
mpi_known(N) :- mpi_arg(N, _, _).
mpi_call(S, N) :- hcall_lib(S, N), mpi_known(N).
mpi_stmt(S) :- mpi_call(S, _).
mpi_acc(S, V, A, M) :- mpi_call(S, N), hcall_lib_arg(S, Pos, V, A), mpi_arg(N, Pos, M).
is_section(A) :- hcall_lib_section(A).
sec_acc(S, V, A, M) :- mpi_acc(S, V, A, M), is_section(A), may_resident(V), !assumed_size(V), hstmt(S, P, _), !lifted_proc(P), !device_stmt(S).
# (A section the call may write is fetched by its stale mark itself, which
# copies back the elements of a dirty entry first: the runtime keeps the
# entry dirty after a fetch of a part, so a fetch as well would copy the
# section twice.)
fetch_sec_at(S, A) :- sec_acc(S, V, A, /read), may_dirty(V).
stale_sec_at(S, A) :- sec_acc(S, V, A, /write).
# Whole variables (an element stands for its variable: MPI may take the
# sequence that starts there), and sections sync.mg places whole (of an
# assumed-size dummy: at the calls of its procedure).
mpi_whole(S, V, M) :- mpi_acc(S, V, A, M), !is_section(A).
mpi_whole(S, V, M) :- mpi_acc(S, V, A, M), is_section(A), assumed_size(V).

# Non-blocking transfers of storage the device may hold: the runtime
# learns of each right after its call, where the buffer and the request
# can be named again there (a section or whole array; a scalar or an
# element with simple subscripts), in a procedure that runs on the host.
async_named(A) :- hcall_lib_section(A).
async_named(A) :- hcall_lib_whole(A).
async_start(S, A, R, K) :- hcall_lib(S, N), async_buf(N, BP, RP, K), hcall_lib_arg(S, BP, V, A), may_resident(V), async_named(A), hcall_lib_arg(S, RP, _, R), hcall_lib_scalar(R), hstmt(S, P, _), !lifted_proc(P), !device_stmt(S).
async_placed(S, A) :- async_start(S, A, _, _).

# A receive the runtime cannot learn of, and the non-blocking procedures
# that write a buffer outside async_buf: an error (a copy back or a
# launch before the wait would mix the device's values with what
# arrives). Calls with keyword arguments have no hcall_lib and are not
# caught here.
async_write("mpi_imrecv", 1).
async_write("mpi_ibcast", 1).
async_write("mpi_ireduce", 2).
async_write("mpi_iallreduce", 2).
async_write("mpi_igather", 4).
async_write("mpi_iscatter", 4).
async_write("mpi_iallgather", 4).
async_write("mpi_ialltoall", 4).
async_write("mpi_recv_init", 1).
async_nyi(S, V) :- hcall_lib(S, N), async_write(N, Pos), hcall_lib_arg(S, Pos, V, _), may_resident(V).
async_nyi(S, V) :- hcall_lib(S, N), async_buf(N, BP, _, /recv), hcall_lib_arg(S, BP, V, A), may_resident(V), !async_placed(S, A).
