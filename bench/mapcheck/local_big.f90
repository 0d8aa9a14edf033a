! bench/mapcheck/local_big.f90 (issue 30): a per-iteration array of
! 400 KiB (w(51200), real(8)), under the 512 KiB a CUDA thread may hold, so
! that fgpu builds it; on the GPU the device must reserve it for every
! resident thread (132 SMs x 2048 threads on an H100: over 100 GiB), which
! it cannot: the launch must stop with fgpu's clear message (the runtime's
! ensure_stack: the bytes a thread needs, the resident threads), never "an
! illegal memory access". Argument: n (default 100000).
module big_m
  implicit none
  integer, parameter :: m = 51200
  real(8), allocatable :: a(:), s(:)
contains
  subroutine fill(n)
    integer, intent(in) :: n
    integer :: i, k
    real(8) :: w(m)
    do concurrent (i = 1:n) local(w)
      do k = 1, m
        w(k) = a(i) + k
      end do
      s(i) = 0
      do k = m, 1, -7
        s(i) = s(i) + w(k)
      end do
    end do
  end subroutine
end module
program local_big
  use big_m
  implicit none
  integer :: n, i, k
  real(8) :: want
  character(32) :: arg
  n = 100000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n), s(n))
  a = 1
  call fill(n)
  want = 0
  do k = m, 1, -7
    want = want + (1 + k)
  end do
  if (any(s /= want)) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
