! bench/apps/common/stats.f90: best and median of a set of timings, the
! size arguments of the applications (command line, else an environment
! variable, else a default), and numbers written without blanks for the
! RESULT lines (key=value fields separated by one blank).
module apps_stats
  implicit none
  private
  public :: best_of, median_of, int_arg, num, fix
contains
  function best_of(t) result(b)
    real(8), intent(in) :: t(:)
    real(8) :: b
    b = minval(t)
  end function best_of

  ! The median (the lower middle value for an even count), by insertion sort
  ! of a copy: the sets are small.
  function median_of(t) result(m)
    real(8), intent(in) :: t(:)
    real(8) :: m
    real(8) :: s(size(t)), x
    integer :: i, j
    s = t
    do i = 2, size(s)
      x = s(i)
      j = i - 1
      do while (j >= 1)
        if (s(j) <= x) exit
        s(j + 1) = s(j)
        j = j - 1
      end do
      s(j + 1) = x
    end do
    m = s((size(s) + 1) / 2)
  end function median_of

  ! The k-th command argument as an integer, else the environment variable
  ! env, else def.
  function int_arg(k, env, def) result(v)
    integer, intent(in) :: k, def
    character(len=*), intent(in) :: env
    integer :: v
    character(len=32) :: s
    integer :: st, ios
    v = def
    if (command_argument_count() >= k) then
      call get_command_argument(k, s)
    else
      call get_environment_variable(env, s, status=st)
      if (st /= 0) return
    end if
    read (s, *, iostat=ios) v
    if (ios /= 0) then
      print '(a,a)', 'bad size argument: ', trim(s)
      error stop 2
    end if
  end function int_arg

  ! x in ES format (6 significant digits), without blanks.
  function num(x) result(s)
    real(8), intent(in) :: x
    character(len=:), allocatable :: s
    character(len=32) :: b
    write (b, '(es13.6)') x
    s = trim(adjustl(b))
  end function num

  ! x with one decimal (F format), without blanks.
  function fix(x) result(s)
    real(8), intent(in) :: x
    character(len=:), allocatable :: s
    character(len=32) :: b
    write (b, '(f0.1)') x
    s = trim(adjustl(b))
    if (s(1:1) == '.') s = '0' // s
  end function fix
end module apps_stats
