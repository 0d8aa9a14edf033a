! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "... the declared types of their
! dummy arguments, results and locals, and the type of every expression they
! evaluate."
! A real(8) dummy, a real(8) function result, and a real(8) value that only
! lives inside an expression are each found.
module typed_callees
  implicit none
contains
  pure real function narrow(v)
    real(8), intent(in) :: v
    narrow = real(v, 4)
  end function narrow

  pure real(8) function widen(v)
    real, intent(in) :: v
    widen = v
  end function widen

  pure real function via_expression(v)
    real, intent(in) :: v
    via_expression = real(v * 1.5d0, 4)
  end function via_expression

  pure real function single_only(v)
    real, intent(in) :: v
    single_only = v * 1.5
  end function single_only
end module typed_callees

program dummy_result_types_metal
  use typed_callees
  implicit none
  integer, parameter :: n = 16
  real :: a(n), y1(n), y2(n), y3(n), y4(n)
  integer :: i

  a = [(real(2 * i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y1(i) = narrow(dble(a(i)))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y2(i) = real(widen(a(i)), 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y3(i) = via_expression(a(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y4(i) = single_only(a(i))
  end do

  if (any(y1 /= a) .or. any(y2 /= a) .or. any(y3 /= 1.5 * a) .or. any(y4 /= y3)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program dummy_result_types_metal
