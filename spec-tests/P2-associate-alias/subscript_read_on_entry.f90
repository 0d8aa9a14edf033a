! Design doc, "The offloading pipeline": "A selector designates the object it
! designates on entry to the construct, so a subscript of it that the
! construct may change (associate (e => w(j)); j = 3; e = 1) is read into a
! variable of its own on entry."
! j is a block variable of the iteration; changing it inside the construct
! does not retarget e, which still writes w(i) (and row i of v).
program subscript_read_on_entry
  implicit none
  integer, parameter :: n = 12, m = 3
  integer :: w(n), v(n, m), rw(n), rv(n, m), i, k

  w = -1
  v = 0

  do concurrent (i = 1:n)  ! WANT: offload
    block
      integer :: j, l
      j = i
      l = 2
      associate (e => w(j), f => v(j, l))
        j = n + 1 - j
        l = 1
        e = 10 * j
        f = j + l
        e = e + 1
      end associate
      v(i, 3) = j
    end block
  end do

  rw = -1
  rv = 0
  do i = 1, n
    k = n + 1 - i
    rw(i) = 10 * k + 1
    rv(i, 2) = k + 1
    rv(i, 3) = k
  end do

  if (any(w /= rw) .or. any(v /= rv)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(w), sum(v)
end program subscript_read_on_entry
