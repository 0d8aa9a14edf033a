/* fgpu_rt_metal.h: the launch call of the Metal backend (fgpu_rt_metal.mm),
 * included by the launch routines of `fgpu build --gpu=metal`
 * (emit/metalhost.go). Plain C: the launch routines are C++, only the
 * runtime is Objective-C++.
 *
 * A Metal launch routine does what every backend's does (fgpu_rt.h):
 * fgpu_rt_launch_begin, fgpu_rt_array / fgpu_rt_scalar / fgpu_rt_status per
 * buffer (on Metal each returns an address inside a shared-storage
 * MTLBuffer, which the runtime maps back to the buffer and its offset),
 * then fills the kernel's argument struct, calls fgpu_metal_dispatch, and
 * fgpu_rt_launched.
 */
#ifndef FGPU_RT_METAL_H
#define FGPU_RT_METAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most buffers a kernel takes besides its argument struct: Metal binds
 * at most 31 buffers to a compute function, [[buffer(0)]] is the struct. */
#define FGPU_METAL_MAX_BUFFERS 30

/* Encodes a launch of the MSL kernel function fn (a name in the program's
 * Metal library) over n threads, one an iteration, into the batch's compute
 * encoder; it does not wait.
 *   args, args_bytes  the kernel's argument struct ([[buffer(0)]], copied
 *                     when encoded: setBytes, or a buffer over 4 KiB);
 *   base              its field fgpu_base, the iteration of thread 0: a
 *                     grid of more than 2^30 threads is dispatched in
 *                     pieces, base set for each;
 *   bufs[i]           the address the runtime returned for [[buffer(i+1)]]
 *                     (NULL: nothing bound, an empty array);
 *   written[i]        whether the kernel may write it: a barrier precedes
 *                     a dispatch that uses a buffer a dispatch since the
 *                     last barrier writes, or writes one such a dispatch
 *                     reads (the design doc's Metal runtime).
 * Threads a threadgroup: FGPU_THREADS_PER_BLOCK, else 256, at most what the
 * pipeline allows, a multiple of its execution width. */
void fgpu_metal_dispatch(const char* fn, void* args, size_t args_bytes, int64_t* base, void* const* bufs,
                         const unsigned char* written, int nbufs, int64_t n, const char* kernel, const char* loop);

/* Kernels that combine values in threadgroups (reductions, values after the
 * loop: emit/mslkernel.go) run grid-stride over the iterations, a partial a
 * threadgroup, then a second kernel of one threadgroup combines the
 * partials. Threads a threadgroup are the pipeline's (as above; at most 32
 * SIMD-groups, the kernels' threadgroup memory).
 * fgpu_metal_groups: the threadgroups of a launch of fn over n iterations
 * (one a thread, at least 1, at most FGPU_METAL_MAX_GROUPS).
 * fgpu_metal_dispatch_groups: encodes fn over groups threadgroups, as
 * fgpu_metal_dispatch does (the struct has no fgpu_base).
 * fgpu_metal_scratch: a device buffer of at least bytes bytes that a launch
 * routine keeps in *keep (*cap its size) for the partials: grown when a
 * launch needs more (the old one freed once the launches using it are
 * done); only the device reads and writes it. */
#define FGPU_METAL_MAX_GROUPS 4096
unsigned fgpu_metal_groups(const char* fn, int64_t n, const char* kernel, const char* loop);
void fgpu_metal_dispatch_groups(const char* fn, void* args, size_t args_bytes, void* const* bufs,
                                const unsigned char* written, int nbufs, unsigned groups, const char* kernel,
                                const char* loop);
void* fgpu_metal_scratch(void** keep, size_t* cap, size_t bytes, const char* kernel, const char* loop);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FGPU_RT_METAL_H */
