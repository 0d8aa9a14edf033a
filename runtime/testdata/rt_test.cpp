// rt_test.cpp: the residency table of fgpu_rt.h, through its C API, with
// hand-built CFI descriptors (runtime_test.go compiles and runs it).
//
//   rt_test separate   FGPU_CPU_SEPARATE=1: the table's rules, byte counts,
//                      poisoned host elements while dirty
//   rt_test shared     no FGPU_CPU_SEPARATE: no table, nothing copied
//   rt_test cuda       built with -DRT_TEST_CUDA against the CUDA backend
//                      (needs a GPU): the table's rules, without poisoning
//
// A "kernel" here reads and writes the device buffers the API returns: with
// memcpy on the CPU, with copies on fgpu_cuda_stream() under CUDA.

#ifdef RT_TEST_CUDA
#define FGPU_CUDA_API
#include <cuda_runtime.h>
#endif
#include "fgpu_rt.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>

static int failures = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

#define CHECK_EQ(a, b)                                                           \
    do {                                                                         \
        long long a_ = (long long)(a), b_ = (long long)(b);                      \
        if (a_ != b_) {                                                          \
            std::fprintf(stderr, "%s:%d: %s = %lld, want %lld\n", __FILE__, __LINE__, #a, a_, b_); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

static bool cuda_mode = false;
static bool separate = false;
static const char* K = "k_test";
static const char* L = "rt_test.f90:1";

// Device memory access of the simulated kernels.
static void dev_write(void* dev, const void* src, size_t n) {
#ifdef RT_TEST_CUDA
    cudaStream_t s = fgpu_cuda_stream(K, L);
    FGPU_CUDA_CHECK(cudaMemcpyAsync(dev, src, n, cudaMemcpyHostToDevice, s), K, L);
    FGPU_CUDA_CHECK(cudaStreamSynchronize(s), K, L);
#else
    std::memcpy(dev, src, n);
#endif
}

static void dev_read(void* dst, const void* dev, size_t n) {
#ifdef RT_TEST_CUDA
    cudaStream_t s = fgpu_cuda_stream(K, L);
    FGPU_CUDA_CHECK(cudaMemcpyAsync(dst, dev, n, cudaMemcpyDeviceToHost, s), K, L);
    FGPU_CUDA_CHECK(cudaStreamSynchronize(s), K, L);
#else
    std::memcpy(dst, dev, n);
#endif
}

static double dev_get(const double* dev, ptrdiff_t i) {
    double v;
    dev_read(&v, dev + i, sizeof v);
    return v;
}

static void dev_set(double* dev, ptrdiff_t i, double v) { dev_write(dev + i, &v, sizeof v); }

// A rank-1 descriptor of doubles: n elements from base, stride st elements.
struct Desc {
    CFI_CDESC_T(2) d;
    CFI_cdesc_t* p() { return (CFI_cdesc_t*)&d; }
};

static Desc desc1(double* base, long n, long st) {
    Desc x;
    std::memset(&x.d, 0, sizeof x.d);
    x.d.base_addr = base;
    x.d.elem_len = sizeof(double);
    x.d.version = CFI_VERSION;
    x.d.rank = 1;
    x.d.attribute = CFI_attribute_other;
    x.d.type = CFI_type_double;
    x.d.dim[0].lower_bound = 0;
    x.d.dim[0].extent = n;
    x.d.dim[0].sm = st * (long)sizeof(double);
    return x;
}

static Desc desc2(double* base, long n1, long n2, long ld) {
    Desc x = desc1(base, n1, 1);
    x.d.rank = 2;
    x.d.dim[1].lower_bound = 0;
    x.d.dim[1].extent = n2;
    x.d.dim[1].sm = ld * (long)sizeof(double);
    return x;
}

static Desc scalar_desc(void* p, size_t bytes) {
    Desc x;
    std::memset(&x.d, 0, sizeof x.d);
    x.d.base_addr = p;
    x.d.elem_len = bytes;
    x.d.version = CFI_VERSION;
    x.d.rank = 0;
    x.d.attribute = CFI_attribute_other;
    x.d.type = CFI_type_other;
    return x;
}

// The end of a test: its arrays end, as the locals of a procedure do at
// its return, where the generated code discards them (after copying back
// what a caller reads).
static void end_of(std::initializer_list<Desc*> ds) {
    fgpu_rt_sync();
    for (Desc* d : ds) fgpu_rt_discard(d->p());
}

static fgpu_rt_stats st0;
static void mark() { fgpu_rt_stats_get(&st0); }
static fgpu_rt_stats delta() {
    fgpu_rt_stats s;
    fgpu_rt_stats_get(&s);
    s.launches -= st0.launches;
    s.to_dev -= st0.to_dev;
    s.from_dev -= st0.from_dev;
    s.waits -= st0.waits;
    s.discards -= st0.discards;
    return s;
}

static bool poisoned(const double* p) {
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < sizeof(double); i++)
        if (b[i] != 0xff) return false;
    return true;
}

// Whether the host element is as a dirty entry leaves it: 0xff bytes on
// the separate CPU mode; the old value under CUDA.
static bool while_dirty(const double* p, double old) { return separate ? poisoned(p) : *p == old; }

static void launch_begin() { fgpu_rt_launch_begin(K, L); }
static void launched() { fgpu_rt_launched(K, L); }

// A written array is copied in once over several launches; its host
// elements are poisoned while dirty; sync copies them back once.
static void test_written_copied_once() {
    std::vector<double> x(100);
    for (int i = 0; i < 100; i++) x[i] = i;
    Desc d = desc1(x.data(), 100, 1);
    mark();
    double* first = nullptr;
    for (int l = 0; l < 3; l++) {
        launch_begin();
        double* dev = (double*)fgpu_rt_array(d.p(), 0, 1, K, L);
        if (l == 0) first = dev;
        CHECK(dev == first); // the same buffer
        for (int i = 0; i < 100; i++) dev_set(dev, i, dev_get(dev, i) + 1);
        launched();
    }
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.launches, 3);
    CHECK_EQ(s.to_dev, 800);
    CHECK_EQ(s.from_dev, 0);
    CHECK_EQ(s.entries, 1);
    CHECK(while_dirty(&x[0], 0) && while_dirty(&x[99], 99));
    fgpu_rt_sync();
    s = delta();
    CHECK_EQ(s.from_dev, 800);
    CHECK_EQ(s.waits, 1);
    for (int i = 0; i < 100; i++) CHECK_EQ(x[i], i + 3);
    // A second sync without a pending launch: no wait, nothing copied.
    fgpu_rt_sync();
    s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.from_dev, 800);
    end_of({&d});
    CHECK_EQ(delta().entries, 0);
}

// A dirty entry handed to a later launch read-only is reused: nothing
// copied, the device values are the written ones.
static void test_dirty_reuse() {
    std::vector<double> x(10, 1.0), y(10, 0.0);
    Desc dx = desc1(x.data(), 10, 1), dy = desc1(y.data(), 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 1, K, L);
    for (int i = 0; i < 10; i++) dev_set(a, i, 7);
    launched();
    launch_begin();
    double* a2 = (double*)fgpu_rt_array(dx.p(), 0, 0, K, L);
    double* b = (double*)fgpu_rt_array(dy.p(), 0, 1, K, L);
    CHECK(a2 == a);
    for (int i = 0; i < 10; i++) dev_set(b, i, dev_get(a2, i) * 2);
    launched();
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.to_dev, 160);
    CHECK_EQ(s.waits, 0);
    fgpu_rt_sync();
    for (int i = 0; i < 10; i++) {
        CHECK_EQ(x[i], 7);
        CHECK_EQ(y[i], 14);
    }
    CHECK_EQ(delta().from_dev, 160);
    end_of({&dx, &dy});
}

// fgpu_rt_fetch copies back only what overlaps its argument, and waits
// only then; fgpu_rt_wait copies nothing; a scalar registered write-only
// is never copied in and says whether the device holds its value.
static void test_fetch_wait() {
    std::vector<double> x(10, 1.0), y(10, 2.0), z(10, 3.0);
    Desc dx = desc1(x.data(), 10, 1), dy = desc1(y.data(), 10, 1), dz = desc1(z.data(), 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 1, K, L);
    double* b = (double*)fgpu_rt_array(dy.p(), 0, 1, K, L);
    fgpu_rt_array(dz.p(), 0, 0, K, L);
    for (int i = 0; i < 10; i++) {
        dev_set(a, i, 5);
        dev_set(b, i, 6);
    }
    launched();
    // z is not dirty: no wait, nothing copied.
    fgpu_rt_fetch(dz.p());
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.waits, 0);
    CHECK_EQ(s.from_dev, 0);
    fgpu_rt_wait();
    CHECK_EQ(delta().from_dev, 0);
    CHECK_EQ(delta().waits, 1);
    CHECK(while_dirty(&x[0], 1.0));
    fgpu_rt_fetch(dx.p());
    CHECK_EQ(delta().from_dev, 80);
    for (int i = 0; i < 10; i++) CHECK_EQ(x[i], 5);
    CHECK(while_dirty(&y[0], 2.0));
    // x again: valid now, nothing copied; y copied back without a second
    // wait (nothing was launched since).
    fgpu_rt_fetch(dx.p());
    fgpu_rt_fetch(dy.p());
    s = delta();
    CHECK_EQ(s.from_dev, 160);
    CHECK_EQ(s.waits, 1);
    for (int i = 0; i < 10; i++) CHECK_EQ(y[i], 6);
    double r = 4.0;
    int od = -1;
    mark();
    launch_begin();
    double* rd = (double*)fgpu_rt_scalar_init(&r, sizeof r, &od, K, L);
    CHECK_EQ(od, 0); // not on the device: the kernel takes the host's value
    dev_set(rd, 0, r + 1);
    launched();
    CHECK_EQ(delta().to_dev, 0);
    launch_begin();
    rd = (double*)fgpu_rt_scalar_init(&r, sizeof r, &od, K, L);
    CHECK_EQ(od, 1); // dirty: the device holds the current value
    dev_set(rd, 0, dev_get(rd, 0) + 1);
    launched();
    Desc dr = scalar_desc(&r, sizeof r);
    fgpu_rt_fetch(dr.p());
    CHECK_EQ(r, 6.0);
    CHECK_EQ(delta().to_dev, 0);
    end_of({&dx, &dy, &dz, &dr});
}

// fgpu_rt_wait_stops waits only for a launch that took the stop status
// buffer; fgpu_rt_wait returns at once when nothing is pending.
static void test_wait_stops() {
    std::vector<double> x(10, 1.0);
    Desc dx = desc1(x.data(), 10, 1);
    mark();
    launch_begin();
    fgpu_rt_array(dx.p(), 0, 1, K, L);
    launched();
    fgpu_rt_wait_stops();
    CHECK_EQ(delta().waits, 0);
    launch_begin();
    fgpu_rt_array(dx.p(), 0, 1, K, L);
    fgpu_rt_status(K, L);
    launched();
    fgpu_rt_wait_stops();
    CHECK_EQ(delta().waits, 1);
    fgpu_rt_wait_stops();
    fgpu_rt_wait();
    CHECK_EQ(delta().waits, 1);
    end_of({&dx});
}

// fgpu_rt_external: every dirty entry not on the stack is copied back and
// every entry not on the stack marked stale; storage on the stack is left.
static void test_external() {
    std::vector<double> h(10, 1.0), r(10, 2.0);
    double onstack[10];
    for (int i = 0; i < 10; i++) onstack[i] = 3.0;
    Desc dh = desc1(h.data(), 10, 1), dr = desc1(r.data(), 10, 1), ds = desc1(onstack, 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dh.p(), 0, 1, K, L);
    fgpu_rt_array(dr.p(), 0, 0, K, L);
    double* c = (double*)fgpu_rt_array(ds.p(), 0, 1, K, L);
    for (int i = 0; i < 10; i++) {
        dev_set(a, i, 7);
        dev_set(c, i, 8);
    }
    launched();
    fgpu_rt_external();
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.from_dev, 80);
    for (int i = 0; i < 10; i++) CHECK_EQ(h[i], 7);
    CHECK(while_dirty(&onstack[0], 3.0));
    // The host's arrays are stale: both copied in again by the next launch.
    r[0] = 9;
    launch_begin();
    double* a2 = (double*)fgpu_rt_array(dh.p(), 0, 0, K, L);
    double* b2 = (double*)fgpu_rt_array(dr.p(), 0, 0, K, L);
    CHECK_EQ(dev_get(b2, 0), 9);
    CHECK_EQ(dev_get(a2, 0), 7);
    launched();
    CHECK_EQ(delta().to_dev, 3 * 80 + 160);
    fgpu_rt_fetch(ds.p());
    for (int i = 0; i < 10; i++) CHECK_EQ(onstack[i], 8);
    end_of({&dh, &dr, &ds});
}

// A read-only entry stays valid across launches; after fgpu_rt_stale the
// host bytes are copied again into the same buffer.
static void test_stale() {
    std::vector<double> x(10, 1.0), y(10, 0.0);
    Desc dx = desc1(x.data(), 10, 1), dy = desc1(y.data(), 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 0, K, L);
    double* b = (double*)fgpu_rt_array(dy.p(), 0, 1, K, L);
    for (int i = 0; i < 10; i++) dev_set(b, i, dev_get(a, i));
    launched();
    launch_begin();
    CHECK(fgpu_rt_array(dx.p(), 0, 0, K, L) == a);
    launched();
    CHECK_EQ(delta().to_dev, 160);
    fgpu_rt_stale(dx.p());
    for (int i = 0; i < 10; i++) x[i] = 5;
    launch_begin();
    double* a2 = (double*)fgpu_rt_array(dx.p(), 0, 0, K, L);
    CHECK(a2 == a);
    b = (double*)fgpu_rt_array(dy.p(), 0, 1, K, L);
    for (int i = 0; i < 10; i++) dev_set(b, i, dev_get(a2, i) + dev_get(b, i));
    launched();
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.to_dev, 240);
    CHECK_EQ(s.waits, 0); // x was not dirty: no wait
    fgpu_rt_sync();
    for (int i = 0; i < 10; i++) CHECK_EQ(y[i], 6);
    end_of({&dx, &dy});
}

// fgpu_rt_stale on a dirty entry waits and copies back first.
static void test_stale_dirty_syncs() {
    std::vector<double> x(10, 1.0);
    Desc dx = desc1(x.data(), 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 1, K, L);
    dev_set(a, 3, 9);
    launched();
    fgpu_rt_stale(dx.p());
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.from_dev, 80);
    CHECK_EQ(x[3], 9);
    CHECK_EQ(x[4], 1);
    x[4] = 2; // the host write
    launch_begin();
    double* a2 = (double*)fgpu_rt_array(dx.p(), 0, 0, K, L);
    CHECK_EQ(dev_get(a2, 4), 2);
    CHECK_EQ(dev_get(a2, 3), 9);
    launched();
    CHECK_EQ(delta().to_dev, 160);
    end_of({&dx});
}

// fgpu_rt_discard drops the entry without copying back.
static void test_discard() {
    std::vector<double> x(10, 1.0);
    Desc dx = desc1(x.data(), 10, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 1, K, L);
    dev_set(a, 0, 3);
    launched();
    fgpu_rt_discard(dx.p());
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.entries, 0);
    CHECK_EQ(s.discards, 1);
    CHECK_EQ(s.from_dev, 0);
    CHECK(while_dirty(&x[0], 1));
    fgpu_rt_sync(); // the launch is waited for, nothing copied
    s = delta();
    CHECK_EQ(s.from_dev, 0);
    CHECK(while_dirty(&x[0], 1));
    // A read-only entry: dropped, no discard counted.
    for (int i = 0; i < 10; i++) x[i] = 1;
    launch_begin();
    fgpu_rt_array(dx.p(), 0, 0, K, L);
    launched();
    fgpu_rt_discard(dx.p());
    s = delta();
    CHECK_EQ(s.entries, 0);
    CHECK_EQ(s.discards, 1);
    end_of({&dx});
}

// A discard of part of a dirty entry copies it back first: nothing outside
// the discarded storage is lost.
static void test_discard_partial() {
    std::vector<double> x(10, 1.0);
    Desc dx = desc1(x.data(), 10, 1), part = desc1(x.data() + 5, 5, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(dx.p(), 0, 1, K, L);
    dev_set(a, 0, 4);
    launched();
    fgpu_rt_discard(part.p());
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.from_dev, 80);
    CHECK_EQ(s.entries, 0);
    CHECK_EQ(s.discards, 0);
    CHECK_EQ(x[0], 4);
    end_of({&dx});
}

// A range overlapping a dirty entry without being the same range makes the
// runtime wait and copy back first; the new entry sees the written values.
static void test_overlap_syncs() {
    std::vector<double> x(100, 1.0);
    Desc whole = desc1(x.data(), 100, 1), part = desc1(x.data() + 10, 50, 1);
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(whole.p(), 0, 1, K, L);
    for (int i = 0; i < 100; i++) dev_set(a, i, i);
    launched();
    CHECK_EQ(delta().waits, 0);
    launch_begin();
    double* p = (double*)fgpu_rt_array(part.p(), 0, 0, K, L);
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.from_dev, 800);
    CHECK_EQ(s.to_dev, 800 + 400);
    CHECK_EQ(s.entries, 1); // the whole array's entry was dropped
    for (int i = 0; i < 100; i++) CHECK_EQ(x[i], i);
    CHECK_EQ(dev_get(p, 0), 10);
    CHECK_EQ(dev_get(p, 49), 59);
    launched();
    // Without a dirty entry an overlapping range does not wait.
    launch_begin();
    fgpu_rt_array(whole.p(), 0, 0, K, L);
    launched();
    s = delta();
    CHECK_EQ(s.waits, 1);
    CHECK_EQ(s.entries, 1);
    end_of({&whole, &part});
}

// A strided section: copy-in of its span, copy-back of its elements only;
// the gaps on the host are never poisoned nor overwritten. Also reversed.
static void test_strided() {
    std::vector<double> x(100);
    for (int i = 0; i < 100; i++) x[i] = -i;
    Desc odd = desc1(x.data(), 50, 2);        // x(1:100:2)
    Desc rev = desc1(x.data() + 99, 50, -2);  // x(100:2:-2)
    mark();
    launch_begin();
    double* a = (double*)fgpu_rt_array(odd.p(), 0, 1, K, L);
    double* b = (double*)fgpu_rt_array(rev.p(), 0, 1, K, L);
    CHECK_EQ(dev_get(b, 0), -99);
    CHECK_EQ(dev_get(b, -2), -97);
    for (int i = 0; i < 50; i++) {
        dev_set(a, 2 * i, 1000 + 2 * i);   // element i of x(1:100:2)
        if (i < 49) dev_set(a, 2 * i + 1, 555); // a gap: never copied back
        dev_set(b, -2 * i, 2000 + 99 - 2 * i);
        if (i < 49) dev_set(b, -2 * i - 1, 777); // a gap of the reversed section
    }
    launched();
    fgpu_rt_stats s = delta();
    CHECK_EQ(s.entries, 2); // two sections of one launch: two entries
    CHECK_EQ(s.to_dev, 2 * 99 * 8);
    CHECK(while_dirty(&x[0], 0));
    CHECK(while_dirty(&x[1], -1));
    fgpu_rt_sync();
    s = delta();
    CHECK_EQ(s.from_dev, 2 * 99 * 8);
    for (int i = 0; i < 100; i += 2) CHECK_EQ(x[i], 1000 + i);
    for (int i = 1; i < 100; i += 2) CHECK_EQ(x[i], 2000 + i);
    // Again: both entries reused, nothing copied in.
    launch_begin();
    CHECK(fgpu_rt_array(odd.p(), 0, 1, K, L) == a);
    CHECK(fgpu_rt_array(rev.p(), 0, 1, K, L) == b);
    launched();
    CHECK_EQ(delta().to_dev, 2 * 99 * 8);
    end_of({&odd, &rev});

    // Only one section written, the gaps of the host untouched.
    for (int i = 0; i < 100; i++) x[i] = -i;
    mark();
    launch_begin();
    a = (double*)fgpu_rt_array(odd.p(), 0, 1, K, L);
    for (int i = 0; i < 99; i++) dev_set(a, i, 42);
    launched();
    for (int i = 1; i < 100; i += 2) CHECK_EQ(x[i], -i);
    fgpu_rt_sync();
    for (int i = 0; i < 100; i++) CHECK_EQ(x[i], i % 2 == 0 ? 42 : -i);
    end_of({&odd, &rev});
}

// A 2-d section a(2:4, 1:3) of a 6x5 array.
static void test_rank2() {
    std::vector<double> x(30);
    for (int i = 0; i < 30; i++) x[i] = i;
    Desc d = desc2(x.data() + 1, 3, 3, 6);
    launch_begin();
    double* a = (double*)fgpu_rt_array(d.p(), 0, 1, K, L);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) dev_set(a, i + 6 * j, 100 + i + 6 * j);
    dev_set(a, 3, -1); // a gap (row 5, column 1)
    launched();
    fgpu_rt_sync();
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 6; i++) {
            bool in = i >= 1 && i <= 3 && j <= 2;
            CHECK_EQ(x[i + 6 * j], in ? 100 + (i - 1) + 6 * j : i + 6 * j);
        }
    end_of({&d});
}

// A read-only entry that overlaps an array written by the same launch (an
// alias) is outdated afterwards: dropped.
static void test_alias_read_dropped() {
    std::vector<double> x(10, 1.0);
    Desc whole = desc1(x.data(), 10, 1), tail = desc1(x.data() + 1, 9, 1);
    mark();
    launch_begin();
    double* w = (double*)fgpu_rt_array(whole.p(), 0, 1, K, L);
    double* r = (double*)fgpu_rt_array(tail.p(), 0, 0, K, L);
    CHECK_EQ(delta().entries, 2);
    for (int i = 0; i < 9; i++) dev_set(w, i, dev_get(r, i) + 1);
    launched();
    CHECK_EQ(delta().entries, 1);
    launch_begin();
    double* r2 = (double*)fgpu_rt_array(tail.p(), 0, 0, K, L); // waits, copies back, copies in
    CHECK_EQ(delta().waits, 1);
    CHECK_EQ(dev_get(r2, 0), 2);
    launched();
    end_of({&whole, &tail});
    CHECK_EQ(x[0], 2);
    CHECK_EQ(x[9], 1);
}

// Scalars by reference: the same table over [p, p+bytes).
static void test_scalars() {
    double s = 1.5;
    int64_t n = 3;
    mark();
    launch_begin();
    double* ds = (double*)fgpu_rt_scalar(&s, sizeof s, 1, K, L);
    int64_t* dn = (int64_t*)fgpu_rt_scalar(&n, sizeof n, 0, K, L);
    int64_t nv;
    dev_read(&nv, dn, sizeof nv);
    CHECK_EQ(nv, 3);
    dev_set(ds, 0, dev_get(ds, 0) + 1);
    launched();
    CHECK(while_dirty(&s, 1.5));
    CHECK_EQ(n, 3);
    launch_begin();
    CHECK(fgpu_rt_scalar(&s, sizeof s, 1, K, L) == ds);
    dev_set(ds, 0, dev_get(ds, 0) * 2);
    launched();
    fgpu_rt_stats st = delta();
    CHECK_EQ(st.to_dev, 16);
    fgpu_rt_sync();
    CHECK(s == 5.0);
    CHECK_EQ(delta().from_dev, 8);
    // Stale through a rank-0 descriptor.
    Desc sd = scalar_desc(&s, sizeof s);
    fgpu_rt_stale(sd.p());
    s = 10;
    launch_begin();
    ds = (double*)fgpu_rt_scalar(&s, sizeof s, 0, K, L);
    CHECK(dev_get(ds, 0) == 10.0);
    launched();
    CHECK_EQ(delta().to_dev, 24);
    fgpu_rt_discard(sd.p());
    CHECK_EQ(delta().entries, 1); // n
    Desc nd = scalar_desc(&n, sizeof n);
    end_of({&nd});
}

static void test_empty() {
    double x[1] = {0};
    Desc d = desc1(x, 0, 1);
    mark();
    launch_begin();
    CHECK(fgpu_rt_array(d.p(), 0, 1, K, L) == nullptr);
    launched();
    CHECK_EQ(delta().entries, 0);
    end_of({&d});
}

// The stop status: the first recorded site is reported after the wait.
static void test_stop() {
    int64_t code = -1;
    CHECK_EQ(fgpu_rt_stop_site(&code), 0);
    CHECK_EQ(code, 0);
    launch_begin();
    int64_t* st = fgpu_rt_status(K, L);
    int64_t v = 42, site = 3;
    dev_write(st + 3, &v, sizeof v);
    dev_write(st, &site, sizeof site);
    launched();
    fgpu_rt_sync();
    CHECK_EQ(fgpu_rt_stop_site(&code), 3);
    CHECK_EQ(code, 42);
}

// No table: fgpu_rt_array returns base_addr, nothing is copied.
static void test_shared() {
    std::vector<double> x(10, 1.0);
    Desc d = desc1(x.data(), 10, 1);
    double s = 0;
    mark();
    launch_begin();
    CHECK(fgpu_rt_array(d.p(), 0, 1, K, L) == x.data());
    CHECK(fgpu_rt_scalar(&s, sizeof s, 1, K, L) == &s);
    x[0] = 2;
    launched();
    launch_begin();
    launched();
    CHECK_EQ(x[0], 2);
    fgpu_rt_stale(d.p());
    fgpu_rt_discard(d.p());
    fgpu_rt_sync();
    fgpu_rt_sync();
    fgpu_rt_stats st = delta();
    CHECK_EQ(st.launches, 2);
    CHECK_EQ(st.waits, 1);
    CHECK_EQ(st.to_dev, 0);
    CHECK_EQ(st.from_dev, 0);
    CHECK_EQ(st.entries, 0);
    CHECK_EQ(st.peak_device_bytes, 0);
    test_stop();
}

// Non-blocking MPI transfers (fgpu_rt_async_start): a receive into column
// 1 of a 4x4 array (a strided section) and a send of column 2 are in
// flight while a launch writes the array: the launch does not take the
// receive's elements as current, the poisoning (separate) leaves both
// sections alone, a copy back (an external call) does not overwrite what
// arrives; when the request's bytes change (MPI_Wait), the next launch
// gets the received elements. A request that never changes keeps its
// receive in flight.
static void test_async() {
    const long n = 4;
    std::vector<double> q(n * n);
    for (long i = 0; i < n * n; i++) q[i] = (double)i;
    Desc whole = desc2(q.data(), n, n, n);
    Desc recv = desc1(q.data() + 1, n, n);     // q(2, :) in Fortran: row 1, strided
    Desc send = desc1(q.data() + 2, n, n);     // q(3, :)
    int req_recv = 0, req_send = 0;
    Desc rr = scalar_desc(&req_recv, sizeof req_recv), rs = scalar_desc(&req_send, sizeof req_send);
    // The device holds q and writes it.
    launch_begin();
    double* d = (double*)fgpu_rt_array(whole.p(), 0, 1, K, L);
    for (long i = 0; i < n * n; i++) dev_set(d, i, 100.0 + (double)i);
    launched();
    // MPI_Irecv(q(2, :), ..., req_recv): stale_part before the call, the
    // start after it (the call set the request).
    fgpu_rt_stale_part(recv.p());
    for (long j = 0; j < n; j++) CHECK_EQ(q[1 + j * n], 100.0 + (double)(1 + j * n));
    req_recv = 7;
    fgpu_rt_async_start(recv.p(), rr.p(), 1);
    // MPI_Isend(q(3, :), ..., req_send): fetch_part before the call.
    fgpu_rt_fetch_part(send.p());
    req_send = 8;
    fgpu_rt_async_start(send.p(), rs.p(), 0);
    // A launch writes the array while both are in flight; the data of the
    // receive arrives meanwhile.
    launch_begin();
    d = (double*)fgpu_rt_array(whole.p(), 0, 1, K, L);
    for (long j = 0; j < n; j++) CHECK_EQ(dev_get(d, 1 + j * n), 100.0 + (double)(1 + j * n)); // not taken
    dev_set(d, 0, 500.0);
    launched();
    for (long j = 0; j < n; j++) q[1 + j * n] = -1.0 - (double)j; // arrives
    if (separate) {
        CHECK(poisoned(&q[0]));
        for (long j = 0; j < n; j++) CHECK_EQ(q[2 + j * n], 100.0 + (double)(2 + j * n)); // the send: not poisoned
    }
    // An external call copies the array back, but not the receive's elements.
    fgpu_rt_external();
    CHECK_EQ(q[0], 500.0);
    for (long j = 0; j < n; j++) CHECK_EQ(q[1 + j * n], -1.0 - (double)j);
    // The next launch: the receive is still in flight (its request did not
    // change): the device does not take its elements.
    launch_begin();
    d = (double*)fgpu_rt_array(whole.p(), 0, 0, K, L);
    launched();
    // MPI_Wait(req_recv) and MPI_Wait(req_send) set them to MPI_REQUEST_NULL.
    req_recv = 0;
    req_send = 0;
    launch_begin();
    d = (double*)fgpu_rt_array(whole.p(), 0, 0, K, L);
    for (long j = 0; j < n; j++) CHECK_EQ(dev_get(d, 1 + j * n), -1.0 - (double)j);
    CHECK_EQ(dev_get(d, 0), 500.0);
    launched();
    end_of({&whole});
}

int main(int argc, char** argv) {
    const char* m = argc > 1 ? argv[1] : "";
    if (std::strcmp(m, "streaming") == 0) {
        // fgpu_cpu_streaming at 0 bytes, 1 MiB and 1 TiB (runtime_test.go
        // runs it with FGPU_CPU_STREAMING_STORES unset, 0 and 1).
        std::printf("streaming %d %d %d\n", fgpu_cpu_streaming(0), fgpu_cpu_streaming((size_t)1 << 20),
                    fgpu_cpu_streaming((size_t)1 << 40));
        return 0;
    }
    if (std::strcmp(m, "shared") == 0) {
        test_shared();
    } else if (std::strcmp(m, "separate") == 0 || std::strcmp(m, "cuda") == 0) {
        cuda_mode = std::strcmp(m, "cuda") == 0;
        separate = !cuda_mode;
        test_written_copied_once();
        test_dirty_reuse();
        test_fetch_wait();
        test_wait_stops();
        test_external();
        test_stale();
        test_stale_dirty_syncs();
        test_discard();
        test_discard_partial();
        test_overlap_syncs();
        test_strided();
        test_rank2();
        test_alias_read_dropped();
        test_scalars();
        test_empty();
        test_stop();
        test_async();
        fgpu_rt_stats s;
        fgpu_rt_stats_get(&s);
        CHECK_EQ(s.entries, 0);
        CHECK_EQ(s.device_bytes, 0);
        CHECK(s.peak_device_bytes >= 2 * 99 * 8);
    } else {
        std::fprintf(stderr, "usage: rt_test shared|separate|cuda\n");
        return 2;
    }
    if (failures) {
        std::fprintf(stderr, "rt_test %s: %d checks failed\n", m, failures);
        return 1;
    }
    std::printf("rt_test %s: ok\n", m);
    return 0;
}
