! FLAGS: --gpu-allow-cpu-fallback
! Design doc, "Outcomes": "The loop uses something from the unsupported
! list: ... with --gpu-allow-cpu-fallback, the loop runs on the CPU, with a
! warning". fgpu's entry array_race (two iterations touch the same array
! element, one writing it; SPEC-MAP B2) is on the list: with the flag the
! loop runs on the host, in order, and gives gfortran's result; the loop
! beside it, whose iterations each write their own elements, is offloaded.
module last_col_m
  implicit none
contains
  subroutine last_col(b, a, n, m)
    integer, intent(in) :: n, m
    real, intent(in) :: b(n, m)
    real, intent(out) :: a(m)
    integer :: i, j
    do concurrent (i = 1:n, j = 1:m)  ! WANT: host array_race
      a(j) = b(i, j)  ! DIAG: array_race
    end do
  end subroutine
  subroutine scale(b, n, m)
    integer, intent(in) :: n, m
    real, intent(inout) :: b(n, m)
    integer :: i, j
    do concurrent (i = 1:n, j = 1:m)  ! WANT: offload
      b(i, j) = 2.0 * b(i, j)
    end do
  end subroutine
end module

program fallback_array_race
  use last_col_m
  implicit none
  integer, parameter :: n = 50, m = 6
  real :: b(n, m), a(m)
  integer :: i, j
  do j = 1, m
    do i = 1, n
      b(i, j) = real(i + 100 * j)
    end do
  end do
  call scale(b, n, m)
  call last_col(b, a, n, m)
  do j = 1, m
    if (a(j) /= 2.0 * real(n + 100 * j)) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(6(1x,f0.1))', a
  print '(a)', 'PASSED'
end program fallback_array_race
