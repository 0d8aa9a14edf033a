! Scalars a do concurrent defines before using them in every iteration,
! without a locality spec, and that nothing reads after the loop (locals of
! the procedure read only after being defined again): local to the
! iterations (rules/shared.mg, shared_private and not shared_last), so the
! one-index loop runs in packs and every loop vectorises. A temporary in a
! branch of an IF construct with ELSE, in a DO, in a kernel that can stop,
! and a DO variable the host uses again as the variable of its own DO.
module temps_data
  implicit none
  integer, parameter :: n = 300000, m = 50
  real(8), allocatable :: x(:), y(:), g(:, :)
  integer, allocatable :: c(:)
contains
  subroutine smooth()
    real(8) :: t, u
    integer :: i, j, k
    do concurrent (i = 1:n)
      t = x(i) * 2
      u = t * t - x(i)
      y(i) = u + t
    end do
    do concurrent (i = 1:m, j = 1:n / m)
      if (mod(i + j, 2) == 0) then
        t = x((j - 1) * m + i)
      else
        t = -x((j - 1) * m + i)
      end if
      u = 0
      do k = 1, 3
        u = u + t * k
      end do
      g(i, j) = u
    end do
    do concurrent (i = 1:n)
      k = int(x(i))
      if (k < 0) error stop 5
      c(i) = k * 2
    end do
    do k = 1, 2
      x(k) = x(k) + 0
    end do
  end subroutine
end module

program shared_private_temps
  use temps_data
  implicit none
  integer :: i, j
  real(8) :: t
  allocate (x(n), y(n), g(m, n / m), c(n))
  do i = 1, n
    x(i) = real(mod(i * 13, 1000), 8) * 0.5d0
  end do
  call smooth()
  do i = 1, n
    t = x(i) * 2
    if (y(i) /= t * t - x(i) + t .or. c(i) /= int(x(i)) * 2) then
      print '(a,i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  do j = 1, n / m
    do i = 1, m
      t = x((j - 1) * m + i)
      if (mod(i + j, 2) /= 0) t = -t
      if (g(i, j) /= ((0 + t * 1) + t * 2) + t * 3) then
        print '(a,2(1x,i0))', 'FAIL g at', i, j
        error stop 1
      end if
    end do
  end do
  print '(a,f0.1,1x,f0.1,1x,i0)', 'sums ', sum(y(1:1000)), sum(g(:, 1:10)), sum(c(1:1000))
  print '(a)', 'PASSED'
end program
