! Merge sort with a work array, plus an index sort (argsort) using pure procedures.
module sorting
  implicit none
  private
  public :: merge_sort, argsort
contains
  pure recursive subroutine merge_sort(a, work)
    real, intent(inout) :: a(:)
    real, intent(inout) :: work(:)
    integer :: n, mid
    n = size(a)
    if (n <= 1) return
    mid = (n + 1) / 2
    call merge_sort(a(:mid), work)
    call merge_sort(a(mid+1:), work)
    if (a(mid) <= a(mid+1)) return
    work(1:mid) = a(1:mid)
    call merge_halves(work(1:mid), a(mid+1:n), a)
  end subroutine merge_sort

  pure subroutine merge_halves(left, right, out)
    real, intent(in) :: left(:)
    real, intent(in) :: right(:)
    real, intent(inout) :: out(:)
    integer :: i, j, k
    i = 1; j = 1; k = 1
    do while (i <= size(left) .and. j <= size(right))
      if (left(i) <= right(j)) then
        out(k) = left(i); i = i + 1
      else
        out(k) = right(j); j = j + 1
      end if
      k = k + 1
    end do
    if (i <= size(left)) out(k:) = left(i:)
  end subroutine merge_halves

  pure function argsort(x) result(idx)
    real, intent(in) :: x(:)
    integer :: idx(size(x))
    integer :: i, j, t
    idx = [(i, i = 1, size(x))]
    do i = 2, size(x)
      t = idx(i)
      j = i - 1
      do while (j > 0)
        if (x(idx(j)) <= x(t)) exit
        idx(j + 1) = idx(j)
        j = j - 1
      end do
      idx(j + 1) = t
    end do
  end function argsort
end module sorting

program merge_sort_demo
  use sorting
  implicit none
  integer, parameter :: n = 1000
  real :: a(n), work(n), orig(20)
  integer :: order(20)
  call random_number(a)
  orig = a(1:20)
  call merge_sort(a, work)
  if (any(a(2:) < a(:n-1))) error stop 'not sorted'
  order = argsort(orig)
  print '(5f8.4)', orig(order)
  print *, 'sorted ok; min/max:', a(1), a(n)
end program merge_sort_demo
