// fgpu_rt_cpu.cpp: the parts of the fgpu runtime every backend links
// (errors, statistics, descriptor spans, the residency table of fgpu_rt.h)
// and the CPU backend (thread count; the malloc'd "device" of the separate
// memory mode). Compiled with `c++ -std=c++17 -O2 -fopenmp -c` for
// --gpu=cpu; without -fopenmp, with -DFGPU_BACKEND_CUDA for --gpu=cuda
// (then fgpu_rt_cuda.cu provides the device side of the table), or with
// -DFGPU_BACKEND_METAL for --gpu=metal (fgpu_rt_metal.mm provides it).

#define FGPU_RT_INTERNAL
#include "fgpu_rt.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <string>
#include <vector>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

// FGPU_RT_DEVICE: a backend whose device side of the table (fgpu_dev_*)
// is another file's (cuda, metal): the DEVICE mode, device timing events.
#if defined(FGPU_BACKEND_CUDA) || defined(FGPU_BACKEND_METAL)
#define FGPU_RT_DEVICE 1
#endif

#if defined(FGPU_BACKEND_CUDA)
static const char* const backend_name = "cuda";
#elif defined(FGPU_BACKEND_METAL)
static const char* const backend_name = "metal";
#else
static const char* const backend_name = "cpu";
#endif

extern "C" void fgpu_fatal(const char* kernel, const char* loop, const char* msg) {
    std::fflush(stdout);
    std::fprintf(stderr, "fgpu: error in kernel %s (loop %s): %s\n", kernel ? kernel : "?", loop ? loop : "?",
                 msg ? msg : "unknown error");
    std::fflush(stderr);
    std::exit(1);
}

#if defined(_OPENMP) && !defined(FGPU_RT_DEVICE) && defined(__linux__)
// The OpenMP wait policy of the CPU backend (runtime/README.md, "Wait
// policy"). libgomp's default lets a thread that reaches a barrier or waits
// for the next parallel region spin up to 300,000 times before it sleeps;
// on a machine with fewer free cores than threads (other programs running)
// the spinning threads hold the cores that the threads still working need,
// and every launch waits for the scheduler: a small heat stencil
// (bench/heat, n = 256, 2,000 steps) took 0.9-5.8 s on a loaded 2-core
// machine against 0.10-0.16 s with OMP_WAIT_POLICY=passive and 0.16 s on
// one thread. So the programs fgpu builds wait passively (a thread sleeps
// at once) unless the user chose: OMP_WAIT_POLICY or GOMP_SPINCOUNT in the
// environment is kept as given.
//
// libgomp reads its environment once, in its constructor. No code of the
// executable runs before it but DT_PREINIT_ARRAY, and there setenv is
// lost: libc's own constructor, which runs later, sets environ to the
// process's initial environment again. So the preinit function starts the
// program again (execve of /proc/self/exe, the same arguments, the
// environment plus OMP_WAIT_POLICY=passive) before anything else ran; the
// policy is then the environment's, so there is no second start. It does
// so only where the policy can matter: more than one processor to run on
// and OMP_NUM_THREADS unset or above 1; and not under valgrind (its
// preload libraries in LD_PRELOAD; it cannot start /proc/self/exe). If execve fails (no /proc), the program runs
// on with libgomp's default. (ELF and /proc: Linux only.)
static void fgpu_wait_policy(int, char** argv, char** env) {
    if (env == nullptr || argv == nullptr || argv[0] == nullptr) return;
    size_t n = 0;
    for (; env[n] != nullptr; n++) {
        const char* e = env[n];
        if (std::strncmp(e, "FGPU_WAIT_POLICY_ADDED=", 23) == 0) return; // started again already
        if (std::strncmp(e, "OMP_WAIT_POLICY=", 16) == 0 || std::strncmp(e, "GOMP_SPINCOUNT=", 15) == 0) return;
        if (std::strncmp(e, "LD_PRELOAD=", 11) == 0 && std::strstr(e, "vgpreload") != nullptr) return; // valgrind
        if (std::strncmp(e, "OMP_NUM_THREADS=", 16) == 0) {
            const char* v = e + 16;
            while (*v == ' ') v++;
            if (std::atol(v) == 1 && std::strchr(v, ',') == nullptr) return; // one thread: no team to wait for
        }
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) <= 1) return;
    static char policy[] = "OMP_WAIT_POLICY=passive";
    static char added[] = "FGPU_WAIT_POLICY_ADDED=1";
    char** next = static_cast<char**>(std::malloc((n + 3) * sizeof(char*)));
    if (next == nullptr) return;
    std::memcpy(next, env, n * sizeof(char*));
    next[n] = policy;
    next[n + 1] = added;
    next[n + 2] = nullptr;
    execve("/proc/self/exe", argv, next);
    std::free(next); // execve failed: libgomp's default
}
// After libgomp's constructor has read the policy (a library's
// constructors run before the executable's), the program sees the
// environment it was started with: the two variables the restart added are
// removed (get_environment_variable, the programs it starts).
__attribute__((constructor)) static void fgpu_wait_policy_restore() {
    const char* a = std::getenv("FGPU_WAIT_POLICY_ADDED");
    if (a != nullptr && std::strcmp(a, "1") == 0) {
        unsetenv("OMP_WAIT_POLICY");
        unsetenv("FGPU_WAIT_POLICY_ADDED");
    }
}
__attribute__((section(".preinit_array"), used)) static void (*const fgpu_wait_policy_init)(int, char**,
                                                                                              char**) = fgpu_wait_policy;
#endif

extern "C" int fgpu_num_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

extern "C" int fgpu_cpu_streaming(size_t bytes) {
    static const long long threshold = [] {
        if (const char* e = std::getenv("FGPU_CPU_STREAMING_STORES")) {
            if (e[0] == '0') return -1LL;
            if (e[0] == '1') return 0LL;
        }
        long long llc = 0;
#ifdef _SC_LEVEL3_CACHE_SIZE
        llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
        return llc > 0 ? llc : 32LL << 20;
    }();
    return threshold >= 0 && (long long)bytes >= threshold;
}

extern "C" size_t fgpu_desc_span(const CFI_cdesc_t* a, size_t elem, ptrdiff_t* low) {
    if (elem == 0) elem = a->elem_len;
    ptrdiff_t lo = 0, hi = 0;
    for (int r = 0; r < a->rank; r++) {
        CFI_index_t n = a->dim[r].extent;
        if (n <= 0) {
            if (low) *low = 0;
            return 0;
        }
        ptrdiff_t off = (ptrdiff_t)(n - 1) * a->dim[r].sm;
        if (off < 0)
            lo += off;
        else
            hi += off;
    }
    if (low) *low = lo;
    return (size_t)(hi - lo) + elem;
}

namespace {

// ---- Statistics -----------------------------------------------------------

struct Stats {
    std::atomic<unsigned long long> launches{0}, to_dev{0}, from_dev{0}, waits{0}, discards{0};
    std::atomic<unsigned long long> device_bytes{0}, peak{0};
};

Stats& stats() {
    static Stats s;
    return s;
}

// Per kernel (FGPU_STATS=1 only): launches and device (cpu: wall) time.
struct KernelStats {
    unsigned long long launches = 0;
    double ms = 0;
    int threads = 0, blocks = 0, regs = 0; // cuda: the last launch's geometry
};

bool stats_on = false;

// The table's lock also guards the per-kernel statistics.
std::mutex& table_mu() {
    static std::mutex mu;
    return mu;
}

std::map<std::string, KernelStats>& kernel_stats() {
    static std::map<std::string, KernelStats> m;
    return m;
}

KernelStats& kernel_stat(const char* kernel, const char* loop) {
    std::string key = std::string(kernel ? kernel : "?") + " (loop " + (loop ? loop : "?") + ")";
    return kernel_stats()[key];
}

// env_long reads a decimal environment variable; def when unset or not a
// number.
long env_long(const char* name, long def) {
    const char* v = std::getenv(name);
    if (!v || !*v) return def;
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    return *end == '\0' ? n : def;
}

// The MPI rank in the world and on the node, where a launcher tells them
// (Open MPI, MPICH/Hydra, Slurm, MVAPICH); -1 when not known.
long world_rank() {
    for (const char* n : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "SLURM_PROCID", "MV2_COMM_WORLD_RANK"}) {
        long r = env_long(n, -1);
        if (r >= 0) return r;
    }
    return -1;
}

void print_stats() {
    Stats& s = stats();
    long rank = world_rank();
    if (rank >= 0) {
        // Several ranks print: the device each one used.
        char dev[64];
        if (std::strcmp(backend_name, "cpu") == 0)
            std::snprintf(dev, sizeof dev, "cpu");
        else if (fgpu_rt_device_index >= 0)
            std::snprintf(dev, sizeof dev, "%s %d", backend_name, fgpu_rt_device_index);
        else
            std::snprintf(dev, sizeof dev, "%s (none used)", backend_name);
        std::fprintf(stderr, "fgpu: stats: MPI rank %ld (node-local rank %d): device %s\n", rank, fgpu_rt_local_rank(),
                     dev);
    }
    std::fprintf(stderr,
                 "fgpu: stats: backend %s: %llu launches, %llu bytes to device, %llu bytes from device, %llu waits, "
                 "%llu discards, peak device memory %llu bytes\n",
                 backend_name, s.launches.load(), s.to_dev.load(), s.from_dev.load(), s.waits.load(),
                 s.discards.load(), s.peak.load());
    if (std::strcmp(backend_name, "cpu") == 0)
        std::fprintf(stderr, "fgpu: stats: cpu kernels on %d threads\n", fgpu_num_threads());
    for (auto& kv : kernel_stats()) {
        std::fprintf(stderr, "fgpu: stats: kernel %s: %llu launches, %.3f ms device time", kv.first.c_str(),
                     kv.second.launches, kv.second.ms);
        if (kv.second.threads > 0 && kv.second.regs >= 0)
            std::fprintf(stderr, ", %d blocks of %d threads, %d registers a thread", kv.second.blocks,
                         kv.second.threads, kv.second.regs);
        else if (kv.second.threads > 0) // (metal: threadgroups; no register count)
            std::fprintf(stderr, ", %d blocks of %d threads", kv.second.blocks, kv.second.threads);
        std::fputc('\n', stderr);
    }
    std::fflush(stderr);
}

} // namespace

int fgpu_rt_device_index = -1;

extern "C" int fgpu_rt_local_rank(void) {
    for (const char* n : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID", "MV2_COMM_WORLD_LOCAL_RANK"}) {
        long r = env_long(n, -1);
        if (r >= 0) return (int)r;
    }
    return -1;
}

extern "C" int fgpu_rt_pick_device(int count) {
    long dev = env_long("FGPU_DEVICE", -1);
    if (dev >= 0) return (int)dev;
    int local = fgpu_rt_local_rank();
    return local >= 0 && count > 0 ? local % count : 0;
}

namespace {

// ---- Mode -----------------------------------------------------------------

enum Mode { SHARED, SEPARATE, DEVICE };

Mode mode = SHARED;

// Reads the mode and registers the report at start-up (FGPU_STATS: any
// value but "0" and "" counts as on).
struct Init {
    Init() {
        stats();
        table_mu();
        kernel_stats();
#ifdef FGPU_RT_DEVICE
        mode = DEVICE;
#else
        const char* sep = std::getenv("FGPU_CPU_SEPARATE");
        mode = sep && sep[0] == '1' ? SEPARATE : SHARED;
#endif
        const char* v = std::getenv("FGPU_STATS");
        if (v && *v && std::strcmp(v, "0") != 0) {
            stats_on = true;
            std::atexit(print_stats);
        }
    }
} init;

void count_alloc(size_t n) {
    Stats& s = stats();
    unsigned long long now = s.device_bytes.fetch_add(n) + n;
    unsigned long long p = s.peak.load();
    while (now > p && !s.peak.compare_exchange_weak(p, now)) {
    }
}

void count_free(size_t n) { stats().device_bytes.fetch_sub(n); }

// ---- The residency table --------------------------------------------------

enum State { VALID, DIRTY, STALE };

struct Key {
    uintptr_t lo = 0, hi = 0; // the host span [lo, hi)
    ptrdiff_t low = 0;        // lo - base_addr (<= 0)
    int rank = 0;
    size_t elem = 0;
    CFI_index_t ext[CFI_MAX_RANK] = {};
    CFI_index_t sm[CFI_MAX_RANK] = {};

    size_t span() const { return (size_t)(hi - lo); }
    bool overlaps(uintptr_t l, uintptr_t h) const { return lo < h && l < hi; }
    bool same(const Key& k) const {
        if (lo != k.lo || hi != k.hi || rank != k.rank || elem != k.elem) return false;
        for (int r = 0; r < rank; r++)
            if (ext[r] != k.ext[r] || sm[r] != k.sm[r]) return false;
        return true;
    }
    // Whether the elements fill the span (contiguous in some order).
    bool contiguous() const {
        size_t count = 1;
        for (int r = 0; r < rank; r++) count *= (size_t)ext[r];
        return count * elem == span();
    }
    // Calls f(off) for the byte offset of every element from base_addr.
    template <typename F> void each(F f) const {
        CFI_index_t idx[CFI_MAX_RANK] = {};
        for (;;) {
            ptrdiff_t off = 0;
            for (int r = 0; r < rank; r++) off += (ptrdiff_t)idx[r] * sm[r];
            f(off);
            int r = 0;
            for (; r < rank; r++) {
                if (++idx[r] < ext[r]) break;
                idx[r] = 0;
            }
            if (r == rank) return;
        }
    }
};

struct Entry {
    Key k;
    char* buf = nullptr; // the device copy of the span
    State st = VALID;
    unsigned long long reg = 0, wr = 0; // the launch that last registered it / registered it written
    bool keep = false; // host bytes the host may read unfetched (descriptors a derived type carries): never poisoned
    // Sections where the host holds newer values than this entry's device
    // copy (fgpu_rt_stale_part: an MPI receive into a section of a valid
    // or dirty entry): copied in before the device copy is used or copied
    // back; none while stale (the whole span is copied in then).
    std::vector<Key> pieces;
};

// A non-blocking MPI transfer in flight (fgpu_rt_async_start): until its
// request completes, MPI reads (a send) or writes (a receive) the host
// elements of k behind the program's back. The runtime sees the
// completion as the request's bytes changing (MPI sets a completed
// request to MPI_REQUEST_NULL; the program waits for it with MPI_Wait*
// or MPI_Test*) at its next call (settle).
struct Flight {
    Key k;
    bool recv = false;
    const unsigned char* req = nullptr; // the request's host storage
    size_t req_len = 0;
    unsigned char handle[32] = {}; // its bytes after the call that started the transfer
};

// Host byte runs [first, second), sorted and disjoint.
using Runs = std::vector<std::pair<uintptr_t, uintptr_t>>;

struct Timing {
    const char* kernel;
    const char* loop;
    void* start;
    void* stop;
};

struct Table {
    std::vector<Entry> es;
    unsigned long long seq = 1; // the launch being prepared
    bool pending = false;       // a launch since the last wait
    bool stop_pending = false;  // a launch that may stop since the last wait
    std::vector<std::pair<const char*, const char*>> since; // kernels launched since the last wait
    int64_t site = 0, code = 0; // the first recorded stop
    // Timing of the launch being prepared (FGPU_STATS).
    std::chrono::steady_clock::time_point t0;
    void* ev0 = nullptr;
    std::vector<Timing> timings; // cuda: launches whose events are not resolved yet
    std::vector<Flight> flights; // non-blocking MPI transfers in flight
};

Table& table() {
    static Table t;
    return t;
}

void settle(Table& t);

Key key_of(const CFI_cdesc_t* a, size_t elem) {
    Key k;
    if (elem == 0) elem = a->elem_len;
    ptrdiff_t low = 0;
    size_t span = fgpu_desc_span(a, elem, &low);
    if (span == 0 || a->base_addr == nullptr) return k; // empty: hi == lo
    k.lo = (uintptr_t)a->base_addr + low;
    k.hi = k.lo + span;
    k.low = low;
    k.rank = a->rank;
    k.elem = elem;
    for (int r = 0; r < a->rank; r++) {
        k.ext[r] = a->dim[r].extent;
        k.sm[r] = a->dim[r].sm;
    }
    return k;
}

void drop(Entry& e, const char* kernel, const char* loop) {
    fgpu_dev_free(e.buf, e.k.span(), kernel, loop);
    count_free(e.k.span());
    e.buf = nullptr;
}

// Removes the entries for which pred holds, freeing their buffers.
template <typename P> void drop_if(Table& t, P pred, const char* kernel, const char* loop) {
    size_t j = 0;
    for (size_t i = 0; i < t.es.size(); i++) {
        if (pred(t.es[i])) {
            drop(t.es[i], kernel, loop);
            continue;
        }
        if (j != i) t.es[j] = t.es[i];
        j++;
    }
    t.es.resize(j);
}

// Calls f(host address, bytes) for the runs of adjacent elements of p,
// in address order of its elements (one run when p fills its span).
template <typename F> void each_run(const Key& p, F f) {
    if (p.contiguous()) {
        f(p.lo, p.span());
        return;
    }
    uintptr_t base = p.lo - p.low, start = 0, end = 0;
    p.each([&](ptrdiff_t off) {
        uintptr_t a = base + off;
        if (end != 0 && a == end) {
            end += p.elem;
            return;
        }
        if (end != 0) f(start, (size_t)(end - start));
        start = a;
        end = a + p.elem;
    });
    if (end != 0) f(start, (size_t)(end - start));
}

// Sorts and merges runs.
void merge_runs(Runs& x) {
    std::sort(x.begin(), x.end());
    size_t j = 0;
    for (size_t i = 0; i < x.size(); i++) {
        if (j > 0 && x[i].first <= x[j - 1].second) {
            x[j - 1].second = std::max(x[j - 1].second, x[i].second);
            continue;
        }
        x[j++] = x[i];
    }
    x.resize(j);
}

// The host bytes of the elements that receives in flight may write, of
// those overlapping [lo, hi) (all kinds of transfers with sends too, by
// span only: what poisoning must leave alone).
Runs in_flight(const Table& t, uintptr_t lo, uintptr_t hi, bool sends) {
    Runs x;
    for (const Flight& f : t.flights) {
        if (!f.k.overlaps(lo, hi)) continue;
        if (sends) {
            x.emplace_back(f.k.lo, f.k.hi);
            continue;
        }
        if (!f.recv) continue;
        each_run(f.k, [&](uintptr_t a, size_t n) {
            if (a < hi && lo < a + n) x.emplace_back(a, a + n);
        });
    }
    merge_runs(x);
    return x;
}

// Calls f(a, n) for the sub-runs of [a0, a0 + n0) outside the runs x.
template <typename F> void each_outside(uintptr_t a0, size_t n0, const Runs& x, F f) {
    uintptr_t cur = a0, end = a0 + n0;
    auto it = std::upper_bound(x.begin(), x.end(), cur,
                               [](uintptr_t v, const std::pair<uintptr_t, uintptr_t>& r) { return v < r.second; });
    for (; it != x.end() && it->first < end && cur < end; ++it) {
        if (it->first > cur) f(cur, (size_t)(it->first - cur));
        cur = std::max(cur, it->second);
    }
    if (cur < end) f(cur, (size_t)(end - cur));
}

// Copies the host-newer sections of e into its device copy (the host
// statements that wrote them have ended: the runtime is called again),
// but for the elements a receive in flight may still write (its
// completion records them again: settle).
void flush_pieces(Table& t, Entry& e, const char* kernel, const char* loop) {
    if (e.pieces.empty()) return;
    if (e.st != STALE) {
        Runs x = in_flight(t, e.k.lo, e.k.hi, false);
        for (const Key& p : e.pieces)
            each_run(p, [&](uintptr_t a0, size_t n0) {
                each_outside(a0, n0, x, [&](uintptr_t a, size_t n) {
                    fgpu_dev_copy_in(e.buf + (a - e.k.lo), (const void*)a, n, kernel, loop);
                    stats().to_dev.fetch_add(n, std::memory_order_relaxed);
                });
            });
    }
    e.pieces.clear();
}

void mark_stale(Entry& e) {
    e.st = STALE;
    e.pieces.clear();
}

void copy_in(const Entry& e, const char* kernel, const char* loop) {
    fgpu_dev_copy_in(e.buf, (const void*)e.k.lo, e.k.span(), kernel, loop);
    stats().to_dev.fetch_add(e.k.span(), std::memory_order_relaxed);
}

// Copies the elements of a dirty entry back to the host; staged, when not
// null, holds the entry's span already (fgpu_dev_stage_out, after the
// wait), else it is copied from the device now.
// The elements a receive in flight may write are left as they are on the
// host (MPI is writing them).
void copy_back(const Table& t, const Entry& e, const void* staged) {
    const char* kernel = "?";
    const char* loop = "?";
    size_t span = e.k.span();
    stats().from_dev.fetch_add(span, std::memory_order_relaxed);
    Runs x = in_flight(t, e.k.lo, e.k.hi, false);
    if (!x.empty()) {
        std::vector<char> stage;
        const char* src = (const char*)staged;
        if (!src) {
            stage.resize(span);
            fgpu_dev_copy_out(stage.data(), e.buf, span, kernel, loop);
            src = stage.data();
        }
        auto put = [&](uintptr_t a, size_t n) { std::memcpy((void*)a, src + (a - e.k.lo), n); };
        if (e.k.contiguous()) {
            each_outside(e.k.lo, span, x, put);
            return;
        }
        uintptr_t host = e.k.lo - e.k.low;
        e.k.each([&](ptrdiff_t off) { each_outside(host + off, e.k.elem, x, put); });
        return;
    }
    if (e.k.contiguous()) {
        if (staged)
            std::memcpy((void*)e.k.lo, staged, span);
        else
            fgpu_dev_copy_out((void*)e.k.lo, e.buf, span, kernel, loop);
        return;
    }
    // A section with gaps: only the elements, never the gaps (two sections
    // of one array written by one launch must not overwrite each other).
    char* host = (char*)e.k.lo - e.k.low;
    std::vector<char> stage;
    const char* src = (const char*)staged;
    if (!src) {
        stage.resize(span);
        fgpu_dev_copy_out(stage.data(), e.buf, span, kernel, loop);
        src = stage.data();
    }
    const char* dev = src - e.k.low;
    size_t elem = e.k.elem;
    e.k.each([&](ptrdiff_t off) { std::memcpy(host + off, dev + off, elem); });
}

// Fills the host elements of an entry with 0xff (cpu separate, dirty).
void poison(const Table& t, const Entry& e) {
    Runs x = in_flight(t, e.k.lo, e.k.hi, true);
    if (!x.empty()) {
        // Not the elements of a transfer in flight (MPI reads or writes them).
        auto fill = [](uintptr_t a, size_t n) { std::memset((void*)a, 0xff, n); };
        uintptr_t host = e.k.lo - e.k.low;
        if (e.k.contiguous())
            each_outside(e.k.lo, e.k.span(), x, fill);
        else
            e.k.each([&](ptrdiff_t off) { each_outside(host + off, e.k.elem, x, fill); });
        return;
    }
    if (e.k.contiguous()) {
        std::memset((void*)e.k.lo, 0xff, e.k.span());
        return;
    }
    char* host = (char*)e.k.lo - e.k.low;
    size_t elem = e.k.elem;
    e.k.each([&](ptrdiff_t off) { std::memset(host + off, 0xff, elem); });
}

[[noreturn]] void wait_failed(Table& t, const char* msg) {
    std::fflush(stdout);
    if (t.since.empty()) {
        std::fprintf(stderr, "fgpu: error while waiting for the device: %s\n", msg);
    } else if (t.since.size() == 1 ||
               std::all_of(t.since.begin(), t.since.end(), [&](const std::pair<const char*, const char*>& p) {
                   return std::strcmp(p.first, t.since[0].first) == 0;
               })) {
        std::fprintf(stderr, "fgpu: error in kernel %s (loop %s): %s\n", t.since[0].first, t.since[0].second, msg);
    } else {
        std::string names;
        std::vector<std::string> seen;
        for (auto& p : t.since) {
            std::string n = std::string(p.first) + " (loop " + p.second + ")";
            if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
            seen.push_back(n);
            if (seen.size() > 8) continue;
            if (!names.empty()) names += ", ";
            names += n;
        }
        if (seen.size() > 8) names += ", ... (" + std::to_string(seen.size()) + " kernels)";
        std::fprintf(stderr, "fgpu: error in one of the kernels launched since the last wait: %s: %s\n", names.c_str(),
                     msg);
    }
    std::fflush(stderr);
    std::exit(1);
}

// Waits for every launch and reads the stop status (no copy back).
void wait_locked(Table& t) {
    int64_t site = 0;
    if (t.pending) {
        if (const char* err = fgpu_dev_wait(&site, t.stop_pending)) wait_failed(t, err);
#ifdef FGPU_RT_DEVICE
        for (Timing& tm : t.timings) {
            float ms = tm.start && tm.stop ? fgpu_dev_event_ms(tm.start, tm.stop) : 0.0f;
            kernel_stat(tm.kernel, tm.loop).ms += ms;
        }
        t.timings.clear();
#endif
        stats().waits.fetch_add(1, std::memory_order_relaxed);
    }
    if (t.site == 0 && site != 0) {
        t.site = site;
        t.code = site > 0 && site <= FGPU_MAX_STOP_SITES ? fgpu_dev_status_at(site) : 0;
    }
    t.since.clear();
    t.pending = false;
    t.stop_pending = false;
}

// Waits for every launch and copies the entries es back (they become
// valid): the copies are enqueued before the wait, into staging memory
// (fgpu_dev_stage_out), so that one wait covers the launches and the
// copies; a copy the staging memory does not take follows the wait.
void wait_and_copy_back(Table& t, const std::vector<Entry*>& es) {
    std::vector<const void*> staged(es.size(), nullptr);
    for (Entry* e : es) flush_pieces(t, *e, "?", "?");
    if (!es.empty()) {
        fgpu_dev_stage_reset();
        for (size_t i = 0; i < es.size(); i++) staged[i] = fgpu_dev_stage_out(es[i]->buf, es[i]->k.span(), "?", "?");
    }
    // The wait covers the staged copies only when a launch is pending;
    // otherwise (an entry a launch before the last wait left dirty) the
    // copies are waited for on their own.
    const bool pending = t.pending;
    wait_locked(t);
    if (!pending && !es.empty()) fgpu_dev_stage_wait();
    for (size_t i = 0; i < es.size(); i++) {
        copy_back(t, *es[i], staged[i]);
        es[i]->st = VALID;
    }
}

// Waits, then copies back the dirty entries overlapping [lo, hi) (except
// `except`): the only copies back the runtime makes on its own, into
// storage that the call that triggered them names (a copy into storage the
// host compiler may have reused after its last use is never made).
void fetch_overlap_locked(Table& t, uintptr_t lo, uintptr_t hi, const Entry* except) {
    std::vector<Entry*> es;
    for (Entry& e : t.es)
        if (&e != except && e.st == DIRTY && e.k.overlaps(lo, hi)) es.push_back(&e);
    wait_and_copy_back(t, es);
}

// Records k as newer on the host in entry e (once).
void add_piece(Entry& e, const Key& k) {
    for (const Key& p : e.pieces)
        if (p.same(k)) return;
    e.pieces.push_back(k);
}

// fgpu_rt_sync with the table's lock held: waits, then copies every dirty
// entry back.
void sync_locked(Table& t) {
    std::vector<Entry*> es;
    for (Entry& e : t.es)
        if (e.st == DIRTY) es.push_back(&e);
    wait_and_copy_back(t, es);
}

// A new device buffer; when the device is out of memory, waits, drops
// every entry that holds nothing newer than the host (not dirty) and that
// the launch being prepared does not use, and tries again.
char* alloc(Table& t, size_t n, const char* kernel, const char* loop) {
    void* p = fgpu_dev_alloc(n, kernel, loop);
    if (!p) {
        wait_locked(t);
        unsigned long long seq = t.seq;
        drop_if(t, [&](const Entry& e) { return e.reg != seq && e.st != DIRTY; }, kernel, loop);
        p = fgpu_dev_alloc(n, kernel, loop);
    }
    if (!p) {
        char msg[200];
        std::snprintf(msg, sizeof msg, "out of device memory allocating %zu bytes (%llu bytes in use)", n,
                      stats().device_bytes.load());
        fgpu_fatal(kernel, loop, msg);
    }
    count_alloc(n);
    return (char*)p;
}

bool dirty_overlap(const Table& t, const Key& k, const Entry* except) {
    for (const Entry& e : t.es)
        if (&e != except && e.st == DIRTY && e.k.overlaps(k.lo, k.hi)) return true;
    return false;
}

// The host is about to write k (fgpu_rt_stale): what a dirty entry
// overlapping it holds comes back first, then every overlapping entry is
// stale.
void stale_overlap_locked(Table& t, const Key& k) {
    if (dirty_overlap(t, k, nullptr)) fetch_overlap_locked(t, k.lo, k.hi, nullptr);
    for (Entry& e : t.es)
        if (e.k.overlaps(k.lo, k.hi)) mark_stale(e);
}

// Registers k for the launch being prepared; returns the buffer (the
// device address of k.lo).
char* reg(const Key& k, bool written, const char* kernel, const char* loop, int* on_device = nullptr) {
    Table& t = table();
    settle(t);
    auto find = [&]() -> Entry* {
        for (Entry& e : t.es)
            if (e.k.same(k)) return &e;
        return nullptr;
    };
    Entry* e = find();
    if (on_device) *on_device = e && e->st != STALE;
    if (e) flush_pieces(t, *e, kernel, loop);
    if (e && e->st == STALE) {
        if (dirty_overlap(t, k, e)) {
            fetch_overlap_locked(t, k.lo, k.hi, e);
            e = find();
        }
        if (!on_device) copy_in(*e, kernel, loop);
        e->st = VALID;
    } else if (!e) {
        if (dirty_overlap(t, k, nullptr)) fetch_overlap_locked(t, k.lo, k.hi, nullptr);
        unsigned long long seq = t.seq;
        drop_if(t, [&](const Entry& o) { return o.k.overlaps(k.lo, k.hi) && o.reg != seq; }, kernel, loop);
        Entry n;
        n.k = k;
        n.buf = alloc(t, k.span(), kernel, loop);
        n.st = VALID;
        t.es.push_back(n);
        e = &t.es.back();
        if (!on_device) copy_in(*e, kernel, loop);
    }
    e->reg = t.seq;
    if (written) e->wr = t.seq;
    return e->buf;
}

// The key of a scalar by reference: [host, host + bytes).
Key scalar_key(void* host, size_t bytes) {
    Key k;
    k.lo = (uintptr_t)host;
    k.hi = k.lo + bytes;
    k.elem = bytes;
    return k;
}

} // namespace

// ---- The C API ----------------------------------------------------------

extern "C" void fgpu_rt_stats_get(struct fgpu_rt_stats* s) {
    Stats& st = stats();
    s->launches = st.launches.load();
    s->to_dev = st.to_dev.load();
    s->from_dev = st.from_dev.load();
    s->waits = st.waits.load();
    s->discards = st.discards.load();
    s->device_bytes = st.device_bytes.load();
    s->peak_device_bytes = st.peak.load();
    std::lock_guard<std::mutex> g(table_mu());
    s->entries = table().es.size();
}

extern "C" void* fgpu_rt_array(const CFI_cdesc_t* a, size_t elem, int written, const char* kernel, const char* loop) {
    if (mode == SHARED) return a->base_addr;
    Key k = key_of(a, elem);
    if (k.hi == k.lo) return nullptr;
    std::lock_guard<std::mutex> g(table_mu());
    char* d = reg(k, (written & 1) != 0, kernel, loop) - k.low;
    if (written & 2) {
        for (Entry& e : table().es)
            if (e.k.same(k)) e.keep = true;
    }
    return d;
}

// ---- Tables of the components of elements ----------------------------------

namespace {
struct ElemPending {
    Key k;
    void* host = nullptr; // null: not allocated
    int rank = 0;
    int64_t lb[7] = {}, sm[7] = {}, ex[7] = {};
};
std::vector<ElemPending>& elem_pending(int slot) {
    static std::vector<ElemPending> p[FGPU_MAX_ELEM_TABLES];
    return p[slot];
}
struct ElemTableBuf {
    std::vector<fgpu_elem> host;
    void* dev = nullptr;
    size_t cap = 0;
};
ElemTableBuf& elem_table_buf(const char* kernel, int slot) {
    static std::map<std::pair<const char*, int>, ElemTableBuf> m;
    return m[{kernel, slot}];
}
void elem_slot_check(int slot) {
    if (slot < 0 || slot >= FGPU_MAX_ELEM_TABLES) fgpu_fatal("?", "?", "element table slot out of range");
}
} // namespace

extern "C" void fgpu_rt_elem(int slot, const CFI_cdesc_t* a, const int64_t* lb) {
    elem_slot_check(slot);
    ElemPending e;
    if (a != nullptr && a->base_addr != nullptr) {
        e.k = key_of(a, 0);
        e.host = a->base_addr;
        e.rank = a->rank;
        for (int r = 0; r < a->rank && r < 7; r++) {
            e.lb[r] = lb[r];
            e.sm[r] = (int64_t)a->dim[r].sm;
            e.ex[r] = (int64_t)a->dim[r].extent;
        }
    }
    elem_pending(slot).push_back(e);
}

extern "C" void* fgpu_rt_workspace(int64_t n, int64_t slice, const char* kernel, const char* loop) {
    static void* buf = nullptr;
    static size_t cap = 0;
    static bool on_dev = false;
    if (n <= 0 || slice <= 0) return nullptr;
    char msg[512];
    if (slice > INT64_MAX / n) {
        std::snprintf(msg, sizeof msg,
                      "the workspace of the arrays of the iterations (%lld iterations of %lld bytes) is larger than "
                      "the address space",
                      (long long)n, (long long)slice);
        fgpu_fatal(kernel, loop, msg);
    }
    size_t bytes = (size_t)(n * slice);
    bool dev = mode == DEVICE;
    if (bytes <= cap && dev == on_dev) return buf;
    if (buf != nullptr) {
        if (on_dev)
            fgpu_dev_free(buf, cap, kernel, loop);
        else
            std::free(buf);
    }
    buf = dev ? fgpu_dev_alloc(bytes, kernel, loop) : std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    cap = buf != nullptr ? bytes : 0;
    on_dev = dev;
    if (buf == nullptr) {
        std::snprintf(msg, sizeof msg,
                      "out of %s memory for the workspace of the arrays of the iterations: %zu bytes (%lld "
                      "iterations of %lld bytes)",
                      dev ? "device" : "host", bytes, (long long)n, (long long)slice);
        fgpu_fatal(kernel, loop, msg);
    }
    return buf;
}

extern "C" fgpu_heap* fgpu_rt_heap(const char* kernel, const char* loop) {
    static fgpu_heap* dev = nullptr;
    static fgpu_heap host;
    if (dev == nullptr) {
        unsigned long long cap = 256ULL << 20;
        if (const char* v = std::getenv("FGPU_HEAP_SIZE"); v != nullptr && *v != 0) {
            char* end = nullptr;
            unsigned long long n = std::strtoull(v, &end, 10);
            unsigned long long unit = 1;
            if (end != nullptr && (*end == 'K' || *end == 'k')) unit = 1ULL << 10, end++;
            else if (end != nullptr && (*end == 'M' || *end == 'm')) unit = 1ULL << 20, end++;
            else if (end != nullptr && (*end == 'G' || *end == 'g')) unit = 1ULL << 30, end++;
            if (end == v || end == nullptr || *end != 0 || n == 0 || n > (~0ULL >> 2) / unit) {
                char msg[256];
                std::snprintf(msg, sizeof msg, "FGPU_HEAP_SIZE=%s is not a size in bytes (a number, with an optional K, M or G suffix)", v);
                fgpu_fatal(kernel, loop, msg);
            }
            cap = n * unit;
        }
        host.base = (char*)fgpu_dev_alloc((size_t)cap, kernel, loop);
        if (host.base == nullptr) {
            char msg[256];
            std::snprintf(msg, sizeof msg, "out of device memory for the device heap: %llu bytes (FGPU_HEAP_SIZE)", cap);
            fgpu_fatal(kernel, loop, msg);
        }
        host.cap = cap;
        dev = (fgpu_heap*)fgpu_dev_alloc(sizeof(fgpu_heap), kernel, loop);
        if (dev == nullptr) fgpu_fatal(kernel, loop, "out of device memory for the state of the device heap");
    }
    host.next = 0;
    fgpu_dev_copy_in(dev, &host, sizeof host, kernel, loop);
    return dev;
}

extern "C" void fgpu_rt_elem_none(int slot) {
    elem_slot_check(slot);
    elem_pending(slot).push_back(ElemPending{});
}

extern "C" const fgpu_elem* fgpu_rt_elem_table(int slot, int written, const char* kernel, const char* loop) {
    elem_slot_check(slot);
    std::vector<ElemPending>& p = elem_pending(slot);
    ElemTableBuf& tb = elem_table_buf(kernel, slot);
    tb.host.assign(p.size(), fgpu_elem{});
    {
        std::lock_guard<std::mutex> g(table_mu());
        for (size_t i = 0; i < p.size(); i++) {
            fgpu_elem& t = tb.host[i];
            for (int r = 0; r < 7; r++) {
                t.lb[r] = p[i].lb[r];
                t.sm[r] = p[i].sm[r];
                t.ex[r] = p[i].ex[r];
            }
            if (p[i].host == nullptr || p[i].k.hi == p[i].k.lo) {
                t.base = mode == SHARED ? (char*)p[i].host : nullptr;
                continue;
            }
            t.base = mode == SHARED ? (char*)p[i].host : reg(p[i].k, written != 0, kernel, loop) - p[i].k.low;
        }
    }
    p.clear();
    if (tb.host.empty()) return nullptr;
    if (mode != DEVICE || fgpu_dev_host_accessible()) return tb.host.data();
    size_t bytes = tb.host.size() * sizeof(fgpu_elem);
    if (bytes > tb.cap) {
        if (tb.dev) fgpu_dev_free(tb.dev, tb.cap, kernel, loop);
        tb.dev = fgpu_dev_alloc(bytes, kernel, loop);
        if (!tb.dev) fgpu_fatal(kernel, loop, "out of device memory for a table of components of elements");
        tb.cap = bytes;
    }
    fgpu_dev_copy_in(tb.dev, tb.host.data(), bytes, kernel, loop);
    return (const fgpu_elem*)tb.dev;
}

extern "C" void fgpu_rt_layout(const char* type, const char* kernel, const char* loop, const void* base,
                               size_t host_size, size_t size, int n, const void* const* addr, const size_t* off,
                               const char* const* names) {
    char msg[512];
    if (host_size != size) {
        std::snprintf(msg, sizeof msg,
                      "the host compiler lays out type(%s) in %zu bytes, the kernel in %zu: the kernel cannot hold "
                      "its values as the host's bytes (a layout option of the host compiler, such as "
                      "-fpack-derived?)",
                      type, host_size, size);
        fgpu_fatal(kernel, loop, msg);
    }
    for (int i = 0; i < n; i++) {
        if (addr[i] == nullptr) continue;
        ptrdiff_t h = (const char*)addr[i] - (const char*)base;
        if (h != (ptrdiff_t)off[i]) {
            std::snprintf(msg, sizeof msg,
                          "the host compiler places the component %s of type(%s) at byte %td, the kernel at byte "
                          "%zu: the kernel cannot hold its values as the host's bytes (a layout option of the host "
                          "compiler, such as -fpack-derived?)",
                          names[i], type, h, off[i]);
            fgpu_fatal(kernel, loop, msg);
        }
    }
}

extern "C" void* fgpu_rt_scalar(void* host, size_t bytes, int written, const char* kernel, const char* loop) {
    if (mode == SHARED) return host;
    if (host == nullptr || bytes == 0) return nullptr;
    std::lock_guard<std::mutex> g(table_mu());
    return reg(scalar_key(host, bytes), written != 0, kernel, loop);
}

extern "C" void* fgpu_rt_scalar_init(void* host, size_t bytes, int* on_device, const char* kernel, const char* loop) {
    *on_device = 1;
    if (mode == SHARED) return host;
    if (host == nullptr || bytes == 0) return nullptr;
    std::lock_guard<std::mutex> g(table_mu());
    return reg(scalar_key(host, bytes), true, kernel, loop, on_device);
}

extern "C" int64_t* fgpu_rt_status(const char* kernel, const char* loop) {
    {
        std::lock_guard<std::mutex> g(table_mu());
        table().stop_pending = true;
    }
    return fgpu_dev_status(kernel, loop);
}

extern "C" void fgpu_rt_launch_begin(const char* kernel, const char* loop) {
    if (!stats_on) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
#ifdef FGPU_RT_DEVICE
    t.ev0 = fgpu_dev_event_record(kernel, loop);
#else
    (void)kernel;
    (void)loop;
    t.t0 = std::chrono::steady_clock::now();
#endif
}

extern "C" void fgpu_rt_launched(const char* kernel, const char* loop) {
    stats().launches.fetch_add(1, std::memory_order_relaxed);
    if (mode == DEVICE) fgpu_dev_launched(kernel, loop);
    if (mode == SHARED && !stats_on) {
        Table& t = table(); // host thread only
        t.pending = true;
        return;
    }
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    if (stats_on) {
        KernelStats& ks = kernel_stat(kernel, loop);
        ks.launches++;
#ifdef FGPU_RT_DEVICE
        t.timings.push_back(Timing{kernel, loop, t.ev0, fgpu_dev_event_record(kernel, loop)});
        t.ev0 = nullptr;
#else
        ks.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t.t0).count();
#endif
    }
    settle(t);
    unsigned long long seq = t.seq;
    bool wrote = false;
    for (Entry& e : t.es) {
        if (e.wr != seq) continue;
        e.st = DIRTY;
        wrote = true;
        if (mode == SEPARATE && !e.keep) poison(t, e);
    }
    if (wrote) {
        // The device copies of entries overlapping a written one may be
        // outdated now.
        auto outdated = [&](const Entry& o) {
            if (o.st == DIRTY) return false;
            for (const Entry& w : t.es)
                if (w.wr == seq && w.k.overlaps(o.k.lo, o.k.hi)) return true;
            return false;
        };
        drop_if(t, outdated, kernel, loop);
    }
    // The kernels launched since the last wait, each once (an error found
    // at the wait names them; a loop of launches without a wait keeps
    // the list short).
    bool listed = false;
    for (auto& p : t.since)
        if (p.first == kernel && p.second == loop) listed = true;
    if (!listed) t.since.emplace_back(kernel, loop);
    t.pending = true;
    t.seq++;
}

extern "C" void fgpu_rt_sync(void) {
    std::lock_guard<std::mutex> g(table_mu());
    settle(table());
    sync_locked(table());
}

extern "C" void fgpu_rt_wait(void) {
    std::lock_guard<std::mutex> g(table_mu());
    wait_locked(table());
}

extern "C" void fgpu_rt_wait_stops(void) {
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    if (t.stop_pending) wait_locked(t);
}

extern "C" void fgpu_rt_fetch(CFI_cdesc_t* a) {
    // The CPU shared mode ran its launches in place; an empty array has
    // nothing to copy.
    if (mode == SHARED || a == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    if (dirty_overlap(t, k, nullptr)) fetch_overlap_locked(t, k.lo, k.hi, nullptr);
}

namespace {
// The host thread's stack [lo, hi), read at start-up: storage there belongs
// to procedures that are running, whose dead locals the host compiler may
// have reused, so the runtime copies into it only what a call names.
uintptr_t stack_lo = 0, stack_hi = 0;
struct StackBounds {
    StackBounds() {
#ifdef __APPLE__
        // (macOS: the address is the top of the stack.)
        pthread_t self = pthread_self();
        stack_hi = (uintptr_t)pthread_get_stackaddr_np(self);
        stack_lo = stack_hi - pthread_get_stacksize_np(self);
#else
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
        void* addr = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            stack_lo = (uintptr_t)addr;
            stack_hi = stack_lo + size;
        }
        pthread_attr_destroy(&attr);
#endif
    }
} stack_bounds;

bool on_stack(const Entry& e) { return e.k.lo < stack_hi && stack_lo < e.k.hi; }
} // namespace

extern "C" void fgpu_rt_external(void) {
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    std::vector<Entry*> es;
    for (Entry& e : t.es)
        if (e.st == DIRTY && !on_stack(e)) es.push_back(&e);
    wait_and_copy_back(t, es);
    for (Entry& e : t.es)
        if (!on_stack(e)) mark_stale(e);
}

extern "C" int64_t fgpu_rt_stop_site(int64_t* code) {
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    if (code) *code = t.code;
    return t.site;
}

extern "C" void fgpu_rt_discard(CFI_cdesc_t* a) {
    if (mode == SHARED || a == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    bool outside = false;
    for (const Entry& e : t.es)
        if (e.st == DIRTY && e.k.overlaps(k.lo, k.hi) && (e.k.lo < k.lo || e.k.hi > k.hi)) outside = true;
    if (outside) fetch_overlap_locked(t, k.lo, k.hi, nullptr);
    bool dirty = false;
    drop_if(
        t,
        [&](const Entry& e) {
            if (!e.k.overlaps(k.lo, k.hi)) return false;
            if (e.st == DIRTY) dirty = true;
            return true;
        },
        "fgpu_rt_discard", "?");
    if (dirty) stats().discards.fetch_add(1, std::memory_order_relaxed);
}

extern "C" void fgpu_rt_stale(CFI_cdesc_t* a) {
    if (mode == SHARED || a == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    stale_overlap_locked(t, k);
}

namespace {
// The entry whose device copy holds every element of k exactly (a
// contiguous entry whose span contains k's), for the section calls; null
// when an entry overlapping k is not such an entry (then the calls act as
// fgpu_rt_fetch and fgpu_rt_stale do).
Entry* part_entry(Table& t, const Key& k) {
    Entry* found = nullptr;
    for (Entry& e : t.es) {
        if (!e.k.overlaps(k.lo, k.hi)) continue;
        if (found || !e.k.contiguous() || k.lo < e.k.lo || k.hi > e.k.hi) return nullptr;
        found = &e;
    }
    return found;
}

// Copies back the elements of k from dirty entry e (its host-newer
// sections first go to the device: they are the current values).
void fetch_part_locked(Table& t, Entry& e, const Key& k) {
    wait_locked(t);
    flush_pieces(t, e, "fgpu_rt_fetch_part", "?");
    Runs x = in_flight(t, k.lo, k.hi, false);
    each_run(k, [&](uintptr_t a0, size_t n0) {
        each_outside(a0, n0, x, [&](uintptr_t a, size_t n) {
            fgpu_dev_copy_out((void*)a, e.buf + (a - e.k.lo), n, "fgpu_rt_fetch_part", "?");
            stats().from_dev.fetch_add(n, std::memory_order_relaxed);
        });
    });
}
} // namespace

namespace {
// Ends the transfers whose requests completed (their bytes changed since
// the call that started them): a receive's elements are newer on the host
// than on the device from now on, as after fgpu_rt_stale_part, but
// without copying anything back over them (the host holds what arrived).
// Called at every entry of the runtime that touches the table, with its
// lock held.
void settle(Table& t) {
    if (t.flights.empty()) return;
    std::vector<Flight> done, left;
    for (const Flight& f : t.flights) (std::memcmp(f.req, f.handle, f.req_len) != 0 ? done : left).push_back(f);
    if (done.empty()) return;
    // Still listed while they end: a copy back below leaves out the
    // elements of every receive, these too.
    for (const Flight& f : done) {
        if (!f.recv) continue;
        if (Entry* e = part_entry(t, f.k)) {
            if (e->st != STALE) add_piece(*e, f.k); // (stale: the next use copies the whole span in)
            continue;
        }
        // Entries that are not one contiguous entry holding the section:
        // what the device wrote elsewhere comes back first.
        stale_overlap_locked(t, f.k);
    }
    t.flights = std::move(left);
}
} // namespace

extern "C" void fgpu_rt_async_start(CFI_cdesc_t* a, CFI_cdesc_t* req, int recv) {
    if (mode == SHARED || a == nullptr || req == nullptr || req->base_addr == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    Flight f;
    f.k = k;
    f.recv = recv != 0;
    f.req = (const unsigned char*)req->base_addr;
    f.req_len = std::min(req->elem_len, sizeof f.handle);
    std::memcpy(f.handle, f.req, f.req_len);
    t.flights.push_back(f);
}

extern "C" void fgpu_rt_fetch_part(CFI_cdesc_t* a) {
    if (mode == SHARED || a == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    if (!dirty_overlap(t, k, nullptr)) return;
    Entry* e = part_entry(t, k);
    if (!e) {
        fetch_overlap_locked(t, k.lo, k.hi, nullptr);
        return;
    }
    fetch_part_locked(t, *e, k);
}

extern "C" void fgpu_rt_stale_part(CFI_cdesc_t* a) {
    if (mode == SHARED || a == nullptr) return;
    Key k = key_of(a, 0);
    if (k.hi == k.lo) return;
    std::lock_guard<std::mutex> g(table_mu());
    Table& t = table();
    settle(t);
    Entry* e = part_entry(t, k);
    if (!e) {
        stale_overlap_locked(t, k);
        return;
    }
    if (e->st == STALE) return; // the next use copies the whole span in
    if (e->st == DIRTY) fetch_part_locked(t, *e, k);
    add_piece(*e, k);
}

// ---- The CPU device (separate memory: malloc'd copies) ----------------------
#ifndef FGPU_RT_DEVICE

namespace {
int64_t status_buf[1 + FGPU_MAX_STOP_SITES]; // zero-initialised
} // namespace

extern "C" void* fgpu_dev_alloc(size_t n, const char*, const char*) { return std::malloc(n); }
extern "C" void fgpu_dev_free(void* p, size_t, const char*, const char*) { std::free(p); }
extern "C" void fgpu_dev_copy_in(void* dev, const void* host, size_t n, const char*, const char*) {
    std::memcpy(dev, host, n);
}
extern "C" void fgpu_dev_copy_out(void* host, const void* dev, size_t n, const char*, const char*) {
    std::memcpy(host, dev, n);
}
extern "C" int fgpu_dev_host_accessible(void) { return 1; }
extern "C" void fgpu_dev_stage_reset(void) {}
extern "C" void fgpu_dev_stage_wait(void) {}
extern "C" const void* fgpu_dev_stage_out(const void* dev, size_t, const char*, const char*) { return dev; }
extern "C" const char* fgpu_dev_wait(int64_t* site, int) {
    *site = status_buf[0];
    return nullptr;
}
extern "C" int64_t fgpu_dev_status_at(int64_t s) { return status_buf[s]; }
extern "C" int64_t* fgpu_dev_status(const char*, const char*) { return status_buf; }
extern "C" void fgpu_dev_launched(const char*, const char*) {}

#endif

extern "C" void fgpu_rt_note_geometry(const char* kernel, const char* loop, int blocks, int threads, int regs) {
    if (!stats_on) return;
    std::lock_guard<std::mutex> g(table_mu());
    KernelStats& ks = kernel_stat(kernel, loop);
    ks.blocks = blocks;
    ks.threads = threads;
    ks.regs = regs;
}

// ---- FGPU_CPU_ORDER: the iteration-order test mode of the CPU kernels ----

namespace {

struct CpuOrder {
    int mode = 0;
    uint64_t seed = 1;
};

[[noreturn]] void order_env_error(const char* var, const char* want, const char* got) {
    std::fflush(stdout);
    std::fprintf(stderr, "fgpu: %s must be %s, not \"%s\"\n", var, want, got);
    std::fflush(stderr);
    std::exit(1);
}

const CpuOrder& cpu_order() {
    static const CpuOrder o = [] {
        CpuOrder c;
        if (const char* e = std::getenv("FGPU_CPU_ORDER")) {
            std::string v(e);
            if (v == "reverse") {
                c.mode = 1;
            } else if (v == "shuffle") {
                c.mode = 2;
            } else if (!v.empty()) {
                order_env_error("FGPU_CPU_ORDER", "reverse or shuffle", e);
            }
        }
        if (const char* e = std::getenv("FGPU_CPU_ORDER_SEED"); e && *e) {
            char* end = nullptr;
            unsigned long long v = std::strtoull(e, &end, 10);
            if (*end != '\0' || e[0] == '-') order_env_error("FGPU_CPU_ORDER_SEED", "an unsigned integer", e);
            c.seed = v;
        }
        return c;
    }();
    return o;
}

// A round function of the Feistel network (splitmix64's finaliser).
uint64_t order_mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

} // namespace

extern "C" int fgpu_cpu_order(void) { return cpu_order().mode; }

extern "C" int64_t fgpu_cpu_order_index(int64_t q, int64_t n) {
    const CpuOrder& o = cpu_order();
    if (o.mode == 0 || n <= 1) return q;
    if (o.mode == 1) return n - 1 - q;
    // A permutation of [0, 4^h) (two halves of h bits, six rounds), and
    // cycle walking until the value is below n: a permutation of [0, n).
    int h = 1;
    while (h < 32 && (uint64_t(1) << (2 * h)) < uint64_t(n)) h++;
    const uint64_t mask = (uint64_t(1) << h) - 1;
    const uint64_t key = order_mix(o.seed ^ order_mix(uint64_t(n)));
    uint64_t rk[6];
    for (int round = 0; round < 6; round++) rk[round] = order_mix(key + uint64_t(round + 1) * 0xD1B54A32D192ED03ULL);
    uint64_t x = uint64_t(q);
    do {
        uint64_t l = x >> h, r = x & mask;
        for (int round = 0; round < 6; round++) {
            uint64_t t = l ^ (order_mix(r ^ rk[round]) & mask);
            l = r;
            r = t;
        }
        x = (l << h) | r;
    } while (x >= uint64_t(n));
    return int64_t(x);
}
