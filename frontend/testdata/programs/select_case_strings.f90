! SELECT CASE with character selectors, ranges and lists; CHARACTER intrinsics.
module tokenizer
  implicit none
contains
  function classify(ch) result(kind_name)
    character, intent(in) :: ch
    character(len=12) :: kind_name
    select case (ch)
    case ('a':'z', 'A':'Z', '_')
      kind_name = 'letter'
    case ('0':'9')
      kind_name = 'digit'
    case (' ', achar(9))
      kind_name = 'blank'
    case ('+', '-', '*', '/')
      kind_name = 'operator'
    case ('(', ')')
      kind_name = 'paren'
    case default
      kind_name = 'other'
    end select
  end function classify

  function keyword_id(word) result(id)
    character(len=*), intent(in) :: word
    integer :: id
    select case (trim(adjustl(word)))
    case ('if', 'IF')
      id = 1
    case ('then')
      id = 2
    case ('else', 'elseif')
      id = 3
    case ('end':'enz')
      id = 4
    case default
      id = 0
    end select
  end function keyword_id
end module tokenizer

program select_case_strings
  use tokenizer
  implicit none
  character(len=*), parameter :: src = 'x1 = (alpha + 42) * b_2;'
  character(len=80) :: word
  integer :: i, start, n

  do i = 1, len(src)
    write (*, '(a1, 2x, a)') src(i:i), trim(classify(src(i:i)))
  end do

  print *, keyword_id('  if'), keyword_id('then'), keyword_id('endif'), keyword_id('x')

  start = index(src, '(') + 1
  n = index(src, ')') - start
  word = src(start:start + n - 1)
  print '(3a)', '[', trim(word), ']'
  print *, 'scan:', scan(src, '*+'), ' verify:', verify('123abc', '0123456789')
  print *, 'repeat:', repeat('-=', 10)
  print *, 'iachar/achar:', iachar('A'), achar(iachar('a') + 2)
  print *, 'lge:', lge('b', 'a'), llt('abc', 'abd')
  print *, 'adjustr: [', adjustr('ab   '), ']'
  print *, 'index back:', index('a.b.c', '.', back=.true.)
end program select_case_strings
