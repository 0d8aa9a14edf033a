! Nested do concurrent loops whose 32-bit indices run on the CPU backend's
! 32-bit counters in chunks (emit/cxx/nest.go, fgpu_chunk32): indices
! next to huge(0) and -huge(0) (up to huge(0) itself: TestCPUIndexAtHuge,
! which --gpu=none cannot run: gfortran -O2 makes its DO loops that end
! at huge(0) infinite), negative and large steps (chunks of a few
! trips: every multiple of the step fits in 32 bits), a mask and cycle in
! the inner loop, an empty range, a
! tile loop with a constant step (the unit-stride version for a stepped
! innermost index) over partial tiles.
module nest32_m
  implicit none
  integer, parameter :: bs = 8
contains
  subroutine edges(cnt, s)
    integer, intent(out) :: cnt(6)
    integer(8), intent(out) :: s(6)
    integer :: k, i
    cnt = 0
    s = 0
    do concurrent (k = 1:6)
      select case (k)
      case (1)
        do concurrent (i = huge(0) - 4:huge(0) - 1)
          cnt(k) = cnt(k) + 1
          s(k) = s(k) + (int(i, 8) - huge(0))
        end do
      case (2)
        do concurrent (i = -huge(0) + 3:-huge(0):-1)
          cnt(k) = cnt(k) + 1
          s(k) = s(k) + (int(i, 8) + huge(0))
        end do
      case (3)
        do concurrent (i = 1:huge(0) - 536870912:536870912)
          cnt(k) = cnt(k) + 1
          s(k) = s(k) + int(i, 8) / 1024
        end do
      case (4)
        do concurrent (i = huge(0):700000001:-700000000)
          cnt(k) = cnt(k) + 1
          s(k) = s(k) + int(i, 8) / 1024
        end do
      case (5)
        do concurrent (i = 1:100, mod(i, 3) /= 0)
          if (mod(i, 7) == 0) cycle
          cnt(k) = cnt(k) + 1
          s(k) = s(k) + i
        end do
      case default
        do concurrent (i = 10:1)
          cnt(k) = cnt(k) + 1
        end do
      end select
    end do
  end subroutine

  subroutine tiles(n, a, b)
    integer, intent(in) :: n
    real(8), intent(in) :: a(:, :)
    real(8), intent(inout) :: b(:, :)
    integer :: i, j, it, jt
    do concurrent (jt = 1:n:bs, it = 1:n:bs)
      do concurrent (j = jt:min(jt + bs - 1, n), i = it:min(it + bs - 1, n))
        b(i, j) = b(i, j) + 2 * a(i, j) - j
      end do
    end do
  end subroutine
end module

program nest_index_32bit
  use nest32_m
  implicit none
  integer :: cnt(6), n, i, j, k
  integer(8) :: s(6)
  real(8), allocatable :: a(:, :), b(:, :)
  call edges(cnt, s)
  print '(6i12)', cnt
  print '(3i22)', s
  ! The same counts and sums by host DO loops.
  if (cnt(1) /= 4 .or. s(1) /= -10 .or. cnt(2) /= 4 .or. s(2) /= 6) error stop 1
  if (cnt(3) /= 3 .or. cnt(4) /= 3 .or. cnt(6) /= 0) error stop 2
  k = 0
  do i = 1, 100
    if (mod(i, 3) /= 0 .and. mod(i, 7) /= 0) k = k + 1
  end do
  if (cnt(5) /= k) error stop 3
  n = 37
  allocate (a(n, n), b(n, n))
  do j = 1, n
    do i = 1, n
      a(i, j) = i + 100 * j
      b(i, j) = i
    end do
  end do
  call tiles(n, a, b)
  print '(f20.1)', sum(b)
  do j = 1, n
    do i = 1, n
      if (b(i, j) /= i + 2 * a(i, j) - j) error stop 4
    end do
  end do
  print '(4f12.1)', b(1, 1), b(n, 1), b(1, n), b(n, n)
  ! A strided section: the general version of the tile loop.
  b = 0
  call tiles(n / 2, a(1:n:2, 1:n:2), b(1:n:2, 1:n:2))
  print '(f20.1)', sum(b)
end program
