! Design doc, "Allocating on the device": "An assignment to an allocatable
! array on the heap (with --realloc-lhs-arrays, or an allocate) allocates it
! again when its shape changes. An assignment of a whole value of a heap
! type, which copies its allocatable components in Fortran, allocates them
! again and copies their elements ... A new image -- a local, an intent(out)
! dummy on entry -- starts with every allocatable component unallocated."
! A tensor type with a real(4) and a rank-2 integer component: a function
! builds its result by assignments that allocate the unallocated components
! (the shape of the value, the bounds of a whole array), a subroutine
! reassigns a component of its intent(inout) dummy to another shape, the
! whole component is passed to an assumed-shape dummy, and a copy made in a
! function is changed without changing the original. Arrays passed as
! dummies to a subroutine called in a time loop.
module tensor_mod
  implicit none
  type tensor_t
    real, allocatable :: values(:)
    integer, allocatable :: idx(:, :)
    real :: scale
  end type tensor_t
contains
  pure function weighted(x, w) result(s)
    real, intent(in) :: x(:), w(:)
    real :: s
    integer :: k
    s = 0.0
    do k = 1, size(x)
      s = s + x(k) * w(k)
    end do
  end function weighted

  pure function scaled(t, f) result(r)
    type(tensor_t), intent(in) :: t
    real, intent(in) :: f
    type(tensor_t) :: r
    r = t
    r%values = t%values * f
    r%idx(1, lbound(r%idx, 2)) = -7
    r%scale = t%scale * f
  end function scaled

  pure subroutine regrow(t, x)
    type(tensor_t), intent(inout) :: t
    real, intent(in) :: x(:)
    t%values = x
    t%scale = t%scale + size(t%values)
  end subroutine regrow

  subroutine apply(a, out, n)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: out(4, n)
    integer :: i
    do concurrent (i = 1:n - 3)  ! WANT: offload
      block
        type(tensor_t) :: t, u
        integer :: j, k
        t%values = a(i:i + 2)
        allocate(t%idx(2, 0:mod(i, 4)))
        do k = 0, mod(i, 4)
          do j = 1, 2
            t%idx(j, k) = j * 10 + k
          end do
        end do
        t%scale = 2.0
        u = scaled(t, 0.5)
        out(1, i) = weighted(u%values, t%values) + u%scale
        out(2, i) = real(sum(t%idx) + u%idx(1, 0) + size(u%idx, 2) + lbound(u%idx, 2))
        call regrow(u, a(i:i + 3))
        out(3, i) = sum(u%values) + u%scale + size(u%values)
        out(4, i) = sum(t%values) + t%scale
      end block
    end do
  end subroutine apply
end module tensor_mod

program reallocated_components
  use tensor_mod
  implicit none
  integer, parameter :: n = 5000
  real :: a(n), out(4, n)
  real(8) :: s(4)
  integer :: i, step
  do i = 1, n
    a(i) = 0.125 * mod(i * 7, 31)
  end do
  out = 0.0
  do step = 1, 2
    call apply(a, out, n)
  end do
  s = 0.0d0
  do i = 1, n
    s = s + out(:, i)
  end do
  print '(4f16.4)', s
  print '(4f12.4)', out(:, 10)
  ! out(:, 10): a(10:13) = 1, 1.875, 2.75, 3.625; t%idx(1:2, 0:2) = 10 j + k
  if (any(out(:, 10) /= [0.5 * 1.0 + 0.9375 * 1.875 + 1.375 * 2.75 + 1.0, 96.0 - 7.0 + 3.0 + 0.0, &
                         9.25 + 5.0 + 4.0, 5.625 + 2.0])) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program reallocated_components
