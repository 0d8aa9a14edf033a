! Named DO / IF / SELECT constructs with EXIT and CYCLE by name.
program control_flow_named
  implicit none
  integer :: i, j, k, found_i, found_j
  integer :: grid(5, 5)
  logical :: found

  grid = reshape([(mod(i * 7, 11), i = 1, 25)], shape(grid))
  found = .false.
  found_i = -1; found_j = -1

  outer: do i = 1, 5
    inner: do j = 1, 5
      if (grid(i, j) == 0) cycle inner
      if (grid(i, j) < 0) cycle outer
      if (grid(i, j) == 9) then
        found = .true.
        found_i = i; found_j = j
        exit outer
      end if
    end do inner
  end do outer
  print *, 'found 9:', found, found_i, found_j

  k = 0
  counter: do
    k = k + 1
    check: if (k > 100) then
      exit counter
    else if (mod(k, 2) == 0) then check
      cycle counter
    else check
      continue
    end if check
  end do counter
  print *, 'k =', k

  sel: select case (k)
  case (:0) sel
    print *, 'non-positive'
  case (1:100) sel
    print *, 'small'
  case (101:) sel
    print *, 'large'
  end select sel

  ! EXIT from a non-loop construct
  blk: block
    integer :: m
    do m = 1, 10
      if (m == 3) exit blk
    end do
    print *, 'not reached'
  end block blk

  chk: if (found) then
    print *, 'exiting an IF construct'
    exit chk
  end if chk

  ! do loops with strides and negative steps
  do i = 10, 1, -3
    write (*, '(i3)', advance='no') i
  end do
  write (*, *)
  do i = 1, 0
    print *, 'zero-trip loop never runs'
  end do
end program control_flow_named
