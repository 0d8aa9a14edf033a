! Debug/assert macros controlled by preprocessor symbols; __FILE__ and __LINE__.
#define DEBUG 1
#if DEBUG
#define ASSERT(cond) if (.not. (cond)) call assert_fail(__FILE__, __LINE__)
#define TRACE(x) print *, 'trace: ', x
#else
#define ASSERT(cond)
#define TRACE(x)
#endif

module assertions
  implicit none
contains
  subroutine assert_fail(file, line)
    character(len=*), intent(in) :: file
    integer, intent(in) :: line
    write (*, '(3a, i0)') 'assertion failed at ', file, ':', line
    error stop 2
  end subroutine assert_fail
end module assertions

program cpp_debug_macros
  use assertions
  implicit none
  integer :: n, i
  real :: a(100)
  n = 100
  ASSERT(n > 0)
  do i = 1, n
    a(i) = sqrt(real(i))
  end do
  ASSERT(abs(a(4) - 2.0) < 1.0e-6)
  TRACE(a(9))
#if DEBUG > 1
  TRACE('verbose')
#endif
  print *, 'ok', maxval(a)
end program cpp_debug_macros
