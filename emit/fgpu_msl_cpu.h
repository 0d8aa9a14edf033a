// fgpu_msl_cpu.h: the Metal Shading Language as C++17, so that the MSL
// fgpu emits compiles with the host's C++ compiler and runs on the CPU
// (--gpu=metal_cpu, a test backend; emit/mslkernel.go). MSL's address
// spaces and attributes become nothing (constant: const; threadgroup:
// static, one copy that the threads of the running threadgroup share), its
// scalar types and metal:: functions the host's (the same libm functions
// the CPU kernels call, so results match gfortran on the host).
//
// Two dispatches:
//   - fgpu_msl_dispatch runs the kernel function for every grid position,
//     one at a time, in the order FGPU_CPU_ORDER gives (runtime/README.md):
//     kernels without SIMD-group functions or barriers (one thread an
//     iteration);
//   - fgpu_msl_dispatch_groups runs threadgroups of FGPU_MSL_TG threads in
//     SIMD-groups of FGPU_MSL_SIMD lanes, as Metal does: the threadgroups
//     one after another (in FGPU_CPU_ORDER's order), the threads of one as
//     fibers, each on a stack of its own, resumed in FGPU_CPU_ORDER's order.
//     A fiber runs until it reaches a SIMD-group function (simd_sum,
//     simd_shuffle_down, ...) or threadgroup_barrier, where it waits: a
//     SIMD-group function returns when every lane of its SIMD-group has
//     given its value (each lane then reads the others'), a barrier when
//     every thread of the threadgroup reached it. A SIMD-group function or
//     barrier that a lane or thread leaves out (it returned), and threads
//     that wait for each other in a cycle, end the program with an error:
//     on Metal they are undefined.
// Fibers switch with a few instructions on x86-64 (fgpu_msl_swap, below:
// the callee-saved registers and the stack pointer), through ucontext
// elsewhere (or with FGPU_MSL_UCONTEXT defined).
#ifndef FGPU_MSL_CPU_H
#define FGPU_MSL_CPU_H
#define FGPU_MSL_CPU 1
#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <climits>
#include <type_traits>
#include <sys/mman.h>
#include <ISO_Fortran_binding.h>
#include "fgpu_rt.h"
#if !defined(__x86_64__) && !defined(FGPU_MSL_UCONTEXT)
#define FGPU_MSL_UCONTEXT 1
#endif
#ifdef FGPU_MSL_UCONTEXT
#include <ucontext.h>
#endif
typedef uint32_t uint;
typedef uint16_t ushort;
struct uint2 { uint x, y; };
struct uint3 { uint x, y, z; };
namespace metal {
using std::fabs; using std::sqrt; using std::exp; using std::log; using std::log10; using std::log2;
using std::pow; using std::sin; using std::cos; using std::tan; using std::asin; using std::acos;
using std::atan; using std::atan2; using std::sinh; using std::cosh; using std::tanh; using std::asinh;
using std::acosh; using std::atanh; using std::floor; using std::ceil; using std::trunc; using std::round;
using std::fmod; using std::copysign; using std::fmin; using std::fmax;
using std::make_unsigned;
}
// Address spaces and function qualifiers.
#define kernel
#define device
#define thread
#define threadgroup static
#define constant const
// Attributes: [[buffer(n)]] and the thread positions become [[]].
#define buffer(n)
#define thread_position_in_grid
#define threads_per_grid
#define threadgroup_position_in_grid
#define thread_position_in_threadgroup
#define threads_per_threadgroup
#define thread_index_in_simdgroup
#define simdgroup_index_in_threadgroup
#define simdgroups_per_threadgroup
#define threads_per_simdgroup
#define FGPU_UNROLL4
#define FGPU_UNROLL
template <typename T, typename U> static inline T as_type(U u) {
  static_assert(sizeof(T) == sizeof(U), "as_type of types of different sizes");
  T t;
  std::memcpy(&t, &u, sizeof t);
  return t;
}

// The dispatch of n threads: the kernel's grid in pieces of at most 2^30
// threads (*base, the first thread's iteration, is an argument of the
// kernel), each piece one position at a time in FGPU_CPU_ORDER's order.
template <typename F> static inline void fgpu_msl_dispatch(int64_t n, int64_t* base, F f) {
  const int64_t piece = (int64_t)1 << 30;
  for (int64_t b0 = 0; b0 < n; b0 += piece) {
    *base = b0;
    const int64_t m = n - b0 < piece ? n - b0 : piece;
    for (int64_t q = 0; q < m; ++q) f((uint)fgpu_cpu_order_index(q, m));
  }
}

// ---- Threadgroups of fibers (fgpu_msl_dispatch_groups) ----

// The geometry of metal_cpu's dispatches of kernels that combine values in
// threadgroups: 3 SIMD-groups of 32 lanes a threadgroup (Apple GPUs run
// 32 lanes; three groups, so that the threadgroup step combines a number
// of partials that is not a power of two), at most 8 threadgroups.
#define FGPU_MSL_SIMD 32
#define FGPU_MSL_TG 96
#define FGPU_MSL_MAX_GROUPS 8
// The stack of a fiber (reserved, touched as used): as a main thread's.
#define FGPU_MSL_STACK ((size_t)8 << 20)

// The position of a thread, the values of its attributes.
struct fgpu_msl_pos {
  uint tid, nthr;      // thread_position_in_grid, threads_per_grid
  uint tg, lid, ntg;   // threadgroup_position_in_grid, thread_position_in_threadgroup, threads_per_threadgroup
  uint lane, sg, nsg;  // thread_index_in_simdgroup, simdgroup_index_in_threadgroup, simdgroups_per_threadgroup
  uint nl;             // threads_per_simdgroup
};

enum { FGPU_FIBER_RUN, FGPU_FIBER_BARRIER, FGPU_FIBER_SIMD, FGPU_FIBER_DONE };

struct fgpu_msl_fiber {
  void* sp;            // the saved stack pointer (x86-64)
#ifdef FGPU_MSL_UCONTEXT
  ucontext_t uc;
#endif
  char* stack;
  fgpu_msl_pos pos;
  int state;
  uint64_t simd_ops;   // SIMD-group functions this thread completed
};

// The threadgroup running now.
struct fgpu_msl_group {
  fgpu_msl_fiber fib[FGPU_MSL_TG];
  void* sched_sp;
#ifdef FGPU_MSL_UCONTEXT
  ucontext_t sched_uc;
#endif
  fgpu_msl_fiber* cur;
  void (*call)(void* f, const fgpu_msl_pos* p);
  void* fn;
  // The values the lanes give a SIMD-group function: two sets, by the
  // parity of the function's number (a lane may give the next function
  // its value before every lane read the last one's).
  alignas(16) unsigned char slot[2][FGPU_MSL_TG / FGPU_MSL_SIMD][FGPU_MSL_SIMD][16];
};

static inline fgpu_msl_group& fgpu_msl_grp() {
  static fgpu_msl_group g;
  return g;
}

[[noreturn]] static inline void fgpu_msl_fail(const char* what) {
  std::fprintf(stderr, "fgpu metal_cpu: %s\n", what);
  std::fflush(stderr);
  std::abort();
}

#ifndef FGPU_MSL_UCONTEXT
// fgpu_msl_swap(save, to): saves the callee-saved registers on the current
// stack and its stack pointer in *save, then continues on stack to (saved
// there by fgpu_msl_swap, or laid out by fgpu_msl_start). A fiber starts
// in fgpu_msl_tramp, which calls r12(rbx).
extern "C" void fgpu_msl_swap(void** save, void* to);
extern "C" void fgpu_msl_tramp(void);
__asm__(
    ".text\n"
    ".weak fgpu_msl_swap\n"
    ".hidden fgpu_msl_swap\n"
    ".type fgpu_msl_swap,@function\n"
    "fgpu_msl_swap:\n"
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
    "  ret\n"
    ".size fgpu_msl_swap, .-fgpu_msl_swap\n"
    ".weak fgpu_msl_tramp\n"
    ".hidden fgpu_msl_tramp\n"
    ".type fgpu_msl_tramp,@function\n"
    "fgpu_msl_tramp:\n"
    "  movq %rbx, %rdi\n"
    "  andq $-16, %rsp\n"
    "  call *%r12\n"
    "  ud2\n"
    ".size fgpu_msl_tramp, .-fgpu_msl_tramp\n");
#endif

// Back to the scheduler, in state st.
static inline void fgpu_msl_yield(int st) {
  fgpu_msl_group& g = fgpu_msl_grp();
  fgpu_msl_fiber* f = g.cur;
  f->state = st;
#ifdef FGPU_MSL_UCONTEXT
  swapcontext(&f->uc, &g.sched_uc);
#else
  fgpu_msl_swap(&f->sp, g.sched_sp);
#endif
}

static void fgpu_msl_entry(void* arg) {
  fgpu_msl_fiber* f = (fgpu_msl_fiber*)arg;
  fgpu_msl_group& g = fgpu_msl_grp();
  g.call(g.fn, &f->pos);
  fgpu_msl_yield(FGPU_FIBER_DONE);
  fgpu_msl_fail("a finished thread was resumed");
}

#ifdef FGPU_MSL_UCONTEXT
static void fgpu_msl_entry_uc(unsigned hi, unsigned lo) {
  fgpu_msl_entry((void*)(((uintptr_t)hi << 32) | (uintptr_t)lo));
}
#endif

// Lays out fiber f to start in fgpu_msl_entry(f).
static inline void fgpu_msl_start(fgpu_msl_fiber* f) {
  if (f->stack == nullptr) {
    void* s = mmap(nullptr, FGPU_MSL_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (s == MAP_FAILED) fgpu_msl_fail("cannot map the stack of a thread");
    mprotect(s, 4096, PROT_NONE); // a guard page: an overflow faults
    f->stack = (char*)s;
  }
#ifdef FGPU_MSL_UCONTEXT
  getcontext(&f->uc);
  f->uc.uc_stack.ss_sp = f->stack + 4096;
  f->uc.uc_stack.ss_size = FGPU_MSL_STACK - 4096;
  f->uc.uc_link = nullptr;
  const uintptr_t a = (uintptr_t)f;
  makecontext(&f->uc, (void (*)())fgpu_msl_entry_uc, 2, (unsigned)(a >> 32), (unsigned)(a & 0xffffffffu));
#else
  // From the top: an empty slot, the return address (fgpu_msl_tramp), then
  // rbp, rbx (f), r12 (fgpu_msl_entry), r13, r14, r15 as fgpu_msl_swap pops them.
  void** top = (void**)(((uintptr_t)(f->stack + FGPU_MSL_STACK)) & ~(uintptr_t)15);
  void** sp = top - 8;
  sp[0] = nullptr;                     // r15
  sp[1] = nullptr;                     // r14
  sp[2] = nullptr;                     // r13
  sp[3] = (void*)&fgpu_msl_entry;      // r12
  sp[4] = (void*)f;                    // rbx
  sp[5] = nullptr;                     // rbp
  sp[6] = (void*)&fgpu_msl_tramp;      // return address
  sp[7] = nullptr;
  f->sp = sp;
#endif
  f->state = FGPU_FIBER_RUN;
  f->simd_ops = 0;
}

static inline void fgpu_msl_resume(fgpu_msl_group& g, fgpu_msl_fiber* f) {
  g.cur = f;
#ifdef FGPU_MSL_UCONTEXT
  swapcontext(&g.sched_uc, &f->uc);
#else
  fgpu_msl_swap(&g.sched_sp, f->sp);
#endif
  g.cur = nullptr;
}

// Runs the threadgroup tg of a grid of ngroups threadgroups of tgsize
// threads (tgsize a multiple of FGPU_MSL_SIMD, at most FGPU_MSL_TG).
static inline void fgpu_msl_run_group(uint tg, uint ngroups, uint tgsize) {
  fgpu_msl_group& g = fgpu_msl_grp();
  const uint nsg = tgsize / FGPU_MSL_SIMD;
  for (uint i = 0; i < tgsize; ++i) {
    fgpu_msl_fiber* f = &g.fib[i];
    f->pos = fgpu_msl_pos{tg * tgsize + i, ngroups * tgsize, tg, i, tgsize, i % FGPU_MSL_SIMD, i / FGPU_MSL_SIMD, nsg, FGPU_MSL_SIMD};
    fgpu_msl_start(f);
  }
  // Always the first runnable thread in FGPU_CPU_ORDER's order, rotated
  // by the threadgroup (so that another thread leads in each): a thread
  // runs ahead of the others as far as the SIMD-group functions and
  // barriers let it (what a missing barrier would let through shows).
  uint live = tgsize;
  while (live > 0) {
    fgpu_msl_fiber* f = nullptr;
    for (uint q = 0; q < tgsize && f == nullptr; ++q) {
      fgpu_msl_fiber* c = &g.fib[fgpu_cpu_order_index((q + tg * 41) % tgsize, tgsize)];
      if (c->state == FGPU_FIBER_RUN) f = c;
    }
    if (f == nullptr) fgpu_msl_fail("the threads of a threadgroup wait for each other (a barrier or SIMD-group function in divergent code)");
    fgpu_msl_resume(g, f);
    if (f->state == FGPU_FIBER_DONE) live--;
    // Its SIMD-group goes on when every lane waits in a SIMD-group function.
    const uint s = f->pos.sg;
    uint waiting = 0, done = 0;
    for (uint l = 0; l < FGPU_MSL_SIMD; ++l) {
      const fgpu_msl_fiber* c = &g.fib[s * FGPU_MSL_SIMD + l];
      waiting += c->state == FGPU_FIBER_SIMD;
      done += c->state == FGPU_FIBER_DONE;
    }
    if (waiting > 0 && done > 0) fgpu_msl_fail("a SIMD-group function that a lane of the SIMD-group did not reach (it returned)");
    if (waiting == FGPU_MSL_SIMD) {
      const uint64_t n0 = g.fib[s * FGPU_MSL_SIMD].simd_ops;
      for (uint l = 0; l < FGPU_MSL_SIMD; ++l) {
        fgpu_msl_fiber* c = &g.fib[s * FGPU_MSL_SIMD + l];
        if (c->simd_ops != n0) fgpu_msl_fail("the lanes of a SIMD-group are in different SIMD-group functions");
        c->state = FGPU_FIBER_RUN;
      }
    }
    // The threadgroup goes on when every thread waits at a barrier.
    uint at = 0;
    done = 0;
    for (uint i = 0; i < tgsize; ++i) {
      at += g.fib[i].state == FGPU_FIBER_BARRIER;
      done += g.fib[i].state == FGPU_FIBER_DONE;
    }
    if (at > 0 && done > 0) fgpu_msl_fail("a threadgroup_barrier that a thread of the threadgroup did not reach (it returned)");
    if (at == tgsize)
      for (uint i = 0; i < tgsize; ++i) g.fib[i].state = FGPU_FIBER_RUN;
  }
}

template <typename F> static void fgpu_msl_call(void* f, const fgpu_msl_pos* p) { (*(F*)f)(*p); }

// The dispatch of ngroups threadgroups of tgsize threads: f(pos) is the
// kernel of one thread.
template <typename F> static inline void fgpu_msl_dispatch_groups(uint ngroups, uint tgsize, F f) {
  if (tgsize == 0 || tgsize > FGPU_MSL_TG || tgsize % FGPU_MSL_SIMD != 0) fgpu_msl_fail("a threadgroup size metal_cpu does not run");
  fgpu_msl_group& g = fgpu_msl_grp();
  g.call = &fgpu_msl_call<F>;
  g.fn = (void*)&f;
  for (uint q = 0; q < ngroups; ++q) fgpu_msl_run_group((uint)fgpu_cpu_order_index(q, ngroups), ngroups, tgsize);
}

// The threadgroups of a grid of n iterations (grid-stride: at most
// FGPU_MSL_MAX_GROUPS; one when there are none).
static inline uint fgpu_msl_groups(int64_t n) {
  int64_t g = (n + FGPU_MSL_TG - 1) / FGPU_MSL_TG;
  return (uint)(g < 1 ? 1 : g > FGPU_MSL_MAX_GROUPS ? FGPU_MSL_MAX_GROUPS : g);
}

// A scratch buffer of a kernel's launches (the partials of its
// threadgroups), grown as needed; only the device uses it.
static inline void* fgpu_msl_scratch(void** keep, size_t* cap, size_t bytes) {
  if (bytes > *cap) {
    std::free(*keep);
    *keep = std::calloc(1, bytes);
    if (*keep == nullptr) fgpu_msl_fail("cannot allocate a scratch buffer");
    *cap = bytes;
  }
  return *keep;
}

// threadgroup_barrier: waits for every thread of the threadgroup.
namespace mem_flags { enum { mem_none = 0, mem_device = 1, mem_threadgroup = 2, mem_texture = 4 }; }
static inline void threadgroup_barrier(int) { fgpu_msl_yield(FGPU_FIBER_BARRIER); }

// A SIMD-group function: the lane gives v, waits for every lane of its
// SIMD-group, and gets the values of all of them (vals, by lane).
template <typename T> static inline const unsigned char (*fgpu_msl_simd_exchange(T v))[16] {
  static_assert(sizeof(T) <= 16, "a SIMD-group value of more than 16 bytes");
  fgpu_msl_group& g = fgpu_msl_grp();
  fgpu_msl_fiber* f = g.cur;
  if (f == nullptr) fgpu_msl_fail("a SIMD-group function outside a threadgroup dispatch");
  const int set = (int)(f->simd_ops & 1);
  std::memcpy(g.slot[set][f->pos.sg][f->pos.lane], &v, sizeof v);
  fgpu_msl_yield(FGPU_FIBER_SIMD);
  f->simd_ops++;
  return g.slot[set][f->pos.sg];
}

template <typename T> static inline T fgpu_msl_lane(const unsigned char (*vals)[16], uint l) {
  T t;
  std::memcpy(&t, vals[l], sizeof t);
  return t;
}

// simd_shuffle_down: lane l gets the value of lane l + d (its own when
// that is past the SIMD-group).
template <typename T> static inline T simd_shuffle_down(T v, ushort d) {
  const unsigned char(*vals)[16] = fgpu_msl_simd_exchange(v);
  const uint l = fgpu_msl_grp().cur->pos.lane + d;
  return l < FGPU_MSL_SIMD ? fgpu_msl_lane<T>(vals, l) : v;
}

// The reductions over the lanes (in lane order; integers only, where the
// order does not change the result).
#define FGPU_MSL_SIMD_REDUCE(name, expr)                                                   \
  template <typename T> static inline T name(T v) {                                        \
    static_assert(std::is_integral<T>::value, #name " of a type fgpu does not reduce so"); \
    const unsigned char(*vals)[16] = fgpu_msl_simd_exchange(v);                            \
    T a = fgpu_msl_lane<T>(vals, 0);                                                       \
    for (uint l = 1; l < FGPU_MSL_SIMD; ++l) {                                             \
      const T b = fgpu_msl_lane<T>(vals, l);                                               \
      a = (T)(expr);                                                                       \
    }                                                                                      \
    return a;                                                                              \
  }
FGPU_MSL_SIMD_REDUCE(simd_sum, a + b)
FGPU_MSL_SIMD_REDUCE(simd_product, a * b)
FGPU_MSL_SIMD_REDUCE(simd_min, b < a ? b : a)
FGPU_MSL_SIMD_REDUCE(simd_max, b > a ? b : a)
FGPU_MSL_SIMD_REDUCE(simd_and, a & b)
FGPU_MSL_SIMD_REDUCE(simd_or, a | b)
FGPU_MSL_SIMD_REDUCE(simd_xor, a ^ b)
#undef FGPU_MSL_SIMD_REDUCE
#endif
