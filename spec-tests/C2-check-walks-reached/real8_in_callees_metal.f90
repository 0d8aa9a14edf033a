! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "for every loop it walks the
! loop body and every procedure the loop reaches transitively, looking at
! their statements, the declared types of their dummy arguments, results and
! locals, and the type of every expression they evaluate."
! A real(8) local of a pure function the loop calls, of one two calls deep,
! of a subroutine, and of an internal procedure: each loop is an error.
module callees
  implicit none
contains
  pure real function mean8(u, v)
    real, intent(in) :: u, v
    real(8) :: s
    s = real(u, 8) + real(v, 8)
    mean8 = real(s / 2, 4)
  end function mean8

  pure real function mean_outer(u, v)
    real, intent(in) :: u, v
    mean_outer = mean_middle(u, v)
  end function mean_outer

  pure real function mean_middle(u, v)
    real, intent(in) :: u, v
    mean_middle = mean8(u, v)
  end function mean_middle

  pure subroutine accumulate8(u, r)
    real, intent(in) :: u
    real, intent(out) :: r
    real(8) :: t
    t = u
    r = real(3 * t, 4)
  end subroutine accumulate8

  pure real function mean4(u, v)
    real, intent(in) :: u, v
    mean4 = (u + v) / 2
  end function mean4
end module callees

program real8_in_callees_metal
  use callees
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), y1(n), y2(n), y3(n), y4(n), y5(n)
  integer :: i

  a = [(real(i), i = 1, n)]
  b = a + 2

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y1(i) = mean8(a(i), b(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y2(i) = mean_outer(a(i), b(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    call accumulate8(a(i), y3(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y4(i) = internal_twice(a(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y5(i) = mean4(a(i), b(i))
  end do

  if (any(y1 /= a + 1) .or. any(y2 /= y1) .or. any(y3 /= 3 * a) .or. &
      any(y4 /= 2 * a) .or. any(y5 /= y1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'

contains

  pure real function internal_twice(u)
    real, intent(in) :: u
    double precision :: t
    t = u
    internal_twice = real(t + t, 4)
  end function internal_twice
end program real8_in_callees_metal
