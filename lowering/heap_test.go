package lowering

import (
	"strings"
	"testing"
)

// TestHeapLimits: what device code does not yet do with derived-type
// values with allocatable components is a not-yet-implemented error at the
// construct (heap.go), never a kernel that does something else.
func TestHeapLimits(t *testing.T) {
	_, ds := lower(t, `module hm
  implicit none
  type vec_t
    real(8), allocatable :: v(:)
  end type
  type box_t
    type(vec_t) :: inner
  end type
  type cnt_t
    integer, allocatable :: n
  end type
end module
program p
  use hm
  implicit none
  integer :: i
  real(8) :: a(10)
  type(vec_t) :: ps(10), g
  do concurrent (i = 1:10)
    block
      type(vec_t) :: x
      x = ps(i)
      a(i) = x%v(1)
      ps(i) = x
    end block
  end do
  do concurrent (i = 1:10)
    block
      type(box_t) :: b
      a(i) = 1
    end block
  end do
  do concurrent (i = 1:10)
    block
      type(vec_t) :: y
      integer :: st
      allocate(y%v(3), stat=st)
      y%v = 1
      a(i) = sum(y%v(1:2))
    end block
  end do
  do concurrent (i = 1:10)
    block
      type(cnt_t) :: c
      a(i) = 2
    end block
  end do
  do concurrent (i = 1:10) local_init(g)
    a(i) = size(g%v)
  end do
  do concurrent (i = 1:10)
    block
      type(vec_t) :: z
      z%v = a
      z%v = z%v(10:1:-1)
      a(i) = z%v(i)
    end block
  end do
  print *, sum(a)
end program
`)
	text := ""
	for _, d := range ds {
		text += d.String() + "\n"
	}
	for _, want := range []string{
		"type(box_t) has its component inner of type(vec_t), which has allocatable components",
		"ALLOCATE with a type, SOURCE=, MOLD=, STAT= or ERRMSG= in an offloaded loop",
		"a section of the allocatable component y%v in an offloaded loop",
		"type(cnt_t) has its allocatable scalar component n (not yet implemented on the device heap)",
		"local_init(g) of type(vec_t), which has allocatable components",
		"a section of the allocatable component z%v in an offloaded loop",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "ps(i)") {
		// ps(i) = x: written into the element's buffers (hostvalue.go).
		t.Errorf("the element ps(i) written whole is lowered now:\n%s", text)
	}
	if strings.Contains(text, "%!") || strings.Contains(text, "internal error") {
		t.Errorf("a malformed message or an internal error:\n%s", text)
	}
}
