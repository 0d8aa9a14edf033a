! Reallocating assignments to whole allocatable locals of device
! procedures whose right side reads the array assigned: r = [r, x(j)]
! (growing by one element in a loop), r = halve(r) (a function of r with
! another shape), r = [r, 2 * r], an implied-do loop of run-time trips
! and a section of r in one constructor, r = r(2:) (a section of itself), and
! t%v = [t%v, c] to the allocatable component of a value the procedure
! creates. A type-bound function of a filter type reached from a batch
! loop in a module procedure, called in a time loop; the host computes the
! same with the same procedures and checks each step.
module realloc_self_mod
  implicit none
  type bag
    real(8), allocatable :: v(:)
  end type bag
  type filter
    real(8) :: cut
  contains
    procedure :: score
  end type filter
contains
  pure function pick(x, c) result(r)
    real(8), intent(in) :: x(:), c
    real(8), allocatable :: r(:)
    integer :: j
    allocate(r(0))
    do j = 1, size(x)
      if (x(j) > c) r = [r, x(j)]
    end do
  end function pick

  pure function halve(r) result(h)
    real(8), intent(in) :: r(:)
    real(8), allocatable :: h(:)
    integer :: j
    allocate(h((size(r) + 1) / 2))
    do j = 1, size(h)
      h(j) = r(2 * j - 1)
      if (2 * j <= size(r)) h(j) = h(j) + r(2 * j)
    end do
  end function halve

  pure real(8) function score(f, x) result(s)
    class(filter), intent(in) :: f
    real(8), intent(in) :: x(:)
    real(8), allocatable :: r(:)
    type(bag) :: t
    integer :: n, j
    r = pick(x, f%cut)
    n = size(r)
    s = 0
    if (n > 2) then
      r = r(2:)
      s = s + 1000 * size(r)
    end if
    do while (size(r) > 1)
      r = halve(r)
      s = s + sum(r)
    end do
    r = [r, 2 * r]
    r = [(r(j) + j, j = 1, size(r)), -1d0, r(2:)]
    s = s + sum(r) + 10 * size(r) + 100 * n
    allocate(t%v(1))
    t%v(1) = s
    do n = 1, 3
      t%v = [t%v, t%v(n) * 0.5d0]
    end do
    s = sum(t%v)
  end function score

  subroutine batch(fs, x, y, n)
    type(filter), intent(in) :: fs(:)
    real(8), intent(in) :: x(:, :)
    real(8), intent(out) :: y(:)
    integer, intent(in) :: n
    integer :: s
    do concurrent (s = 1:n)
      y(s) = fs(mod(s, size(fs)) + 1)%score(x(:, s))
    end do
  end subroutine batch
end module realloc_self_mod

program alloc_realloc_self
  use realloc_self_mod
  implicit none
  integer, parameter :: n = 4000, m = 9, nsteps = 4
  type(filter) :: fs(3)
  real(8), allocatable :: x(:, :), y(:)
  real(8) :: grand, want
  integer :: s, j, it
  allocate(x(m, n), y(n))
  fs = [filter(-0.5d0), filter(0d0), filter(0.4d0)]
  grand = 0
  do it = 1, nsteps
    do s = 1, n
      do j = 1, m
        x(j, s) = sin(real(s * j + 3 * it, 8))
      end do
    end do
    call batch(fs, x, y, n)
    do s = 1, n
      want = fs(mod(s, size(fs)) + 1)%score(x(:, s))
      if (y(s) /= want) then
        print '(a, i0, a, i0, 2es24.16)', 'FAIL step ', it, ' at ', s, y(s), want
        error stop 1
      end if
    end do
    grand = grand + sum(y)
  end do
  print '(a, es24.16)', 'grand ', grand
end program alloc_realloc_self
