! C interoperability: bind(c), value, c_loc, c_f_pointer, c_ptr, c strings.
module c_interop_mod
  use, intrinsic :: iso_c_binding
  implicit none

  type, bind(c) :: c_point
    real(c_double) :: x, y
    integer(c_int) :: id
  end type c_point

  interface
    function c_strlen(s) bind(c, name='strlen') result(n)
      import :: c_char, c_size_t
      character(kind=c_char), intent(in) :: s(*)
      integer(c_size_t) :: n
    end function c_strlen
  end interface

  integer(c_int), bind(c, name='fortran_counter') :: counter = 0
contains
  subroutine scale_points(pts, n, factor) bind(c, name='scale_points')
    integer(c_int), value, intent(in) :: n
    type(c_point), intent(inout) :: pts(n)
    real(c_double), value :: factor
    pts%x = pts%x * factor
    pts%y = pts%y * factor
    counter = counter + 1
  end subroutine scale_points

  function sum_floats(p, n) bind(c) result(s)
    type(c_ptr), value :: p
    integer(c_int), value :: n
    real(c_float) :: s
    real(c_float), pointer :: arr(:)
    call c_f_pointer(p, arr, [n])
    s = sum(arr)
  end function sum_floats
end module c_interop_mod

program c_interop
  use c_interop_mod
  implicit none
  type(c_point), target :: pts(4)
  real(c_float), target :: buf(10)
  type(c_ptr) :: p
  character(kind=c_char, len=:), allocatable :: cstr
  integer :: i

  pts = [(c_point(real(i, c_double), -real(i, c_double), int(i, c_int)), i = 1, 4)]
  call scale_points(pts, size(pts, kind=c_int), 2.0_c_double)
  print '(2f8.2, i4)', (pts(i)%x, pts(i)%y, pts(i)%id, i = 1, 4)

  buf = [(real(i, c_float), i = 1, 10)]
  p = c_loc(buf)
  print *, 'sum via pointer =', sum_floats(p, 10_c_int)
  if (c_associated(p)) print *, 'pointer is associated'

  cstr = 'hello' // c_null_char
  print *, 'strlen =', c_strlen(cstr)
  print *, 'counter =', counter, ' sizeof(c_point) bits =', storage_size(pts(1))
end program c_interop
