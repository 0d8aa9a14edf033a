package cxx

import "strings"

// NestIndexLoop is the loop of one index of a nested do concurrent run in
// order in the iteration, as lines: each line ending in "{" opens a level
// that the caller closes ("}" a level, after the body), the body goes
// after the last line. lo_ID, st_ID and the trip count n_ID are 64-bit;
// the index is name, of C type ct, its value lo + j*st at trip j, as a
// 64-bit counter v_ID truncated to ct. Where narrow (the CPU backend, a
// 32-bit index) the trips run on a 32-bit counter k_ID in chunks of c_ID
// trips from the value b_ID (fgpu_chunk32, emit/fgpu_prelude.h: every
// value of a chunk and every k_ID * s_ID fit in 32 bits, so that
// name = p_ID + k_ID * s_ID never overflows): the index is affine in the
// counter without a truncation, and the compiler vectorises the accesses
// contiguous in it (issue 30). The legacy writer (emit/nest.go) and the
// kernel IR's printer (nest) both print it.
func NestIndexLoop(id, lo, hi, step, ct, name string, narrow bool) []string {
	r := strings.NewReplacer("ID", id, "LO", lo, "HI", hi, "ST", step, "CT", ct, "NAME", name)
	var f []string
	if narrow {
		f = []string{
			"const int64_t lo_ID = LO, st_ID = ST;",
			"for (int64_t n_ID = fgpu_trip(lo_ID, HI, st_ID), b_ID = lo_ID, c_ID = 0; n_ID > 0; n_ID -= c_ID, b_ID += c_ID * st_ID) {",
			"c_ID = fgpu_chunk32(b_ID, n_ID, st_ID);",
			"const int32_t p_ID = (int32_t)b_ID, s_ID = (int32_t)st_ID;",
			"for (int32_t k_ID = 0; k_ID < (int32_t)c_ID; ++k_ID) {",
			"const CT NAME = p_ID + k_ID * s_ID;",
		}
	} else {
		f = []string{
			"const int64_t lo_ID = LO, st_ID = ST;",
			"for (int64_t n_ID = fgpu_trip(lo_ID, HI, st_ID), v_ID = lo_ID; n_ID > 0; --n_ID, v_ID += st_ID) {",
			"const CT NAME = (CT)v_ID;",
		}
	}
	for i, l := range f {
		f[i] = r.Replace(l)
	}
	return f
}
