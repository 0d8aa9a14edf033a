! Arrays passed as dummies to a subroutine called in a time loop: a
! reduction, a last value, CYCLE and EXIT, DO WHILE and DO without
! control, ASSOCIATE, integer and logical intrinsics, a mask.
module dot_m
  implicit none
contains
  subroutine dots(x, y, mask, s, cnt, last, n)
    integer, intent(in) :: n
    real, intent(in) :: x(:), y(:)
    logical, intent(in) :: mask(:)
    real, intent(inout) :: s
    integer, intent(inout) :: cnt
    integer, intent(out) :: last
    integer :: i, k, t
    do concurrent (i = 1:n, mask(i)) reduce(+: s) reduce(max: cnt) local(k)
      if (x(i) < 0.0) cycle
      s = s + x(i) * y(i)
      do k = 1, 8
        if (btest(i, k)) exit
        cnt = max(cnt, iand(i, 7) + ishft(k, 1))
      end do
      k = 0
      do while (k < 3 .and. x(i) > real(k))
        k = k + 1
      end do
      do
        k = k - 1
        if (k <= 0) exit
      end do
      associate (xi => x(i), twoi => 2 * i)
        if (xi > 0.5 .and. twoi > 10) s = s + xi
      end associate
      t = modulo(i, 5)
      if (t == 0) last = i
    end do
  end subroutine
end module

program dummies
  use dot_m
  implicit none
  integer, parameter :: n = 1000
  real :: x(n), y(n), s
  logical :: mask(n)
  integer :: cnt, last, i, it
  do i = 1, n
    x(i) = sin(real(i))
    y(i) = cos(real(i))
    mask(i) = mod(i, 3) /= 0
  end do
  s = 0; cnt = 0
  do it = 1, 3
    call dots(x, y, mask, s, cnt, last, n)
  end do
  print *, s, cnt, last
end program
