! BabelStream-like memory bandwidth kernels (copy, mul, add, triad, dot, nstream).
module stream_kernels
  use, intrinsic :: iso_fortran_env, only: real64, int64
  implicit none
  integer, parameter :: sp = real64
  real(sp), parameter :: start_a = 0.1_sp, start_b = 0.2_sp, start_c = 0.0_sp
  real(sp), parameter :: scalar = 0.4_sp
  real(sp), allocatable :: a(:), b(:), c(:)
contains
  subroutine init_arrays(n)
    integer, intent(in) :: n
    integer :: i
    allocate(a(n), b(n), c(n))
    do concurrent (i = 1:n)
      a(i) = start_a; b(i) = start_b; c(i) = start_c
    end do
  end subroutine init_arrays

  subroutine copy()
    integer :: i
    do concurrent (i = 1:size(a))
      c(i) = a(i)
    end do
  end subroutine copy

  subroutine mul()
    integer :: i
    do concurrent (i = 1:size(a))
      b(i) = scalar * c(i)
    end do
  end subroutine mul

  subroutine add()
    integer :: i
    do concurrent (i = 1:size(a))
      c(i) = a(i) + b(i)
    end do
  end subroutine add

  subroutine triad()
    integer :: i
    do concurrent (i = 1:size(a))
      a(i) = b(i) + scalar * c(i)
    end do
  end subroutine triad

  subroutine nstream()
    integer :: i
    do concurrent (i = 1:size(a))
      a(i) = a(i) + b(i) + scalar * c(i)
    end do
  end subroutine nstream

  function dot() result(s)
    real(sp) :: s
    integer :: i
    s = 0.0_sp
    do i = 1, size(a)
      s = s + a(i) * b(i)
    end do
  end function dot
end module stream_kernels

program babelstream
  use stream_kernels
  implicit none
  integer, parameter :: n = 2**25, ntimes = 10
  integer(int64) :: t0, t1, rate
  real(real64) :: timings(5, ntimes), bytes(5), s
  integer :: k

  call init_arrays(n)
  call system_clock(count_rate=rate)
  bytes = [2, 2, 3, 3, 2] * real(storage_size(a) / 8, real64) * n
  do k = 1, ntimes
    call system_clock(t0); call copy();  call system_clock(t1)
    timings(1, k) = real(t1 - t0, real64) / rate
    call system_clock(t0); call mul();   call system_clock(t1)
    timings(2, k) = real(t1 - t0, real64) / rate
    call system_clock(t0); call add();   call system_clock(t1)
    timings(3, k) = real(t1 - t0, real64) / rate
    call system_clock(t0); call triad(); call system_clock(t1)
    timings(4, k) = real(t1 - t0, real64) / rate
    call system_clock(t0); s = dot();    call system_clock(t1)
    timings(5, k) = real(t1 - t0, real64) / rate
  end do
  call nstream()
  write (*, '(a10, a14)') 'Function', 'MBytes/sec'
  write (*, '(a10, f14.3)') 'Copy',  1.0e-6_real64 * bytes(1) / minval(timings(1, 2:))
  write (*, '(a10, f14.3)') 'Mul',   1.0e-6_real64 * bytes(2) / minval(timings(2, 2:))
  write (*, '(a10, f14.3)') 'Add',   1.0e-6_real64 * bytes(3) / minval(timings(3, 2:))
  write (*, '(a10, f14.3)') 'Triad', 1.0e-6_real64 * bytes(4) / minval(timings(4, 2:))
  write (*, '(a10, f14.3)') 'Dot',   1.0e-6_real64 * bytes(5) / minval(timings(5, 2:))
  print *, 'dot = ', s
end program babelstream
