! FLAGS: --unsupported-as=metal --gpu-allow-cpu-fallback
! GFORTRAN: miscompiles (at -O1 and above, -ffrontend-optimize, it runs no iteration of the masked loop: prints 9 -3)
! Design doc, "Outcomes": "The loop uses something from the unsupported list
! | ... | the loop runs on the CPU, with a warning". The loop (real(8), not
! on Metal's list) runs on the host, as plain DO loops that gfortran
! compiles right: the mask reads the element its iteration writes, every
! mask is evaluated first (F2018 11.1.7.4.2), cos(9d0) <= 9d0 is true and
! cos(-3d0) <= -3d0 false, so k = [0, -3].
program fallback_mask_miscompile
  implicit none
  integer :: k(2), i
  k = [9, -3]
  do concurrent (i = 1:2, cos(real(k(i), 8)) <= real(k(i), 8))  ! WANT: host real8_on_metal
    k(i) = 0
  end do
  print '(2i4)', k
  if (k(1) /= 0 .or. k(2) /= -3) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_mask_miscompile
