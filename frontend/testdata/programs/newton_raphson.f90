! Newton-Raphson and bisection root finders with procedure arguments and interface blocks.
module roots
  implicit none
  integer, parameter :: dp = kind(1.d0)
  interface
    function scalar_fn(x)
      import dp
      real(dp), intent(in) :: x
      real(dp) :: scalar_fn
    end function scalar_fn
  end interface
contains
  subroutine newton(f, df, x0, tol, root, iters, converged)
    procedure(scalar_fn) :: f, df
    real(dp), intent(in) :: x0, tol
    real(dp), intent(out) :: root
    integer, intent(out) :: iters
    logical, intent(out) :: converged
    real(dp) :: dx
    integer, parameter :: maxit = 50
    root = x0
    converged = .false.
    do iters = 1, maxit
      dx = f(root) / df(root)
      root = root - dx
      if (abs(dx) < tol) then
        converged = .true.
        return
      end if
    end do
  end subroutine newton

  real(dp) function bisect(f, a0, b0, tol) result(c)
    procedure(scalar_fn) :: f
    real(dp), intent(in) :: a0, b0, tol
    real(dp) :: a, b, fa, fc
    a = a0; b = b0
    fa = f(a)
    do
      c = 0.5_dp * (a + b)
      fc = f(c)
      if (abs(b - a) < tol .or. fc == 0.0_dp) exit
      if (sign(1.0_dp, fa) == sign(1.0_dp, fc)) then
        a = c; fa = fc
      else
        b = c
      end if
    end do
  end function bisect

  real(dp) function g(x)
    real(dp), intent(in) :: x
    g = x**3 - 2.0_dp*x - 5.0_dp
  end function g

  real(dp) function dg(x)
    real(dp), intent(in) :: x
    dg = 3.0_dp*x**2 - 2.0_dp
  end function dg
end module roots

program newton_raphson
  use roots
  implicit none
  real(dp) :: r1, r2
  integer :: it
  logical :: ok
  call newton(g, dg, 2.0_dp, 1.0e-14_dp, r1, it, ok)
  r2 = bisect(g, 2.0_dp, 3.0_dp, 1.0e-12_dp)
  print '(a, f20.15, a, i0, a, l1)', 'newton: ', r1, ' iters=', it, ' converged=', ok
  print '(a, f20.15)', 'bisect: ', r2
  print '(a, es10.2)', 'difference: ', abs(r1 - r2)
end program newton_raphson
