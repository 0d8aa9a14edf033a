! Pure procedures with explicit-shape and assumed-shape array arguments
! (whole arrays and rows/columns passed from the body).
module paa
  implicit none
contains
  pure integer function dot_explicit(m, u, v)
    integer, intent(in) :: m
    integer, intent(in) :: u(m), v(m)
    integer :: k
    dot_explicit = 0
    do k = 1, m
      dot_explicit = dot_explicit + u(k) * v(k)
    end do
  end function
  pure integer function weighted(u, j)
    integer, intent(in) :: u(:)
    integer, intent(in) :: j
    integer :: k
    weighted = 0
    do k = 1, size(u)
      weighted = weighted + u(k) * (k + j)
    end do
  end function
end module

program pure_array_args
  use paa
  implicit none
  integer, parameter :: n = 12, m = 6
  integer :: a(m, n), w(m), d(n), e(n), i, k
  do i = 1, n
    do k = 1, m
      a(k, i) = mod(i * k + 3, 10) - 4
    end do
  end do
  w = [(k * k, k = 1, m)]
  do concurrent (i = 1:n)
    d(i) = dot_explicit(m, a(:, i), w)
    e(i) = weighted(a(:, i), i) + weighted(w, 0)
  end do
  do i = 1, n
    if (d(i) /= sum(a(:, i) * w)) then
      print '(a,i0)', 'FAIL dot at ', i
      error stop 1
    end if
    if (e(i) /= sum(a(:, i) * [(k + i, k = 1, m)]) + sum(w * [(k, k = 1, m)])) then
      print '(a,i0)', 'FAIL weighted at ', i
      error stop 1
    end if
  end do
  print '(12i5)', d
  print '(12i5)', e
  print '(a)', 'PASSED'
end program
