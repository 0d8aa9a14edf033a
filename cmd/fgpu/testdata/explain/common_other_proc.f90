! EXPLAIN: 8 31
! A fetch placed in another procedure: show reads the common block the
! main program's launch writes (under another name); the main program's
! time loop calls step, whose launch writes the dummy bound to field.
subroutine show()
  real(8) :: z(8)
  common /blk/ z
  print '(8f6.1)', z
end subroutine show
subroutine step(f, n)
  integer, intent(in) :: n
  real(8), intent(inout) :: f(n)
  integer :: i
  do concurrent (i = 1:n)
    f(i) = f(i) + 1
  end do
end subroutine step
program common_other_proc
  real(8) :: x(8), field(100)
  common /blk/ x
  integer :: i, k
  x = 1
  field = 0
  do concurrent (i = 1:8)
    x(i) = i * 3.0d0
  end do
  call show()
  do k = 1, 10
    call step(field, 100)
  end do
  print *, field(100)
end program common_other_proc
