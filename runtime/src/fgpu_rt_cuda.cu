// fgpu_rt_cuda.cu: the CUDA backend of the fgpu runtime (compiled by nvcc;
// linked together with fgpu_rt_cpu.cpp, built without OpenMP and with
// FGPU_BACKEND_CUDA, which holds the residency table). This file is the
// device side of the table (fgpu_dev_*, see fgpu_rt.h): one non-blocking
// stream orders every copy and launch; buffers come from the device's
// stream-ordered memory pool (cudaMallocAsync/cudaFreeAsync), so that no
// allocation or free synchronizes the device; per-kernel timing uses CUDA
// events from a pool. Every CUDA call is checked; a failure names the
// kernel and the source loop.

#define FGPU_RT_INTERNAL
#include "fgpu_rt.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
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
    // FGPU_DEVICE, else the node-local MPI rank modulo the device count
    // (runtime/src/fgpu_rt_cpu.cpp: several ranks may share a device).
    int dev = fgpu_rt_pick_device(count);
    if (dev >= count) {
        char msg[160];
        std::snprintf(msg, sizeof msg, "FGPU_DEVICE=%d but there are %d CUDA devices", dev, count);
        fgpu_fatal(kernel, loop, msg);
    }
    FGPU_CUDA_CHECK(cudaSetDevice(dev), kernel, loop);
    fgpu_rt_device_index = dev;
}

} // namespace

namespace {

cudaStream_t stream;           // the one stream of every copy and launch
bool pool = false;             // cudaMallocAsync is available
int64_t* status_dev = nullptr; // the stop status, int64_t[1 + FGPU_MAX_STOP_SITES]
int64_t* status_host = nullptr; // pinned: element 0 read at every wait
std::vector<cudaEvent_t> events; // the event pool

void init(const char* kernel, const char* loop) {
    select_device(kernel, loop);
    int dev = 0;
    FGPU_CUDA_CHECK(cudaGetDevice(&dev), kernel, loop);
    FGPU_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), kernel, loop);
    int pools = 0;
    FGPU_CUDA_CHECK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, dev), kernel, loop);
    if (pools) {
        // Keep freed memory in the pool (the default threshold, 0, hands
        // it back to the system at every synchronization).
        cudaMemPool_t mp;
        FGPU_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&mp, dev), kernel, loop);
        uint64_t keep = UINT64_MAX;
        FGPU_CUDA_CHECK(cudaMemPoolSetAttribute(mp, cudaMemPoolAttrReleaseThreshold, &keep), kernel, loop);
        pool = true;
    }
    const size_t bytes = sizeof(int64_t) * (1 + FGPU_MAX_STOP_SITES);
    FGPU_CUDA_CHECK(cudaMalloc((void**)&status_dev, bytes), kernel, loop);
    FGPU_CUDA_CHECK(cudaMemsetAsync(status_dev, 0, bytes, stream), kernel, loop);
    FGPU_CUDA_CHECK(cudaMallocHost((void**)&status_host, sizeof(int64_t)), kernel, loop);
    FGPU_CUDA_CHECK(cudaStreamSynchronize(stream), kernel, loop);
}

} // namespace

extern "C" void fgpu_cuda_init(const char* kernel, const char* loop) { std::call_once(init_once, init, kernel, loop); }

extern "C" cudaStream_t fgpu_cuda_stream(const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    return stream;
}

// ---- The device side of the residency table (fgpu_rt.h, FGPU_RT_INTERNAL) ----

namespace {
// Small buffers (a scalar a launch writes, a short array) are kept when
// freed and handed out again: a reduce variable local to a procedure
// called every step would otherwise cost a stream-ordered allocation and
// free a step. Reuse is ordered by the one stream, like the pool's.
const size_t small_bytes = 256;
std::vector<void*> small_free;
} // namespace

extern "C" void* fgpu_dev_alloc(size_t n, const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    if (n <= small_bytes && !small_free.empty()) {
        void* p = small_free.back();
        small_free.pop_back();
        return p;
    }
    if (n <= small_bytes) n = small_bytes;
    void* p = nullptr;
    cudaError_t e = pool ? cudaMallocAsync(&p, n, stream) : cudaMalloc(&p, n);
    if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError(); // not sticky: clear it
        return nullptr;
    }
    if (e != cudaSuccess) fgpu_cuda_fail((int)e, pool ? "cudaMallocAsync" : "cudaMalloc", kernel, loop);
    return p;
}

extern "C" void fgpu_dev_free(void* p, size_t n, const char* kernel, const char* loop) {
    if (p == nullptr) return;
    if (n <= small_bytes && small_free.size() < 4096) {
        small_free.push_back(p);
        return;
    }
    // cudaFreeAsync frees after the launches enqueued so far; cudaFree
    // (without pools) synchronizes the device, which is correct too.
    if (pool)
        FGPU_CUDA_CHECK(cudaFreeAsync(p, stream), kernel, loop);
    else
        FGPU_CUDA_CHECK(cudaFree(p), kernel, loop);
}

extern "C" void fgpu_dev_copy_in(void* dev, const void* host, size_t n, const char* kernel, const char* loop) {
    // From pageable memory the host bytes are staged before the call
    // returns, so the host may change them afterwards.
    FGPU_CUDA_CHECK(cudaMemcpyAsync(dev, host, n, cudaMemcpyHostToDevice, stream), kernel, loop);
}

extern "C" void fgpu_dev_copy_out(void* host, const void* dev, size_t n, const char* kernel, const char* loop) {
    FGPU_CUDA_CHECK(cudaMemcpyAsync(host, dev, n, cudaMemcpyDeviceToHost, stream), kernel, loop);
    FGPU_CUDA_CHECK(cudaStreamSynchronize(stream), kernel, loop);
}

extern "C" int fgpu_dev_host_accessible(void) { return 0; }

namespace {
// Pinned staging memory for copies back: a batch (one fetch) takes it in
// order; it grows between batches to what the last one wanted, up to
// stage_max (larger copies go straight to the host after the wait: they
// are bound by bandwidth, not by a round trip).
const size_t stage_max = (size_t)8 << 20;
char* stage = nullptr;
size_t stage_cap = 0, stage_used = 0, stage_want = 0;
} // namespace

extern "C" void fgpu_dev_stage_reset(void) {
    if (stage_want > stage_cap) {
        size_t cap = stage_want < stage_max ? stage_want : stage_max;
        cap = (cap + 4095) / 4096 * 4096;
        char* p = nullptr;
        if (cudaMallocHost((void**)&p, cap) == cudaSuccess) {
            if (stage) (void)cudaFreeHost(stage);
            stage = p;
            stage_cap = cap;
        } else {
            (void)cudaGetLastError();
        }
    }
    stage_used = 0;
    stage_want = 0;
}

extern "C" void fgpu_dev_stage_wait(void) { FGPU_CUDA_CHECK(cudaStreamSynchronize(stream), "?", "?"); }

extern "C" const void* fgpu_dev_stage_out(const void* dev, size_t n, const char* kernel, const char* loop) {
    size_t at = (stage_used + 15) / 16 * 16;
    stage_want = at + n;
    if (stage == nullptr || at + n > stage_cap) return nullptr;
    FGPU_CUDA_CHECK(cudaMemcpyAsync(stage + at, dev, n, cudaMemcpyDeviceToHost, stream), kernel, loop);
    stage_used = at + n;
    return stage + at;
}

extern "C" const char* fgpu_dev_wait(int64_t* site, int read_status) {
    static char msg[512];
    *site = 0;
    cudaError_t e = cudaSuccess;
    const char* call = "cudaStreamSynchronize";
    if (read_status) {
        e = cudaMemcpyAsync(status_host, status_dev, sizeof(int64_t), cudaMemcpyDeviceToHost, stream);
        call = "cudaMemcpyAsync (stop status)";
    }
    if (e == cudaSuccess) {
        e = cudaStreamSynchronize(stream);
        call = "cudaStreamSynchronize";
    }
    if (e == cudaSuccess) {
        e = cudaGetLastError();
        call = "cudaGetLastError";
    }
    if (e != cudaSuccess) {
        std::snprintf(msg, sizeof msg, "%s failed: %s", call, cudaGetErrorString(e));
        return msg;
    }
    if (read_status) *site = *status_host;
    return nullptr;
}

extern "C" int64_t fgpu_dev_status_at(int64_t s) {
    FGPU_CUDA_CHECK(cudaMemcpyAsync(status_host, status_dev + s, sizeof(int64_t), cudaMemcpyDeviceToHost, stream),
                    "?", "?");
    FGPU_CUDA_CHECK(cudaStreamSynchronize(stream), "?", "?");
    return *status_host;
}

extern "C" int64_t* fgpu_dev_status(const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    return status_dev;
}

extern "C" void fgpu_dev_launched(const char* kernel, const char* loop) {
    FGPU_CUDA_CHECK(cudaGetLastError(), kernel, loop);
}

extern "C" void* fgpu_dev_event_record(const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    cudaEvent_t ev;
    if (!events.empty()) {
        ev = events.back();
        events.pop_back();
    } else {
        FGPU_CUDA_CHECK(cudaEventCreate(&ev), kernel, loop);
    }
    FGPU_CUDA_CHECK(cudaEventRecord(ev, stream), kernel, loop);
    return (void*)ev;
}

extern "C" float fgpu_dev_event_ms(void* start, void* stop) {
    float ms = 0;
    if (cudaEventElapsedTime(&ms, (cudaEvent_t)start, (cudaEvent_t)stop) != cudaSuccess) {
        (void)cudaGetLastError();
        ms = 0;
    }
    events.push_back((cudaEvent_t)start);
    events.push_back((cudaEvent_t)stop);
    return ms;
}

// ---- Launch geometry and scratch buffers (fgpu_rt.h) ----------------------

namespace {

struct Geometry {
    bool overridden = false; // FGPU_THREADS_PER_BLOCK or FGPU_BLOCKS_PER_SM
    int threads = 0, regs = 0;
    int full_threads = 0; // threads a block of a full grid
    // Blocks a multiprocessor at most, by grid kind (FGPU_GRID_*; 0: no cap).
    int per_sm[3] = {0, 0, 0};
};

std::mutex geo_mu;
std::map<const void*, Geometry> geometries;
std::map<std::pair<const void*, int>, std::pair<void*, size_t>> scratches;

// ensure_stack gives every thread of the device the local memory a kernel's
// threads need (attr.localSizeBytes: its arrays of the iteration, its
// spills), before its first launch: the device reserves it for every thread
// it can hold at once, and a kernel whose need it cannot reserve would fail
// at the launch ("an illegal memory access was encountered" or "too many
// resources") instead of this clear error (issue 30; lowering/iterlimit.go
// refuses at compile time the arrays over a thread's 512 KiB). Called with
// geo_mu held.
void ensure_stack(size_t need, const char* kernel, const char* loop) {
    static size_t have = 0;
    if (need <= have) return;
    size_t cur = 0;
    FGPU_CUDA_CHECK(cudaDeviceGetLimit(&cur, cudaLimitStackSize), kernel, loop);
    if (need > cur) {
        const cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, need);
        if (e != cudaSuccess) {
            (void)cudaGetLastError();
            int dev = 0, sms = 0, per = 0;
            (void)cudaGetDevice(&dev);
            (void)cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
            (void)cudaDeviceGetAttribute(&per, cudaDevAttrMaxThreadsPerMultiProcessor, dev);
            char msg[640];
            std::snprintf(msg, sizeof msg,
                          "each thread of the kernel needs %zu bytes of local memory (its arrays of the iteration), "
                          "which the device cannot reserve for its %lld resident threads (%.1f GiB; "
                          "cudaDeviceSetLimit(cudaLimitStackSize): %s): make the arrays of the iteration smaller "
                          "or allocatable (a buffer the host allocates)",
                          need, (long long)sms * per, (double)need * sms * per / (1024.0 * 1024 * 1024),
                          cudaGetErrorString(e));
            fgpu_fatal(kernel, loop, msg);
        }
        cur = need;
    }
    have = cur;
}

Geometry tune(const void* fn, const char* kernel, const char* loop) {
    static const long t_env = env_int("FGPU_THREADS_PER_BLOCK", 0);
    static const long b_env = env_int("FGPU_BLOCKS_PER_SM", 0);
    cudaFuncAttributes attr;
    FGPU_CUDA_CHECK(cudaFuncGetAttributes(&attr, fn), kernel, loop);
    ensure_stack(attr.localSizeBytes, kernel, loop);
    Geometry g;
    g.overridden = t_env > 0 || b_env > 0;
    g.regs = attr.numRegs;
    int maxT = attr.maxThreadsPerBlock < 1024 ? attr.maxThreadsPerBlock : 1024;
    maxT -= maxT % 32;
    if (maxT < 32) maxT = 32;
    if (t_env > 0) {
        long t = (t_env + 31) / 32 * 32;
        g.threads = (int)(t > maxT ? maxT : t);
    } else {
        // The largest block size with the highest occupancy (resident
        // threads a multiprocessor).
        int best = 0;
        for (int t = maxT; t >= 32; t -= 32) {
            int per = 0;
            FGPU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fn, t, 0), kernel, loop);
            if (per * t > best) {
                best = per * t;
                g.threads = t;
            }
        }
        if (g.threads == 0) g.threads = 32;
    }
    g.full_threads = g.threads;
    if (t_env <= 0 && b_env <= 0 && maxT >= 256) {
        int per = 0, at = 0;
        FGPU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fn, 256, 0), kernel, loop);
        FGPU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&at, fn, g.threads, 0), kernel, loop);
        if (per * 256 >= at * g.threads) g.full_threads = 256;
    }
    if (b_env > 0) {
        g.per_sm[FGPU_GRID_RESIDENT] = g.per_sm[FGPU_GRID_FULL] = g.per_sm[FGPU_GRID_REDUCE] = (int)b_env;
    } else if (t_env > 0) {
        // one item a thread: no cap
    } else {
        int per = 0;
        FGPU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fn, g.threads, 0), kernel, loop);
        if (per < 1) per = 1;
        g.per_sm[FGPU_GRID_RESIDENT] = per;
        g.per_sm[FGPU_GRID_REDUCE] = 4 * per; // four waves
    }
    return g;
}

int sm_count(const char* kernel, const char* loop) {
    static int n = 0;
    if (n == 0) {
        int dev = 0;
        FGPU_CUDA_CHECK(cudaGetDevice(&dev), kernel, loop);
        FGPU_CUDA_CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev), kernel, loop);
        if (n < 1) n = 1;
    }
    return n;
}

} // namespace

namespace {
// The geometry of the kernels launched so far, by kernel address: an open
// addressing table the host thread reads without a lock or an allocation
// (a launch of a small kernel costs microseconds; a map lookup under a
// mutex is a measurable part of it). Past its size, the map.
struct GeoSlot {
    const void* fn = nullptr;
    Geometry g;
};
const int geo_slots = 512;
GeoSlot geo_cache[geo_slots];
int geo_used = 0;

const Geometry* geometry_of(const void* fn, const char* kernel, const char* loop) {
    size_t h = ((uintptr_t)fn >> 4) % geo_slots;
    for (int i = 0; i < geo_slots; i++) {
        GeoSlot& s = geo_cache[(h + i) % geo_slots];
        if (s.fn == fn) return &s.g;
        if (s.fn != nullptr) continue;
        if (geo_used >= geo_slots / 2) break; // keep probes short
        std::lock_guard<std::mutex> lk(geo_mu);
        s.g = tune(fn, kernel, loop);
        s.fn = fn;
        geo_used++;
        return &s.g;
    }
    std::lock_guard<std::mutex> lk(geo_mu);
    auto it = geometries.find(fn);
    if (it == geometries.end()) it = geometries.emplace(fn, tune(fn, kernel, loop)).first;
    return &it->second;
}
} // namespace

extern "C" void fgpu_cuda_geometry_for(const void* fn, long long n, int grid, int* blocks, int* threads,
                                       const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    const Geometry& g = *geometry_of(fn, kernel, loop);
    const int sms = sm_count(kernel, loop);
    if (grid < FGPU_GRID_RESIDENT || grid > FGPU_GRID_REDUCE) grid = FGPU_GRID_RESIDENT;
    const int tuned = grid == FGPU_GRID_FULL ? g.full_threads : g.threads;
    int t = tuned;
    // Few items (no reduction): smaller blocks, down to 64 threads, until
    // the grid has twice as many blocks as the device has multiprocessors.
    // 65,536 items in blocks of 1,024 kept 64 of an H100's 132
    // multiprocessors busy and the other 68 idle (bench/apps/infer: 2.5x
    // slower than its twin's 128-thread blocks, bench/RESULTS.md).
    if (grid != FGPU_GRID_REDUCE && !g.overridden && n > 0)
        while (t > 64 && (n + t - 1) / t < 2LL * sms) {
            int h = t / 2 / 32 * 32;
            t = h < 64 ? 64 : h;
        }
    long long b = n > 0 ? (n + t - 1) / t : 1;
    // A small reduction (up to four items a thread) in one block: no
    // partials to combine across blocks.
    if (grid == FGPU_GRID_REDUCE && g.per_sm[grid] > 0 && !g.overridden && n <= 4LL * t) b = 1;
    // The cap keeps the resident threads of the tuned block size.
    const long long cap = (long long)sms * g.per_sm[grid] * tuned / t;
    if (cap > 0 && b > cap) b = cap;
    if (b < 1) b = 1;
    if (b > 2147483647LL) b = 2147483647LL;
    *threads = t;
    *blocks = (int)b;
    fgpu_rt_note_geometry(kernel, loop, *blocks, *threads, g.regs);
}

namespace {
// The last scratch buffer handed out, per slot: a reduction kernel
// launched in a loop asks for the same one every time.
struct ScratchHit {
    const void* fn = nullptr;
    void* p = nullptr;
    size_t bytes = 0;
};
ScratchHit scratch_last[4];

// Threads resident on a multiprocessor at most (2048 on the H100/H200).
int resident_threads(const char* kernel, const char* loop) {
    static int n = 0;
    if (n == 0) {
        int dev = 0;
        FGPU_CUDA_CHECK(cudaGetDevice(&dev), kernel, loop);
        FGPU_CUDA_CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMaxThreadsPerMultiProcessor, dev), kernel, loop);
        if (n < 32) n = 2048;
    }
    return n;
}

// The most threads a block of a kernel may have (its registers), and the
// blocks of a given size resident on a multiprocessor, per kernel.
struct NestedInfo {
    int max_threads = 0, regs = 0;
    std::map<int, int> per_sm;
};
std::map<const void*, NestedInfo> nested_infos;

} // namespace

extern "C" void fgpu_cuda_geometry_nested(const void* fn, long long n, long long inner, int flags, int* blocks,
                                          int* threads, const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    static const long t_env = env_int("FGPU_THREADS_PER_BLOCK", 0);
    static const long b_env = env_int("FGPU_BLOCKS_PER_SM", 0);
    std::lock_guard<std::mutex> lk(geo_mu);
    auto it = nested_infos.find(fn);
    if (it == nested_infos.end()) {
        cudaFuncAttributes attr;
        FGPU_CUDA_CHECK(cudaFuncGetAttributes(&attr, fn), kernel, loop);
        ensure_stack(attr.localSizeBytes, kernel, loop);
        NestedInfo ni;
        ni.max_threads = attr.maxThreadsPerBlock < 1024 ? attr.maxThreadsPerBlock : 1024;
        ni.max_threads -= ni.max_threads % 32;
        if (ni.max_threads < 32) ni.max_threads = 32;
        ni.regs = attr.numRegs;
        it = nested_infos.emplace(fn, ni).first;
    }
    NestedInfo& ni = it->second;
    const int sms = sm_count(kernel, loop);
    long long t;
    if (t_env > 0) {
        t = (t_env + 31) / 32 * 32;
    } else if (flags & FGPU_NEST_STAGED) {
        t = 128;
    } else if (flags & FGPU_NEST_COOP) {
        t = inner > 0 ? (inner + 31) / 32 * 32 : 128;
    } else {
        // Small blocks, many resident; larger ones (up to the inner trip
        // count) while the iterations would leave the device's threads idle.
        const long long want = inner > 0 ? (inner + 31) / 32 * 32 : 1024;
        t = want < 64 ? want : 64;
        while (t < 1024 && t < want && (n > 0 ? n : 1) * t < (long long)sms * resident_threads(kernel, loop)) t *= 2;
    }
    if (t > ni.max_threads) t = ni.max_threads;
    if (t < 32) t = 32;
    long long b = n > 0 ? n : 1;
    long long cap = 2147483647LL;
    if (b_env > 0) {
        cap = (long long)sms * b_env;
    } else if (flags & FGPU_NEST_REDUCE) {
        auto p = ni.per_sm.find((int)t);
        if (p == ni.per_sm.end()) {
            int per = 0;
            FGPU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fn, (int)t, 0), kernel, loop);
            if (per < 1) per = 1;
            p = ni.per_sm.emplace((int)t, per).first;
        }
        cap = 4LL * sms * p->second;
    }
    if (b > cap) b = cap;
    *threads = (int)t;
    *blocks = (int)b;
    fgpu_rt_note_geometry(kernel, loop, *blocks, *threads, ni.regs);
}

extern "C" void* fgpu_cuda_scratch(const void* fn, int slot, size_t bytes, const char* kernel, const char* loop) {
    fgpu_cuda_init(kernel, loop);
    if (slot >= 0 && slot < 4) {
        ScratchHit& h = scratch_last[slot];
        if (h.fn == fn && h.bytes >= bytes) return h.p;
    }
    std::lock_guard<std::mutex> lk(geo_mu);
    auto& s = scratches[std::make_pair(fn, slot)];
    if (s.second < bytes) {
        if (s.first) fgpu_dev_free(s.first, s.second, kernel, loop);
        s.first = fgpu_dev_alloc(bytes, kernel, loop);
        if (!s.first) fgpu_fatal(kernel, loop, "out of device memory for a scratch buffer");
        s.second = bytes;
        FGPU_CUDA_CHECK(cudaMemsetAsync(s.first, 0, bytes, stream), kernel, loop);
    }
    if (slot >= 0 && slot < 4) scratch_last[slot] = ScratchHit{fn, s.first, s.second};
    return s.first;
}
