! USE with ONLY lists, local renames of variables, procedures and user-defined operators.
module set_ops
  implicit none
  private
  public :: int_set, operator(.union.), operator(.inter.), operator(.in.), show, max_elems
  integer, parameter :: max_elems = 32
  type :: int_set
    integer :: n = 0
    integer :: e(max_elems) = 0
  end type int_set
  interface operator(.union.)
    module procedure set_union
  end interface
  interface operator(.inter.)
    module procedure set_inter
  end interface
  interface operator(.in.)
    module procedure elem_in
  end interface
contains
  pure logical function elem_in(x, s)
    integer, intent(in) :: x
    type(int_set), intent(in) :: s
    elem_in = any(s%e(1:s%n) == x)
  end function elem_in
  pure function set_union(a, b) result(c)
    type(int_set), intent(in) :: a, b
    type(int_set) :: c
    integer :: i
    c = a
    do i = 1, b%n
      if (.not. (b%e(i) .in. c)) then
        c%n = c%n + 1
        c%e(c%n) = b%e(i)
      end if
    end do
  end function set_union
  pure function set_inter(a, b) result(c)
    type(int_set), intent(in) :: a, b
    type(int_set) :: c
    integer :: i
    do i = 1, a%n
      if (a%e(i) .in. b) then
        c%n = c%n + 1
        c%e(c%n) = a%e(i)
      end if
    end do
  end function set_inter
  subroutine show(s)
    type(int_set), intent(in) :: s
    print '(a, *(i0, :, ", "))', '{', s%e(1:s%n)
  end subroutine show
end module set_ops

program use_renames_operators
  use set_ops, only: int_set, operator(.cup.) => operator(.union.), &
                     operator(.intersect.) => operator(.inter.), &
                     operator(.in.), display => show, capacity => max_elems
  implicit none
  type(int_set) :: a, b
  integer :: i
  a = int_set(3, [1, 2, 3, (0, i = 1, capacity - 3)])
  b%n = 3
  b%e(1:3) = [3, 4, 5]
  call display(a .cup. b)
  call display(a .intersect. b)
  print *, 4 .in. (a .cup. b), 4 .in. a, 'capacity', capacity
end program use_renames_operators
