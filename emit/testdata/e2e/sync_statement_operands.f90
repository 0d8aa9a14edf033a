! Host statements whose operands read data a kernel wrote: a WHERE mask, a
! FORALL mask, DO-loop bounds, a SELECT CASE selector, an ELSE IF
! condition, a DO WHILE condition and expression actual arguments (in
! separate memory each fetch goes before the statement that evaluates it).
module sop_data
  implicit none
  integer, parameter :: n = 300
  real(8) :: u(n), v(n)
  integer :: cnt(n), lim(4)
contains
  subroutine advance(t)
    integer, intent(in) :: t
    integer :: i
    do concurrent (i = 1:n)
      u(i) = sin(0.01d0*i*t)
      v(i) = v(i) + 0.5d0*u(i)
      cnt(i) = mod(i*t, 5)
    end do
    do concurrent (i = 1:4)
      lim(i) = mod(t*i, 9) + 1
    end do
  end subroutine advance

  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = 2*x
  end function twice

  subroutine add_to(x, y)
    real(8), intent(inout) :: x
    real(8), intent(in) :: y
    x = x + y
  end subroutine add_to
end module sop_data

program sync_statement_operands
  use sop_data
  implicit none
  integer :: t, k, j, sel(0:4)
  real(8) :: w(n), s, q
  v = 0
  sel = 0
  s = 0
  q = 0
  do t = 1, 25
    call advance(t)
    w = 0
    where (u > 0.25d0) w = 1
    where (v < 0)
      w = w - 1
    elsewhere (v > 1)
      w = w + 2
    end where
    forall (k = 1:n, cnt(k) == 3) w(k) = w(k) + 10
    do k = lim(1), lim(2) + 3
      s = s + k
    end do
    select case (cnt(7))
    case (0)
      sel(0) = sel(0) + 1
    case (1:2)
      sel(1) = sel(1) + 1
    case default
      sel(4) = sel(4) + 1
    end select
    if (t < 0) then
      s = -1
    else if (u(11) > 0.05d0) then
      s = s + 0.5d0
    end if
    j = 1
    do while (cnt(j) /= 0 .and. j < n)
      j = j + 1
    end do
    s = s + j + sum(w)
    call add_to(q, u(3) + twice(v(5)))
    call add_to(q, real(cnt(9), 8))
  end do
  print '(f20.6, f20.8, 5i4)', s, q, sel
  if (s == 0) error stop 'FAIL: nothing counted'
end program sync_statement_operands
