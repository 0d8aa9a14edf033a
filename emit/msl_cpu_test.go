package emit_test

// TestMSLCPUThreadgroups checks fgpu_msl_cpu.h's threadgroups of fibers
// (the execution model metal_cpu runs the MSL reductions in) on small
// hand-written kernels: SIMD-group functions see every lane's value, a
// barrier waits for every thread, a thread that skips a barrier or a
// SIMD-group function ends the program with an error, and a kernel that
// leaves out a barrier reads what the other threads have not written yet
// (so that a missing barrier in emitted code gives a wrong result here).
// Both fiber switches are checked: fgpu_msl_swap (x86-64) and ucontext.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const mslCPUProgram = `#include "fgpu_msl_cpu.h"
#include <cstring>
// The runtime's iteration order (fgpu_rt_cpu.cpp): as given.
extern "C" int fgpu_cpu_order(void) { return 0; }
extern "C" int64_t fgpu_cpu_order_index(int64_t q, int64_t n) { (void)n; return q; }

// Per SIMD-group: simd_sum of the thread positions, and the same sum by a
// simd_shuffle_down tree; per threadgroup: the sum over its SIMD-groups
// through threadgroup memory and a barrier (or none: skip).
kernel void sums(device int* out, int skip, int early, uint tid [[thread_position_in_grid]], uint tg [[threadgroup_position_in_grid]],
                 uint lid [[thread_position_in_threadgroup]], uint lane [[thread_index_in_simdgroup]], uint sg [[simdgroup_index_in_threadgroup]],
                 uint nsg [[simdgroups_per_threadgroup]], uint nl [[threads_per_simdgroup]]) {
  threadgroup int sh[32];
  int v = (int)tid;
  const int s = simd_sum(v);
  int w = v;
  for (ushort o = nl / 2; o > 0; o >>= 1) w += simd_shuffle_down(w, o);
  if (lane == 0 && s != w) out[1000] = 1;
  if (lane == 0) sh[sg] = s;
  if (early && lid == 5) return;
  if (!skip) threadgroup_barrier(mem_flags::mem_threadgroup);
  if (lid == 0) {
    int t = 0;
    for (uint i = 0; i < nsg; ++i) t += sh[i];
    out[tg] = t;
  }
}

int main(int argc, char** argv) {
  static int out[1001];
  const uint ng = 3;
  const int skip = argc > 1 && std::strcmp(argv[1], "skip") == 0;
  const int early = argc > 1 && std::strcmp(argv[1], "early") == 0;
  fgpu_msl_dispatch_groups(ng, FGPU_MSL_TG, [&](const fgpu_msl_pos& p) { sums(out, skip, early, p.tid, p.tg, p.lid, p.lane, p.sg, p.nsg, p.nl); });
  if (out[1000]) { std::printf("simd_sum and the shuffle tree differ\n"); return 1; }
  for (uint g = 0; g < ng; ++g) {
    const int lo = (int)(g * FGPU_MSL_TG), hi = lo + FGPU_MSL_TG - 1;
    std::printf("%d %s\n", out[g], out[g] == (lo + hi) * FGPU_MSL_TG / 2 ? "ok" : "wrong");
  }
  return 0;
}
`

func TestMSLCPUThreadgroups(t *testing.T) {
	cxx := os.Getenv("CXX")
	if cxx == "" {
		cxx = "c++"
	}
	needTool(t, strings.Fields(cxx)[0])
	fc := needTool(t, "gfortran")
	inc, err := exec.Command(fc, "-print-file-name=include").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "tg.cpp")
	if err := os.WriteFile(src, []byte(mslCPUProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	emitDir, _ := filepath.Abs(".")
	rtDir, _ := filepath.Abs(filepath.Join("..", "runtime", "src"))
	for _, sw := range []string{"swap", "ucontext"} {
		t.Run(sw, func(t *testing.T) {
			exe := filepath.Join(dir, "tg-"+sw)
			args := append(strings.Fields(cxx)[1:], "-std=c++17", "-O2", "-I", emitDir, "-I", rtDir, "-I", strings.TrimSpace(string(inc)), "-o", exe, src)
			if sw == "ucontext" {
				args = append([]string{"-DFGPU_MSL_UCONTEXT"}, args...)
			}
			if out, err := exec.Command(strings.Fields(cxx)[0], args...).CombinedOutput(); err != nil {
				t.Fatalf("%s %s: %v\n%s", cxx, strings.Join(args, " "), err, out)
			}
			run := func(mode string) (string, error) {
				out, err := exec.Command(exe, mode).CombinedOutput()
				return string(out), err
			}
			// With the barrier: every threadgroup's sum.
			out, err := run("")
			if err != nil || strings.Contains(out, "wrong") || strings.Count(out, "ok") != 3 {
				t.Errorf("with the barrier: %v\n%s", err, out)
			}
			// Without it, thread 0 of threadgroup 0 runs ahead (it is
			// resumed first) and reads the other SIMD-groups' slots before
			// they are written.
			out, err = run("skip")
			if err != nil || !strings.Contains(out, "wrong") {
				t.Errorf("without the barrier the sums are still right (a missing barrier would go unnoticed): %v\n%s", err, out)
			}
			// A thread that returns before the barrier: an error.
			out, err = run("early")
			if err == nil || !strings.Contains(out, "threadgroup_barrier that a thread of the threadgroup did not reach") {
				t.Errorf("a thread returned before the barrier: want the error, got %v\n%s", err, out)
			}
		})
	}
}
