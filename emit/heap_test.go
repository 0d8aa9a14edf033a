package emit_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestHeapStops: the allocations device code makes on the device heap
// (lowering/heap.go) end the program with an error naming the allocation
// when the heap of the launch has no room left (FGPU_HEAP_SIZE) or the
// component is already allocated; with room, every iteration gets its own
// storage (the heap is reset for every launch: a heap of a few iterations'
// worth is enough for launch after launch). Both memory modes, shuffled.
func TestHeapStops(t *testing.T) {
	needTool(t, "gfortran")
	dir := t.TempDir()
	prog := `module vm
  implicit none
  type vec_t
    real(8), allocatable :: v(:)
  end type
end module
program heap
  use vm
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n)
  integer :: i, t
  do t = 1, 50
    do concurrent (i = 1:n)
      block
        type(vec_t) :: x
        allocate(x%v(100))
        x%v = i
        if (i == AGAIN) allocate(x%v(2))
        a(i) = sum(x%v) + t
      end block
    end do
  end do
  print *, sum(a)
end program
`
	for _, tc := range []struct {
		again, heap string
		msg         string // "" when the program runs to its end
	}{
		{"0", "", ""},
		{"0", "1M", ""}, // 1000 x 800 bytes a launch, 50 launches
		{"0", "64K", "the device heap is exhausted: the allocation of x%v at heap.f90:17"},
		{"77", "", "attempting to allocate the already allocated component x%v at heap.f90:19"},
	} {
		exe := buildCPU(t, dir, "heap", strings.ReplaceAll(prog, "AGAIN", tc.again), "")
		for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}} {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), env...)
			if tc.heap != "" {
				cmd.Env = append(cmd.Env, "FGPU_HEAP_SIZE="+tc.heap)
			}
			out, err := cmd.CombinedOutput()
			if tc.msg == "" {
				// sum over i of (100 i + 50) = 100 n(n+1)/2 + 50 n
				if err != nil || !strings.Contains(string(out), "50100000.") {
					t.Errorf("again=%s heap=%s %v: want the sum 50100000, got %v\n%s", tc.again, tc.heap, env, err, out)
				}
				continue
			}
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), tc.msg) {
				t.Errorf("again=%s heap=%s %v: want exit status 1 and %q, got %v\n%s", tc.again, tc.heap, env, tc.msg, err, out)
			}
		}
	}
}

// TestHeapAssociateConstructor: associate (t => tensor_t(x)), the design
// doc's example of a value device code creates, built on the heap, and
// associate (t => tensor(x)), a function's result, in module procedures
// over module arrays, in every CPU mode and order; the program checks
// itself against sums the host computes without the construct. gfortran 12
// cannot be the oracle of either: at the end of the associate its build
// frees the constructor's argument (a stack address) or an uninitialised
// pointer of the function's result (valgrind: "Invalid free"), a crash
// now and then.
func TestHeapAssociateConstructor(t *testing.T) {
	prog := `module am
  implicit none
  type tensor_t
    real(8), allocatable :: values(:)
    integer :: n
  end type
  integer, parameter :: n = 5000
  real(8) :: a(n), b(n), c(n)
contains
  pure real(8) function norm1(t)
    type(tensor_t), intent(in) :: t
    norm1 = sum(abs(t%values)) + t%n
  end function
  pure function tensor(x, k) result(t)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: k
    type(tensor_t) :: t
    t = tensor_t(x * 2, k)
  end function
  subroutine norms()
    integer :: i
    do concurrent (i = 1:n - 2)
      associate (t => tensor_t(a(i:i + 2) * 2, i))
        b(i) = norm1(t) + size(t%values) * 1000 + lbound(t%values, 1) * 100
      end associate
    end do
    do concurrent (i = 1:n - 2)
      associate (t => tensor(a(i:i + 2), i))
        c(i) = norm1(t) + size(t%values) * 1000 + lbound(t%values, 1) * 100
      end associate
    end do
  end subroutine
end module
program p
  use am
  implicit none
  integer :: i, bad, k
  real(8) :: e
  bad = 0
  do k = 1, 2
    do i = 1, n
      a(i) = 0.5d0 * mod(i * 7 * k, 9) - 2
    end do
    call norms()
    do i = 1, n - 2
      e = 2 * (abs(a(i)) + abs(a(i + 1)) + abs(a(i + 2))) + i + 3100
      if (b(i) /= e .or. c(i) /= e) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print '(a, i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
`
	exe := buildCPU(t, t.TempDir(), "assoc", prog, "")
	for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1"}, {"FGPU_CPU_ORDER=reverse"}, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}} {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "PASSED") {
			t.Errorf("%v: %v\n%s", env, err, out)
		}
	}
}

// TestHeapLocal: local(t) of a type with an allocatable component is a
// value each iteration creates, unallocated at the start of each (its
// component allocated with the iteration's own size); gfortran 12 rejects
// local(), so the program checks itself.
func TestHeapLocal(t *testing.T) {
	prog := `module lm
  implicit none
  type vec_t
    real(8), allocatable :: v(:)
  end type
end module
program p
  use lm
  implicit none
  integer :: i
  real(8) :: a(1000)
  type(vec_t) :: t
  do concurrent (i = 1:1000) local(t)
    if (allocated(t%v)) error stop 'allocated at the start of an iteration'
    allocate(t%v(mod(i, 17) + 1))
    t%v = i
    a(i) = sum(t%v)
  end do
  do i = 1, 1000
    if (a(i) /= i * (mod(i, 17) + 1)) error stop 'FAIL'
  end do
  print '(a)', 'PASSED'
end program
`
	exe := buildCPU(t, t.TempDir(), "local", prog, "")
	for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}, {"FGPU_CPU_ORDER=reverse"}} {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "PASSED") {
			t.Errorf("%v: %v\n%s", env, err, out)
		}
	}
}
