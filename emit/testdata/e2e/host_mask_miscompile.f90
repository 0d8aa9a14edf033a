! GFORTRAN: miscompiles (gfortran 12 at -O1 and above, -ffrontend-optimize, runs no iteration of the masked loop: prints 9 -3)
! A mask that reads the element its iteration writes. F2018 11.1.7.4.2:
! the mask is evaluated for every combination of index values, then the
! body runs for the active ones: cos(9.) <= 9. is true, cos(-3.) <= -3. is
! false, so k = [0, -3]. fgpu keeps loops on the host (--gpu=none, fallback)
! as plain DO loops, which gfortran compiles right; offloaded, the kernel
! tests the mask in each iteration.
program host_mask_miscompile
  implicit none
  integer :: k(2), i
  k = [9, -3]
  do concurrent (i = 1:2, cos(real(k(i))) <= real(k(i)))
    k(i) = 0
  end do
  print '(2i4)', k
  if (k(1) /= 0 .or. k(2) /= -3) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program host_mask_miscompile
