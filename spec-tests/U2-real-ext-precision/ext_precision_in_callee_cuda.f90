! FLAGS: --gpu=cuda
! Design doc, "The unsupported list": "`real(10)`, `real(16)` | all | no
! device has these widths | emulate, or never".
! Design doc, "What the check has to look at": "Types, on the other hand, can
! come from anywhere the loop reaches: the loop body, the called procedures,
! their locals and the data passed to the device."
module ext_kernels
  implicit none
contains
  pure real function accurate_mean(u, v)
    real, intent(in) :: u, v
    real(16) :: s
    s = real(u, 16) + real(v, 16)
    accurate_mean = real(s / 2, 4)
  end function accurate_mean

  pure real function plain_mean(u, v)
    real, intent(in) :: u, v
    plain_mean = (u + v) / 2
  end function plain_mean

  pure real function via_helper(u)
    real, intent(in) :: u
    via_helper = extended_twice(u)
  end function via_helper

  pure real function extended_twice(u)
    real, intent(in) :: u
    real(10) :: t
    t = u
    extended_twice = real(2 * t, 4)
  end function extended_twice
end module ext_kernels

program ext_precision_in_callee_cuda
  use ext_kernels
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), y1(n), y2(n), y3(n)
  integer :: i

  a = [(real(i), i = 1, n)]
  b = 3 * a

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    y1(i) = accurate_mean(a(i), b(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = plain_mean(a(i), b(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    y3(i) = via_helper(a(i))
  end do

  if (any(y1 /= 2 * a) .or. any(y2 /= 2 * a) .or. any(y3 /= 2 * a)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program ext_precision_in_callee_cuda
