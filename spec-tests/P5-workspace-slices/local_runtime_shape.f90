! GFORTRAN: rejects (a locality spec, local(w), in the loop header)
! Design doc, "The offloading pipeline": "An array an iteration needs whose
! size is known only at run time ... lives in a buffer the host allocates
! before the launch ... Every thread uses a slice of a host-sized buffer,
! one slice per iteration".
! An automatic array of a subroutine (w(n / 2), n a dummy) made local to the
! iterations by local(w): each iteration gets a slice of the size the host
! reads from the array's bounds; the iterations fill and sum their own.
subroutine sums(n, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(out) :: f(n)
  real(8) :: w(n / 2)
  integer :: i, k
  do concurrent (i = 1:n) local(w)  ! WANT: offload
    do k = 1, n / 2
      w(k) = i + k
    end do
    f(i) = sum(w)
  end do
end subroutine sums

program local_runtime_shape
  implicit none
  interface
    subroutine sums(n, f)
      integer, intent(in) :: n
      real(8), intent(out) :: f(n)
    end subroutine
  end interface
  real(8) :: f(50), g(8)
  integer :: i
  call sums(50, f)
  call sums(8, g)
  do i = 1, 50
    if (f(i) /= 25 * i + 325) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  do i = 1, 8
    if (g(i) /= 4 * i + 10) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a,1x,f0.1,1x,f0.1)', 'PASSED', sum(f), sum(g)
end program local_runtime_shape
