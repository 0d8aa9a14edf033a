! A nested do concurrent combined with the kernel's loop (module
! arrays, a module procedure), and an array accumulation over an index
! that runs in order inside each thread (a serial index), and a nested
! loop run in order inside the iteration with a local and a reduction.
module nest_m
  implicit none
  integer, parameter :: n = 40, m = 30, p = 20
  real(8) :: a(n, m), c(n, m), x(n, p), h(n)
contains
  subroutine scale(f)
    real(8), intent(in) :: f
    integer :: i, j
    do concurrent (j = 1:m)
      do concurrent (i = 1:n, a(i, j) > 0)
        c(i, j) = a(i, j) * f
      end do
    end do
  end subroutine
  subroutine rows(s)
    real(8), intent(in) :: s
    integer :: i, j
    real(8) :: t, rowsum
    do concurrent (j = 1:m) local(rowsum)
      rowsum = 0
      do concurrent (i = 1:n, a(i, j) > 0) local(t) reduce(+: rowsum)
        t = a(i, j) * s
        c(i, j) = t
        rowsum = rowsum + t
      end do
      h(j) = rowsum
    end do
  end subroutine
  subroutine accumulate()
    integer :: i, k
    do concurrent (i = 1:n, k = 1:p)
      h(i) = h(i) + x(i, k)
    end do
  end subroutine
end module

program nest
  use nest_m
  implicit none
  integer :: it
  a = 1; x = 2; h = 0
  do it = 1, 4
    call scale(0.5d0)
    call accumulate()
    call rows(2.0d0)
  end do
  print *, sum(c), sum(h)
end program
