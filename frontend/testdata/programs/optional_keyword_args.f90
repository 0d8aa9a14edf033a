! OPTIONAL dummies, PRESENT, keyword arguments in calls, VALUE dummies, internal procedures.
module plotting
  implicit none
contains
  subroutine linspace(x, first, last, endpoint)
    real, intent(out) :: x(:)
    real, intent(in) :: first, last
    logical, intent(in), optional :: endpoint
    logical :: ep
    integer :: i, n, div
    ep = .true.
    if (present(endpoint)) ep = endpoint
    n = size(x)
    div = merge(n - 1, n, ep)
    do i = 1, n
      x(i) = first + (last - first) * real(i - 1) / real(div)
    end do
  end subroutine linspace

  function clamp(x, lo, hi) result(y)
    real, intent(in) :: x
    real, intent(in), optional :: lo, hi
    real :: y
    y = x
    if (present(lo)) y = max(y, lo)
    if (present(hi)) y = min(y, hi)
  end function clamp

  subroutine report(label, value, unit, width)
    character(len=*), intent(in) :: label
    real, intent(in) :: value
    character(len=*), intent(in), optional :: unit
    integer, value, optional :: width
    character(len=32) :: fmt
    integer :: w
    w = 10
    if (present(width)) w = width
    write (fmt, '(a, i0, a)') '(a, 1x, f', w, '.3, 1x, a)'
    if (present(unit)) then
      write (*, fmt) label, value, unit
    else
      write (*, fmt) label, value, ''
    end if
  end subroutine report
end module plotting

program optional_keyword_args
  use plotting
  implicit none
  real :: x(5)
  call linspace(x, 0.0, 1.0)
  print '(5f7.3)', x
  call linspace(x, 0.0, 1.0, endpoint=.false.)
  print '(5f7.3)', x
  call linspace(last=10.0, first=-10.0, x=x)
  print '(5f7.2)', x
  print *, clamp(5.0), clamp(5.0, hi=2.0), clamp(-5.0, lo=0.0, hi=1.0), clamp(hi=3.0, x=4.0)
  call report('speed', 3.5, 'm/s')
  call report('mass', 12.25, width=8)
  call report(value=1.0, label='ratio')
  call nested_helper(3)
contains
  subroutine nested_helper(n)
    integer, value :: n
    do while (n > 0)
      call report('countdown', real(n))
      n = n - 1
    end do
    print *, 'x still visible from host:', x(1)
  end subroutine nested_helper
end program optional_keyword_args
