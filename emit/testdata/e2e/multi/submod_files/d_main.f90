! The main program of submod_files: the time loop, and the same steps on
! the host (the bodies called from host code) as its check.
program submod_files
  use fields
  implicit none
  integer :: i, s
  real :: r(n), rq(n), t
  do i = 1, n
    p(i) = real(mod(i * 13, 37)) / 9.0
  end do
  r = p
  do s = 1, 40
    call sweep(1.0 + 0.01 * s)
    p = q
  end do
  do s = 1, 40
    do i = 2, n - 1
      t = relax(r(i - 1) + r(i + 1), 1.0 + 0.01 * s)
      call limit(t)
      rq(i) = half(t) + 0.5 * r(i)
    end do
    rq(1) = r(1)
    rq(n) = r(n)
    r = rq
  end do
  do i = 1, n
    if (p(i) /= r(i)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(3f12.6)', p(2), p(n / 2), sum(p)
end program submod_files
