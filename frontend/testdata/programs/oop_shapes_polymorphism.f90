! Abstract types, deferred bindings, extends, class(*) and SELECT TYPE.
module shape_hierarchy
  implicit none
  private
  public :: shape_t, rect_t, square_t, disk_t

  type, abstract :: shape_t
    character(len=16) :: name = 'shape'
  contains
    procedure(area_iface), deferred :: area
    procedure :: show
  end type shape_t

  abstract interface
    real function area_iface(self)
      import :: shape_t
      class(shape_t), intent(in) :: self
    end function area_iface
  end interface

  type, extends(shape_t) :: rect_t
    real :: w = 0.0, h = 0.0
  contains
    procedure :: area => rect_area
  end type rect_t

  type, extends(rect_t) :: square_t
  end type square_t

  type, extends(shape_t) :: disk_t
    real :: r = 0.0
  contains
    procedure :: area => disk_area
  end type disk_t

contains
  subroutine show(self)
    class(shape_t), intent(in) :: self
    print '(a16, f10.3)', self%name, self%area()
  end subroutine show

  real function rect_area(self)
    class(rect_t), intent(in) :: self
    rect_area = self%w * self%h
  end function rect_area

  real function disk_area(self)
    class(disk_t), intent(in) :: self
    disk_area = 3.14159265 * self%r**2
  end function disk_area
end module shape_hierarchy

program polymorphism
  use shape_hierarchy
  implicit none
  type :: shape_box
    class(shape_t), allocatable :: s
  end type shape_box
  type(shape_box) :: shapes(3)
  class(*), allocatable :: anything
  integer :: i

  allocate(shapes(1)%s, source=rect_t(name='rect', w=2.0, h=3.0))
  allocate(shapes(2)%s, source=square_t(name='square', w=2.0, h=2.0))
  allocate(shapes(3)%s, source=disk_t(name='disk', r=1.0))

  do i = 1, size(shapes)
    call shapes(i)%s%show()
    select type (s => shapes(i)%s)
    type is (square_t)
      print *, '  a square of side', s%w
    class is (rect_t)
      print *, '  a rectangle', s%w, 'x', s%h
    class default
      print *, '  something round'
    end select
  end do

  anything = 42
  call identify(anything)
  deallocate(anything)
  anything = 'text'
  call identify(anything)

contains
  subroutine identify(x)
    class(*), intent(in) :: x
    select type (x)
    type is (integer)
      print *, 'integer:', x
    type is (real)
      print *, 'real:', x
    type is (character(len=*))
      print *, 'character: ', x
    class default
      print *, 'unknown type'
    end select
  end subroutine identify
end program polymorphism
