! Facts of the constructs the analyses read: locality specs, a mask, a
! block local, internal I/O in a pure function, stop sites, an impure
! intrinsic, a derived type with nested components, a constant not looked
! below.
module shapes
  implicit none
  type inner
    real(8) :: w
  end type
  type outer
    real :: x
    type(inner) :: in
  end type
contains
  pure function label(i) result(s)
    integer, intent(in) :: i
    character(len=8) :: s
    write (s, '(i0)') i
    if (i < 0) error stop 3
  end function
end module
program p
  use shapes
  implicit none
  integer, parameter :: n = 4
  integer :: i
  real :: a(n), s
  type(outer) :: o(n)
  character(len=8) :: names(n)
  s = 0
  do concurrent (i = 1:n, a(i) >= 0.0) default(none) shared(a, o, names) reduce(+: s)
    block
      real :: t
      t = o(i)%x + real(kind(1.0d0))
      a(i) = t
    end block
    names(i) = label(i)
    s = s + a(i)
  end do
  call cpu_time(s)
  print *, s
end program
