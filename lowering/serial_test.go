package lowering

import (
	"strings"
	"testing"
)

// serialNames spells the parallel and the serial indices of k.
func serialNames(k *Kernel) (par, ser string) {
	var p, s []string
	for _, x := range k.Indices {
		p = append(p, x.Name)
	}
	for _, x := range k.Serial {
		s = append(s, x.Sym.Name)
	}
	return strings.Join(p, ","), strings.Join(s, ",")
}

// TestSerialIndices: the indices an accumulation omits (rules/race.mg,
// serial_index) leave the iteration space for Kernel.Serial, slowest
// first, in the nested form (combined loops), the tiled form (one header)
// and a header of two omitted indices; the nearest correct loop has none.
func TestSerialIndices(t *testing.T) {
	for _, tc := range []struct {
		name, body, par, ser string
	}{
		{"nested", `do concurrent (j = 1:n)
    do concurrent (k = 1:n)
      do concurrent (i = 1:n)
        c(i, j) = c(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do`, "j,i", "k"},
		{"tiled", `do concurrent (j = 1:n:4, k = 1:n:4, i = 1:n:4)
    do m = i, min(i + 3, n)
      c(m, j) = c(m, j) + a(m, k)
    end do
  end do`, "j,i", "k"},
		{"two", `do concurrent (i = 1:n, k = 1:n, l = 1:2)
    c(i, 1) = c(i, 1) + a(i, k) * l
  end do`, "i", "l,k"},
		{"none", `do concurrent (j = 1:n, i = 1:n)
    c(i, j) = c(i, j) + a(i, j)
  end do`, "j,i", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan, ds := lower(t, `program p
  implicit none
  integer :: i, j, k, l, m, n
  real :: a(8, 8), b(8, 8), c(8, 8)
  n = 8; a = 1; b = 2; c = 0
  `+tc.body+`
  print *, c(1, 1)
end program
`)
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			if len(plan.Kernels) != 1 {
				t.Fatalf("%d kernels, want 1", len(plan.Kernels))
			}
			k := plan.Kernels[0]
			par, ser := serialNames(k)
			if par != tc.par || ser != tc.ser {
				t.Errorf("parallel (%s) serial (%s), want (%s) (%s)", par, ser, tc.par, tc.ser)
			}
			if len(k.Bounds) != len(k.Indices) {
				t.Errorf("%d bounds for %d indices", len(k.Bounds), len(k.Indices))
			}
		})
	}
}

// TestSerialEveryIndex: an accumulation that omits every index of the
// kernel is not yet implemented, at the accumulation.
func TestSerialEveryIndex(t *testing.T) {
	_, ds := lower(t, `program p
  implicit none
  integer :: i
  real :: s(1), a(8)
  a = 1; s = 0
  do concurrent (i = 1:8)
    s(1) = s(1) + a(i)
  end do
  print *, s
end program
`)
	found := false
	for _, d := range ds {
		found = found || d.Code == "nyi_array_accumulation" && d.Pos.Line == 7
	}
	if !found {
		t.Errorf("want nyi_array_accumulation at line 7, got %v", ds)
	}
}
