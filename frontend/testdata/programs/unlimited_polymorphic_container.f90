! Heterogeneous container of CLASS(*) values with SELECT TYPE dispatch and SAME_TYPE_AS.
module any_container
  implicit none
  private
  public :: any_list

  type :: item_t
    class(*), allocatable :: value
  end type item_t

  type :: any_list
    type(item_t), allocatable :: items(:)
    integer :: n = 0
  contains
    procedure :: add
    procedure :: print_all
    procedure :: count_of_kind
  end type any_list
contains
  subroutine add(self, v)
    class(any_list), intent(inout) :: self
    class(*), intent(in) :: v
    type(item_t), allocatable :: tmp(:)
    if (.not. allocated(self%items)) allocate(self%items(2))
    if (self%n == size(self%items)) then
      allocate(tmp(2 * self%n))
      tmp(1:self%n) = self%items
      call move_alloc(tmp, self%items)
    end if
    self%n = self%n + 1
    allocate(self%items(self%n)%value, source=v)
  end subroutine add

  subroutine print_all(self)
    class(any_list), intent(in) :: self
    integer :: i
    do i = 1, self%n
      associate (v => self%items(i)%value)
        select type (v)
        type is (integer)
          print '(i3, a, i0)', i, ' integer   ', v
        type is (real)
          print '(i3, a, g0)', i, ' real      ', v
        type is (real(kind(1.0d0)))
          print '(i3, a, g0)', i, ' double    ', v
        type is (character(*))
          print '(i3, 2a)', i, ' character ', v
        type is (logical)
          print '(i3, a, l1)', i, ' logical   ', v
        type is (complex)
          print '(i3, a, 2g0)', i, ' complex   ', v
        class default
          print '(i3, a)', i, ' <unknown>'
        end select
      end associate
    end do
  end subroutine print_all

  integer function count_of_kind(self, proto) result(c)
    class(any_list), intent(in) :: self
    class(*), intent(in) :: proto
    integer :: i
    c = 0
    do i = 1, self%n
      if (same_type_as(self%items(i)%value, proto)) c = c + 1
    end do
  end function count_of_kind
end module any_container

program unlimited_polymorphic_container
  use any_container
  implicit none
  type(any_list) :: lst
  type :: point
    real :: x, y
  end type point
  call lst%add(1)
  call lst%add(2.5)
  call lst%add(3.0d0)
  call lst%add('four')
  call lst%add(.true.)
  call lst%add((1.0, -1.0))
  call lst%add(point(1.0, 2.0))
  call lst%add(42)
  call lst%print_all()
  print *, 'integers stored:', lst%count_of_kind(0)
end program unlimited_polymorphic_container
