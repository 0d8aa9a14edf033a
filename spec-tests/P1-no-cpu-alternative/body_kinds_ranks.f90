! Design doc, "The offloading pipeline": "Once a loop is assigned to the
! device, the offloading pipeline extracts the kernel, lowers it ... It never
! falls back to the CPU".
! Loops over three indices of rank-3 arrays with lower bounds other than one,
! of integer(1), integer(8), real(8), complex(8) and logical elements, with a
! whole-array assignment of a block-local scalar result: each builds into a
! kernel and gives what the sequential loops give.
program body_kinds_ranks
  implicit none
  integer(1) :: b(0:3, -1:2, 2:4), rb(0:3, -1:2, 2:4)
  integer(8) :: k(0:3, -1:2, 2:4), rk(0:3, -1:2, 2:4)
  real(8) :: x(0:3, -1:2, 2:4), rx(0:3, -1:2, 2:4)
  complex(8) :: z(0:3, 2:4), rz(0:3, 2:4)
  logical :: f(0:3, -1:2, 2:4), rf(0:3, -1:2, 2:4)
  integer :: i, j, l

  do concurrent (i = 0:3, j = -1:2, l = 2:4)  ! WANT: offload
    b(i, j, l) = int(i - j * l, 1)
    k(i, j, l) = int(i + 1, 8) ** 20 - int(j, 8) * l
    x(i, j, l) = real(i, 8) / 4.0d0 + real(j * l, 8)
    f(i, j, l) = mod(i + j + l, 3) == 0
  end do
  do concurrent (i = 0:3, l = 2:4)  ! WANT: offload
    block
      real(8) :: t
      t = sum(x(i, :, l))
      z(i, l) = cmplx(t, -real(i, 8), 8) * cmplx(0.5d0, 2.0d0, 8)
    end block
  end do

  do l = 2, 4
    do j = -1, 2
      do i = 0, 3
        rb(i, j, l) = int(i - j * l, 1)
        rk(i, j, l) = int(i + 1, 8) ** 20 - int(j, 8) * l
        rx(i, j, l) = real(i, 8) / 4.0d0 + real(j * l, 8)
        rf(i, j, l) = mod(i + j + l, 3) == 0
      end do
    end do
  end do
  do l = 2, 4
    do i = 0, 3
      rz(i, l) = cmplx(sum(rx(i, :, l)), -real(i, 8), 8) * cmplx(0.5d0, 2.0d0, 8)
    end do
  end do

  if (any(b /= rb) .or. any(k /= rk) .or. any(x /= rx) .or. any(z /= rz) .or. &
      any(f .neqv. rf)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(int(b)), sum(k)
end program body_kinds_ranks
