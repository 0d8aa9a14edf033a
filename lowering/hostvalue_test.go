package lowering

import (
	"testing"
)

// TestHostElements: elements of an array of a type with allocatable
// components the host hands over, used whole as the right side of a copy
// and as an intent(in) actual (hostvalue.go), lower without a diagnostic:
// a table for every allocatable array component, the array handed over as
// its tables only when its type has no other component, and the copy an
// allocation on the heap (the launch resets it).
func TestHostElements(t *testing.T) {
	plan, ds := lower(t, `module hvm
  implicit none
  type only_t
    real(8), allocatable :: w(:, :), b(:)
  end type
  type mixed_t
    integer :: n
    real(8), allocatable :: v(:)
  end type
contains
  pure real(8) function f(l) result(r)
    type(only_t), intent(in) :: l
    r = l%b(1) + l%w(1, 1)
  end function
end module
program p
  use hvm
  implicit none
  integer :: i
  real(8) :: a(10)
  type(only_t) :: ls(3)
  type(mixed_t) :: ms(3)
  do concurrent (i = 1:10)
    a(i) = f(ls(mod(i, 3) + 1))
  end do
  do concurrent (i = 1:10)
    block
      type(mixed_t) :: x
      x = ms(mod(i, 3) + 1)
      x%v(1) = x%v(1) + x%n
      a(i) = x%v(1)
    end block
  end do
  print *, sum(a)
end program
`)
	if len(ds) > 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	if len(plan.Kernels) != 2 {
		t.Fatalf("%d kernels, want 2", len(plan.Kernels))
	}
	for _, k := range plan.Kernels {
		switch k.Do.Pos.Line {
		case 23:
			if len(k.Elems) != 2 || k.Elems[0].Comp.Name != "w" || k.Elems[1].Comp.Name != "b" || k.Elems[0].Written || k.Elems[1].Written {
				t.Errorf("f(ls(...)): tables %v, want w and b, read only", k.Elems)
			}
			if len(k.ElemsOnly) != 1 {
				t.Errorf("ls is used through its tables only: ElemsOnly %v", k.ElemsOnly)
			}
		case 26:
			if len(k.Elems) != 1 || k.Elems[0].Comp.Name != "v" || k.Elems[0].Written {
				t.Errorf("x = ms(...): tables %v, want v, read only", k.Elems)
			}
			if len(k.ElemsOnly) != 0 {
				t.Errorf("ms's bytes (its component n) are handed over: ElemsOnly %v", k.ElemsOnly)
			}
			if !k.Heap {
				t.Errorf("the copy x = ms(...) allocates on the heap: Kernel.Heap false")
			}
		default:
			t.Errorf("a kernel at line %d", k.Do.Pos.Line)
		}
	}
}

// TestHostElementsDefined: elements defined whole -- the left side of an
// assignment, the actual of an intent(inout) dummy, the passed object of
// an intent(inout) binding of a class(t) dummy -- lower without a
// diagnostic, their tables written, each with the check of its write
// (facts/hostwhole.go); an element used whole by a function that may
// define it stays not yet implemented.
func TestHostElementsDefined(t *testing.T) {
	plan, ds := lower(t, `module hvd
  implicit none
  type only_t
    real(8), allocatable :: v(:)
  contains
    procedure :: bump
  end type
contains
  pure subroutine bump(l, c)
    class(only_t), intent(inout) :: l
    real(8), intent(in) :: c
    l%v = l%v + c
  end subroutine
  pure subroutine twice(l)
    type(only_t), intent(inout) :: l
    l%v = 2 * l%v
  end subroutine
end module
program p
  use hvd
  implicit none
  integer :: i
  type(only_t) :: ls(10), rs(10)
  do concurrent (i = 1:10)
    ls(i) = rs(i)
    call twice(ls(i))
    call rs(i)%bump(1d0)
  end do
  print *, ls(1)%v
end program
`)
	if len(ds) > 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	if len(plan.Kernels) != 1 {
		t.Fatalf("%d kernels, want 1", len(plan.Kernels))
	}
	k := plan.Kernels[0]
	written := map[string]bool{}
	for _, e := range k.Elems {
		written[e.Array.Name] = e.Written
	}
	if len(k.Elems) != 2 || !written["ls"] || !written["rs"] {
		t.Errorf("tables %v, want ls%%v and rs%%v, both written", k.Elems)
	}
	if len(plan.WholeChecks) != 3 {
		t.Errorf("%d checks of whole writes, want 3 (ls(i) =, twice(ls(i)), rs(i)%%bump)", len(plan.WholeChecks))
	}
}
