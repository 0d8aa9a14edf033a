/* fgpu_rt.h: the C API of the fgpu runtime (ARCHITECTURE.md section 4).
 *
 * Generated kernels (C++ for --gpu=cpu, CUDA C++ for --gpu=cuda) include this
 * header. Launch routines are bind(c) procedures: array arguments arrive as
 * CFI_cdesc_t descriptors (base_addr, dim[r].extent, dim[r].sm byte strides);
 * gfortran 12 passes lower bounds as 0, so launch routines receive the
 * Fortran lower bounds as int64 arguments of their own.
 *
 * Every function that can fail names the kernel and the source loop
 * ("file:line") in its message and stops the program with status 1.
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

/* Statistics, printed to stderr at exit when FGPU_STATS=1. Thread-safe. */
void fgpu_stats_launch(void);
void fgpu_stats_bytes(size_t to_dev, size_t from_dev);
void fgpu_stats_wait(void);

/* The number of bytes from the lowest to the highest byte address that the
 * descriptor's elements reach (0 for an empty array), and the offset of the
 * lowest address from base_addr (<= 0; negative strides reach below it).
 * elem is the element size in bytes (0: the descriptor's elem_len). */
size_t fgpu_desc_span(const CFI_cdesc_t* a, size_t elem, ptrdiff_t* low);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* ---- CUDA backend (fgpu_rt_cuda.cu) ----------------------------------- */
#if defined(__CUDACC__) || defined(FGPU_CUDA_API)
#ifdef __cplusplus
extern "C" {
#endif

/* Selects the device (FGPU_DEVICE, else the node-local MPI rank modulo the
 * device count, else 0). Called by every helper below; idempotent. */
void fgpu_cuda_init(const char* kernel, const char* loop);

/* Copies the memory span of a descriptor (see fgpu_desc_span; sections and
 * negative strides included) to a new device buffer and returns the device
 * address that corresponds to base_addr (NULL for an empty array). */
void* fgpu_cuda_to_device(const CFI_cdesc_t* a, size_t elem, const char* kernel, const char* loop);
/* Allocates the span on the device without copying (write-only arrays). */
void* fgpu_cuda_alloc(const CFI_cdesc_t* a, size_t elem, const char* kernel, const char* loop);
/* Copies the elements of the descriptor back from dev (as returned above):
 * only the elements, never the gaps of a strided section, so two sections
 * of one array written by one kernel do not overwrite each other. */
void fgpu_cuda_from_device(const CFI_cdesc_t* a, const void* dev, size_t elem, const char* kernel, const char* loop);
/* Frees a buffer returned by fgpu_cuda_to_device or fgpu_cuda_alloc. */
void fgpu_cuda_free(const CFI_cdesc_t* a, void* dev, size_t elem, const char* kernel, const char* loop);

/* Scalars by reference (reductions, scalars the kernel writes). */
void* fgpu_cuda_scalar_to_device(const void* host, size_t bytes, const char* kernel, const char* loop);
void fgpu_cuda_scalar_from_device(void* host, const void* dev, size_t bytes, const char* kernel, const char* loop);
void fgpu_cuda_scalar_free(void* dev, const char* kernel, const char* loop);

/* cudaDeviceSynchronize and cudaGetLastError, both checked. */
void fgpu_cuda_sync(const char* kernel, const char* loop);

/* Launch geometry for n iterations: threads per block from
 * FGPU_THREADS_PER_BLOCK (default 256, 1..1024), blocks = ceil(n/threads),
 * at least 1 (kernels check their index against n) and at most 2^31-1
 * (kernels loop grid-stride beyond that). */
void fgpu_cuda_geometry(long long n, int* blocks, int* threads);

/* Reports a failed CUDA call (used by FGPU_CUDA_CHECK). */
void fgpu_cuda_fail(int err, const char* call, const char* kernel, const char* loop)
#if defined(__GNUC__) || defined(__CUDACC__)
    __attribute__((noreturn))
#endif
    ;

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifdef __CUDACC__
/* Checks a CUDA runtime call: on failure, fgpu_fatal with the call and
 * cudaGetErrorString, naming the kernel and the loop. */
#define FGPU_CUDA_CHECK(call, kernel, loop)                                 \
    do {                                                                    \
        cudaError_t fgpu_err_ = (call);                                     \
        if (fgpu_err_ != cudaSuccess)                                       \
            fgpu_cuda_fail((int)fgpu_err_, #call, (kernel), (loop));        \
    } while (0)
#endif
#endif /* CUDA */

#endif /* FGPU_RT_H */
