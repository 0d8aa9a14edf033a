! Design doc, "The offloading pipeline": "A derived-type value reaches the
! kernel as a copy of the host's bytes, laid out by the device exactly as the
! host lays it out."
! An array of a derived type (nested type, fixed-size array component,
! logical, integer(8) and complex components) declared with lower bound 0 in
! a module, updated in place by a loop in a module procedure called in a time
! loop, and a strided section of it passed to an assumed-shape dummy: every
! component of every element is checked against a serial recomputation.
module swarm_mod
  implicit none
  type vec
    real(8) :: x, y
  end type vec
  type body
    type(vec) :: p, v
    real(4) :: w(3)
    integer(8) :: hits
    logical :: on
    complex(8) :: z
  end type body
  integer, parameter :: n = 4000
  type(body) :: b(0:n - 1)
contains
  subroutine advance(dt)
    real(8), intent(in) :: dt
    integer :: i
    do concurrent (i = 0:n - 1)  ! WANT: offload
      if (b(i)%on) then
        b(i)%p%x = b(i)%p%x + dt * b(i)%v%x
        b(i)%p%y = b(i)%p%y + dt * b(i)%v%y
        b(i)%w(mod(i, 3) + 1) = b(i)%w(mod(i, 3) + 1) + 1.0
        b(i)%hits = b(i)%hits + 1_8
        b(i)%z = b(i)%z * (0d0, 1d0)
      end if
    end do
  end subroutine advance

  subroutine flip(s)
    type(body), intent(inout) :: s(:)
    integer :: i
    do concurrent (i = 1:size(s))  ! WANT: offload
      s(i)%on = .not. s(i)%on
      s(i)%v%x = -s(i)%v%x
    end do
  end subroutine flip
end module swarm_mod

program array_of_structs
  use swarm_mod
  implicit none
  type(body) :: r(0:n - 1)
  integer :: i, step
  real(8), parameter :: dt = 0.5d0

  do i = 0, n - 1
    b(i)%p = vec(real(i, 8), -real(i, 8))
    b(i)%v = vec(1d0 + mod(i, 5), 0.25d0 * mod(i, 3))
    b(i)%w = [real(i, 4), 0.0, 1.0]
    b(i)%hits = 0
    b(i)%on = mod(i, 4) /= 0
    b(i)%z = cmplx(i, 1, 8)
  end do
  r = b
  do step = 1, 7
    call advance(dt)
    if (step == 3) call flip(b(1::2))
  end do
  ! The same steps, serially, on the copy.
  do step = 1, 7
    do i = 0, n - 1
      if (r(i)%on) then
        r(i)%p%x = r(i)%p%x + dt * r(i)%v%x
        r(i)%p%y = r(i)%p%y + dt * r(i)%v%y
        r(i)%w(mod(i, 3) + 1) = r(i)%w(mod(i, 3) + 1) + 1.0
        r(i)%hits = r(i)%hits + 1_8
        r(i)%z = r(i)%z * (0d0, 1d0)
      end if
    end do
    if (step == 3) then
      do i = 1, n - 1, 2
        r(i)%on = .not. r(i)%on
        r(i)%v%x = -r(i)%v%x
      end do
    end if
  end do
  do i = 0, n - 1
    if (b(i)%p%x /= r(i)%p%x .or. b(i)%p%y /= r(i)%p%y .or. b(i)%v%x /= r(i)%v%x &
        .or. any(b(i)%w /= r(i)%w) .or. b(i)%hits /= r(i)%hits .or. (b(i)%on .neqv. r(i)%on) &
        .or. b(i)%z /= r(i)%z) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program array_of_structs
