! Design doc, "The offloading pipeline": "A derived-type value reaches the
! kernel as a copy of the host's bytes".
! A parameter struct (nested, with a fixed-size array component) read in a
! stencil: its scalar components reach the kernel by value, its array
! component as a buffer; the struct changes between launches and every
! launch sees the current values.
module param_mod
  implicit none
  type spacing
    real(8) :: dx, dy
  end type spacing
  type param
    type(spacing) :: h
    real(8) :: c(3)
    integer :: nx, ny
  end type param
end module param_mod

program parameter_struct
  use param_mod
  implicit none
  type(param) :: p
  real(8), allocatable :: a(:, :), b(:, :)
  integer :: i, j, k
  real(8) :: want

  p%nx = 300
  p%ny = 200
  p%h = spacing(0.5d0, 0.25d0)
  p%c = [1d0, -2d0, 1d0]
  allocate(a(p%nx, p%ny), b(p%nx, p%ny))
  do j = 1, p%ny
    do i = 1, p%nx
      a(i, j) = real(mod(i * j, 17), 8)
    end do
  end do
  b = 0
  do k = 1, 2
    do concurrent (j = 2:p%ny - 1, i = 2:p%nx - 1)  ! WANT: offload
      b(i, j) = (p%c(1) * a(i - 1, j) + p%c(2) * a(i, j) + p%c(3) * a(i + 1, j)) / p%h%dx**2 &
              + (p%c(1) * a(i, j - 1) + p%c(2) * a(i, j) + p%c(3) * a(i, j + 1)) / p%h%dy**2
    end do
    do j = 2, p%ny - 1
      do i = 2, p%nx - 1
        want = (p%c(1) * a(i - 1, j) + p%c(2) * a(i, j) + p%c(3) * a(i + 1, j)) / p%h%dx**2 &
             + (p%c(1) * a(i, j - 1) + p%c(2) * a(i, j) + p%c(3) * a(i, j + 1)) / p%h%dy**2
        if (b(i, j) /= want) then
          print '(a, 3i6)', 'FAIL', k, i, j
          error stop 1
        end if
      end do
    end do
    p%h%dx = 2 * p%h%dx
    p%c(2) = -3d0
  end do
  print '(a)', 'PASSED'
end program parameter_struct
