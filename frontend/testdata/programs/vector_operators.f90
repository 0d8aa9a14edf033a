! User-defined operators: operator(+), operator(*), operator(.dot.), assignment(=).
module vector3d
  implicit none
  private
  public :: vec3, operator(+), operator(-), operator(*), operator(.dot.), &
            operator(.cross.), assignment(=), norm

  type :: vec3
    real(8) :: x = 0d0, y = 0d0, z = 0d0
  end type vec3

  interface operator(+)
    module procedure add_vec
  end interface
  interface operator(-)
    module procedure sub_vec, neg_vec
  end interface
  interface operator(*)
    module procedure scale_left, scale_right
  end interface
  interface operator(.dot.)
    module procedure dot_vec
  end interface
  interface operator(.cross.)
    module procedure cross_vec
  end interface
  interface assignment(=)
    module procedure assign_from_array
  end interface
contains
  pure type(vec3) function add_vec(a, b)
    type(vec3), intent(in) :: a, b
    add_vec = vec3(a%x + b%x, a%y + b%y, a%z + b%z)
  end function add_vec
  pure type(vec3) function sub_vec(a, b)
    type(vec3), intent(in) :: a, b
    sub_vec = vec3(a%x - b%x, a%y - b%y, a%z - b%z)
  end function sub_vec
  pure type(vec3) function neg_vec(a)
    type(vec3), intent(in) :: a
    neg_vec = vec3(-a%x, -a%y, -a%z)
  end function neg_vec
  pure type(vec3) function scale_left(s, a)
    real(8), intent(in) :: s
    type(vec3), intent(in) :: a
    scale_left = vec3(s*a%x, s*a%y, s*a%z)
  end function scale_left
  pure type(vec3) function scale_right(a, s)
    type(vec3), intent(in) :: a
    real(8), intent(in) :: s
    scale_right = scale_left(s, a)
  end function scale_right
  pure real(8) function dot_vec(a, b)
    type(vec3), intent(in) :: a, b
    dot_vec = a%x*b%x + a%y*b%y + a%z*b%z
  end function dot_vec
  pure function cross_vec(a, b) result(c)
    type(vec3), intent(in) :: a, b
    type(vec3) :: c
    c%x = a%y*b%z - a%z*b%y
    c%y = a%z*b%x - a%x*b%z
    c%z = a%x*b%y - a%y*b%x
  end function cross_vec
  subroutine assign_from_array(v, arr)
    type(vec3), intent(out) :: v
    real(8), intent(in) :: arr(3)
    v%x = arr(1); v%y = arr(2); v%z = arr(3)
  end subroutine assign_from_array
  pure real(8) function norm(a)
    type(vec3), intent(in) :: a
    norm = sqrt(a .dot. a)
  end function norm
end module vector3d

program vector_ops
  use vector3d
  implicit none
  type(vec3) :: a, b, c
  a = [1d0, 0d0, 0d0]
  b = vec3(0d0, 1d0, 0d0)
  c = a .cross. b
  print '(3f8.3)', c%x, c%y, c%z
  c = 2d0 * a + b * 3d0 - (-a)
  print '(3f8.3)', c
  print *, 'a.b =', a .dot. b, ' |c| =', norm(c)
  ! user-defined binary operators bind loosest: a + b .dot. b == (a + b) .dot. b
  print *, "precedence:", a + b .dot. b, ((a + b) .dot. (2d0 * b)) + 1d0
end program vector_ops
