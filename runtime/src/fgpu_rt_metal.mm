// fgpu_rt_metal.mm: the Metal backend of the fgpu runtime, for macOS
// (clang++ -std=c++17 -fobjc-arc; linked with fgpu_rt_cpu.cpp compiled with
// -DFGPU_BACKEND_METAL, which holds the residency table, the waits and the
// stop status logic that the CUDA and CPU backends run too, and with the
// Metal and Foundation frameworks). This file is the device side of that
// table (fgpu_dev_*, see fgpu_rt.h) and the dispatch of the launch routines
// (fgpu_metal_dispatch, fgpu_rt_metal.h). The design doc's Metal runtime:
//
// - Buffers are shared-storage MTLBuffers (Apple GPUs share the host's
//   memory): the "device address" the table keeps for an entry is the
//   buffer's contents pointer, which this file maps back to the MTLBuffer
//   and an offset when a launch binds it. The table decides what is copied
//   and when, exactly as on CUDA (the same code).
// - Launches are encoded one after another into one compute encoder of
//   concurrent dispatch type; the batch's command buffer is committed every
//   FGPU_METAL_BATCH (64) launches and at every wait. A memory barrier
//   (buffers scope) precedes a dispatch that uses a buffer that a dispatch
//   since the last barrier writes, or writes one that such a dispatch
//   reads: independent launches overlap, the others run in launch order.
// - At most three committed command buffers are pending: committing a
//   fourth waits for the oldest.
// - A copy into a buffer that no pending command buffer uses is a memcpy
//   into its contents; into one that one uses, a blit from a staging
//   buffer, encoded in order after the launches (never a host write the GPU
//   may race with). Copies back follow a wait (the table's order).
// - Freed buffers are pooled and reused once the command buffers that used
//   them have completed (command buffers retain what they use).
// - A command buffer that fails is reported at the next wait, naming the
//   kernels launched since the last one (the table's wait_failed).
// - The metallib: FGPU_METALLIB (a path), else the section
//   __DATA,__fgpu_metallib of the executable (the build script links it
//   there), else EXECUTABLE.metallib beside the executable.
// - FGPU_STATS=1: every launch is committed in a command buffer of its
//   own, whose GPU time is the kernel's device time.
// Not yet: an address stored inside a buffer (the device heap's base,
// the element tables of allocatable components) is the host's contents
// pointer, where a kernel needs the buffer's gpuAddress (Metal 3); the MSL
// emitter uses neither yet. No Mac is available here: the file is checked
// against runtime/src/metal-standin (runtime/metal_test.go) and runs, built
// for GCC's Objective-C runtime without ARC, on a stand-in Metal whose
// command buffers run the kernels (compiled as C++) on threads of their own
// (runtime/testdata/metal_mock.mm, cmd/fgpu/driver/metal_run_test.go);
// Apple's compiler, ARC and a GPU are what that cannot check.

#define FGPU_RT_INTERNAL
#include "fgpu_rt.h"
#include "fgpu_rt_metal.h"

#import <Foundation/Foundation.h>
#import <Metal/Metal.h>
#include <dispatch/dispatch.h>
#include <mach-o/dyld.h>
#include <mach-o/getsect.h>
#include <mach-o/ldsyms.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace {

long env_int(const char* name, long def) {
    const char* v = std::getenv(name);
    if (!v || !*v) return def;
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    return *end == '\0' ? n : def;
}

// A live buffer: the table's device address is b.contents.
struct Buf {
    id<MTLBuffer> b = nil;
    size_t len = 0;
    uint64_t last = 0; // the last batch that used it (0: none)
};

// A committed command buffer.
struct Batch {
    id<MTLCommandBuffer> cb = nil;
    uint64_t seq = 0;
};

// A compute pipeline of a kernel function.
struct Pipe {
    id<MTLComputePipelineState> state = nil;
    NSUInteger threads = 0; // threads a threadgroup
};

// A timing token (FGPU_STATS): the command buffer a launch was committed in.
struct Event {
    id<MTLCommandBuffer> cb = nil;
};

struct Metal {
    std::mutex mu;
    bool ready = false;
    id<MTLDevice> dev = nil;
    id<MTLCommandQueue> queue = nil;
    id<MTLLibrary> lib = nil;
    id<MTLCommandBuffer> cb = nil;          // the batch being encoded (nil: none yet)
    id<MTLComputeCommandEncoder> enc = nil; // its open compute encoder (nil: none open)
    id<MTLCommandBuffer> last_cb = nil;     // the last committed batch (FGPU_STATS)
    uint64_t seq = 1;                       // the batch being encoded
    uint64_t done = 0;                      // every batch <= done has completed
    int launches = 0;                       // dispatches in the batch being encoded
    std::deque<Batch> flight;               // committed, not yet seen completed (in order)
    std::map<uintptr_t, Buf> bufs;          // live buffers by contents address
    std::vector<Buf> pool;                  // freed buffers, for reuse
    size_t pooled = 0;                      // their bytes
    std::set<uintptr_t> rd, wr; // buffers read / written by the dispatches since the last barrier
    std::map<std::string, Pipe> pipes;
    int64_t* status = nullptr;  // the stop status, int64_t[1 + FGPU_MAX_STOP_SITES]
    std::string error;          // a failed command buffer, not yet reported
    std::string msg;            // the message fgpu_dev_wait returned last
    long batch_max = 64, flight_max = 3;
    bool stats = false;         // FGPU_STATS
    size_t pool_max = (size_t)256 << 20;
};

Metal& M() {
    static Metal m;
    return m;
}

const MTLResourceOptions shared_options = MTLResourceStorageModeShared | MTLResourceCPUCacheModeDefaultCache;

// ---- Device, queue, library ----------------------------------------------

void init(Metal& m, const char* kernel, const char* loop) {
    if (m.ready) return;
    @autoreleasepool {
        NSArray<id<MTLDevice>>* all = MTLCopyAllDevices();
        int count = (int)all.count;
        if (count == 0) {
            m.dev = MTLCreateSystemDefaultDevice();
            if (m.dev == nil) fgpu_fatal(kernel, loop, "no Metal device found");
            fgpu_rt_device_index = 0;
        } else {
            // FGPU_DEVICE, else the node-local MPI rank modulo the devices.
            int d = fgpu_rt_pick_device(count);
            if (d >= count) {
                char msg[160];
                std::snprintf(msg, sizeof msg, "FGPU_DEVICE=%d but there are %d Metal devices", d, count);
                fgpu_fatal(kernel, loop, msg);
            }
            m.dev = [all objectAtIndex:(NSUInteger)d];
            fgpu_rt_device_index = d;
        }
        m.queue = [m.dev newCommandQueue];
        if (m.queue == nil) fgpu_fatal(kernel, loop, "cannot create a Metal command queue");
    }
    m.batch_max = env_int("FGPU_METAL_BATCH", 64);
    if (m.batch_max < 1) m.batch_max = 1;
    const char* st = std::getenv("FGPU_STATS");
    m.stats = st && *st && std::strcmp(st, "0") != 0;
    m.ready = true;
}

// The metallib: FGPU_METALLIB, the executable's section, or beside it.
id<MTLLibrary> load_library(Metal& m, const char* kernel, const char* loop) {
    NSError* err = nil;
    id<MTLLibrary> lib = nil;
    std::string where;
    if (const char* p = std::getenv("FGPU_METALLIB"); p != nullptr && *p != 0) {
        where = std::string("FGPU_METALLIB=") + p;
        lib = [m.dev newLibraryWithURL:[NSURL fileURLWithPath:[NSString stringWithUTF8String:p]] error:&err];
    } else {
        unsigned long size = 0;
        const uint8_t* data = getsectiondata(&_mh_execute_header, "__DATA", "__fgpu_metallib", &size);
        if (data != nullptr && size > 0) {
            where = "the executable's section __DATA,__fgpu_metallib";
            dispatch_data_t d = dispatch_data_create(data, size, nil, DISPATCH_DATA_DESTRUCTOR_DEFAULT);
            lib = [m.dev newLibraryWithData:d error:&err];
        } else {
            char exe[4096];
            uint32_t n = sizeof exe;
            if (_NSGetExecutablePath(exe, &n) != 0) fgpu_fatal(kernel, loop, "cannot find the executable's path");
            where = std::string(exe) + ".metallib";
            lib = [m.dev newLibraryWithURL:[NSURL fileURLWithPath:[NSString stringWithUTF8String:where.c_str()]]
                                     error:&err];
        }
    }
    if (lib == nil) {
        std::string msg = "cannot load the program's Metal library from " + where;
        if (err != nil) msg += std::string(": ") + err.localizedDescription.UTF8String;
        msg += " (the build links it into the executable; FGPU_METALLIB=PATH names another)";
        fgpu_fatal(kernel, loop, msg.c_str());
    }
    return lib;
}

Pipe& pipeline(Metal& m, const char* fn, const char* kernel, const char* loop) {
    auto it = m.pipes.find(fn);
    if (it != m.pipes.end()) return it->second;
    if (m.lib == nil) m.lib = load_library(m, kernel, loop);
    Pipe p;
    NSError* err = nil;
    id<MTLFunction> f = [m.lib newFunctionWithName:[NSString stringWithUTF8String:fn]];
    if (f == nil) {
        std::string msg = std::string("the Metal library has no kernel function ") + fn +
                          " (is it the library of this program's .metal file?)";
        fgpu_fatal(kernel, loop, msg.c_str());
    }
    p.state = [m.dev newComputePipelineStateWithFunction:f error:&err];
    if (p.state == nil) {
        std::string msg = std::string("cannot make the compute pipeline of ") + fn;
        if (err != nil) msg += std::string(": ") + err.localizedDescription.UTF8String;
        fgpu_fatal(kernel, loop, msg.c_str());
    }
    NSUInteger width = p.state.threadExecutionWidth > 0 ? p.state.threadExecutionWidth : 32;
    NSUInteger most = p.state.maxTotalThreadsPerThreadgroup;
    long want = env_int("FGPU_THREADS_PER_BLOCK", 256);
    if (want < 1) want = 256;
    NSUInteger t = (NSUInteger)want < most ? (NSUInteger)want : most;
    if (t > 32 * width) t = 32 * width; // (the kernels' threadgroup memory: 32 SIMD-groups)
    if (t >= width) t -= t % width;
    p.threads = t > 0 ? t : 1;
    return m.pipes.emplace(fn, p).first->second;
}

// ---- Batches -------------------------------------------------------------

// Notes the command buffers that have completed, oldest first; a failed
// one is kept to be reported at the next wait.
void retire(Metal& m) {
    while (!m.flight.empty()) {
        Batch& b = m.flight.front();
        MTLCommandBufferStatus s = b.cb.status;
        if (s != MTLCommandBufferStatusCompleted && s != MTLCommandBufferStatusError) return;
        if (s == MTLCommandBufferStatusError && m.error.empty()) {
            NSError* e = b.cb.error;
            m.error = e != nil ? std::string("a Metal command buffer failed: ") + e.localizedDescription.UTF8String
                               : std::string("a Metal command buffer failed");
        }
        m.done = b.seq;
        m.flight.pop_front();
    }
}

// Waits for the oldest pending command buffer.
void wait_oldest(Metal& m) {
    if (m.flight.empty()) return;
    [m.flight.front().cb waitUntilCompleted];
    retire(m);
}

void end_encoder(Metal& m) {
    if (m.enc != nil) [m.enc endEncoding];
    m.enc = nil;
    m.rd.clear();
    m.wr.clear();
}

// Commits the batch being encoded (nothing when it is empty).
void commit(Metal& m) {
    if (m.cb == nil) return;
    end_encoder(m);
    [m.cb commit];
    m.flight.push_back(Batch{m.cb, m.seq});
    m.last_cb = m.cb;
    m.cb = nil;
    m.seq++;
    m.launches = 0;
    while ((long)m.flight.size() > m.flight_max) wait_oldest(m);
}

// Commits the batch and waits for every command buffer.
void drain(Metal& m) {
    commit(m);
    while (!m.flight.empty()) wait_oldest(m);
    m.done = m.seq - 1;
}

id<MTLCommandBuffer> batch(Metal& m, const char* kernel, const char* loop) {
    if (m.cb == nil) {
        m.cb = [m.queue commandBuffer];
        if (m.cb == nil) fgpu_fatal(kernel, loop, "cannot create a Metal command buffer");
    }
    return m.cb;
}

id<MTLComputeCommandEncoder> encoder(Metal& m, const char* kernel, const char* loop) {
    if (m.enc == nil) {
        m.enc = [batch(m, kernel, loop) computeCommandEncoderWithDispatchType:MTLDispatchTypeConcurrent];
        if (m.enc == nil) fgpu_fatal(kernel, loop, "cannot create a Metal compute command encoder");
    }
    return m.enc;
}

// ---- Buffers -------------------------------------------------------------

// The live buffer holding address p, or nullptr.
Buf* find(Metal& m, const void* p) {
    uintptr_t a = (uintptr_t)p;
    auto it = m.bufs.upper_bound(a);
    if (it == m.bufs.begin()) return nullptr;
    --it;
    if (a >= it->first + it->second.len) return nullptr;
    return &it->second;
}

Buf& must_find(Metal& m, const void* p, const char* kernel, const char* loop) {
    Buf* b = find(m, p);
    if (b == nullptr) fgpu_fatal(kernel, loop, "internal error: an address that is not in a Metal buffer");
    return *b;
}

bool in_use(const Metal& m, const Buf& b) { return b.last > m.done; }

// Waits until no pending command buffer uses b.
void idle(Metal& m, const Buf& b) {
    if (!in_use(m, b)) return;
    if (b.last == m.seq) commit(m);
    while (in_use(m, b) && !m.flight.empty()) wait_oldest(m);
}

void* new_buffer(Metal& m, size_t n) {
    if (n > m.dev.maxBufferLength) return nullptr;
    retire(m);
    // A pooled buffer no pending command buffer uses, of at least n bytes
    // and at most twice that (small ones: at most 4 KiB).
    size_t best = m.pool.size();
    for (size_t i = 0; i < m.pool.size(); i++) {
        const Buf& b = m.pool[i];
        if (b.len < n || in_use(m, b) || b.len > (n < 2048 ? 4096 : 2 * n)) continue;
        if (best == m.pool.size() || b.len < m.pool[best].len) best = i;
    }
    Buf nb;
    if (best < m.pool.size()) {
        nb = m.pool[best];
        m.pooled -= nb.len;
        m.pool.erase(m.pool.begin() + (long)best);
    } else {
        id<MTLBuffer> b = [m.dev newBufferWithLength:n options:shared_options];
        if (b == nil) {
            // Give the pool's memory back and try once more.
            m.pool.clear();
            m.pooled = 0;
            b = [m.dev newBufferWithLength:n options:shared_options];
        }
        if (b == nil) return nullptr;
        nb.b = b;
        nb.len = n;
    }
    void* p = [nb.b contents];
    m.bufs[(uintptr_t)p] = nb;
    return p;
}

} // namespace

// ---- The device side of the residency table (fgpu_rt.h, FGPU_RT_INTERNAL) ----

extern "C" void* fgpu_dev_alloc(size_t n, const char* kernel, const char* loop) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        init(m, kernel, loop);
        return new_buffer(m, n);
    }
}

extern "C" void fgpu_dev_free(void* p, size_t, const char*, const char*) {
    if (p == nullptr) return;
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    auto it = m.bufs.find((uintptr_t)p);
    if (it == m.bufs.end()) return;
    Buf b = it->second;
    m.bufs.erase(it);
    // Pending command buffers retain it; the pool reuses it once they are
    // done.
    if (m.pooled + b.len <= m.pool_max) {
        m.pool.push_back(b);
        m.pooled += b.len;
    }
}

extern "C" void fgpu_dev_copy_in(void* dev, const void* host, size_t n, const char* kernel, const char* loop) {
    if (n == 0) return;
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        Buf& b = must_find(m, dev, kernel, loop);
        size_t off = (size_t)((uintptr_t)dev - (uintptr_t)[b.b contents]);
        retire(m);
        if (in_use(m, b) && off % 4 == 0 && n % 4 == 0) {
            // Ordered after the launches encoded so far: a blit from a
            // staging copy of the host bytes (macOS blits offsets and
            // sizes that are multiples of 4).
            id<MTLBuffer> stage = [m.dev newBufferWithBytes:host length:n options:shared_options];
            if (stage != nil) {
                end_encoder(m);
                id<MTLBlitCommandEncoder> blit = [batch(m, kernel, loop) blitCommandEncoder];
                if (blit == nil) fgpu_fatal(kernel, loop, "cannot create a Metal blit command encoder");
                [blit copyFromBuffer:stage sourceOffset:0 toBuffer:b.b destinationOffset:off size:n];
                [blit endEncoding];
                b.last = m.seq;
                return;
            }
        }
        idle(m, b);
        std::memcpy(dev, host, n);
    }
}

extern "C" void fgpu_dev_copy_out(void* host, const void* dev, size_t n, const char* kernel, const char* loop) {
    if (n == 0) return;
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        Buf& b = must_find(m, dev, kernel, loop);
        idle(m, b);
        std::memcpy(host, dev, n);
    }
}

// Device addresses are those of MTLBuffers: tables the host builds (of the
// components of elements) are copied into one.
extern "C" int fgpu_dev_host_accessible(void) { return 0; }

extern "C" void fgpu_dev_stage_reset(void) {}

// Shared storage: after the wait the host reads the buffer itself.
extern "C" const void* fgpu_dev_stage_out(const void* dev, size_t, const char*, const char*) { return dev; }

extern "C" void fgpu_dev_stage_wait(void) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        drain(m);
    }
}

extern "C" const char* fgpu_dev_wait(int64_t* site, int read_status) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    *site = 0;
    @autoreleasepool {
        drain(m);
    }
    if (!m.error.empty()) {
        m.msg = m.error;
        m.error.clear();
        return m.msg.c_str();
    }
    if (read_status && m.status != nullptr) *site = m.status[0];
    return nullptr;
}

extern "C" int64_t fgpu_dev_status_at(int64_t s) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    return m.status != nullptr ? m.status[s] : 0;
}

extern "C" int64_t* fgpu_dev_status(const char* kernel, const char* loop) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    if (m.status == nullptr) {
        @autoreleasepool {
            init(m, kernel, loop);
            const size_t bytes = sizeof(int64_t) * (1 + FGPU_MAX_STOP_SITES);
            m.status = (int64_t*)new_buffer(m, bytes);
            if (m.status == nullptr) fgpu_fatal(kernel, loop, "out of device memory for the stop status");
            std::memset(m.status, 0, bytes);
        }
    }
    return m.status;
}

extern "C" void fgpu_dev_launched(const char* kernel, const char* loop) {
    (void)kernel;
    (void)loop;
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        if (m.launches >= m.batch_max) commit(m);
    }
}

// FGPU_STATS: every launch is committed on its own (the launch routine
// calls fgpu_rt_launch_begin after its copies, so the command buffer of the
// second event holds the kernel alone).
extern "C" void* fgpu_dev_event_record(const char* kernel, const char* loop) {
    (void)kernel;
    (void)loop;
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    Event* e = new Event;
    @autoreleasepool {
        commit(m);
        e->cb = m.last_cb;
    }
    return e;
}

extern "C" float fgpu_dev_event_ms(void* start, void* stop) {
    Event* a = (Event*)start;
    Event* b = (Event*)stop;
    float ms = 0;
    if (b != nullptr && b->cb != nil && (a == nullptr || a->cb != b->cb))
        ms = (float)((b->cb.GPUEndTime - b->cb.GPUStartTime) * 1000.0);
    delete a;
    delete b;
    return ms;
}

// ---- Launches ------------------------------------------------------------

namespace {

// Encodes a dispatch of fn with its buffers at [[buffer(1..nbufs)]] (and
// a barrier first when one of them depends on a dispatch since the last
// barrier); grid(enc, pipe) sets [[buffer(0)]] and dispatches, returning
// the threadgroups (FGPU_STATS).
template <typename G>
void encode(const char* fn, void* const* bufs, const unsigned char* written, int nbufs, const char* kernel,
            const char* loop, G grid) {
    if (nbufs < 0 || nbufs > FGPU_METAL_MAX_BUFFERS)
        fgpu_fatal(kernel, loop, "a Metal kernel takes at most 30 buffers besides its arguments");
    Metal& m = M();
    int64_t groups = 0;
    int threads = 0;
    bool stats = false;
    {
        std::lock_guard<std::mutex> g(m.mu);
        @autoreleasepool {
            init(m, kernel, loop);
            Pipe& p = pipeline(m, fn, kernel, loop);
            retire(m);
            id<MTLComputeCommandEncoder> enc = encoder(m, kernel, loop);
            std::vector<Buf*> bs((size_t)nbufs, nullptr);
            bool barrier = false;
            for (int i = 0; i < nbufs; i++) {
                if (bufs[i] == nullptr) continue;
                bs[(size_t)i] = &must_find(m, bufs[i], kernel, loop);
                uintptr_t key = (uintptr_t)[bs[(size_t)i]->b contents];
                if (m.wr.count(key) != 0 || (written[i] && m.rd.count(key) != 0)) barrier = true;
            }
            if (barrier) {
                [enc memoryBarrierWithScope:MTLBarrierScopeBuffers];
                m.rd.clear();
                m.wr.clear();
            }
            [enc setComputePipelineState:p.state];
            for (int i = 0; i < nbufs; i++) {
                Buf* b = bs[(size_t)i];
                if (b == nullptr) {
                    [enc setBuffer:nil offset:0 atIndex:(NSUInteger)(i + 1)];
                    continue;
                }
                uintptr_t key = (uintptr_t)[b->b contents];
                [enc setBuffer:b->b offset:(NSUInteger)((uintptr_t)bufs[i] - key) atIndex:(NSUInteger)(i + 1)];
                (written[i] ? m.wr : m.rd).insert(key);
                b->last = m.seq;
            }
            groups = grid(m, enc, p);
            m.launches++;
            threads = (int)p.threads;
            stats = m.stats;
        }
    }
    // (FGPU_STATS: threadgroups as blocks; outside the lock, which the
    // table's is never taken under.)
    if (stats) fgpu_rt_note_geometry(kernel, loop, (int)(groups < INT32_MAX ? groups : INT32_MAX), threads, -1);
}

// Sets the argument struct, [[buffer(0)]] (copied when encoded).
void set_args(Metal& m, id<MTLComputeCommandEncoder> enc, const void* args, size_t bytes, const char* kernel,
              const char* loop) {
    if (bytes <= 4096) {
        [enc setBytes:args length:bytes atIndex:0];
        return;
    }
    id<MTLBuffer> a = [m.dev newBufferWithBytes:args length:bytes options:shared_options];
    if (a == nil) fgpu_fatal(kernel, loop, "out of device memory for the arguments of a kernel");
    [enc setBuffer:a offset:0 atIndex:0];
}

} // namespace

extern "C" void fgpu_metal_dispatch(const char* fn, void* args, size_t args_bytes, int64_t* base, void* const* bufs,
                                    const unsigned char* written, int nbufs, int64_t n, const char* kernel,
                                    const char* loop) {
    if (n <= 0) return;
    encode(fn, bufs, written, nbufs, kernel, loop, [&](Metal& m, id<MTLComputeCommandEncoder> enc, const Pipe& p) {
        // The grid, in pieces of at most 2^30 threads (the kernel's thread
        // index is a uint); the argument struct is copied for each.
        const int64_t piece = (int64_t)1 << 30;
        for (int64_t b0 = 0; b0 < n; b0 += piece) {
            const int64_t cnt = n - b0 < piece ? n - b0 : piece;
            *base = b0;
            set_args(m, enc, args, args_bytes, kernel, loop);
            [enc dispatchThreads:MTLSizeMake((NSUInteger)cnt, 1, 1)
                threadsPerThreadgroup:MTLSizeMake(p.threads, 1, 1)];
        }
        *base = 0;
        return (n + (int64_t)p.threads - 1) / (int64_t)p.threads;
    });
}

extern "C" unsigned fgpu_metal_groups(const char* fn, int64_t n, const char* kernel, const char* loop) {
    Metal& m = M();
    std::lock_guard<std::mutex> g(m.mu);
    @autoreleasepool {
        init(m, kernel, loop);
        const Pipe& p = pipeline(m, fn, kernel, loop);
        int64_t groups = (n + (int64_t)p.threads - 1) / (int64_t)p.threads;
        if (groups < 1) groups = 1;
        if (groups > FGPU_METAL_MAX_GROUPS) groups = FGPU_METAL_MAX_GROUPS;
        return (unsigned)groups;
    }
}

extern "C" void fgpu_metal_dispatch_groups(const char* fn, void* args, size_t args_bytes, void* const* bufs,
                                           const unsigned char* written, int nbufs, unsigned groups,
                                           const char* kernel, const char* loop) {
    if (groups == 0) return;
    encode(fn, bufs, written, nbufs, kernel, loop, [&](Metal& m, id<MTLComputeCommandEncoder> enc, const Pipe& p) {
        set_args(m, enc, args, args_bytes, kernel, loop);
        [enc dispatchThreadgroups:MTLSizeMake(groups, 1, 1) threadsPerThreadgroup:MTLSizeMake(p.threads, 1, 1)];
        return (int64_t)groups;
    });
}

extern "C" void* fgpu_metal_scratch(void** keep, size_t* cap, size_t bytes, const char* kernel, const char* loop) {
    if (bytes <= *cap && *keep != nullptr) return *keep;
    if (*keep != nullptr) fgpu_dev_free(*keep, *cap, kernel, loop);
    size_t n = bytes < 256 ? 256 : bytes;
    *keep = fgpu_dev_alloc(n, kernel, loop);
    if (*keep == nullptr) fgpu_fatal(kernel, loop, "out of device memory for the partials of a reduction");
    *cap = n;
    return *keep;
}
