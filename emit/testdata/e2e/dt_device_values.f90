! Derived-type values created on the device: pure functions taking and
! returning type(vec) (structure constructors, whole-value assignment),
! a pure subroutine defining a component of an element passed to it, a
! parameter struct handed to the kernel whole, block variables and an
! associate name of the type, and type-bound procedures called on values of
! the iteration (type(vec) objects: the binding is known).
module vecs_mod
  implicit none
  type vec
    real(8) :: x, y, z
  contains
    procedure :: norm1
    procedure :: grow
  end type vec
  type body
    type(vec) :: r, v
    real(8) :: m
    logical :: fixed
  end type body
  type params
    real(8) :: dt
    type(vec) :: g
  end type params
contains
  pure function add(a, b) result(c)
    type(vec), intent(in) :: a, b
    type(vec) :: c
    c = vec(a%x + b%x, a%y + b%y, a%z + b%z)
  end function add
  pure function scale(s, a) result(c)
    real(8), intent(in) :: s
    type(vec), intent(in) :: a
    type(vec) :: c
    c%x = s * a%x
    c%y = s * a%y
    c%z = s * a%z
  end function scale
  pure real(8) function dot(a, b)
    type(vec), intent(in) :: a, b
    dot = a%x * b%x + a%y * b%y + a%z * b%z
  end function dot
  pure real(8) function norm1(self)
    class(vec), intent(in) :: self
    norm1 = abs(self%x) + abs(self%y) + abs(self%z)
  end function norm1
  pure subroutine grow(self, d)
    class(vec), intent(inout) :: self
    real(8), intent(in) :: d
    self%x = self%x + d
    self%z = self%z - d
  end subroutine grow
  pure subroutine kick(b, p)
    type(body), intent(inout) :: b
    type(params), intent(in) :: p
    type(vec) :: dv
    dv = scale(p%dt, p%g)
    if (.not. b%fixed) b%v = add(b%v, dv)
  end subroutine kick
end module vecs_mod

program dt_device_values
  use vecs_mod
  implicit none
  integer, parameter :: n = 5000
  type(body), allocatable :: bs(:), rs(:)
  type(params) :: p
  real(8) :: e(n), d(n), c(n)
  type(vec) :: t, w
  integer :: i, s
  allocate(bs(n))
  do i = 1, n
    bs(i)%r = vec(real(i, 8), 0d0, 1d0)
    bs(i)%v = vec(0d0, real(mod(i, 7), 8), 1d0)
    bs(i)%m = 1 + mod(i, 3)
    bs(i)%fixed = mod(i, 11) == 0
  end do
  rs = bs
  p = params(0.01d0, vec(0d0, 0d0, -9.81d0))
  do s = 1, 10
    do concurrent (i = 1:n)
      block
        type(vec) :: t
        call kick(bs(i), p)
        t = add(bs(i)%r, scale(p%dt, bs(i)%v))
        bs(i)%r = t
      end block
    end do
  end do
  do concurrent (i = 1:n)
    associate (b => bs(i))
      e(i) = 0.5d0 * b%m * dot(b%v, b%v)
    end associate
    block
      type(vec) :: w
      w = bs(i)%v
      w%x = w%x + 1
      call w%grow(0.5d0)
      d(i) = dot(w, bs(i)%r)
      c(i) = w%norm1() + norm1(vec(1d0, e(i), d(i)))
    end block
  end do
  ! The same serially: the same bits.
  do s = 1, 10
    do i = 1, n
      call kick(rs(i), p)
      t = add(rs(i)%r, scale(p%dt, rs(i)%v))
      rs(i)%r = t
    end do
  end do
  do i = 1, n
    w = rs(i)%v
    w%x = w%x + 1
    call w%grow(0.5d0)
    if (bs(i)%r%x /= rs(i)%r%x .or. bs(i)%r%z /= rs(i)%r%z .or. bs(i)%v%z /= rs(i)%v%z &
        .or. e(i) /= 0.5d0 * rs(i)%m * dot(rs(i)%v, rs(i)%v) .or. d(i) /= dot(w, rs(i)%r) &
        .or. c(i) /= w%norm1() + norm1(vec(1d0, e(i), d(i)))) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(2es24.16)', sum(e), sum(d)
  print '(es24.16)', sum(c)
end program dt_device_values
