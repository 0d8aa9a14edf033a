! Derived types that hold no data (a tag type, a policy type) inside the
! values the kernels hold: gfortran lays them out in 0 bytes, as a
! component, an array component, a value passed whole and an array of them.
module tags
  implicit none
  type :: tag
  end type
  type :: wrap
    type(tag) :: inner
  end type
  type :: cell
    type(tag) :: first
    real(8) :: v
    type(wrap) :: w(3)
    integer :: n
    type(tag) :: last
  end type
  type(cell), allocatable :: cells(:)
contains
  pure real(8) function scaled(t, x)
    type(tag), intent(in) :: t
    real(8), intent(in) :: x
    scaled = 2 * x
  end function

  pure integer function count_tag(w)
    type(wrap), intent(in) :: w
    count_tag = 3
  end function

  subroutine step(c, tg)
    type(cell), intent(inout) :: c(:)
    type(tag), intent(in) :: tg
    integer :: i
    do concurrent (i = 1:size(c))
      block
        type(cell) :: tmp
        tmp = c(i)
        tmp%first = tg
        tmp%w(2)%inner = c(i)%last
        tmp%v = scaled(c(i)%first, tmp%v) + scaled(tg, 1d0)
        tmp%n = tmp%n + count_tag(c(i)%w(3))
        c(i) = tmp
      end block
    end do
  end subroutine
end module

program empty_type
  use tags
  implicit none
  integer, parameter :: n = 20000
  integer :: i, it
  type(tag) :: tg
  real(8) :: s
  integer(8) :: k
  allocate (cells(n))
  do i = 1, n
    cells(i)%v = mod(i, 97)
    cells(i)%n = i
  end do
  do it = 1, 3
    call step(cells, tg)
  end do
  s = 0
  k = 0
  do i = 1, n
    s = s + cells(i)%v
    k = k + cells(i)%n
  end do
  print '(a, f0.1, a, i0)', 'sum v = ', s, ', sum n = ', k
  print '(a, i0, 1x, i0)', 'storage: ', storage_size(tg), storage_size(cells(1))
  if (k /= int(n, 8) * (n + 1) / 2 + 9_8 * n) error stop 1
  if (abs(cells(5)%v - (8 * 5d0 + 14)) > 0) error stop 2
end program
