! Array-valued functions whose result has a shape only the device knows,
! held on the launch's heap: an allocatable result sized by the data
! (above(x, c): the values above a cut), an explicit-shape result r(n)
! with n computed in the iteration (the host cannot size it), and the
! inquiries of such calls, size(f(x)), ubound(f(x), 1) and shape(f(x)).
! The values are reduced, assigned to an allocatable local of a device
! procedure, bound to an associate name and passed on; a type-bound
! function of a module type reaches them from a batch loop in a module
! procedure called in a time loop. The host computes the same with the
! same procedures and checks each step.
module res_heap_mod
  implicit none
  type window
    real(8) :: cut
    integer :: width
  contains
    procedure :: measure
  end type window
contains
  pure function above(x, c) result(r)
    real(8), intent(in) :: x(:), c
    real(8), allocatable :: r(:)
    integer :: j, k
    allocate(r(count(x > c)))
    k = 0
    do j = 1, size(x)
      if (x(j) > c) then
        k = k + 1
        r(k) = x(j)
      end if
    end do
  end function above

  pure function ramp(n, h) result(r)
    integer, intent(in) :: n
    real(8), intent(in) :: h
    real(8) :: r(n)
    integer :: j
    do j = 1, n
      r(j) = h * j
    end do
  end function ramp

  pure real(8) function spread_of(v) result(s)
    real(8), intent(in) :: v(:)
    s = 0
    if (size(v) > 0) s = maxval(v) - minval(v)
  end function spread_of

  pure real(8) function measure(w, x) result(s)
    class(window), intent(in) :: w
    real(8), intent(in) :: x(:)
    real(8), allocatable :: kept(:)
    integer :: n
    kept = above(x, w%cut)
    n = size(above(x, w%cut)) + w%width
    s = sum(kept) + spread_of(above(kept, 0.5d0 * w%cut)) + sum(ramp(n, 0.25d0))
    s = s + 10 * size(ramp(n, 1d0)) + ubound(above(x, -w%cut), 1)
  end function measure

  subroutine batch(ws, x, y, z, n)
    type(window), intent(in) :: ws(:)
    real(8), intent(in) :: x(:, :)
    real(8), intent(out) :: y(:), z(:)
    integer, intent(in) :: n
    integer :: s
    do concurrent (s = 1:n)
      block
        integer :: m, k
        k = mod(s, size(ws)) + 1
        y(s) = ws(k)%measure(x(:, s))
        m = size(above(x(:, s), 0d0))
        z(s) = sum(ramp(m + 1, 0.5d0)) + 100 * sum(shape(above(x(:, s), 0.25d0))) + 1000 * m
        associate (a => above(x(:, s), ws(k)%cut))
          z(s) = z(s) + sum(a) + 7 * size(a)
        end associate
      end block
    end do
  end subroutine batch
end module res_heap_mod

program res_heap_shape
  use res_heap_mod
  implicit none
  integer, parameter :: n = 3000, m = 11, nsteps = 4
  type(window) :: ws(3)
  real(8), allocatable :: x(:, :), y(:), z(:)
  real(8) :: grand, wy, wz
  integer :: s, j, it, k, c
  allocate(x(m, n), y(n), z(n))
  ws = [window(-0.3d0, 2), window(0.1d0, 0), window(0.6d0, 5)]
  grand = 0
  do it = 1, nsteps
    do s = 1, n
      do j = 1, m
        x(j, s) = sin(real(s * j + 5 * it, 8))
      end do
    end do
    call batch(ws, x, y, z, n)
    do s = 1, n
      k = mod(s, size(ws)) + 1
      wy = ws(k)%measure(x(:, s))
      c = count(x(:, s) > 0d0)
      wz = sum(ramp(c + 1, 0.5d0)) + 100 * count(x(:, s) > 0.25d0) + 1000 * c
      wz = wz + sum(above(x(:, s), ws(k)%cut)) + 7 * count(x(:, s) > ws(k)%cut)
      if (y(s) /= wy .or. z(s) /= wz) then
        print '(a, i0, a, i0, 4es24.16)', 'FAIL step ', it, ' at ', s, y(s), wy, z(s), wz
        error stop 1
      end if
    end do
    grand = grand + sum(y) + sum(z)
  end do
  print '(a, es24.16)', 'grand ', grand
end program res_heap_shape
