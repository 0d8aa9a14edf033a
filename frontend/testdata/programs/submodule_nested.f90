! Nested submodules: parent(child) and parent:child(grandchild) syntax.
module linalg
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  interface
    module subroutine lu_factor(a, piv, info)
      real(real64), intent(inout) :: a(:,:)
      integer, intent(out) :: piv(:)
      integer, intent(out) :: info
    end subroutine lu_factor
    module subroutine lu_solve(a, piv, b)
      real(real64), intent(in) :: a(:,:)
      integer, intent(in) :: piv(:)
      real(real64), intent(inout) :: b(:)
    end subroutine lu_solve
  end interface
end module linalg

submodule (linalg) linalg_factor
  implicit none
contains
  module procedure lu_factor
    integer :: n, k, p, i
    real(real64), allocatable :: row(:)
    n = size(a, 1)
    info = 0
    allocate(row(n))
    do k = 1, n
      p = k - 1 + maxloc(abs(a(k:n, k)), dim=1)
      piv(k) = p
      if (a(p, k) == 0.0_real64) then
        info = k
        return
      end if
      if (p /= k) then
        row = a(k, :); a(k, :) = a(p, :); a(p, :) = row
      end if
      do i = k + 1, n
        a(i, k) = a(i, k) / a(k, k)
        a(i, k+1:n) = a(i, k+1:n) - a(i, k) * a(k, k+1:n)
      end do
    end do
  end procedure lu_factor
end submodule linalg_factor

submodule (linalg:linalg_factor) linalg_solve
  implicit none
contains
  module procedure lu_solve
    integer :: n, i
    real(real64) :: t
    n = size(b)
    do i = 1, n
      t = b(i); b(i) = b(piv(i)); b(piv(i)) = t
    end do
    do i = 2, n
      b(i) = b(i) - dot_product(a(i, 1:i-1), b(1:i-1))
    end do
    do i = n, 1, -1
      b(i) = (b(i) - dot_product(a(i, i+1:n), b(i+1:n))) / a(i, i)
    end do
  end procedure lu_solve
end submodule linalg_solve

program test_lu
  use linalg
  implicit none
  real(real64) :: a(3,3), b(3)
  integer :: piv(3), info
  a = reshape([2.0_real64, 4.0_real64, -2.0_real64, &
               1.0_real64, -6.0_real64, 7.0_real64, &
               1.0_real64, 0.0_real64, 2.0_real64], [3, 3])
  b = [5.0_real64, -2.0_real64, 9.0_real64]
  call lu_factor(a, piv, info)
  if (info /= 0) error stop 'singular matrix'
  call lu_solve(a, piv, b)
  print '(3f10.5)', b
end program test_lu
