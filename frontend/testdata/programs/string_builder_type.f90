! A string-builder type with deferred-length character components and formatted appends.
module string_builder
  implicit none
  private
  type, public :: builder_t
    character(len=:), allocatable :: buf
  contains
    procedure :: add_str
    procedure :: add_int
    procedure :: add_real
    generic :: add => add_str, add_int, add_real
    procedure :: str
    procedure :: clear
  end type builder_t
contains
  subroutine add_str(self, s)
    class(builder_t), intent(inout) :: self
    character(len=*), intent(in) :: s
    if (.not. allocated(self%buf)) self%buf = ''
    self%buf = self%buf // s
  end subroutine add_str

  subroutine add_int(self, i)
    class(builder_t), intent(inout) :: self
    integer, intent(in) :: i
    character(len=24) :: tmp
    write (tmp, '(i0)') i
    call self%add_str(trim(tmp))
  end subroutine add_int

  subroutine add_real(self, x, fmt)
    class(builder_t), intent(inout) :: self
    real, intent(in) :: x
    character(len=*), intent(in), optional :: fmt
    character(len=40) :: tmp
    if (present(fmt)) then
      write (tmp, fmt) x
    else
      write (tmp, '(g0.6)') x
    end if
    call self%add_str(trim(adjustl(tmp)))
  end subroutine add_real

  function str(self) result(s)
    class(builder_t), intent(in) :: self
    character(len=:), allocatable :: s
    if (allocated(self%buf)) then
      s = self%buf
    else
      s = ''
    end if
  end function str

  subroutine clear(self)
    class(builder_t), intent(inout) :: self
    if (allocated(self%buf)) deallocate(self%buf)
  end subroutine clear
end module string_builder

program string_builder_demo
  use string_builder
  implicit none
  type(builder_t) :: sb
  integer :: i
  call sb%add('values: [')
  do i = 1, 5
    call sb%add(i * i)
    if (i < 5) call sb%add(', ')
  end do
  call sb%add('] pi=')
  call sb%add(3.14159265)
  call sb%add(' e=')
  call sb%add(2.7182818, '(f6.3)')
  print '(a)', sb%str()
  print *, 'length:', len(sb%str())
  call sb%clear()
  print *, 'empty after clear: "', sb%str(), '"'
end program string_builder_demo
