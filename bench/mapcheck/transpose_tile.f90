! bench/mapcheck/transpose_tile.f90 (issue 30): the blocked transpose
! do concurrent (jt = 1:n:b, it = 1:n:b) local(t) with a t(b, b) tile
! filled and drained by inner DO loops, b = 32 (build.sh also builds it with
! b = n, which must be a compile-time error naming t, its size and the
! limit). Prints the best time and the bandwidth (2 * 8 * n^2 bytes).
! Arguments: repetitions (default 10); n is 16384 (a constant, as b = n
! needs one).
module transpose_m
  implicit none
  integer, parameter :: n = 16384, b = 32
  real(8), allocatable :: a(:, :), c(:, :)
contains
  subroutine tr()
    integer :: it, jt, i, j
    real(8) :: t(b, b)
    do concurrent (jt = 1:n:b, it = 1:n:b) local(t)
      do j = 1, b
        do i = 1, b
          t(i, j) = a(it + i - 1, jt + j - 1)
        end do
      end do
      do i = 1, b
        do j = 1, b
          c(jt + j - 1, it + i - 1) = t(i, j)
        end do
      end do
    end do
  end subroutine
end module
program transpose_tile
  use transpose_m
  implicit none
  integer :: nrep, rep, i, j
  integer(8) :: t0, t1, rate, best, bad
  character(32) :: arg
  nrep = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nrep
  end if
  allocate (a(n, n), c(n, n))
  do concurrent (j = 1:n, i = 1:n)
    a(i, j) = real(i, 8) + real(n, 8) * real(j - 1, 8)
    c(i, j) = -1
  end do
  best = huge(best)
  do rep = 0, nrep
    call system_clock(t0, rate)
    call tr()
    call system_clock(t1)
    if (rep > 0) best = min(best, t1 - t0)
  end do
  bad = 0
  do i = 1, n
    do j = 1, n
      if (c(j, i) /= a(i, j)) bad = bad + 1
    end do
  end do
  print '(a,i0,a,i0)', 'transpose_tile n = ', n, ', b = ', b
  print '(a,f10.3,a)', 'best ', 1d3 * real(best, 8) / real(rate, 8), ' ms'
  print '(a,f10.1,a)', 'bandwidth ', 16d0 * real(n, 8)**2 / (real(best, 8) / real(rate, 8)) * 1d-9, ' GB/s'
  if (bad /= 0) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
