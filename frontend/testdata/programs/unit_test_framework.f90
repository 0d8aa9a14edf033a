! Minimal unit-testing framework: generic assertions, test registry with procedure pointers.
module testing
  use, intrinsic :: iso_fortran_env, only: real64, output_unit
  implicit none
  private
  public :: assert_equal, test_case, run_tests, failures

  integer, save :: failures = 0
  integer, save :: assertions = 0

  abstract interface
    subroutine test_proc()
    end subroutine test_proc
  end interface

  type :: test_case
    character(len=40) :: name
    procedure(test_proc), pointer, nopass :: run => null()
  end type test_case

  interface assert_equal
    module procedure assert_equal_int, assert_equal_real, assert_equal_str, assert_equal_logical
  end interface assert_equal
contains
  subroutine record(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    assertions = assertions + 1
    if (.not. ok) then
      failures = failures + 1
      write (output_unit, '(2a)') '    FAILED: ', what
    end if
  end subroutine record

  subroutine assert_equal_int(expected, actual, msg)
    integer, intent(in) :: expected, actual
    character(len=*), intent(in) :: msg
    call record(expected == actual, msg)
  end subroutine assert_equal_int

  subroutine assert_equal_real(expected, actual, msg, tol)
    real(real64), intent(in) :: expected, actual
    character(len=*), intent(in) :: msg
    real(real64), intent(in), optional :: tol
    real(real64) :: eps
    eps = 1.0e-12_real64
    if (present(tol)) eps = tol
    call record(abs(expected - actual) <= eps * max(1.0_real64, abs(expected)), msg)
  end subroutine assert_equal_real

  subroutine assert_equal_str(expected, actual, msg)
    character(len=*), intent(in) :: expected, actual, msg
    call record(expected == actual, msg)
  end subroutine assert_equal_str

  subroutine assert_equal_logical(expected, actual, msg)
    logical, intent(in) :: expected, actual
    character(len=*), intent(in) :: msg
    call record(expected .eqv. actual, msg)
  end subroutine assert_equal_logical

  subroutine run_tests(tests)
    type(test_case), intent(in) :: tests(:)
    integer :: i, before
    do i = 1, size(tests)
      before = failures
      call tests(i)%run()
      write (output_unit, '(a, a, a)') merge('[ OK ] ', '[FAIL] ', failures == before), &
           trim(tests(i)%name), ''
    end do
    write (output_unit, '(i0, a, i0, a)') assertions, ' assertions, ', failures, ' failures'
  end subroutine run_tests
end module testing

program unit_test_framework
  use testing
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  type(test_case) :: tests(3)
  tests(1) = test_case('integer arithmetic', test_integers)
  tests(2) = test_case('real arithmetic', test_reals)
  tests(3) = test_case('strings', test_strings)
  call run_tests(tests)
  if (failures > 0) error stop 1, quiet=.false.
contains
  subroutine test_integers()
    call assert_equal(4, 2 + 2, 'two plus two')
    call assert_equal(-1, -7 / 4 + 1, 'integer division truncates')
    call assert_equal(.true., mod(-7, 4) == -3, 'mod sign follows dividend')
  end subroutine test_integers
  subroutine test_reals()
    call assert_equal(1.0_real64, sin(0.5_real64)**2 + cos(0.5_real64)**2, 'pythagoras')
    call assert_equal(2.0_real64, sqrt(4.0_real64), 'sqrt', tol=1.0e-15_real64)
  end subroutine test_reals
  subroutine test_strings()
    call assert_equal('abc', 'ab' // 'c', 'concatenation')
    call assert_equal(3, len_trim('abc  '), 'len_trim')
  end subroutine test_strings
end program unit_test_framework
