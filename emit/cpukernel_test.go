package emit

import (
	"reflect"
	"testing"

	"fgpu/frontend"
)

func TestLoopOrder(t *testing.T) {
	ix := func(names ...string) []*frontend.Symbol {
		var out []*frontend.Symbol
		for _, n := range names {
			out = append(out, &frontend.Symbol{Name: n})
		}
		return out
	}
	el := "(*(double*)(b_a + (((int64_t)(v_i)) - lb1_a) * sm1_a + (((int64_t)((v_j + ((int32_t)1LL)))) - lb2_a) * sm2_a + (((int64_t)(v_k)) - lb3_a) * sm3_a))"
	for _, c := range []struct {
		name  string
		body  string
		idx   []*frontend.Symbol
		order []int
	}{
		{"no arrays: header order", "x = 1;", ix("i", "j"), []int{0, 1}},
		{"first subscript innermost", el, ix("k", "j", "i"), []int{2, 1, 0}},
		{"already in order", el, ix("i", "j", "k"), []int{0, 1, 2}},
		{"two indices in a subscript do not vote", "(*(double*)(b_a + (((int64_t)((v_j + v_i))) - lb1_a) * sm1_a))", ix("i", "j"), []int{0, 1}},
		{"majority", el + el + "(*(double*)(b_b + (((int64_t)(v_k)) - lb1_b) * sm1_b))", ix("k", "i"), []int{1, 0}},
		{"an index array in a subscript does not vote", "(*(double*)(b_a + (((int64_t)((*(int32_t*)(b_p + (((int64_t)(v_j)) - lb1_p) * sm1_p)))) - lb1_a) * sm1_a))", ix("i", "j"), []int{0, 1}},
	} {
		if got := loopOrder(c.body, c.idx); !reflect.DeepEqual(got, c.order) {
			t.Errorf("%s: order %v, want %v", c.name, got, c.order)
		}
	}
}
