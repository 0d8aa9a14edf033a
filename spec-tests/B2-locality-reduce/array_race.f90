! SPEC-MAP B2 (beyond the design doc; an entry fgpu adds to the unsupported
! list on every device, as for shared scalars): F2018 11.1.7.5, an element
! defined in one iteration of a do concurrent shall not be referenced or
! defined in another. A write in every iteration whose subscripts do not
! depend on an index of the loop (other than an accumulation), or a read of
! the written array at another offset of the same index with the other
! subscripts spelt the same, is an error at the element (array_race) whose
! message names the indices and the fixes (O1-outcomes/fallback_array_race.f90
! runs such loops on the host). The nearest correct loops beside them (each
! iteration its own elements, a stencil into another array, red-black
! offsets, an indirect write, a write under a condition) are offloaded. The
! program is valid for gfortran, which runs the loops in order.
module array_race_m
  implicit none
contains
  subroutine colmax(b, a, n, m)
    integer, intent(in) :: n, m
    real, intent(in) :: b(n, m)
    real, intent(out) :: a(m)
    integer :: i, j
    ! a(j) in every (i, j): iterations that differ in i write the same a(j).
    do concurrent (i = 1:n, j = 1:m)  ! WANT: error array_race
      a(j) = b(i, j)  ! DIAG: array_race
    end do
  end subroutine

  subroutine sweep(u, n)
    integer, intent(in) :: n
    real, intent(inout) :: u(0:n)
    integer :: i
    ! Iteration i reads u(i-1), which iteration i-1 writes.
    do concurrent (i = 1:n)  ! WANT: error array_race
      u(i) = u(i - 1) + 1.0  ! DIAG: array_race
    end do
  end subroutine

  subroutine correct(u, unew, v, idx, n)
    integer, intent(in) :: n, idx(n)
    real, intent(inout) :: u(0:n + 1), unew(n), v(2 * n)
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      unew(i) = 0.5 * (u(i - 1) + u(i + 1))
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      v(2 * i) = v(2 * i - 1) + 1.0
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      v(idx(i)) = unew(i)
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      if (i == 1) u(0) = unew(1)
    end do
  end subroutine
end module

program array_race
  use array_race_m
  implicit none
  integer, parameter :: n = 64, m = 8
  real :: b(n, m), a(m), u(0:n + 1), unew(n), v(2 * n)
  integer :: i, j, idx(n)
  do j = 1, m
    do i = 1, n
      b(i, j) = real(mod(i * 3 + j, 17))
    end do
  end do
  u = [(real(i), i = 0, n + 1)]
  v = 1.0
  idx = [(n + 1 - i, i = 1, n)]
  call colmax(b, a, n, m)
  call sweep(u, n)
  call correct(u, unew, v, idx, n)
  if (u(n) /= real(n)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(8(1x,f0.1))', a
  print '(4(1x,f0.1))', u(n), unew(1), v(2), sum(v)
  print '(a)', 'PASSED'
end program array_race
