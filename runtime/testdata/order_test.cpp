// order_test.cpp: the iteration-order test mode of the CPU kernels
// (FGPU_CPU_ORDER, fgpu_cpu_order and fgpu_cpu_order_index in fgpu_rt.h),
// run by runtime/order_test.go under each value of the variable. For
// several trip counts it prints the mode, whether the positions map onto a
// permutation of the iterations, and how many positions run their own
// iteration, then a digest of the order of 1000 iterations.
#include "fgpu_rt.h"

#include <cstdio>
#include <vector>

int main() {
    std::printf("mode %d\n", fgpu_cpu_order());
    const int64_t sizes[] = {1, 2, 3, 4, 5, 7, 16, 17, 100, 999, 4096, 65537, 1000003};
    for (int64_t n : sizes) {
        std::vector<char> seen(n, 0);
        bool perm = true;
        int64_t fixed = 0;
        for (int64_t q = 0; q < n; q++) {
            int64_t l = fgpu_cpu_order_index(q, n);
            if (l < 0 || l >= n || seen[l]) {
                perm = false;
                break;
            }
            seen[l] = 1;
            fixed += l == q;
        }
        std::printf("n %lld perm %d fixed %lld\n", (long long)n, perm ? 1 : 0, (long long)fixed);
    }
    unsigned long long h = 1469598103934665603ULL;
    for (int64_t q = 0; q < 1000; q++) h = (h ^ (unsigned long long)fgpu_cpu_order_index(q, 1000)) * 1099511628211ULL;
    std::printf("digest %llx\n", h);
    return 0;
}
