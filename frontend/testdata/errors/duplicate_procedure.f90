! Two internal procedures with the same name.
program duplicate_procedure
  implicit none
  call work()
contains
  subroutine work()
    print *, 'first'
  end subroutine work
  subroutine work()  ! WANT: error duplicate
    print *, 'second'
  end subroutine work
end program duplicate_procedure
