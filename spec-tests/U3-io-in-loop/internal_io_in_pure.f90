! FLAGS: --gpu=cuda
! Design doc, "What the check has to look at": "A pure procedure can still do
! internal-file I/O (write to a character variable), so that has to be looked
! for in the called procedures too."
! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | ...", in the body or any procedure reached.
module digits_mod
  implicit none
contains
  pure integer function digit_count(k)
    integer, intent(in) :: k
    character(len=16) :: s
    write (s, '(i0)') k
    digit_count = len_trim(s)
  end function digit_count

  pure integer function digits_plus_one(k)
    integer, intent(in) :: k
    digits_plus_one = digit_count(k) + 1
  end function digits_plus_one

  pure subroutine parse_int(text, k)
    character(len=*), intent(in) :: text
    integer, intent(out) :: k
    read (text, *) k
  end subroutine parse_int

  pure integer function digit_count_plain(k)
    integer, intent(in) :: k
    integer :: m
    digit_count_plain = 1
    m = abs(k)
    do while (m >= 10)
      m = m / 10
      digit_count_plain = digit_count_plain + 1
    end do
  end function digit_count_plain
end module digits_mod

program internal_io_in_pure
  use digits_mod
  implicit none
  integer, parameter :: n = 6
  integer :: k(n), d1(n), d2(n), d3(n), p(n)
  integer :: i

  k = [1, 12, 123, 1234, 12345, 123456]

  do concurrent (i = 1:n)  ! WANT: error internal_io
    d1(i) = digit_count(k(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    d2(i) = digits_plus_one(k(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    call parse_int('  7', p(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    d3(i) = digit_count_plain(k(i))
  end do

  if (any(d1 /= [1, 2, 3, 4, 5, 6]) .or. any(d2 /= d1 + 1) .or. &
      any(d3 /= d1) .or. any(p /= 7)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program internal_io_in_pure
