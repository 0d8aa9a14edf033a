! Design doc, "The offloading pipeline": "array descriptors on the device:
! address, lower bound, extent, stride per dimension; sections".
! size, shape, lbound and ubound read from those descriptors in the kernel
! and in a device procedure: of an assumed-shape dummy with a lower bound,
! of an allocatable array, of a section, with DIM constant, at run time and
! absent (shape/lbound/ubound as rank-1 values), with KIND.
module inq_desc_mod
  implicit none
contains
  pure integer function span(x)
    real, intent(in) :: x(:, :)
    span = sum(shape(x)) + size(x, 2) * ubound(x, 1)
  end function span
  subroutine fill(x, a, k, out)
    real, intent(in) :: x(0:, :)
    real, intent(in) :: a(:, :)
    integer, intent(in) :: k
    integer, intent(out) :: out(:)
    integer :: i
    do concurrent (i = 1:size(out)) ! WANT: offload
      out(i) = size(x, k) * i + ubound(x, 1) + int(size(a, dim=1, kind=8)) &
               + product(ubound(x)) + size(x(1:2, :)) + span(a) + sum(lbound(x))
    end do
  end subroutine fill
end module inq_desc_mod

program inquiry_descriptors
  use inq_desc_mod
  implicit none
  real, allocatable :: x(:, :), a(:, :)
  integer :: out(50), i
  allocate(x(4, 3), a(-2:4, 5))
  x = 0
  a = 0
  call fill(x, a, 2, out)
  do i = 1, 50
    if (out(i) /= 3 * i + 3 + 7 + 9 + 6 + (12 + 5 * 7) + 1) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program inquiry_descriptors
