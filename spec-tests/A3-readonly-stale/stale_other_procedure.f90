! ARCHITECTURE.md section 4 (beyond the design doc): "when the analyses
! prove the host does not write an array between two launches, its device
! copy stays valid; every host write of a resident array marks its device
! copy stale." Issue 11: across procedures too. The module array coef is
! read by the launch in apply (called every step) and stays on the device
! across the returns; set_coef, another procedure, writes it on the host
! every fourth step, and a host write through a dummy (scale_coef) and a
! READ of the array from an internal file write it too: each must reach
! the next launch.
module coefs
  implicit none
  real(8) :: coef(64)
  real(8) :: acc(64)
contains
  subroutine apply()
    integer :: i
    do concurrent (i = 1:64)  ! WANT: offload
      acc(i) = acc(i) + coef(i)
    end do
  end subroutine apply
  subroutine set_coef(v)
    real(8), intent(in) :: v
    coef = v
  end subroutine set_coef
  subroutine scale_coef(c, f)
    real(8), intent(inout) :: c(:)
    real(8), intent(in) :: f
    c(1:32) = c(1:32) * f
  end subroutine scale_coef
end module coefs
program stale_other_procedure
  use coefs
  implicit none
  integer :: k, j
  real(8) :: racc(64), rcoef(64)
  character(len=200) :: text
  coef = 1
  acc = 0
  racc = 0
  rcoef = 1
  do k = 1, 12
    if (mod(k, 4) == 0) then
      call set_coef(real(k, 8))
      rcoef = k
    end if
    if (k == 6) then
      call scale_coef(coef, 3.0d0)
      rcoef(1:32) = rcoef(1:32) * 3
    end if
    if (k == 9) then
      write (text, '(64f3.0)') (real(mod(j, 7), 8), j = 1, 64)
      read (text, '(64f3.0)') coef
      rcoef = [(real(mod(j, 7), 8), j = 1, 64)]
    end if
    call apply()
    racc = racc + rcoef
  end do
  print '(a, 3f8.1)', 'acc:', acc(1), acc(33), acc(64)
  if (any(acc /= racc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program stale_other_procedure
