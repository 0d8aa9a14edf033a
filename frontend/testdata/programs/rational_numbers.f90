! Rational number type with overloaded arithmetic, comparison operators and assignment.
module rationals
  use, intrinsic :: iso_fortran_env, only: i8 => int64
  implicit none
  private
  public :: rational, operator(+), operator(-), operator(*), operator(/), &
            operator(==), operator(<), assignment(=), to_real, gcd

  type :: rational
    integer(i8) :: num = 0_i8
    integer(i8) :: den = 1_i8
  end type rational

  interface operator(+);  module procedure r_add;  end interface
  interface operator(-);  module procedure r_sub, r_neg;  end interface
  interface operator(*);  module procedure r_mul;  end interface
  interface operator(/);  module procedure r_div;  end interface
  interface operator(==); module procedure r_eq;   end interface
  interface operator(<);  module procedure r_lt;   end interface
  interface assignment(=); module procedure r_from_int; end interface
contains
  pure recursive function gcd(a, b) result(g)
    integer(i8), intent(in) :: a, b
    integer(i8) :: g
    if (b == 0_i8) then
      g = abs(a)
    else
      g = gcd(b, mod(a, b))
    end if
  end function gcd

  pure function make(n, d) result(r)
    integer(i8), intent(in) :: n, d
    type(rational) :: r
    integer(i8) :: g
    g = gcd(n, d)
    if (g == 0_i8) g = 1_i8
    r%num = sign(1_i8, d) * n / g
    r%den = abs(d) / g
  end function make

  pure type(rational) function r_add(a, b)
    type(rational), intent(in) :: a, b
    r_add = make(a%num * b%den + b%num * a%den, a%den * b%den)
  end function r_add
  pure type(rational) function r_sub(a, b)
    type(rational), intent(in) :: a, b
    r_sub = a + (-b)
  end function r_sub
  pure type(rational) function r_neg(a)
    type(rational), intent(in) :: a
    r_neg = rational(-a%num, a%den)
  end function r_neg
  pure type(rational) function r_mul(a, b)
    type(rational), intent(in) :: a, b
    r_mul = make(a%num * b%num, a%den * b%den)
  end function r_mul
  pure type(rational) function r_div(a, b)
    type(rational), intent(in) :: a, b
    r_div = make(a%num * b%den, a%den * b%num)
  end function r_div
  pure logical function r_eq(a, b)
    type(rational), intent(in) :: a, b
    r_eq = a%num == b%num .and. a%den == b%den
  end function r_eq
  pure logical function r_lt(a, b)
    type(rational), intent(in) :: a, b
    r_lt = a%num * b%den < b%num * a%den
  end function r_lt
  pure subroutine r_from_int(r, n)
    type(rational), intent(out) :: r
    integer, intent(in) :: n
    r = rational(int(n, i8), 1_i8)
  end subroutine r_from_int
  pure real function to_real(a)
    type(rational), intent(in) :: a
    to_real = real(a%num) / real(a%den)
  end function to_real
end module rationals

program rational_demo
  use rationals
  implicit none
  type(rational) :: h, one, third
  integer :: k
  h = 0
  do k = 1, 10
    h = h + rational(1_8, int(k, 8))
  end do
  print '(a, i0, "/", i0, a, f10.6)', 'H(10) = ', h%num, h%den, ' ~ ', to_real(h)
  one = 1
  third = one / rational(3_8, 1_8)
  print *, third + third + third == one, third < one, -third < third
end program rational_demo
