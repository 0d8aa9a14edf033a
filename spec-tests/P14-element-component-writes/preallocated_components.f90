! Design doc, "The offloading pipeline": writes to allocatable components of
! array elements: "host preallocation with --realloc-lhs-arrays, run-time
! check without; only written elements" (SPEC-MAP P14).
! Whole allocatable components of the elements assigned array values in a
! loop of a module procedure called in a time loop (cells(i)%u = ...,
! cells(i)%f = matmul(mats(:, :, i), cells(i)%u) * dt, f with lower bound
! 0), each component allocated by the host
! before with the value's shape: the run-time check passes and each element's
! buffer is written in place. (A component of another shape ends the
! program with an error naming it: emit/realloc_test.go.)
module cells_mod
  implicit none
  type cell
    real(8), allocatable :: u(:), f(:)
  end type
  type(cell), allocatable :: cells(:)
  real(8), allocatable :: mats(:, :, :)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    integer :: i, k
    allocate(cells(n), mats(3, 3, n))
    do i = 1, n
      allocate(cells(i)%u(3), cells(i)%f(0:2))
      cells(i)%u = [(mod(i + k, 5) * 0.5d0, k = 1, 3)]
      mats(:, :, i) = reshape([(mod(i * k, 7) * 0.25d0, k = 1, 9)], [3, 3])
    end do
  end subroutine

  subroutine advance(dt)
    real(8), intent(in) :: dt
    integer :: i
    do concurrent (i = 1:size(cells))  ! WANT: offload
      cells(i)%f = matmul(mats(:, :, i), cells(i)%u) * dt
      cells(i)%u = cells(i)%u + cells(i)%f - 0.125d0
    end do
  end subroutine
end module

program preallocated_components
  use cells_mod
  implicit none
  integer, parameter :: n = 500
  real(8) :: ru(3, n), rf(3, n), m(3, 3), s
  integer :: i, t, k
  call setup(n)
  do i = 1, n
    ru(:, i) = cells(i)%u
  end do
  do t = 1, 4
    call advance(0.5d0)
    do i = 1, n
      m = mats(:, :, i)
      do k = 1, 3
        rf(k, i) = (m(k, 1) * ru(1, i) + m(k, 2) * ru(2, i) + m(k, 3) * ru(3, i)) * 0.5d0
      end do
      ru(:, i) = ru(:, i) + rf(:, i) - 0.125d0
    end do
  end do
  s = 0
  do i = 1, n
    if (any(cells(i)%u /= ru(:, i)) .or. any(cells(i)%f /= rf(:, i)) .or. lbound(cells(i)%f, 1) /= 0) then
      print '(a)', 'FAIL'
      error stop 1
    end if
    s = s + sum(cells(i)%u)
  end do
  print '(a,1x,f0.4)', 'PASSED', s
end program preallocated_components
