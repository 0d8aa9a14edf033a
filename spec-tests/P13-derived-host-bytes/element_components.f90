! Design doc, "The offloading pipeline": "An allocatable array component is
! handed over in device buffers of its own" -- also of the elements of an
! array of a derived type ("the component of an element of an array of a
! derived type ... is counted from its lower bounds").
! An array of cells, each with allocatable components of different sizes
! and lower bounds (one element left unallocated), read and written
! element by element by loops in a module procedure, beside scalar
! components of the elements read and written in the same loop (the
! elements' bytes carry the descriptors, unread); the host reads one
! element's component and changes another's between launches.
module cells_mod
  implicit none
  type cell
    real(8), allocatable :: q(:), flux(:, :)
    integer :: n
    real(8) :: total
  end type cell
contains
  subroutine sweep(cs, w)
    type(cell), intent(inout) :: cs(:)
    real(8), intent(in) :: w
    integer :: c, k
    do concurrent (c = 1:size(cs))  ! WANT: offload
      if (c /= 3) then
        do k = lbound(cs(c)%q, 1), ubound(cs(c)%q, 1)
          cs(c)%flux(k, 1) = w * cs(c)%q(k)
          cs(c)%flux(k, 2) = cs(c)%flux(k, 1) + c
          cs(c)%q(k) = cs(c)%q(k) + cs(c)%flux(k, 2)
        end do
        cs(c)%total = cs(c)%total + cs(c)%n
      end if
    end do
  end subroutine sweep
end module cells_mod

program element_components
  use cells_mod
  implicit none
  type(cell), allocatable :: cs(:)
  real(8), allocatable :: q(:, :)
  integer :: c, k, it, lo, hi

  allocate(cs(6), q(-2:10, 6))
  q = 0
  do c = 1, 6
    if (c == 3) cycle
    lo = 1 - c / 2
    hi = lo + 2 * c
    allocate(cs(c)%q(lo:hi), cs(c)%flux(lo:hi, 2))
    cs(c)%n = hi - lo + 1
    cs(c)%total = 0
    do k = lo, hi
      cs(c)%q(k) = k + 0.25d0 * c
      q(k, c) = cs(c)%q(k)
    end do
  end do
  do it = 1, 4
    call sweep(cs, 0.5d0)
    if (cs(2)%q(0) < -100) print '(a)', 'never'
    cs(5)%q(1) = cs(5)%q(1) + 1
  end do
  do it = 1, 4
    do c = 1, 6
      if (c == 3) cycle
      lo = 1 - c / 2
      hi = lo + 2 * c
      do k = lo, hi
        q(k, c) = q(k, c) + (0.5d0 * q(k, c) + c)
      end do
    end do
    q(1, 5) = q(1, 5) + 1
  end do
  do c = 1, 6
    if (c == 3) then
      if (allocated(cs(c)%q)) error stop 2
      cycle
    end if
    lo = 1 - c / 2
    hi = lo + 2 * c
    if (lbound(cs(c)%q, 1) /= lo .or. any(cs(c)%q /= q(lo:hi, c)) .or. cs(c)%total /= 4 * (hi - lo + 1)) then
      print '(a, i0)', 'FAIL at ', c
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program element_components
