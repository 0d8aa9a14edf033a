// fgpu_rt_cuda.cu: the CUDA backend of the fgpu runtime (compiled by nvcc;
// linked together with fgpu_rt_cpu.cpp, built without OpenMP and with
// FGPU_BACKEND_CUDA). Every CUDA call is checked; a failure names the
// kernel and the source loop.

#include "fgpu_rt.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

extern "C" void fgpu_cuda_fail(int err, const char* call, const char* kernel, const char* loop) {
    char msg[512];
    std::snprintf(msg, sizeof msg, "%s failed: %s", call, cudaGetErrorString((cudaError_t)err));
    fgpu_fatal(kernel, loop, msg);
}

namespace {

std::once_flag init_once;

// envInt reads a decimal environment variable; def when unset or invalid.
long env_int(const char* name, long def) {
    const char* v = std::getenv(name);
    if (!v || !*v) return def;
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    if (*end != '\0') return def;
    return n;
}

void select_device(const char* kernel, const char* loop) {
    int count = 0;
    FGPU_CUDA_CHECK(cudaGetDeviceCount(&count), kernel, loop);
    if (count <= 0) fgpu_fatal(kernel, loop, "no CUDA device found");
    long dev = env_int("FGPU_DEVICE", -1);
    if (dev < 0) {
        // The node-local MPI rank, where a launcher tells it.
        const char* names[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID", "MV2_COMM_WORLD_LOCAL_RANK"};
        dev = 0;
        for (const char* n : names) {
            long r = env_int(n, -1);
            if (r >= 0) {
                dev = r % count;
                break;
            }
        }
    }
    if (dev >= count) {
        char msg[160];
        std::snprintf(msg, sizeof msg, "FGPU_DEVICE=%ld but there are %d CUDA devices", dev, count);
        fgpu_fatal(kernel, loop, msg);
    }
    FGPU_CUDA_CHECK(cudaSetDevice((int)dev), kernel, loop);
}

} // namespace

extern "C" void fgpu_cuda_init(const char* kernel, const char* loop) {
    std::call_once(init_once, select_device, kernel, loop);
}

static void* span_alloc(const CFI_cdesc_t* a, size_t elem, bool copy, const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    ptrdiff_t low = 0;
    size_t span = fgpu_desc_span(a, elem, &low);
    if (span == 0) return nullptr;
    void* buf = nullptr;
    FGPU_CUDA_CHECK(cudaMalloc(&buf, span), kernel, loop);
    if (copy) {
        FGPU_CUDA_CHECK(cudaMemcpy(buf, (const char*)a->base_addr + low, span, cudaMemcpyHostToDevice), kernel, loop);
        fgpu_stats_bytes(span, 0);
    }
    return (char*)buf - low;
}

extern "C" void* fgpu_cuda_to_device(const CFI_cdesc_t* a, size_t elem, const char* kernel, const char* loop) {
    return span_alloc(a, elem, true, kernel, loop);
}

extern "C" void* fgpu_cuda_alloc(const CFI_cdesc_t* a, size_t elem, const char* kernel, const char* loop) {
    return span_alloc(a, elem, false, kernel, loop);
}

extern "C" void fgpu_cuda_from_device(const CFI_cdesc_t* a, const void* dev, size_t elem, const char* kernel,
                                      const char* loop) {
    if (elem == 0) elem = a->elem_len;
    ptrdiff_t low = 0;
    size_t span = fgpu_desc_span(a, elem, &low);
    if (span == 0 || dev == nullptr) return;
    size_t count = 1;
    for (int r = 0; r < a->rank; r++) count *= (size_t)a->dim[r].extent;
    if (count * elem == span) {
        // Contiguous (in some order): the span holds exactly the elements.
        FGPU_CUDA_CHECK(cudaMemcpy((char*)a->base_addr + low, (const char*)dev + low, span, cudaMemcpyDeviceToHost),
                        kernel, loop);
        fgpu_stats_bytes(0, span);
        return;
    }
    // A section with gaps: stage the span, then copy the elements only.
    std::vector<char> stage(span);
    FGPU_CUDA_CHECK(cudaMemcpy(stage.data(), (const char*)dev + low, span, cudaMemcpyDeviceToHost), kernel, loop);
    fgpu_stats_bytes(0, span);
    std::vector<CFI_index_t> idx(a->rank, 0);
    char* host = (char*)a->base_addr;
    for (size_t k = 0; k < count; k++) {
        ptrdiff_t off = 0;
        for (int r = 0; r < a->rank; r++) off += (ptrdiff_t)idx[r] * a->dim[r].sm;
        std::memcpy(host + off, stage.data() + (off - low), elem);
        for (int r = 0; r < a->rank; r++) {
            if (++idx[r] < a->dim[r].extent) break;
            idx[r] = 0;
        }
    }
}

extern "C" void fgpu_cuda_free(const CFI_cdesc_t* a, void* dev, size_t elem, const char* kernel, const char* loop) {
    if (dev == nullptr) return;
    ptrdiff_t low = 0;
    fgpu_desc_span(a, elem, &low);
    FGPU_CUDA_CHECK(cudaFree((char*)dev + low), kernel, loop);
}

extern "C" void* fgpu_cuda_scalar_to_device(const void* host, size_t bytes, const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    void* buf = nullptr;
    FGPU_CUDA_CHECK(cudaMalloc(&buf, bytes ? bytes : 1), kernel, loop);
    if (bytes) {
        FGPU_CUDA_CHECK(cudaMemcpy(buf, host, bytes, cudaMemcpyHostToDevice), kernel, loop);
        fgpu_stats_bytes(bytes, 0);
    }
    return buf;
}

extern "C" void fgpu_cuda_scalar_from_device(void* host, const void* dev, size_t bytes, const char* kernel,
                                             const char* loop) {
    if (bytes == 0) return;
    FGPU_CUDA_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost), kernel, loop);
    fgpu_stats_bytes(0, bytes);
}

extern "C" void fgpu_cuda_scalar_free(void* dev, const char* kernel, const char* loop) {
    if (dev) FGPU_CUDA_CHECK(cudaFree(dev), kernel, loop);
}

extern "C" void fgpu_cuda_sync(const char* kernel, const char* loop) {
    FGPU_CUDA_CHECK(cudaDeviceSynchronize(), kernel, loop);
    FGPU_CUDA_CHECK(cudaGetLastError(), kernel, loop);
    fgpu_stats_wait();
}

extern "C" void fgpu_cuda_geometry(long long n, int* blocks, int* threads) {
    long t = env_int("FGPU_THREADS_PER_BLOCK", 256);
    if (t < 1) t = 1;
    if (t > 1024) t = 1024;
    long long b = n > 0 ? (n + t - 1) / t : 1;
    if (b < 1) b = 1;
    if (b > 2147483647LL) b = 2147483647LL;
    *threads = (int)t;
    *blocks = (int)b;
}
