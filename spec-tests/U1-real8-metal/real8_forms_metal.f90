! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! Design doc, "What the check has to look at": "... looking at their
! statements, the declared types of their dummy arguments, results and locals,
! and the type of every expression they evaluate."
! Every spelling of a real(8) value in the loop body is found: a
! double precision variable, a d0 literal in an expression that is not
! constant, dble(), real(.., 8), dprod() and a real(8) variable of a block.
! integer(8) is not on the list ("For example integer(8) on Metal ... [is]
! offloaded").
program real8_forms_metal
  implicit none
  integer, parameter :: n = 16
  double precision :: d(n)
  real :: a(n), y1(n), y2(n), y3(n), y4(n), y5(n), y6(n)
  integer(8) :: k(n)
  integer :: i

  a = [(real(i), i = 1, n)]
  d = a

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y1(i) = real(d(i), 4) + 1.0
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y2(i) = real(a(i) * 1.0d0, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y3(i) = real(dble(a(i)) + 1, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y4(i) = real(real(a(i), 8) / 2, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y5(i) = real(dprod(a(i), 2.0), 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    block
      real(8) :: t
      t = a(i)
      y6(i) = real(t + t, 4)
    end block
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    k(i) = int(i, 8) * 3000000000_8
  end do

  if (any(y1 /= a + 1) .or. any(y2 /= a) .or. any(y3 /= a + 1) .or. &
      any(y4 /= a / 2) .or. any(y5 /= 2 * a) .or. any(y6 /= 2 * a) .or. &
      k(n) /= n * 3000000000_8) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real8_forms_metal
