! The time loop: the batch, then the same updates on the host's copies
! through the same procedures, compared element by element.
program submod_heap_tbp
  use model
  implicit none
  integer, parameter :: n = 1200, nin = 4, nsteps = 5
  type(layer), allocatable :: want(:)
  real(8), allocatable :: x(:, :)
  type(vec) :: y
  real(8) :: grand
  integer :: s, i, j, it, m
  allocate(layers(n), outs(n), x(nin, n))
  do s = 1, n
    m = mod(s, 3) + 2
    allocate(layers(s)%w(m, nin), layers(s)%b(m), outs(s)%v(m))
    do j = 1, nin
      do i = 1, m
        layers(s)%w(i, j) = 0.01d0 * (i + j - mod(s, 7))
      end do
    end do
    layers(s)%b = 0.1d0 * mod(s, 5)
    outs(s)%v = 0
  end do
  want = layers
  grand = 0
  do it = 1, nsteps
    do s = 1, n
      do j = 1, nin
        x(j, s) = cos(real(s + j * it, 8))
      end do
    end do
    call batch(x, n, 0.05d0)
    do s = 1, n
      call want(s)%nudge(x(:, s), 0.05d0)
      y = want(s)%forward(x(:, s))
      if (any(layers(s)%w /= want(s)%w) .or. any(layers(s)%b /= want(s)%b) .or. any(outs(s)%v /= y%v)) then
        print '(a, i0, a, i0)', 'FAIL step ', it, ' at ', s
        error stop 1
      end if
      grand = grand + sum(outs(s)%v)
    end do
  end do
  print '(a, es24.16)', 'grand ', grand
end program submod_heap_tbp
