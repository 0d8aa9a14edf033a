! FLAGS: -fopenmp
! OpenMP target loops (issue 31): target teams loop, target parallel do,
! target parallel loop, target simd and target teams
! distribute, with if, num_teams, thread_limit, reduction(*), reduction(min),
! reduction(-), the data directives (target data, enter/exit data, update)
! and omp_lib's omp_get_wtime, omp_get_num_devices, omp_set_default_device.
module field
  implicit none
  integer, parameter :: n = 4096
  real(8), allocatable :: u(:), v(:), w(:)
  integer, allocatable :: k(:)
contains
  subroutine smooth(big)
    logical, intent(in) :: big
    integer :: i
    !$omp target teams loop if(big) num_teams(64) thread_limit(128)
    do i = 2, n - 1
      v(i) = aint((u(i - 1) + 2 * u(i) + u(i + 1)) / 4 + 1)
    end do
    !$omp end target teams loop
    !$omp target parallel do
    do i = 2, n - 1
      u(i) = v(i)
    end do
    !$omp end target parallel do
  end subroutine smooth

  function total(a) result(s)
    real(8), intent(in) :: a(:)
    real(8) :: s
    integer :: i
    s = 0
    !$omp target teams loop reduction(+:s)
    do i = 1, size(a)
      s = s + a(i)
    end do
  end function total

  function smallest() result(r)
    integer :: r, i
    r = huge(r)
    !$omp target parallel loop reduction(min:r)
    do i = 1, n
      r = min(r, k(i))
    end do
  end function smallest

  function product2() result(p)
    real(8) :: p
    integer :: i
    p = 1
    !$omp target simd reduction(*:p)
    do i = 1, 20
      p = p * w(i)
    end do
  end function product2

  function negsum() result(s)
    integer :: s, i
    s = 0
    !$omp target teams distribute reduction(-:s)
    do i = 1, n
      s = s - k(i)
    end do
  end function negsum
end module field

program omp_target_forms
  use field
  use omp_lib
  implicit none
  integer :: it, i, nd, r, q
  real(8) :: t0, t1, s, p
  allocate(u(n), v(n), w(n), k(n))
  t0 = omp_get_wtime()
  nd = omp_get_num_devices()
  if (nd > 0) call omp_set_default_device(0)
  do i = 1, n
    u(i) = mod(i * 7, 16) * 4
    k(i) = mod(i * 13, 101) - 50
  end do
  w = 1
  w(1:20:2) = 2
  v = u
  !$omp target enter data map(to: u, v)
  !$omp target data map(tofrom: w)
  s = 0
  do it = 1, 30
    call smooth(it > 3)
    s = s + total(u)
    !$omp target update from(u)
  end do
  !$omp end target data
  !$omp target exit data map(from: u) map(delete: v)
  r = smallest()
  q = negsum()
  p = product2()
  t1 = omp_get_wtime()
  print *, s, sum(u), r, q, p
  if (t1 < t0 .or. nd < 0) error stop 1
  if (r /= minval(k) .or. q /= -sum(k) .or. p /= 2d0**10) error stop 2
end program omp_target_forms
