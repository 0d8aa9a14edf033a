! Design doc, "The offloading pipeline": "It never falls back to the CPU:
! There is no CPU alternative kept alongside the kernel, and nothing to undo.
! A construct the pipeline cannot lower yet is a compiler error at the loop
! ("not yet implemented")."
! A loop reading components of an array of a derived type is assigned to the
! device and runs there (the elements as the host's bytes), never on the host
! behind the user's back; while derived types were not lowered it was a
! not-yet-implemented error pointing into the loop.
program derived_type_component
  implicit none
  integer, parameter :: n = 8
  type :: point
    real :: x, y
  end type point
  type(point) :: p(n)
  real :: d(n)
  integer :: i

  do i = 1, n
    p(i) = point(real(i), 2.0 * real(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    d(i) = p(i)%x + p(i)%y
  end do

  do i = 1, n
    if (d(i) /= 3.0 * real(i)) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program derived_type_component
