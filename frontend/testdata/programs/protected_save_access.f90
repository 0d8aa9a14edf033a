! Module variables with PROTECTED, SAVE, PUBLIC/PRIVATE statements, and use-renaming.
module counters
  implicit none
  private
  public :: increment, reset, total_calls, get_history, max_history
  integer, protected :: total_calls = 0
  integer, parameter :: max_history = 8
  integer, save :: history(max_history) = 0
  integer :: head
  save :: head
  data head / 0 /
  protected :: history
  public :: history
contains
  subroutine increment(by)
    integer, intent(in), optional :: by
    integer :: step
    integer, save :: local_calls = 0
    step = 1
    if (present(by)) step = by
    total_calls = total_calls + step
    local_calls = local_calls + 1
    head = modulo(head, max_history) + 1
    history(head) = total_calls
  end subroutine increment

  subroutine reset()
    total_calls = 0
    history = 0
    head = 0
  end subroutine reset

  function get_history() result(h)
    integer :: h(max_history)
    h = history
  end function get_history
end module counters

program protected_save_access
  use counters, only: bump => increment, reset, calls => total_calls, &
                      get_history, history
  implicit none
  integer :: i
  do i = 1, 10
    call bump()
  end do
  call bump(by=5)
  print *, 'calls =', calls
  print '(8i4)', get_history()
  print '(8i4)', history
  call reset
  print *, 'after reset:', calls
end program protected_save_access
