package cxx

import (
	"strings"
	"testing"
)

// TestNestIndexLoop: the 64-bit form (CUDA, and indices that are not
// 32-bit) is the loop every backend printed before the 32-bit counters;
// the 32-bit form opens two levels, a chunk loop and its 32-bit counter,
// and computes the index from the chunk's first value without a
// truncation of the counter.
func TestNestIndexLoop(t *testing.T) {
	wide := strings.Join(NestIndexLoop("1", "lo", "hi", "1", "int64_t", "v_i", false), "\n")
	want := "const int64_t lo_1 = lo, st_1 = 1;\n" +
		"for (int64_t n_1 = fgpu_trip(lo_1, hi, st_1), v_1 = lo_1; n_1 > 0; --n_1, v_1 += st_1) {\n" +
		"const int64_t v_i = (int64_t)v_1;"
	if wide != want {
		t.Errorf("64-bit form:\n%s\nwant:\n%s", wide, want)
	}
	narrow := NestIndexLoop("0_1", "(int64_t)(a)", "(int64_t)(b)", "st", "int32_t", "v_j", true)
	opened := 0
	for _, l := range narrow {
		if strings.HasSuffix(l, "{") {
			opened++
		}
	}
	if opened != 2 {
		t.Errorf("32-bit form opens %d levels, want 2:\n%s", opened, strings.Join(narrow, "\n"))
	}
	last := narrow[len(narrow)-1]
	if last != "const int32_t v_j = p_0_1 + k_0_1 * s_0_1;" {
		t.Errorf("32-bit form's index: %q", last)
	}
	if !strings.Contains(strings.Join(narrow, "\n"), "c_0_1 = fgpu_chunk32(b_0_1, n_0_1, st_0_1);") {
		t.Errorf("32-bit form without its chunk:\n%s", strings.Join(narrow, "\n"))
	}
}
