! bench/mapcheck/local_big.f90 (issue 30): seven per-iteration arrays of
! 56000 bytes each (w1 ... w7, real(8)), each under the 64 KiB a CUDA thread
! holds before an array goes to a workspace (rules/workspace.mg) and
! together under the 512 KiB of a thread's local memory, so that fgpu
! builds them into each thread's local memory; on the GPU the device must
! reserve 392000 bytes for every resident thread (132 SMs x 2048 threads on
! an H100: about 100 GiB), which it cannot: the launch must stop with fgpu's
! clear message (the runtime's ensure_stack: the bytes a thread needs, the
! resident threads), never "an illegal memory access". Argument: n
! (default 100000).
module big_m
  implicit none
  integer, parameter :: m = 7000
  real(8), allocatable :: a(:), s(:)
contains
  subroutine fill(n)
    integer, intent(in) :: n
    integer :: i, k
    real(8), dimension(m) :: w1, w2, w3, w4, w5, w6, w7
    do concurrent (i = 1:n) local(w1, w2, w3, w4, w5, w6, w7)
      do k = 1, m
        w1(k) = a(i) + k
        w2(k) = w1(k) + 1
        w3(k) = w2(k) + 1
        w4(k) = w3(k) + 1
        w5(k) = w4(k) + 1
        w6(k) = w5(k) + 1
        w7(k) = w6(k) + 1
      end do
      s(i) = 0
      do k = m, 1, -7
        s(i) = s(i) + w7(k) - w1(m + 1 - k) + w4(k)
      end do
    end do
  end subroutine
end module
program local_big
  use big_m
  implicit none
  integer :: n, k
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
    want = want + (1 + k + 6) - (1 + (m + 1 - k)) + (1 + k + 3)
  end do
  if (any(s /= want)) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
