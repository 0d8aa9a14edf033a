! Procedure pointers, abstract interfaces and procedure dummy arguments.
module integrators
  implicit none
  integer, parameter :: dp = kind(1.d0)

  abstract interface
    pure function func1d(x) result(y)
      import :: dp
      real(dp), intent(in) :: x
      real(dp) :: y
    end function func1d
    function rule_iface(f, a, b, n) result(s)
      import :: dp, func1d
      procedure(func1d) :: f
      real(dp), intent(in) :: a, b
      integer, intent(in) :: n
      real(dp) :: s
    end function rule_iface
  end interface

contains
  function trapezoid(f, a, b, n) result(s)
    procedure(func1d) :: f
    real(dp), intent(in) :: a, b
    integer, intent(in) :: n
    real(dp) :: s, h
    integer :: i
    h = (b - a) / n
    s = 0.5_dp * (f(a) + f(b))
    do i = 1, n - 1
      s = s + f(a + i*h)
    end do
    s = s * h
  end function trapezoid

  function simpson(f, a, b, n) result(s)
    procedure(func1d) :: f
    real(dp), intent(in) :: a, b
    integer, intent(in) :: n
    real(dp) :: s, h
    integer :: i
    h = (b - a) / n
    s = f(a) + f(b)
    do i = 1, n - 1, 2
      s = s + 4.0_dp * f(a + i*h)
    end do
    do i = 2, n - 2, 2
      s = s + 2.0_dp * f(a + i*h)
    end do
    s = s * h / 3.0_dp
  end function simpson

  pure function gaussian(x) result(y)
    real(dp), intent(in) :: x
    real(dp) :: y
    y = exp(-x*x)
  end function gaussian

  pure function cubic(x) result(y)
    real(dp), intent(in) :: x
    real(dp) :: y
    y = x**3 - 2.0_dp*x + 1.0_dp
  end function cubic
end module integrators

program procptr_demo
  use integrators
  implicit none
  procedure(func1d), pointer :: fp => null()
  procedure(rule_iface), pointer :: rule
  type :: method
    character(len=10) :: label
    procedure(rule_iface), pointer, nopass :: apply => null()
  end type method
  type(method) :: methods(2)
  integer :: k

  methods(1) = method('trapezoid', trapezoid)
  methods(2)%label = 'simpson'
  methods(2)%apply => simpson

  fp => gaussian
  do k = 1, 2
    rule => methods(k)%apply
    print '(a10, 2f16.12)', methods(k)%label, rule(fp, -3.0_dp, 3.0_dp, 100), &
         methods(k)%apply(cubic, 0.0_dp, 2.0_dp, 64)
  end do
  if (associated(fp, gaussian)) print *, 'fp points to gaussian'
  nullify(fp)
  print *, 'associated after nullify:', associated(fp)
end program procptr_demo
