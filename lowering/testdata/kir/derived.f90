! Derived types in kernels: an array of structs with a nested type (its
! components read and assigned), a parameter struct handed by value, a
! type-bound subroutine with the element as its passed object (by
! reference) and a struct by value, a block variable of a derived type,
! structs assigned whole.
module derived_m
  implicit none
  type vec
    real(8) :: x, y
  end type
  type body
    type(vec) :: r, v
    integer :: hits
    logical :: fixed
  contains
    procedure :: kick
  end type
  type params
    real(8) :: dt
    type(vec) :: g
  end type
contains
  pure subroutine kick(b, p)
    class(body), intent(inout) :: b
    type(params), intent(in) :: p
    b%v%x = b%v%x + p%dt * p%g%x
    b%v%y = b%v%y + p%dt * p%g%y
  end subroutine
end module

program derived
  use derived_m
  implicit none
  integer, parameter :: n = 64
  type(body) :: bs(n)
  type(params) :: p
  integer :: i
  do i = 1, n
    bs(i)%r = vec(real(i, 8), 0d0)
    bs(i)%v = vec(1d0, 2d0)
    bs(i)%hits = 0
    bs(i)%fixed = mod(i, 7) == 0
  end do
  p%dt = 0.5d0
  p%g = vec(0d0, -9.81d0)
  do concurrent (i = 1:n)
    block
      type(vec) :: t
      if (.not. bs(i)%fixed) call bs(i)%kick(p)
      t%x = bs(i)%r%x + p%dt * bs(i)%v%x
      t%y = bs(i)%r%y + p%dt * bs(i)%v%y
      if (t%y < 0) then
        t%y = -t%y
        bs(i)%hits = bs(i)%hits + 1
      end if
      bs(i)%r = t
      t = bs(i)%v
      bs(i)%v%y = t%y - 0.5d0
    end block
  end do
  print *, sum(bs%r%x), sum(bs%r%y), sum(bs%hits)
end program
