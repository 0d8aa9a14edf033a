! Design doc, "Whole-array assignments between launches": "In a host loop
! that launches kernels, a whole-array assignment on the data the kernels
! use - clearing an accumulator (dcdw = 0.), or reducing what a kernel wrote
! (dcdb = sum(reduce_dcdb, dim=3)) - would make the host wait for the device
! and copy the data back in every iteration ... so the gpu_array_statements
! pass ... makes it a parallel loop and sends it to the device too".
! A training-like loop: the accumulator is cleared each step and accumulated
! by a do concurrent; a kernel writes per-batch contributions that a sum over
! dim=3 reduces (arrays with lower bounds other than 1, so the rewrite's
! lbound offsets matter); the weights are updated by an elementwise
! statement that reads the target (w = w - ...). Checked against the same
! computation in sequential loops.
program accumulator_training
  implicit none
  integer, parameter :: n = 7, m = 5, nb = 4, steps = 6
  real(8) :: w(n, m), dcdw(n, m), x(n, m)
  real(8) :: dcdb(0:n-1, -1:m-2), reduce_dcdb(0:n-1, 2:m+1, nb)
  real(8) :: rw(n, m), rdcdw(n, m), rdcdb(n, m)
  integer :: i, j, k, step
  logical :: ok

  w = 1.0d0
  x = 0.5d0
  do step = 1, steps
    dcdw = 0.
    do concurrent (i = 1:n, j = 1:m)  ! WANT: offload
      dcdw(i, j) = dcdw(i, j) + w(i, j) * x(i, j) * step
    end do
    do concurrent (i = 0:n-1, j = 2:m+1, k = 1:nb)  ! WANT: offload
      reduce_dcdb(i, j, k) = real(i + 2 * j + 3 * k, 8) * step
    end do
    dcdb = sum(reduce_dcdb, dim=3)
    w = w - 0.01d0 * dcdw + 0.001d0 * dcdb
  end do

  ! The same computation, sequentially.
  rw = 1.0d0
  do step = 1, steps
    do j = 1, m
      do i = 1, n
        rdcdw(i, j) = rw(i, j) * 0.5d0 * step
        rdcdb(i, j) = 0
        do k = 1, nb
          rdcdb(i, j) = rdcdb(i, j) + real((i - 1) + 2 * (j + 1) + 3 * k, 8) * step
        end do
        rw(i, j) = rw(i, j) - 0.01d0 * rdcdw(i, j) + 0.001d0 * rdcdb(i, j)
      end do
    end do
  end do
  ok = all(abs(w - rw) <= 1d-12 * abs(rw)) .and. all(abs(dcdw - rdcdw) <= 1d-12 * abs(rdcdw))
  ok = ok .and. all(abs(dcdb - rdcdb) <= 1d-12 * abs(rdcdb))
  if (.not. ok) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
