! bench/heap/src/heap.f90: the cost of a derived-type value with an
! allocatable component that device code creates (on the device heap of
! the launch, lowering/heap.go) against the same arithmetic in an array of
! the iteration of a constant size: N iterations, STEPS launches of each
! (arguments, default 2e6 and 20), each iteration making a vector of M
! values by a pure function (the heap: allocate in the function, the
! result moved into a block variable; the fixed: a local array of the
! function) and summing it. Timed through the timer wrapper after a
! warm-up; prints microseconds a launch of each, their ratio and checks
! that both give the same bits.
module heap_mod
  implicit none
  integer, parameter :: m = 8
  type vec_t
    real(8), allocatable :: v(:)
  end type vec_t
contains
  pure function ramp(k, x) result(r)
    integer, intent(in) :: k
    real(8), intent(in) :: x
    type(vec_t) :: r
    integer :: j
    allocate(r%v(k))
    do j = 1, k
      r%v(j) = x * j
    end do
  end function ramp

  pure real(8) function fixed_sum(k, x)
    integer, intent(in) :: k
    real(8), intent(in) :: x
    real(8) :: w(m)
    integer :: j
    do j = 1, k
      w(j) = x * j
    end do
    fixed_sum = sum(w(1:k))
  end function fixed_sum

  subroutine heap_values(a, b)
    real(8), intent(in) :: a(:)
    real(8), intent(inout) :: b(:)
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: heap_values
      block
        type(vec_t) :: p
        p = ramp(m, a(i))
        b(i) = sum(p%v)
      end block
    end do
  end subroutine heap_values

  subroutine fixed_arrays(a, c)
    real(8), intent(in) :: a(:)
    real(8), intent(inout) :: c(:)
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: fixed_arrays
      c(i) = fixed_sum(m, a(i))
    end do
  end subroutine fixed_arrays
end module heap_mod

program heap
  use apps_timer, only: wtime
  use heap_mod
  implicit none
  real(8), allocatable :: a(:), b(:), c(:)
  integer :: n, steps, s, i
  real(8) :: t0, th, tf
  character(len=32) :: arg

  n = 2000000
  steps = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) steps
  end if
  allocate(a(n), b(n), c(n))
  do i = 1, n
    a(i) = 1d-3 * mod(i, 1000)
  end do
  b = 0
  c = 0
  call heap_values(a, b)
  call fixed_arrays(a, c)
  t0 = wtime()
  do s = 1, steps
    call heap_values(a, b)
  end do
  th = (wtime() - t0) / steps
  t0 = wtime()
  do s = 1, steps
    call fixed_arrays(a, c)
  end do
  tf = (wtime() - t0) / steps
  print '(a, i0, a, i0, a, f10.3, a, f10.3, a, f6.3)', 'RESULT app=heap n=', n, ' steps=', steps, &
    ' us_heap=', th * 1d6, ' us_fixed=', tf * 1d6, ' fixed_over_heap=', tf / th
  print '(a, 2es24.16)', 'checksum ', sum(b), sum(c)
  if (any(b /= c)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
end program heap
