! Design doc, "The offloading pipeline": "When the size changes from one
! iteration to the next ... the host works it out for every iteration
! before the launch, from the loop limits and the values the kernel gives
! the loop indices, and gives every slice room for the largest."
! A block array whose extent reads the loop index (w(i)): not sized on the
! host yet, a catalogued error at the declaration (spec-tests/NYI.txt).
program size_reads_index
  implicit none
  integer, parameter :: n = 64
  real(8) :: f(n)
  integer :: i, k
  do concurrent (i = 1:n)  ! WANT: offload
    block
      real(8) :: w(i)
      do k = 1, i
        w(k) = k
      end do
      f(i) = sum(w)
    end block
  end do
  do i = 1, n
    if (f(i) /= i * (i + 1) / 2) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a,1x,f0.1)', 'PASSED', sum(f)
end program size_reads_index
