! Design doc, "The offloading pipeline": "present() evaluated on the host;
! unallocated optional storage handed as none" (SPEC-MAP P8).
! A loop in a module procedure reads optional dummies of the procedure (a
! scalar, an array, an integer) under present(): the launch is handed
! present() as a value and each optional only when it is present (an
! absent array as an empty one); the procedure is called with every
! combination, in a time loop.
module scale_mod
  implicit none
contains
  subroutine scale(a, s, w, off)
    real(8), intent(inout) :: a(:)
    real(8), intent(in), optional :: s
    real(8), intent(in), optional :: w(:)
    integer, intent(in), optional :: off
    integer :: i
    do concurrent (i = 1:size(a))  ! WANT: offload
      if (present(s)) a(i) = a(i) * s
      if (present(w)) a(i) = a(i) + w(i)
      if (present(off)) a(i) = a(i) - off
    end do
  end subroutine
end module

program present_on_host
  use scale_mod
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n), r(n), w(n)
  integer :: i, t
  do i = 1, n
    a(i) = i
    w(i) = mod(i, 3) * 0.5d0
  end do
  r = a
  do t = 1, 3
    call scale(a)
    call scale(a, 2d0)
    call scale(a, w=w)
    call scale(a, 0.5d0, w, 7)
    call scale(a, off=1)
    r = r * 2
    r = r + w
    r = (r * 0.5d0 + w) - 7
    r = r - 1
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.2)', 'PASSED', sum(a)
end program present_on_host
