! Character variables: len=*, len=:, character*10, substrings, concatenation, case conversion.
module string_utils
  implicit none
contains
  pure function to_upper(s) result(r)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: r
    integer :: i, c
    r = s
    do i = 1, len(s)
      c = iachar(s(i:i))
      if (c >= iachar('a') .and. c <= iachar('z')) r(i:i) = achar(c - 32)
    end do
  end function to_upper

  function join(words, sep) result(r)
    character(len=*), intent(in) :: words(:), sep
    character(len=:), allocatable :: r
    integer :: i
    r = ''
    do i = 1, size(words)
      if (i > 1) r = r // sep
      r = r // trim(words(i))
    end do
  end function join

  subroutine split_first(s, head, tail)
    character(len=*), intent(in) :: s
    character(len=:), allocatable, intent(out) :: head, tail
    integer :: p
    p = index(s, ' ')
    if (p == 0) then
      head = s; tail = ''
    else
      head = s(:p-1); tail = adjustl(s(p+1:))
    end if
  end subroutine split_first
end module string_utils

program character_handling
  use string_utils
  implicit none
  character*10 :: old_style = 'fixed'
  character(10) :: plain
  character(len=20), dimension(3) :: names = [character(len=20) :: 'alpha', 'beta', 'gamma']
  character(len=:), allocatable :: line, h, t
  character :: single = 'x'
  character(kind=selected_char_kind('ascii'), len=4) :: ascii_str = 'abcd'

  plain = old_style(1:3) // '-' // single
  print '(a)', '[' // plain // ']'
  print *, to_upper('Mixed Case 123')
  line = join(names, ', ')
  print *, line, len(line)
  call split_first('first second third', h, t)
  print *, '<', h, '> <', t, '>'
  print *, ascii_str(2:3), ascii_str(:2), ascii_str(3:), len(ascii_str(2:1))
  print *, 'lexical:', 'abc' < 'abd', 'B' > 'A', 'x' == 'x   '
  line(1:1) = 'A'
  print *, line
  print *, 'char(65) =', char(65), ' ichar =', ichar('z')
  print *, new_line('a') == achar(10), len(trim('  lead  ')), len_trim('abc   ')
end program character_handling
