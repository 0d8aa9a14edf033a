! FLAGS: --gpu=cuda
! Design doc, "The unsupported-construct check": "each failing loop is
! reported once, at the first construct found, with the loop also pointed at
! when the construct is in a called procedure."
! ARCHITECTURE.md 5: "then one tab-indented file:line:col: note: ... per link
! of a chain (call sites down to the construct)."
! The internal write two calls deep is reported at the write, with notes
! leading back into the loop; both loops that reach it are reported, each
! once.
module fmt_mod
  implicit none
contains
  pure integer function width_of(k)
    integer, intent(in) :: k
    character(len=12) :: s
    write (s, '(i0)') k  ! DIAG: internal_io
    width_of = len_trim(s)
  end function width_of

  pure integer function padded_width(k)
    integer, intent(in) :: k
    padded_width = width_of(k) + 2
  end function padded_width
end module fmt_mod

program construct_in_callee
  use fmt_mod
  implicit none
  integer, parameter :: n = 5
  integer :: w1(n), w2(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error internal_io
    w1(i) = padded_width(10 ** (i - 1))
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    w2(i) = width_of(i)
  end do

  if (any(w1 /= [3, 4, 5, 6, 7]) .or. any(w2 /= 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program construct_in_callee
