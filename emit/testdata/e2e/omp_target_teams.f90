! FLAGS: -fopenmp
! OpenMP target loops (issue 31): !$omp target teams distribute parallel do,
! with and without its end directive, simd, reduction(+), reduction(max),
! private, firstprivate, collapse(2): module arrays, a dot product in a
! function the time loop calls, a 2-D update in a subroutine.
module cgdata
  implicit none
  integer, parameter :: n = 3000, m = 40
  real(8), allocatable :: x(:), y(:), g(:,:)
contains
  function dot(a, b) result(s)
    real(8), intent(in) :: a(:), b(:)
    real(8) :: s
    integer :: i
    s = 0
    !$omp target teams distribute parallel do reduction(+:s) map(to:a, b) map(tofrom:s)
    do i = 1, size(a)
      s = s + a(i) * b(i)
    end do
    !$omp end target teams distribute parallel do
  end function dot

  function biggest(a) result(r)
    real(8), intent(in) :: a(:)
    real(8) :: r
    integer :: i
    r = -huge(r)
    !$omp target teams distribute parallel do simd reduction(max:r)
    do i = 1, size(a)
      r = max(r, a(i))
    end do
  end function biggest

  subroutine update(step)
    integer, intent(in) :: step
    integer :: i, j
    real(8) :: t, w
    w = 2
    !$omp target teams distribute parallel do collapse(2) private(t) firstprivate(w)
    do j = 1, m
      do i = 1, n
        t = w * j
        g(i, j) = g(i, j) + t + mod(i + step, 7)
      end do
    end do
    !$omp target teams distribute parallel do private(j)
    do i = 1, n
      do j = 1, 3
        x(i) = x(i) + j
      end do
      y(i) = y(i) + x(n + 1 - i) * 0 + 1
    end do
  end subroutine update
end module cgdata

program omp_target_teams
  use cgdata
  implicit none
  integer :: it, i
  real(8) :: s, r
  allocate(x(n), y(n), g(n, m))
  do i = 1, n
    x(i) = mod(i, 5)
    y(i) = mod(i, 3)
  end do
  g = 0
  s = 0
  r = 0
  do it = 1, 25
    call update(it)
    s = s + dot(x, y)
    r = max(r, biggest(g(:, m)))
  end do
  print *, s, r, sum(g), sum(x), sum(y)
  if (s <= 0 .or. r /= maxval(g(:, m))) error stop 1
end program omp_target_teams
