! SPEC-MAP B2 (beyond the design doc): F2018 11.1.7.5 does not allow two
! iterations of a do concurrent to define the same element, but real codes
! write accumulations that do: a matrix product over three nested do
! concurrent loops, c(i,j) = c(i,j) + a(i,k)*b(k,j), whose iterations that
! differ in k update the same c(i,j), and a column sum whose inner loop
! omits its own index. fgpu runs the omitted indices in order inside each
! thread of the others (rules/race.mg, serial_index), as gfortran does, so
! the result is gfortran's, with a warning at the accumulation
! (array_accumulation) naming the fix. The loops are offloaded.
module array_accumulation_m
  implicit none
contains
  subroutine mm(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n, n), b(n, n)
    real(8), intent(inout) :: c(n, n)
    integer :: i, j, k
    do concurrent (j = 1:n)  ! WANT: offload
      do concurrent (k = 1:n)  ! WANT: offload
        do concurrent (i = 1:n)  ! WANT: offload
          c(i, j) = c(i, j) + a(i, k) * b(k, j)  ! DIAG: array_accumulation
        end do
      end do
    end do
  end subroutine

  subroutine colsum(s, a, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n, n)
    real(8), intent(inout) :: s(n)
    integer :: i, j
    do concurrent (j = 1:n)  ! WANT: offload
      do concurrent (i = 1:n)  ! WANT: offload
        s(j) = s(j) + a(i, j)  ! DIAG: array_accumulation
      end do
    end do
  end subroutine
end module

program array_accumulation
  use array_accumulation_m
  implicit none
  integer, parameter :: n = 96
  real(8) :: a(n, n), b(n, n), c(n, n), r(n, n), s(n), t(n)
  integer :: i, j, k
  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0d0 / real(i + j, 8)
      b(i, j) = real(mod(i * j, 7), 8) - 2.5d0
    end do
  end do
  c = 0
  r = 0
  s = 0
  t = 0
  call mm(a, b, c, n)
  call colsum(s, c, n)
  do j = 1, n
    do k = 1, n
      do i = 1, n
        r(i, j) = r(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
  do j = 1, n
    do i = 1, n
      t(j) = t(j) + r(i, j)
    end do
  end do
  if (any(c /= r) .or. any(s /= t)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(2es25.17)', sum(c), sum(s)
  print '(a)', 'PASSED'
end program array_accumulation
