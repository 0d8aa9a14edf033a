! bench/apps/smallstep/smallstep_mod.f90: Jacobi sweeps for -u'' = f on n
! points (u(0) = u(n+1) = 0), with small arrays (a few thousand elements),
! as module procedures over module arrays: the cost of a step is the cost
! of its launches and of the host's read of the residual, not of memory.
! Each loop's line carries "! kernel: NAME" (bench/apps/device.sh). Only
! + * and max: the hand-written CUDA (smallstep_ref.cu) computes the same
! bits.
module smallstep_mod
  implicit none
  private
  public :: u, unew, f, h2, resm, setup, relax, residual, residual_mod, copy_back, relax_into
  real(8), allocatable :: u(:), unew(:), f(:)
  real(8) :: h2
  real(8) :: resm ! the residual of residual_mod
contains
  subroutine setup(n)
    integer, intent(in) :: n
    integer :: i
    real(8) :: h
    allocate(u(0:n + 1), unew(0:n + 1), f(1:n))
    h = 1.0d0 / (n + 1)
    h2 = h * h
    do i = 0, n + 1
      u(i) = 0.0d0
      unew(i) = 0.0d0
    end do
    do i = 1, n
      f(i) = real(mod(i, 7) + 1, 8)
    end do
  end subroutine setup

  ! One Jacobi sweep into unew.
  subroutine relax()
    integer :: i
    do concurrent (i = 1:size(f))  ! kernel: relax
      unew(i) = 0.5d0 * (u(i - 1) + u(i + 1) + h2 * f(i))
    end do
  end subroutine relax

  ! The largest change of the sweep (exact: a maximum).
  function residual() result(res)
    real(8) :: res
    integer :: i
    res = 0.0d0
    do concurrent (i = 1:size(f)) reduce(max:res)  ! kernel: resid
      res = max(res, abs(unew(i) - u(i)))
    end do
  end function residual

  ! The same residual into a module variable (the layout where the host
  ! reads it after the step's last kernel: no wait inside the procedure).
  subroutine residual_mod()
    integer :: i
    resm = 0.0d0
    do concurrent (i = 1:size(f)) reduce(max:resm)  ! kernel: resid_mod
      resm = max(resm, abs(unew(i) - u(i)))
    end do
  end subroutine residual_mod

  subroutine copy_back()
    integer :: i
    do concurrent (i = 1:size(f))  ! kernel: copy
      u(i) = unew(i)
    end do
  end subroutine copy_back

  ! One Jacobi sweep from src into dst (dummies).
  subroutine relax_into(src, dst)
    real(8), intent(in) :: src(0:)
    real(8), intent(inout) :: dst(0:)
    integer :: i
    do concurrent (i = 1:size(f))  ! kernel: relax_into
      dst(i) = 0.5d0 * (src(i - 1) + src(i + 1) + h2 * f(i))
    end do
  end subroutine relax_into
end module smallstep_mod
