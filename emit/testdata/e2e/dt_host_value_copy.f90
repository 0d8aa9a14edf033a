! Elements of a module array of a derived type with allocatable components
! copied whole into a value of the iteration (t = parts(k)): the copy owns
! its components (deep-copied into the launch's device heap), so writing
! it never changes the host's element. The type has components besides the
! allocatable ones (its bytes are handed over with the tables of the
! elements' buffers); the loop is in a module procedure called in a time
! loop, and the host changes an element between two steps.
module hv_copy_mod
  implicit none
  type particle
    integer :: id
    real(8) :: mass
    real(8), allocatable :: v(:)
    real(8), allocatable :: w(:, :)
  end type particle
  type(particle), allocatable :: parts(:)
contains
  subroutine step(out, n, it)
    real(8), intent(inout) :: out(:)
    integer, intent(in) :: n, it
    integer :: i
    do concurrent (i = 1:n)
      block
        type(particle) :: t
        real(8) :: acc
        integer :: k, j
        k = mod(i * 7, size(parts)) + 1
        t = parts(k)
        t%v(1) = t%v(1) + real(i, 8)       ! the copy only
        t%mass = t%mass * 2
        acc = 0
        do j = 1, size(t%w, 2)
          acc = acc + t%w(1, j) * j
        end do
        out(i) = t%mass * sum(t%v) + acc + t%id + size(t%w) + it
      end block
    end do
  end subroutine step
end module hv_copy_mod

program dt_host_value_copy
  use hv_copy_mod
  implicit none
  integer, parameter :: n = 2000, np = 5
  real(8), allocatable :: out(:)
  real(8) :: want, acc, total, mass0(np)
  integer :: i, k, j, it
  allocate(parts(np), out(n))
  do k = 1, np
    parts(k)%id = 10 * k
    parts(k)%mass = 0.5d0 * k
    allocate(parts(k)%v(k + 2), parts(k)%w(2, k))
    parts(k)%v = [(0.25d0 * j + k, j = 1, k + 2)]
    parts(k)%w = 1.5d0 * k
    mass0(k) = parts(k)%mass
  end do
  total = 0
  do it = 1, 4
    call step(out, n, it)
    do i = 1, n
      k = mod(i * 7, np) + 1
      acc = 0
      do j = 1, k
        acc = acc + parts(k)%w(1, j) * j
      end do
      want = parts(k)%mass * 2 * (sum(parts(k)%v) + real(i, 8)) + acc + parts(k)%id + 2 * k + it
      if (abs(out(i) - want) > 1d-12 * abs(want)) then
        print '(a, i0, a, i0, 2es24.16)', 'FAIL step ', it, ' at ', i, out(i), want
        error stop 1
      end if
    end do
    total = total + sum(out)
    ! The host's elements are unchanged by the copies the device wrote.
    do k = 1, np
      if (parts(k)%v(1) /= 0.25d0 + k .or. parts(k)%mass /= mass0(k)) then
        print '(a, i0)', 'FAIL: the host element changed: ', k
        error stop 2
      end if
    end do
    ! The host changes one element between two steps.
    parts(2)%w(1, 1) = parts(2)%w(1, 1) + 1
    parts(3)%mass = parts(3)%mass + 0.125d0
    mass0(3) = parts(3)%mass
  end do
  print '(a, es24.16)', 'total ', total
  print '(a, 2es24.16)', 'parts ', parts(2)%w(1, 1), parts(3)%mass
end program dt_host_value_copy
