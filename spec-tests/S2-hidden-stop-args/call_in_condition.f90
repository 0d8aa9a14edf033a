! GFORTRAN: stops 3
! Design doc, "Stopping on the device": "A call in the condition of an if, do
! while, select case or in the limits of a do loop is tested at the start of
! each body as well, so no body runs with the value a stopped call returned.
! (The rest of the statement that made the call does run with that value.)"
! Calls that can stop in an if condition, a do while condition, a select
! case selector and the limits of a nested do: the first launch stops in
! none of them and computes its results; in the second one the if condition's
! call stops (error stop 3) in one iteration.
module guards
  implicit none
contains
  pure integer function bounded(v)
    integer, intent(in) :: v
    if (v > 100) error stop 3
    if (v < -100) error stop 4
    bounded = v
  end function bounded
end module guards

program call_in_condition
  use guards
  implicit none
  integer, parameter :: n = 300
  integer :: a(n), b(n), i, j, k, t

  a = [(mod(i, 50), i = 1, n)]
  do concurrent (i = 1:n)  ! WANT: offload
    t = 0
    if (bounded(a(i)) > 25) then
      t = 1
    else if (bounded(-a(i)) < -40) then
      t = 2
    end if
    k = 0
    do while (bounded(k) < a(i) / 10)
      k = k + 1
    end do
    select case (bounded(a(i)))
    case (0:9)
      t = t + 10
    case default
      t = t + 20
    end select
    do j = 1, bounded(mod(a(i), 3))
      t = t + 100
    end do
    b(i) = t + 1000 * k
  end do
  do i = 1, n
    t = 0
    if (a(i) > 25) t = 1
    if (a(i) <= 25 .and. -a(i) < -40) t = 2
    if (a(i) <= 9) then
      t = t + 10
    else
      t = t + 20
    end if
    t = t + 100 * mod(a(i), 3) + 1000 * (a(i) / 10)
    if (b(i) /= t) then
      print '(a,i0,a,i0,a,i0)', 'FAIL at ', i, ': ', b(i), ' /= ', t
      error stop 2
    end if
  end do
  print '(a)', 'first launch ok'
  a(222) = 500
  do concurrent (i = 1:n)  ! WANT: offload
    if (bounded(a(i)) > 25) then
      b(i) = 1
    else
      b(i) = 0
    end if
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, sum(b)
  error stop 2
end program call_in_condition
