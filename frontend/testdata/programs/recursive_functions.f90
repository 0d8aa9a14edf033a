! RECURSIVE functions and subroutines: factorial, fibonacci, quicksort, ackermann, hanoi.
module recursion
  implicit none
contains
  recursive function factorial(n) result(f)
    integer, intent(in) :: n
    integer(kind=8) :: f
    if (n <= 1) then
      f = 1
    else
      f = n * factorial(n - 1)
    end if
  end function factorial

  recursive integer function fib(n) result(r)
    integer, intent(in) :: n
    if (n < 2) then
      r = n
    else
      r = fib(n - 1) + fib(n - 2)
    end if
  end function fib

  pure recursive function ackermann(m, n) result(a)
    integer, intent(in) :: m, n
    integer :: a
    if (m == 0) then
      a = n + 1
    else if (n == 0) then
      a = ackermann(m - 1, 1)
    else
      a = ackermann(m - 1, ackermann(m, n - 1))
    end if
  end function ackermann

  recursive subroutine quicksort(a)
    real, intent(inout) :: a(:)
    real :: pivot, tmp
    integer :: i, j
    if (size(a) <= 1) return
    pivot = a(size(a) / 2 + 1)
    i = 1; j = size(a)
    do
      do while (a(i) < pivot); i = i + 1; end do
      do while (a(j) > pivot); j = j - 1; end do
      if (i >= j) exit
      tmp = a(i); a(i) = a(j); a(j) = tmp
      i = i + 1; j = j - 1
    end do
    call quicksort(a(:j))
    call quicksort(a(j+1:))
  end subroutine quicksort

  recursive subroutine hanoi(n, from, to, via, moves)
    integer, intent(in) :: n
    character, intent(in) :: from, to, via
    integer, intent(inout) :: moves
    if (n == 0) return
    call hanoi(n - 1, from, via, to, moves)
    moves = moves + 1
    call hanoi(n - 1, via, to, from, moves)
  end subroutine hanoi
end module recursion

program recursive_demo
  use recursion
  implicit none
  real :: data(20)
  integer :: moves, i
  print *, (factorial(i), i = 0, 20, 5)
  print *, 'fib(20) =', fib(20), ' ack(2,3) =', ackermann(2, 3)
  call random_number(data)
  call quicksort(data)
  print *, 'sorted:', all(data(1:19) <= data(2:20))
  moves = 0
  call hanoi(10, 'A', 'C', 'B', moves)
  print *, 'hanoi moves:', moves
end program recursive_demo
