/* fgpu_rt.h: the C API of the fgpu runtime (ARCHITECTURE.md section 4).
 * This header is the API of record: the comments below are the semantics.
 *
 * Generated kernels (C++ for --gpu=cpu, CUDA C++ for --gpu=cuda) include this
 * header. Launch routines are bind(c) procedures: array arguments arrive as
 * CFI_cdesc_t descriptors (base_addr, dim[r].extent, dim[r].sm byte strides);
 * gfortran 12 passes lower bounds as 0, so launch routines receive the
 * Fortran lower bounds as int64 arguments of their own.
 *
 * Every function that can fail names the kernel and the source loop
 * ("file:line") in its message and stops the program with status 1.
 *
 * Modes (chosen once, at program start):
 *   cpu shared    --gpu=cpu (default): kernels run on the host's memory inside
 *                 the launch routine; there is no residency table at all
 *                 (fgpu_rt_array returns base_addr, nothing is copied).
 *   cpu separate  --gpu=cpu with FGPU_CPU_SEPARATE=1 in the environment: the
 *                 "device" buffers are malloc'd copies and the residency table
 *                 follows exactly the rules of the CUDA backend (the same code);
 *                 while an entry is dirty the host ELEMENTS of its descriptor
 *                 hold 0xff bytes, so a missing wait or copy-back shows up as
 *                 wrong host data without a GPU.
 *   cuda          --gpu=cuda: one non-blocking stream orders every copy and
 *                 launch; device buffers come from the stream-ordered pool.
 */
#ifndef FGPU_RT_H
#define FGPU_RT_H

#include <stddef.h>
#include <stdint.h>
#include <ISO_Fortran_binding.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prints "fgpu: error in kernel K (loop file:line): msg" to stderr and
 * exits with status 1 (Fortran units are flushed by exit). */
void fgpu_fatal(const char* kernel, const char* loop, const char* msg)
#if defined(__GNUC__) || defined(__CUDACC__)
    __attribute__((noreturn))
#endif
    ;

/* The number of host threads the CPU backend uses (OpenMP's maximum; 1
 * without OpenMP). */
int fgpu_num_threads(void);

/* Whether a CPU kernel that accesses `bytes` bytes of arrays stores
 * non-temporally (16-byte streaming stores that bypass the caches, as
 * memcpy does for large copies): when they are more than the last-level
 * cache holds (sysconf; 32 MiB when unknown), so that what it stores would
 * not stay in the cache anyway, and a store need not first read its cache
 * line from memory. FGPU_CPU_STREAMING_STORES=0 (never) or 1
 * (always) overrides. */
int fgpu_cpu_streaming(size_t bytes);

/* The CPU kernels' iteration-order test mode, FGPU_CPU_ORDER (read once):
 * 0 (unset or empty: the kernels' own order), 1 (reverse) or 2 (shuffle);
 * any other value stops the program with a message. In modes 1 and 2 a
 * CPU kernel runs every iteration of a launch on the threads, whatever the
 * trip count (no serial cut-off, no packed versions): the threads share the
 * positions 0..n-1 in blocks (OpenMP's static schedule), and position q
 * runs the iteration of linear number fgpu_cpu_order_index(q, n), the
 * innermost index of the kernel's loop nest varying fastest (the kernel's
 * general version runs the test modes: emit/cpukernel.go). A correct program prints the same in every mode;
 * one whose result depends on the order of the iterations does not. */
int fgpu_cpu_order(void);

/* The linear iteration number that position q (0 <= q < n) runs in the
 * mode of fgpu_cpu_order(): q (mode 0), n-1-q (reverse), or a permutation
 * of 0..n-1 (shuffle: a Feistel network over the next power of four, with
 * cycle walking), fixed by n and FGPU_CPU_ORDER_SEED (an unsigned integer,
 * default 1), so a failing run repeats. */
int64_t fgpu_cpu_order_index(int64_t q, int64_t n);

/* The number of bytes from the lowest to the highest byte address that the
 * descriptor's elements reach (0 for an empty array), and the offset of the
 * lowest address from base_addr (<= 0; negative strides reach below it).
 * elem is the element size in bytes (0: the descriptor's elem_len). */
size_t fgpu_desc_span(const CFI_cdesc_t* a, size_t elem, ptrdiff_t* low);

/* ---- Launches and the residency table (every backend) -------------------
 *
 * A launch routine does, in this order:
 *     fgpu_rt_launch_begin(kernel, loop);
 *     dev = fgpu_rt_array(desc, 0, written, kernel, loop);   per array argument
 *     dev = fgpu_rt_scalar(ref, bytes, written, kernel, loop); per scalar by reference
 *     st  = fgpu_rt_status(kernel, loop);                    if the kernel can stop
 *     <run (cpu) or enqueue on fgpu_cuda_stream() (cuda) the kernel>
 *     fgpu_rt_launched(kernel, loop);
 * Registrations belong to the launch that the next fgpu_rt_launched
 * completes (they may also come before fgpu_rt_launch_begin; on CUDA the
 * device time of a kernel is measured from fgpu_rt_launch_begin, so calling
 * it just before the kernel measures the kernel alone). Every launch_begin
 * is followed by one launched, also when the kernel is not enqueued (no
 * iterations). Launch routines run on the host thread only.
 *
 * The residency table (cpu separate, cuda) maps host memory to device
 * buffers. An entry is keyed by the memory span of a descriptor (see
 * fgpu_desc_span) and its shape (rank, extents, byte strides, element size;
 * a scalar: rank 0, [host, host+bytes)). Its buffer holds the whole span
 * (gaps of a strided section included); copies back to the host write only
 * the elements of its descriptor, never the gaps. An entry is
 *     valid  the device holds what the host holds,
 *     dirty  a launch wrote it: the device holds newer values (cpu separate:
 *            the host elements are 0xff meanwhile),
 *     stale  the host may hold newer values (fgpu_rt_stale).
 *
 * fgpu_rt_array / fgpu_rt_scalar, for the span S and key K of the argument:
 *   - an entry with key K that is valid or dirty: reused, nothing copied;
 *   - an entry with key K that is stale: if another entry overlapping S is
 *     dirty, it is fetched first (a wait, and a copy back of the dirty
 *     entries overlapping S only); then the host span is copied into the
 *     entry's buffer (same buffer: copies and launches are ordered), valid;
 *   - no entry with key K: if an entry overlapping S is dirty, it is
 *     fetched first (as above); the overlapping entries are dropped (except
 *     those registered for the same launch: two sections of one array,
 *     x(1::2) and x(2::2), are two entries of one launch); a new buffer,
 *     the host span copied in, valid.
 *   The result is the device address corresponding to base_addr (host)
 *   (NULL for an empty array). written=1: the kernel may write it.
 * fgpu_rt_launched marks the entries registered with written=1 for this
 * launch dirty (cpu separate: and fills their host elements with 0xff), and
 * drops the entries overlapping them that are neither dirty nor written by
 * this launch (their device copy may be outdated now). Two entries that are
 * dirty at once and overlap (sections written by one launch) are taken to
 * hold different elements, as Fortran's rules on aliasing give.
 * A dropped entry frees its buffer (cuda: stream-ordered, a pending launch
 * may still read it). When a device allocation fails, the runtime waits,
 * drops every entry that is not dirty and that the launch being prepared
 * does not use, and tries again.
 * The runtime copies back on its own only into storage the call names (the
 * span of its argument): never into a variable the host compiler may
 * consider dead, whose storage it may have reused.
 */

/* The size of the stop status buffer: element 0 is the recorded stop site
 * (0 = none), element s (1..FGPU_MAX_STOP_SITES) the code recorded at site s. */
#define FGPU_MAX_STOP_SITES 4096

void fgpu_rt_launch_begin(const char* kernel, const char* loop);
/* written: bit 0, the launch writes the array; bit 1, the host may read its
 * bytes without a fetch (an array of a derived type carrying the
 * descriptors of allocatable components, which the host deallocates):
 * the cpu separate mode does not poison them. */
void* fgpu_rt_array(const CFI_cdesc_t* a, size_t elem, int written, const char* kernel, const char* loop);
void* fgpu_rt_scalar(void* host, size_t bytes, int written, const char* kernel, const char* loop);

/* Tables of allocatable components of the elements of an array of a
 * derived type (lowering/components.go: a(i)%w(j)). Before a launch the
 * host hands table slot (0 .. FGPU_MAX_ELEM_TABLES-1) the component of
 * every element of the array, in order: fgpu_rt_elem with its descriptor
 * and lower bounds when it is allocated, fgpu_rt_elem_none when not. The
 * launch routine then registers each as a buffer of its own (written when
 * the loop writes the component) and gets the device address of the table,
 * one fgpu_elem a element (base null for an unallocated or empty one). */
#define FGPU_MAX_ELEM_TABLES 16
typedef struct {
    char* base;       /* the device address of the element's component */
    int64_t lb[7];    /* its lower bounds */
    int64_t sm[7];    /* its byte strides */
    int64_t ex[7];    /* its extents */
} fgpu_elem;
/* The device heap of launches whose kernels allocate (design doc,
 * "Allocating on the device"; lowering/heap.go): an arena of cap bytes the
 * runtime allocates on the device once (FGPU_HEAP_SIZE bytes, with an
 * optional K, M or G suffix; 256M when not set), taken by an atomic add to
 * next, which every such launch resets to 0 first (stream order): memory
 * is reclaimed when the launch ends. */
typedef struct {
    char* base;
    unsigned long long cap;
    unsigned long long next;
} fgpu_heap;
/* The device address of the heap, reset for the launch that follows. */
fgpu_heap* fgpu_rt_heap(const char* kernel, const char* loop);
/* The workspace of a launch (lowering/workspace.go): n slices of slice
 * bytes, one an iteration, for the arrays of the iterations whose shape is
 * known only at run time. Only the device holds it (nothing is copied in or
 * back); what a slice holds on entry is undefined. One buffer, grown when a
 * launch needs more: the launches that used the old one complete first
 * (stream order). Null when n or slice is 0; an error that names the loop
 * when it does not fit. */
void* fgpu_rt_workspace(int64_t n, int64_t slice, const char* kernel, const char* loop);
void fgpu_rt_elem(int slot, const CFI_cdesc_t* a, const int64_t* lb);
void fgpu_rt_elem_none(int slot);
const fgpu_elem* fgpu_rt_elem_table(int slot, int written, const char* kernel, const char* loop);

/* The layout check of a derived type whose values a kernel holds as the
 * host's bytes (emit/derived.go), made before the first launch that hands
 * over an array of it: base is the host address of an element, host_size
 * the size the host compiler gives the type (the descriptor's elem_len),
 * size the kernel's struct's; addr[i] is the host address of component
 * names[i] of that element and off[i] its offset in the struct. A
 * difference ends the program with an error that names the type and the
 * component, never a launch on a wrong layout. */
void fgpu_rt_layout(const char* type, const char* kernel, const char* loop, const void* base, size_t host_size,
                    size_t size, int n, const void* const* addr, const size_t* off, const char* const* names);

/* A scalar the kernel writes whole (a reduce variable combined by the last
 * block): registered written, never copied in. *on_device is 1 when the
 * device copy is current (the kernel reads its initial value there: a
 * dirty or valid entry, or the CPU shared mode), else 0: the host's value
 * is current and the launch routine passes it to the kernel by value. */
void* fgpu_rt_scalar_init(void* host, size_t bytes, int* on_device, const char* kernel, const char* loop);

/* The device address of the stop status buffer, int64_t[1 +
 * FGPU_MAX_STOP_SITES], zeroed at program start; the launch being prepared
 * is one that may stop (fgpu_rt_wait_stops). A kernel thread that stops
 * at site s writes element s (its code), then element 0 (s) only while
 * element 0 is 0: the first recorded stop is the one reported. */
int64_t* fgpu_rt_status(const char* kernel, const char* loop);

/* After the kernel was run (cpu) or enqueued (cuda): cuda checks
 * cudaGetLastError and records the stop event; every backend counts a
 * launch and marks the written entries dirty (see above); cpu shared counts
 * only. */
void fgpu_rt_launched(const char* kernel, const char* loop);

/* Waits for every launch (cuda: stream synchronize, then cudaGetLastError;
 * an error names the kernels launched since the last wait), copies every
 * dirty entry back (only the elements of its descriptor) and marks it
 * valid; reads the stop status (cuda: a small copy, not counted in the
 * statistics). Counts a wait only when a launch was pending. Generated code
 * does not call it (it fetches variable by variable, see fgpu_rt_fetch);
 * kept for tests and hand-written callers. */
void fgpu_rt_sync(void);

/* Waits for every launch and reads the stop status, copying nothing back:
 * where the host needs the launches done (a timing call, the end of the
 * program) but none of their data. Returns at once when nothing was
 * launched since the last wait. */
void fgpu_rt_wait(void);

/* As fgpu_rt_wait, but only when a launch of a kernel that may stop (one
 * that took the stop status buffer, fgpu_rt_status) was made since the
 * last wait: before a statement acting outside the program, so that a stop
 * a kernel recorded ends the program first. */
void fgpu_rt_wait_stops(void);

/* bind(c) from Fortran: type(*), dimension(..). When an entry overlapping
 * the storage of a is dirty: waits for every launch (as fgpu_rt_wait) and
 * copies back the dirty entries overlapping a, which become valid (the host
 * is about to access a). Otherwise it neither waits nor copies: the host
 * holds a's current values. The analysis places a fetch before every host
 * access of storage some launch of the program may write (rules/sync.mg),
 * in whatever procedure; the runtime, which knows by address what is
 * dirty, makes the unneeded ones cost a lookup. */
void fgpu_rt_fetch(CFI_cdesc_t* a);

/* A call of a procedure whose body is not among the compiled files (a
 * library, MPI, C): it may access any storage. Waits for every launch,
 * copies back every dirty entry and marks every entry stale, except those
 * of storage on the host thread's stack (procedures running now, whose dead
 * locals the host compiler may have reused: the analysis fetches by name
 * what the call is handed). */
void fgpu_rt_external(void);

/* After fgpu_rt_sync: the recorded stop site (0: none) and, in *code, the
 * code recorded with it (0 when none). The first recorded site is kept. */
int64_t fgpu_rt_stop_site(int64_t* code);

/* bind(c) from Fortran (type(*), dimension(..)), any rank; rank 0 is a
 * scalar (base_addr, elem_len). The host storage of a is about to be freed:
 * every entry overlapping its span is dropped without copying anything back
 * (cpu separate: its host elements stay 0xff). An overlapping dirty entry
 * that reaches beyond the span (not the analysis' case) is copied back
 * first, so nothing outside a is lost. Counts a discard
 * when a dropped entry was dirty. */
void fgpu_rt_discard(CFI_cdesc_t* a);

/* bind(c), as fgpu_rt_discard: the host is about to write a's storage:
 * every entry overlapping its span becomes stale (if one is dirty, it is
 * fetched first: a fetch the analysis should have placed; the runtime
 * stays correct anyway). */
void fgpu_rt_stale(CFI_cdesc_t* a);

/* The node-local MPI rank a launcher tells (OMPI_COMM_WORLD_LOCAL_RANK,
 * MPI_LOCALRANKID, SLURM_LOCALID, MV2_COMM_WORLD_LOCAL_RANK), -1 when
 * none does. */
int fgpu_rt_local_rank(void);

/* The CUDA device this process uses (fgpu_rt_pick_device at the first
 * use of the device), -1 before; FGPU_STATS names it per MPI rank. */
extern int fgpu_rt_device_index;

/* The device a process takes among count: FGPU_DEVICE when set (checked
 * against count by the caller), else the node-local MPI rank modulo count
 * (several ranks may share one device), else 0. */
int fgpu_rt_pick_device(int count);

/* bind(c), as fgpu_rt_fetch, for an array section handed to an MPI
 * procedure (rules/mpi.mg): when the section lies inside one contiguous
 * entry, only its elements are copied back (after a wait), and the entry
 * stays dirty; otherwise as fgpu_rt_fetch. */
void fgpu_rt_fetch_part(CFI_cdesc_t* a);

/* bind(c), as fgpu_rt_stale, for an array section the host is about to
 * write (an MPI receive): when the section lies inside one contiguous
 * entry that is not stale, its elements are copied back if the entry is
 * dirty, and the section is recorded as newer on the host: the device
 * copy takes its elements (only) before it is next used or copied back,
 * and the rest of the entry stays as it was (dirty or valid). Otherwise
 * as fgpu_rt_stale. */
void fgpu_rt_stale_part(CFI_cdesc_t* a);

/* bind(c), after a call that starts a non-blocking MPI transfer of the
 * array (or section) a -- MPI_Isend (recv 0), MPI_Irecv (recv 1), ... --
 * whose request handle is req (rules/mpi.mg): until the request completes
 * MPI reads or writes a's host elements behind the program's back, so the
 * runtime never copies device values over the elements of a receive, nor
 * poisons (cpu separate) either kind. The runtime sees the completion as
 * req's bytes changing (MPI_Wait* and MPI_Test* set a completed request to
 * MPI_REQUEST_NULL) at its next call; a receive's elements are then newer
 * on the host, as after fgpu_rt_stale_part (without a copy back). */
void fgpu_rt_async_start(CFI_cdesc_t* a, CFI_cdesc_t* req, int recv);

/* Statistics (FGPU_STATS=1) at exit, on stderr:
 *   fgpu: stats: backend B: L launches, X bytes to device, Y bytes from
 *     device, W waits, D discards, peak device memory M bytes      (one line)
 *   fgpu: stats: kernel NAME (loop FILE:LINE): N launches, T ms device time
 * one kernel line per kernel launched, sorted by name (cuda: CUDA events
 * from launch_begin to launched; cpu: wall time). Bytes count the spans
 * copied (also on cpu separate, which predicts cuda's traffic); peak device
 * memory is the most bytes the table's buffers held at once (0 on cpu
 * shared). The stop status copies are not counted. */
struct fgpu_rt_stats {
    unsigned long long launches, to_dev, from_dev, waits, discards, device_bytes, peak_device_bytes, entries;
};
/* The counters now (for tests); entries is the number of table entries. */
void fgpu_rt_stats_get(struct fgpu_rt_stats* s);

/* ---- Internal: the device side of the residency table --------------------
 * Implemented by fgpu_rt_cuda.cu (cuda) or fgpu_rt_cpu.cpp (cpu separate:
 * malloc'd copies); used only by the table in fgpu_rt_cpu.cpp. Not for
 * kernels. */
#ifdef FGPU_RT_INTERNAL
/* A buffer of n > 0 bytes; NULL when the device is out of memory. */
void* fgpu_dev_alloc(size_t n, const char* kernel, const char* loop);
/* Frees p (of n bytes) once the launches enqueued so far are done with it. */
void fgpu_dev_free(void* p, size_t n, const char* kernel, const char* loop);
/* Copies n host bytes to dev, ordered after the launches enqueued so far;
 * the host bytes may change once it returns. */
void fgpu_dev_copy_in(void* dev, const void* host, size_t n, const char* kernel, const char* loop);
/* Copies n bytes from dev to the host; complete when it returns. */
void fgpu_dev_copy_out(void* host, const void* dev, size_t n, const char* kernel, const char* loop);
/* Whether device buffers are host memory (cpu separate). */
int fgpu_dev_host_accessible(void);
/* Starts a batch of staged copies back (the staging memory of the previous
 * batch may be reused). */
void fgpu_dev_stage_reset(void);
/* Enqueues a copy of n device bytes into host staging memory, ordered
 * after the launches enqueued so far, and returns the staging address
 * (its bytes are there after the next fgpu_dev_wait, or
 * fgpu_dev_stage_wait); NULL when the
 * staging memory does not take the copy (fgpu_dev_copy_out after the
 * wait). cpu separate: dev itself. One wait then covers the launches and
 * the copies (a fetch of a scalar costs one round trip). */
const void* fgpu_dev_stage_out(const void* dev, size_t n, const char* kernel, const char* loop);
/* Waits for the staged copies when no launch was pending (fgpu_dev_wait
 * waits only then). */
void fgpu_dev_stage_wait(void);
/* Waits for every launch and, when read_status (a launch that may stop
 * was made since the last wait), reads element 0 of the stop status into
 * *site (else *site is 0: nothing can have changed it); returns NULL, or a
 * message when a launch failed. */
const char* fgpu_dev_wait(int64_t* site, int read_status);
/* Element s of the stop status (after fgpu_dev_wait). */
int64_t fgpu_dev_status_at(int64_t s);
/* The device address of the stop status buffer (zeroed). */
int64_t* fgpu_dev_status(const char* kernel, const char* loop);
/* After a kernel was enqueued: reports a launch error. */
void fgpu_dev_launched(const char* kernel, const char* loop);
/* Timing events (cuda: a CUDA event recorded on the stream, from a pool). */
void* fgpu_dev_event_record(const char* kernel, const char* loop);
/* Milliseconds between two recorded events (after fgpu_dev_wait); the events
 * go back to the pool. */
float fgpu_dev_event_ms(void* start, void* stop);
/* FGPU_STATS: the geometry of a kernel's last launch (cuda). */
void fgpu_rt_note_geometry(const char* kernel, const char* loop, int blocks, int threads, int regs);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

/* ---- CUDA backend (fgpu_rt_cuda.cu) -----------------------------------
 * Declared for nvcc, and for host C++ that defines FGPU_CUDA_API before
 * including this header (it then includes cuda_runtime_api.h). */
#if defined(__CUDACC__) || defined(FGPU_CUDA_API)
#include <cuda_runtime_api.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Selects the device (FGPU_DEVICE, else the node-local MPI rank modulo the
 * device count, else 0), creates the stream and the stop status buffer.
 * Called by fgpu_cuda_stream and the table's device side; idempotent. */
void fgpu_cuda_init(const char* kernel, const char* loop);

/* The one stream every copy and launch of the program uses (created
 * non-blocking at init). Kernels are launched with <<<b, t, 0, stream>>>. */
cudaStream_t fgpu_cuda_stream(const char* kernel, const char* loop);

/* Launch geometry of the kernel fn (the address of the __global__ function)
 * for n work items (iterations, or packs of iterations), from the kernel's
 * resource use and the device (computed once per kernel). Threads per
 * block: the largest multiple of 32 that reaches the highest occupancy the
 * kernel's registers and shared memory allow (cudaFuncGetAttributes, the
 * occupancy API). Blocks, by grid:
 *   FGPU_GRID_RESIDENT  enough for one item a thread but at most the blocks
 *                       resident at once (multiprocessors x resident blocks
 *                       each): kernels loop grid-stride;
 *   FGPU_GRID_FULL      (kernels without a reduction) one item a
 *                       thread, blocks = ceil(n/threads), with 256 threads a
 *                       block when 256 reaches the highest occupancy;
 *   FGPU_GRID_REDUCE    (block reductions) at most four waves of resident
 *                       blocks: the last blocks of one wave leave the
 *                       multiprocessors idle while they finish.
 * Outside reductions, a grid of fewer than twice as many blocks as the
 * device has multiprocessors gets smaller blocks (halved, down to 64
 * threads) until it has that many: every multiprocessor gets work.
 * On the H200 a full grid of 256-thread blocks streams 7% faster than the
 * resident grid of 1024-thread blocks, and four waves reduce 1-2% faster
 * than one (bench/RESULTS.md). FGPU_THREADS_PER_BLOCK (rounded up to a
 * multiple of 32, 32..1024) and FGPU_BLOCKS_PER_SM override the choice and
 * disable the tuning: with the first alone, one item a thread. */
#define FGPU_GRID_RESIDENT 0
#define FGPU_GRID_FULL 1
#define FGPU_GRID_REDUCE 2
void fgpu_cuda_geometry_for(const void* fn, long long n, int grid, int* blocks, int* threads,
                            const char* kernel, const char* loop);

/* Launch geometry of a kernel whose iterations each run on a block, its
 * threads sharing the iterations of a nested do concurrent (rules/nest.mg,
 * emit/nest.go): n iterations, inner the largest trip count of its shared
 * loops when the host knows it (0 when not). Threads per block: 128 for a
 * loop staged through shared memory (FGPU_NEST_STAGED: eight 32-element
 * rows of its 32 x 32 tiles a thread in each phase); otherwise inner
 * rounded up to a multiple of 32, at most 64, doubled (up to inner, 1024
 * when unknown) while the n blocks would hold fewer threads than the
 * device keeps resident; at most what the kernel's registers allow.
 * Measured on the H200 (bench/RESULTS.md): a 16384^2 real(8) tiled
 * transpose ran at 3.50 TB/s with 128 threads, 3.23 with 256, 2.73 with
 * 512; row sums of 1000 and 4096 columns at 3.53 and 3.79 TB/s with 64
 * threads, 2.92 and 3.65 with 256, 0.87 and 2.23 with 1024. Blocks: one an
 * iteration (the kernel loops block-stride when there are fewer), at most
 * four waves of resident blocks for a kernel with a block reduction
 * (FGPU_NEST_REDUCE: each block leaves a partial). FGPU_THREADS_PER_BLOCK
 * and FGPU_BLOCKS_PER_SM override the choice. A cooperative kernel
 * (FGPU_NEST_COOP, rules/coop.mg): inner is the block size lowering chose
 * (the largest DO nest's trip count in warps, at most 128). */
#define FGPU_NEST_STAGED 1
#define FGPU_NEST_REDUCE 2
#define FGPU_NEST_COOP 4
void fgpu_cuda_geometry_nested(const void* fn, long long n, long long inner, int flags, int* blocks, int* threads,
                               const char* kernel, const char* loop);

/* A device-only scratch buffer of at least bytes bytes, one per kernel (fn)
 * and slot, reused by every launch of that kernel (launches are ordered on
 * the stream, so one launch's use ends before the next begins). Zeroed
 * when it is allocated or grown; kernels that need it zero again leave it
 * so (the block reductions' counter). */
void* fgpu_cuda_scratch(const void* fn, int slot, size_t bytes, const char* kernel, const char* loop);

/* Reports a failed CUDA call (used by FGPU_CUDA_CHECK). */
void fgpu_cuda_fail(int err, const char* call, const char* kernel, const char* loop)
#if defined(__GNUC__) || defined(__CUDACC__)
    __attribute__((noreturn))
#endif
    ;

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Checks a CUDA runtime call: on failure, fgpu_fatal with the call and
 * cudaGetErrorString, naming the kernel and the loop. */
#define FGPU_CUDA_CHECK(call, kernel, loop)                                 \
    do {                                                                    \
        cudaError_t fgpu_err_ = (call);                                     \
        if (fgpu_err_ != cudaSuccess)                                       \
            fgpu_cuda_fail((int)fgpu_err_, #call, (kernel), (loop));        \
    } while (0)
#endif /* CUDA */

#endif /* FGPU_RT_H */
