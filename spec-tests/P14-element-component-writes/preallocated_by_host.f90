! FLAGS: --realloc-lhs-arrays
! Design doc, "The offloading pipeline": writes to allocatable components of
! array elements: "host preallocation with --realloc-lhs-arrays, run-time
! check without; only written elements" (SPEC-MAP P14).
! Components the program never allocates, assigned whole in the loop
! (species(i)%c = [...] * i, species(i)%w = spread(...)): with
! --realloc-lhs-arrays the host allocates the component of each element the
! loop assigns, with the value's shape, before the launch; the elements the
! loop does not reach (the last two) stay unallocated, as they do under
! gfortran.
module species_mod
  implicit none
  type species_t
    real(8), allocatable :: c(:), w(:, :)
  end type
contains
  subroutine fill(species, n)
    type(species_t), intent(inout) :: species(:)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      species(i)%c = [1d0, 2d0, 3d0, 4d0] * i
      species(i)%w = spread([0.5d0, -0.5d0] * i, 1, 3)
    end do
  end subroutine
end module

program preallocated_by_host
  use species_mod
  implicit none
  integer, parameter :: n = 200
  type(species_t) :: species(n + 2)
  integer :: i
  real(8) :: s
  call fill(species, n)
  s = 0
  do i = 1, n
    if (size(species(i)%c) /= 4 .or. any(shape(species(i)%w) /= [3, 2])) then
      print '(a)', 'FAIL'
      error stop 1
    end if
    if (any(species(i)%c /= [1d0, 2d0, 3d0, 4d0] * i) .or. any(species(i)%w(2, :) /= [0.5d0, -0.5d0] * i)) then
      print '(a)', 'FAIL'
      error stop 2
    end if
    s = s + sum(species(i)%c) + sum(species(i)%w)
  end do
  if (allocated(species(n + 1)%c) .or. allocated(species(n + 2)%w)) then
    print '(a)', 'FAIL'
    error stop 3
  end if
  print '(a,1x,f0.1)', 'PASSED', s
end program preallocated_by_host
