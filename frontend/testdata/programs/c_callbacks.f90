! C function pointers: c_funptr, c_funloc, c_f_procpointer, bind(c) callbacks, c_null_ptr.
module callbacks
  use, intrinsic :: iso_c_binding
  implicit none
  abstract interface
    function unary_cb(x) bind(c) result(y)
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: y
    end function unary_cb
  end interface
contains
  function twice(x) bind(c, name='fgpu_twice') result(y)
    real(c_double), value :: x
    real(c_double) :: y
    y = 2.0_c_double * x
  end function twice

  function cube(x) bind(c) result(y)
    real(c_double), value :: x
    real(c_double) :: y
    y = x**3
  end function cube

  subroutine apply_all(fp, xs, n) bind(c, name='fgpu_apply_all')
    type(c_funptr), value :: fp
    integer(c_int), value :: n
    real(c_double), intent(inout) :: xs(n)
    procedure(unary_cb), pointer :: f
    integer :: i
    call c_f_procpointer(fp, f)
    do i = 1, n
      xs(i) = f(xs(i))
    end do
  end subroutine apply_all
end module callbacks

program c_callbacks
  use callbacks
  implicit none
  real(c_double) :: xs(4) = [1.0_c_double, 2.0_c_double, 3.0_c_double, 4.0_c_double]
  type(c_funptr) :: fp
  type(c_ptr) :: none
  character(kind=c_char), target :: cbuf(8)
  type(c_ptr) :: pbuf
  character(kind=c_char), pointer :: view(:)

  fp = c_funloc(twice)
  call apply_all(fp, xs, size(xs, kind=c_int))
  print *, xs
  call apply_all(c_funloc(cube), xs, 4_c_int)
  print *, xs
  none = c_null_ptr
  print *, 'null associated?', c_associated(none), c_associated(fp, c_null_funptr)
  cbuf = ['h', 'e', 'l', 'l', 'o', c_null_char, ' ', ' ']
  pbuf = c_loc(cbuf)
  call c_f_pointer(pbuf, view, shape=[5])
  print *, view, c_sizeof(xs), c_sizeof(cbuf(1))
end program c_callbacks
