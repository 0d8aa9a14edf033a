! GUARDS: array_race (the nearest correct variants of array_race.f90: every written element is its iteration's own)
! GUARDS: array_accumulation (the matrix product with k as a plain DO inside each (i, j) iteration: no index omitted)
! SPEC-MAP B2 (beyond the design doc): the forms next to a race that are
! none: a matrix product whose k loop is a DO inside each (i, j)
! iteration, a stencil that reads u at offsets and writes unew, an update
! of an iteration's own element, and a red-black sweep writing a(2*i) and
! reading a(2*i - 1). In a module procedure over dummies, called in a time
! loop; the results are checked against the same loops on the host.
module race_free_m
  implicit none
contains
  subroutine mm(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n, n), b(n, n)
    real(8), intent(inout) :: c(n, n)
    integer :: i, j, k
    real(8) :: s
    do concurrent (j = 1:n, i = 1:n)  ! WANT: offload
      s = c(i, j)
      do k = 1, n
        s = s + a(i, k) * b(k, j)
      end do
      c(i, j) = s
    end do
  end subroutine

  subroutine sweep(u, unew, g, r, n)
    integer, intent(in) :: n
    real(8), intent(in) :: u(0:n + 1, n)
    real(8), intent(out) :: unew(n, n)
    real(8), intent(inout) :: g(n, n), r(2 * n)
    integer :: i, j
    do concurrent (j = 1:n, i = 1:n)  ! WANT: offload
      unew(i, j) = 0.5d0 * (u(i - 1, j) + u(i + 1, j))
      g(i, j) = g(i, j) + unew(i, j)
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      r(2 * i) = r(2 * i - 1) + 1.0d0
    end do
  end subroutine
end module

program array_race_free
  use race_free_m
  implicit none
  integer, parameter :: n = 64
  real(8) :: a(n, n), b(n, n), c(n, n), rc(n, n), u(0:n + 1, n), unew(n, n), g(n, n), rg(n, n), r(2 * n), rr(2 * n)
  integer :: i, j, k, step
  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0d0 / real(i + j, 8)
      b(i, j) = real(mod(i * j, 7), 8) - 2.5d0
    end do
  end do
  do j = 1, n
    do i = 0, n + 1
      u(i, j) = real(mod(3 * i + j, 11), 8)
    end do
  end do
  c = 0; rc = 0; g = 0; rg = 0
  do i = 1, 2 * n
    r(i) = real(i, 8)
  end do
  rr = r
  do step = 1, 3
    call mm(a, b, c, n)
    call sweep(u, unew, g, r, n)
    do j = 1, n
      do i = 1, n
        do k = 1, n
          rc(i, j) = rc(i, j) + a(i, k) * b(k, j)
        end do
        rg(i, j) = rg(i, j) + 0.5d0 * (u(i - 1, j) + u(i + 1, j))
      end do
    end do
    do i = 1, n
      rr(2 * i) = rr(2 * i - 1) + 1.0d0
    end do
  end do
  if (any(c /= rc) .or. any(g /= rg) .or. any(r /= rr)) then
    print *, 'FAIL'
  else
    print *, 'PASSED'
  end if
end program
