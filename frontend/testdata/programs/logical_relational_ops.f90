! Logical and relational operators in both spellings, with precedence checks.
program logical_relational_ops
  implicit none
  logical :: p, q, r, table(4, 6)
  integer :: a, b, i
  real :: x, y

  a = 3; b = 5; x = 1.5; y = -2.0
  print *, a .eq. 3, a == 3, a .ne. b, a /= b
  print *, a .lt. b, a < b, a .le. b, a <= b
  print *, a .gt. b, a > b, a .ge. b, a >= b
  print *, x .GT. y .AND. y .LT. 0.0, x > y .and. y < 0.0

  ! precedence: .not. > .and. > .or. > .eqv./.neqv.
  p = .true.; q = .false.; r = .true.
  print *, .not. p .or. q .and. r                 ! (.not.p) .or. (q .and. r)
  print *, p .or. q .eqv. q .or. p                ! (p .or. q) .eqv. (q .or. p)
  print *, p .neqv. q .and. r                     ! p .neqv. (q .and. r)
  print *, .not. (p .and. q) .eqv. (.not. p .or. .not. q)   ! De Morgan
  print *, a + 1 > b - 2 .and. .not. x ** 2 < y   ! arithmetic > relational > logical

  i = 0
  do a = 0, 1
    do b = 0, 1
      i = i + 1
      p = a == 1
      q = b == 1
      table(i, :) = [p .and. q, p .or. q, p .eqv. q, p .neqv. q, .not. p, &
                     merge(.true., .false., p .neqv. .not. q)]
    end do
  end do
  print '(6l3)', transpose(table)

  ! character comparisons with relational operators
  print *, 'apple' < 'banana', 'Zeta' .lt. 'alpha', 'abc' .EQ. 'abc  '
  ! logical constants with kind parameters
  print *, .true._1 .and. logical(.false., kind=1)
  print *, any([p, q, r]) .and. .not. all([p, q, r])
end program logical_relational_ops
