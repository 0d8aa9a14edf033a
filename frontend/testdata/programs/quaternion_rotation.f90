! Quaternion type for 3-D rotations with operator overloading and elemental functions.
module quaternions
  implicit none
  private
  integer, parameter, public :: qk = kind(1.0d0)
  type, public :: quat
    real(qk) :: w = 1.0_qk, x = 0.0_qk, y = 0.0_qk, z = 0.0_qk
  contains
    procedure :: conj => quat_conj
    procedure :: norm => quat_norm
    procedure :: rotate
  end type quat
  public :: operator(*), from_axis_angle
  interface operator(*)
    module procedure quat_mul
  end interface
contains
  elemental type(quat) function quat_mul(a, b) result(c)
    type(quat), intent(in) :: a, b
    c%w = a%w*b%w - a%x*b%x - a%y*b%y - a%z*b%z
    c%x = a%w*b%x + a%x*b%w + a%y*b%z - a%z*b%y
    c%y = a%w*b%y - a%x*b%z + a%y*b%w + a%z*b%x
    c%z = a%w*b%z + a%x*b%y - a%y*b%x + a%z*b%w
  end function quat_mul

  elemental type(quat) function quat_conj(self)
    class(quat), intent(in) :: self
    quat_conj = quat(self%w, -self%x, -self%y, -self%z)
  end function quat_conj

  elemental real(qk) function quat_norm(self)
    class(quat), intent(in) :: self
    quat_norm = sqrt(self%w**2 + self%x**2 + self%y**2 + self%z**2)
  end function quat_norm

  pure function from_axis_angle(axis, angle) result(q)
    real(qk), intent(in) :: axis(3), angle
    type(quat) :: q
    real(qk) :: u(3), s
    u = axis / norm2(axis)
    s = sin(0.5_qk * angle)
    q = quat(cos(0.5_qk * angle), s*u(1), s*u(2), s*u(3))
  end function from_axis_angle

  pure function rotate(self, v) result(r)
    class(quat), intent(in) :: self
    real(qk), intent(in) :: v(3)
    real(qk) :: r(3)
    type(quat) :: p
    p = self * quat(0.0_qk, v(1), v(2), v(3)) * self%conj()
    r = [p%x, p%y, p%z]
  end function rotate
end module quaternions

program quaternion_rotation
  use quaternions
  implicit none
  type(quat) :: q, qs(3)
  real(qk), parameter :: pi = acos(-1.0_qk)
  q = from_axis_angle([0.0_qk, 0.0_qk, 1.0_qk], pi / 2)
  print '(a, 3f10.6)', 'rotated x-axis: ', q%rotate([1.0_qk, 0.0_qk, 0.0_qk])
  qs = [q, q%conj(), quat()]
  print '(a, 3f10.6)', 'norms: ', qs%norm()
  qs = qs * q
  print '(a, 4f10.6)', 'q*q: ', qs(1)%w, qs(1)%x, qs(1)%y, qs(1)%z
end program quaternion_rotation
