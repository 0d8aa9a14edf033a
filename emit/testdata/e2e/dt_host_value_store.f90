! Elements of module arrays the host hands over assigned whole in a batch
! loop: outputs(s) = layers(k)%forward(x(:, s)), the result of a
! type-bound function of a type whose only components are allocatable
! (a dense layer) of a type of allocatable components only (a vector),
! and stats(s) = t, a value of a type with other components besides its
! allocatable ones built in the iteration, and stats(s) = stats(s + n),
! another element. The values are written into the elements' device
! buffers (their shapes as on entry). A time loop calls the batch; the
! host checks every step.
module hv_store_mod
  implicit none
  type vec
    real(8), allocatable :: v(:)
  end type vec
  type dense
    real(8), allocatable :: w(:, :)
    real(8), allocatable :: b(:)
  contains
    procedure :: forward
  end type dense
  type stat
    integer :: n
    real(8) :: mean
    real(8), allocatable :: hist(:)
    logical :: ok
  end type stat
  type(dense), allocatable :: layers(:)
  type(vec), allocatable :: outputs(:)
  type(stat), allocatable :: stats(:)
contains
  pure function forward(l, x) result(y)
    class(dense), intent(in) :: l
    real(8), intent(in) :: x(:)
    type(vec) :: y
    integer :: i, j
    allocate(y%v(size(l%b)))
    do i = 1, size(l%b)
      y%v(i) = l%b(i)
      do j = 1, size(x)
        y%v(i) = y%v(i) + l%w(i, j) * x(j)
      end do
      y%v(i) = max(0d0, y%v(i))
    end do
  end function forward

  subroutine batch(x, n, nl, step)
    real(8), intent(in) :: x(:, :)
    integer, intent(in) :: n, nl, step
    integer :: s
    do concurrent (s = 1:n)
      block
        type(stat) :: t
        integer :: k, j
        k = mod(s, nl) + 1
        outputs(s) = layers(k)%forward(x(:, s))
        if (mod(s + step, 5) == 0) then
          stats(s) = stats(s + n)
        else
          t%n = size(outputs(s)%v)
          t%mean = sum(outputs(s)%v) / t%n
          allocate(t%hist(4))
          do j = 1, 4
            t%hist(j) = count(outputs(s)%v > 0.1d0 * j)
          end do
          t%ok = t%mean > 0.05d0
          stats(s) = t
        end if
      end block
    end do
  end subroutine batch
end module hv_store_mod

program dt_host_value_store
  use hv_store_mod
  implicit none
  integer, parameter :: n = 1500, nl = 3, nin = 5, nsteps = 6
  real(8), allocatable :: x(:, :), y(:)
  real(8) :: r, grand
  integer :: s, k, i, j, it, cnt
  allocate(layers(nl), outputs(n), stats(2 * n), x(nin, n))
  do k = 1, nl
    allocate(layers(k)%w(k + 2, nin), layers(k)%b(k + 2))
    do j = 1, nin
      do i = 1, k + 2
        layers(k)%w(i, j) = 0.02d0 * (i - j + k) - 0.01d0
      end do
    end do
    layers(k)%b = [(0.05d0 * i - 0.02d0 * k, i = 1, k + 2)]
  end do
  do s = 1, n
    allocate(outputs(s)%v(mod(s, nl) + 3))
    outputs(s)%v = -1
  end do
  do s = 1, 2 * n
    allocate(stats(s)%hist(4))
    stats(s)%hist = -s
    stats(s)%n = -1
    stats(s)%mean = -s
    stats(s)%ok = .false.
  end do
  grand = 0
  do it = 1, nsteps
    do s = 1, n
      do j = 1, nin
        x(j, s) = sin(real(s * j + it, 8))
      end do
    end do
    call batch(x, n, nl, it)
    do s = 1, n
      k = mod(s, nl) + 1
      allocate(y(k + 2))
      do i = 1, k + 2
        r = layers(k)%b(i)
        do j = 1, nin
          r = r + layers(k)%w(i, j) * x(j, s)
        end do
        y(i) = max(0d0, r)
      end do
      if (size(outputs(s)%v) /= k + 2) error stop 2
      if (any(outputs(s)%v /= y)) then
        print '(a, i0, a, i0)', 'FAIL outputs step ', it, ' at ', s
        error stop 1
      end if
      if (mod(s + it, 5) == 0) then
        if (stats(s)%n /= -1 .or. stats(s)%mean /= -(s + n) .or. any(stats(s)%hist /= -(s + n)) .or. stats(s)%ok) then
          print '(a, i0, a, i0)', 'FAIL copy step ', it, ' at ', s
          error stop 1
        end if
      else
        cnt = 0
        if (stats(s)%n /= k + 2 .or. stats(s)%mean /= sum(y) / (k + 2) .or. (stats(s)%ok .neqv. sum(y) / (k + 2) > 0.05d0)) cnt = 1
        do j = 1, 4
          if (stats(s)%hist(j) /= count(y > 0.1d0 * j)) cnt = 1
        end do
        if (cnt /= 0) then
          print '(a, i0, a, i0)', 'FAIL stats step ', it, ' at ', s
          error stop 1
        end if
      end if
      grand = grand + sum(outputs(s)%v) + stats(s)%mean + sum(stats(s)%hist)
      deallocate(y)
    end do
  end do
  print '(a, es24.16)', 'grand ', grand
end program dt_host_value_store
