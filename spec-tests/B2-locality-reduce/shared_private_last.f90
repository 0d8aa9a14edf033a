! GUARDS: shared_scalar_race (the nearest correct variant of shared_scalar_race.f90: no such diagnostic)
! SPEC-MAP B2 (beyond the design doc): F2018 11.1.7.5, "If a variable has
! unspecified locality, if it is referenced in an iteration it shall either
! be previously defined during that iteration, or shall not be defined or
! become undefined during any other iteration; if it is defined or becomes
! undefined by more than one iteration it becomes undefined when the loop
! terminates." fgpu offloads a scalar each iteration defines before using
! it (or never reads) as local to the iterations, and when the host may
! read it after the loop, gives it the value the sequentially last
! iteration that wrote it left, in the order gfortran runs the loop (the
! first index varies fastest, measured: do concurrent (i = 1:3, j = 1:4)
! ends with i = 3, j = 4; a conditional write keeps the last (i, j) in that
! order), never the value of an arbitrary iteration.
module grid_m
  implicit none
  integer :: nx, ny
  real, allocatable :: f(:, :)
contains
  subroutine find(level, fi, fj, fv, tmp)
    real, intent(in) :: level
    integer, intent(inout) :: fi, fj
    real, intent(inout) :: fv
    real, intent(out) :: tmp
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)  ! WANT: offload
      tmp = f(i, j) + 1
      if (tmp > level) then
        fi = i
        fj = j
        fv = f(i, j)
      end if
    end do
  end subroutine
end module grid_m

program shared_private_last
  use grid_m
  implicit none
  integer :: i, j, fi, fj, ei, ej, k
  real :: fv, ev, tmp
  nx = 300
  ny = 400
  allocate (f(nx, ny))
  do j = 1, ny
    do i = 1, nx
      f(i, j) = real(mod(i * 31 + j * 17, 997))
    end do
  end do
  fi = 0; fj = 0; fv = -1
  call find(995.5, fi, fj, fv, tmp)
  ei = 0; ej = 0; ev = -1
  do j = 1, ny
    do i = 1, nx
      if (f(i, j) + 1 > 995.5) then
        ei = i; ej = j; ev = f(i, j)
      end if
    end do
  end do
  if (fi /= ei .or. fj /= ej .or. fv /= ev .or. tmp /= f(nx, ny) + 1) then
    print '(a,4(1x,i0))', 'FAIL', fi, fj, ei, ej
    error stop 1
  end if
  ! A DO variable of the body, read after the loop.
  do concurrent (i = 1:nx)  ! WANT: offload
    do k = 1, mod(i, 4)
      f(i, 1) = f(i, 1) + 1
    end do
  end do
  if (k /= mod(nx, 4) + 1) then
    print '(a)', 'FAIL k'
    error stop 1
  end if
  print '(a,2(1x,i0),1x,f0.1,1x,i0)', 'last', fi, fj, fv, k
  print '(a)', 'PASSED'
end program shared_private_last
