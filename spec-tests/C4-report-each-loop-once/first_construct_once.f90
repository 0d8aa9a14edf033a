! Design doc, "The unsupported-construct check": "each failing loop is
! reported once, at the first construct found".
! ARCHITECTURE.md 5: "each failing loop once, at its first construct: shortest
! chain first, then file, line, column order."
! Loop 1 has three I/O statements: one diagnostic, at the first print.
! Loop 2 has an internal write in a callee (a chain of one call) and a print
! in the body (no chain): the print is reported, so the reason is io_in_loop.
module labels
  implicit none
contains
  pure integer function label_len(k)
    integer, intent(in) :: k
    character(len=12) :: s
    write (s, '(i0)') k
    label_len = len_trim(s)
  end function label_len
end module labels

program first_construct_once
  use labels
  implicit none
  integer, parameter :: n = 4
  integer :: a(n), b(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    a(i) = i
    print '(a,i0)', 'first ', i  ! DIAG: io_in_loop
    print '(a,i0)', 'second ', i
    write (*, '(a,i0)') 'third ', i
  end do

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    b(i) = label_len(10 ** i)
    print '(a,i0)', 'len ', b(i)  ! DIAG: io_in_loop
  end do

  if (any(a /= [1, 2, 3, 4]) .or. any(b /= [2, 3, 4, 5])) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program first_construct_once
