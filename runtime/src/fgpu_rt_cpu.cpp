// fgpu_rt_cpu.cpp: the parts of the fgpu runtime every backend links
// (errors, statistics, descriptor spans) and the CPU backend's thread count.
// Compiled with `c++ -std=c++17 -O2 -fopenmp -c` for --gpu=cpu; without
// -fopenmp for --gpu=cuda (then FGPU_BACKEND_CUDA names the backend).

#include "fgpu_rt.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifdef _OPENMP
#include <omp.h>
#endif

#ifdef FGPU_BACKEND_CUDA
static const char* const backend_name = "cuda";
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

extern "C" int fgpu_num_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

namespace {

struct Stats {
    std::atomic<unsigned long long> launches{0}, to_dev{0}, from_dev{0}, waits{0};
};

Stats& stats() {
    static Stats s;
    return s;
}

void print_stats() {
    Stats& s = stats();
    std::fprintf(stderr, "fgpu: stats: backend %s: %llu launches, %llu bytes to device, %llu bytes from device, %llu waits\n",
                 backend_name, s.launches.load(), s.to_dev.load(), s.from_dev.load(), s.waits.load());
    std::fflush(stderr);
}

// Registers the report at start-up when FGPU_STATS=1 (any value but "0"
// and "" counts as on).
struct StatsInit {
    StatsInit() {
        stats();
        const char* v = std::getenv("FGPU_STATS");
        if (v && *v && std::strcmp(v, "0") != 0) std::atexit(print_stats);
    }
} stats_init;

} // namespace

extern "C" void fgpu_stats_launch(void) { stats().launches.fetch_add(1, std::memory_order_relaxed); }

extern "C" void fgpu_stats_bytes(size_t to_dev, size_t from_dev) {
    stats().to_dev.fetch_add(to_dev, std::memory_order_relaxed);
    stats().from_dev.fetch_add(from_dev, std::memory_order_relaxed);
}

extern "C" void fgpu_stats_wait(void) { stats().waits.fetch_add(1, std::memory_order_relaxed); }

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
