! Design doc, "The offloading pipeline": "An allocatable scalar component
! ... is carried as the host's bytes (the address of the value ...), which
! the device keeps in place and copies back unchanged, but never reads: a
! loop that reads only the other components of the value ... runs on the
! device."
! Arrays of types with an allocatable scalar and an allocatable array
! component: loops read and write the other components; a local array of
! such a type in a function called repeatedly is deallocated by the host
! (its components through the descriptors the elements carry) after a
! launch wrote its elements.
module carried_mod
  implicit none
  type item
    real(8) :: x
    integer, allocatable :: tag
    real(8) :: y
  end type item
  type cell
    real(8), allocatable :: q(:)
    real(8) :: total
  end type cell
contains
  real(8) function work(n) result(s)
    integer, intent(in) :: n
    type(cell), allocatable :: cs(:)
    integer :: c
    allocate(cs(n))
    do c = 1, n
      allocate(cs(c)%q(3))
      cs(c)%q = c
      cs(c)%total = 0
    end do
    do concurrent (c = 1:n)  ! WANT: offload
      cs(c)%total = cs(c)%q(1) + cs(c)%q(3)
    end do
    s = cs(2)%total + cs(n)%total
  end function work
end module carried_mod

program carried_components
  use carried_mod
  implicit none
  type(item) :: it(50)
  integer :: i, k
  real(8) :: t

  do i = 1, 50
    it(i)%x = i
    it(i)%y = 0
    if (mod(i, 2) == 0) allocate(it(i)%tag, source=i)
  end do
  do concurrent (i = 1:50)  ! WANT: offload
    it(i)%y = 2 * it(i)%x
  end do
  do i = 1, 50
    if (it(i)%y /= 2 * i .or. (allocated(it(i)%tag) .neqv. mod(i, 2) == 0)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
    if (allocated(it(i)%tag)) then
      if (it(i)%tag /= i) error stop 2
    end if
  end do
  t = 0
  do k = 1, 5
    t = t + work(100 + k)
  end do
  if (t /= 5 * 4 + 2 * (101 + 102 + 103 + 104 + 105)) then
    print '(a, f12.3)', 'FAIL work ', t
    error stop 1
  end if
  print '(a)', 'PASSED'
end program carried_components
