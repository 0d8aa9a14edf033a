! A do while loop in the body: Collatz step counts.
program do_while_in_body
  implicit none
  integer, parameter :: n = 300
  integer :: steps(n), ref(n), i, k, c
  integer(8) :: v
  do concurrent (i = 1:n)
    block
      integer(8) :: x
      integer :: s
      x = i
      s = 0
      do while (x /= 1_8)
        if (mod(x, 2_8) == 0) then
          x = x / 2
        else
          x = 3 * x + 1
        end if
        s = s + 1
      end do
      steps(i) = s
    end block
  end do
  do k = 1, n
    v = k
    c = 0
    do while (v /= 1)
      if (mod(v, 2_8) == 0) then
        v = v / 2
      else
        v = 3 * v + 1
      end if
      c = c + 1
    end do
    ref(k) = c
  end do
  if (any(steps /= ref)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,a,i0)', 'max steps ', maxval(steps), ' at ', maxloc(steps, 1)
  print '(a,i0)', 'total ', sum(steps)
  print '(a)', 'PASSED'
end program
