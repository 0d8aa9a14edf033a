! Type-bound procedures: pass/nopass, generic operators, generic names, FINAL.
module buffer_mod
  implicit none
  private
  public :: buffer_t

  type :: buffer_t
    private
    real, allocatable :: data(:)
    integer :: used = 0
    character(len=:), allocatable, public :: label
  contains
    procedure, public :: push
    procedure, public :: length => buffer_length
    procedure, pass(self), public :: mean
    procedure, nopass, public :: version
    procedure, private :: add_buffers
    procedure, private :: scale_buffer
    procedure, private :: push_array
    generic, public :: operator(+) => add_buffers
    generic, public :: operator(*) => scale_buffer
    generic, public :: append => push, push_array
    final :: destroy
  end type buffer_t
contains
  subroutine push(self, x)
    class(buffer_t), intent(inout) :: self
    real, intent(in) :: x
    real, allocatable :: tmp(:)
    if (.not. allocated(self%data)) allocate(self%data(4))
    if (self%used == size(self%data)) then
      allocate(tmp(2 * size(self%data)))
      tmp(1:self%used) = self%data(1:self%used)
      call move_alloc(tmp, self%data)
    end if
    self%used = self%used + 1
    self%data(self%used) = x
  end subroutine push

  subroutine push_array(self, xs)
    class(buffer_t), intent(inout) :: self
    real, intent(in) :: xs(:)
    integer :: i
    do i = 1, size(xs)
      call self%push(xs(i))
    end do
  end subroutine push_array

  pure integer function buffer_length(self)
    class(buffer_t), intent(in) :: self
    buffer_length = self%used
  end function buffer_length

  real function mean(self)
    class(buffer_t), intent(in) :: self
    mean = 0.0
    if (self%used > 0) mean = sum(self%data(1:self%used)) / self%used
  end function mean

  function version() result(v)
    character(len=5) :: v
    v = '1.0.0'
  end function version

  function add_buffers(a, b) result(c)
    class(buffer_t), intent(in) :: a, b
    type(buffer_t) :: c
    call c%append(a%data(1:a%used))
    call c%append(b%data(1:b%used))
    c%label = 'sum'
  end function add_buffers

  function scale_buffer(a, s) result(c)
    class(buffer_t), intent(in) :: a
    real, intent(in) :: s
    type(buffer_t) :: c
    call c%append(s * a%data(1:a%used))
    c%label = 'scaled'
  end function scale_buffer

  subroutine destroy(self)
    type(buffer_t), intent(inout) :: self
    if (allocated(self%data)) deallocate(self%data)
    self%used = 0
  end subroutine destroy
end module buffer_mod

program type_bound_demo
  use buffer_mod
  implicit none
  type(buffer_t) :: a, b, c
  integer :: i
  do i = 1, 10
    call a%push(real(i))
  end do
  call b%append([100.0, 200.0])
  c = a + b * 0.5
  print *, 'lengths:', a%length(), b%length(), c%length()
  print *, 'means:', a%mean(), c%mean()
  print *, 'version ', a%version(), ' label ', c%label
end program type_bound_demo
