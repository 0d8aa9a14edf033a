! Simple program: print, character constants, both quote styles.
program hello_world
  implicit none
  character(len=*), parameter :: greeting = 'Hello, ''Fortran'' world'
  character(len=*), parameter :: other = "She said ""hi"" to me"
  integer :: i

  print *, greeting
  print *, other
  print '(a)', 'single quoted'
  write (*, '(a, i0)') "count = ", 42
  do i = 1, 3
    write (*, '(a, i2)') 'line', i
  end do
  print *, len(greeting), len_trim(other // '   ')
  print *, 'a long string continued across &
           &two lines using a leading ampersand'
  print *, "another long string continued &
     &here"
  print *, 'done'
end program hello_world
