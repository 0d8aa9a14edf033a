! Design doc, "The offloading pipeline": "Array-valued function calls in
! array statements are called once before the statement, into an array of
! the iteration".
! The transformational intrinsics of an iteration's arrays: a batched
! small matmul that updates the vector it multiplies (y = matmul(a, y)),
! transpose, spread, reshape, cshift and eoshift, and reductions with DIM
! and MASK, each computed into an array of the iteration before the
! statement; checked against the same computation written with DO loops.
program transformational_values
  implicit none
  integer, parameter :: n = 4096
  real(8) :: a(4, 4, n), y(4, n), ry(4, n), s(4, n), rs(4, n)
  integer :: i, j, k, l

  do i = 1, n
    do j = 1, 4
      y(j, i) = 1 + mod(i * j, 7)
      do k = 1, 4
        a(k, j, i) = mod(i + 3 * k + 5 * j, 9) - 4
      end do
    end do
  end do
  ry = y

  do concurrent (i = 1:n)  ! WANT: offload
    y(:, i) = matmul(a(:, :, i), y(:, i))
    y(:, i) = matmul(transpose(a(:, :, i)), y(:, i)) + cshift(y(:, i), 1)
    s(:, i) = sum(a(:, :, i), dim=2) + maxval(a(:, :, i), dim=1) &
            + sum(a(:, :, i), dim=1, mask=a(:, :, i) > 0) + eoshift(y(:, i), -1, 100d0) &
            + sum(spread(y(:, i), 2, 3), dim=2) + sum(reshape(a(:, :, i), [4, 4], order=[1, 2]), dim=1)
  end do

  do i = 1, n
    rs(:, i) = 0
    do j = 1, 4
      s(j, i) = s(j, i)  ! keep s
    end do
    ! y = a y
    block
      real(8) :: t(4), u(4), c(4)
      do k = 1, 4
        t(k) = 0
        do l = 1, 4
          t(k) = t(k) + a(k, l, i) * ry(l, i)
        end do
      end do
      do k = 1, 4
        u(k) = 0
        do l = 1, 4
          u(k) = u(k) + a(l, k, i) * t(l)
        end do
      end do
      c = [t(2), t(3), t(4), t(1)]
      ry(:, i) = u + c
      do k = 1, 4
        rs(k, i) = 0
        do l = 1, 4
          rs(k, i) = rs(k, i) + a(k, l, i)
        end do
        rs(k, i) = rs(k, i) + maxval(a(:, k, i))
        do l = 1, 4
          if (a(l, k, i) > 0) rs(k, i) = rs(k, i) + a(l, k, i)
        end do
        if (k == 1) then
          rs(k, i) = rs(k, i) + 100
        else
          rs(k, i) = rs(k, i) + ry(k - 1, i)
        end if
        rs(k, i) = rs(k, i) + 3 * ry(k, i)
        rs(k, i) = rs(k, i) + sum(a(:, k, i))
      end do
    end block
  end do

  if (any(y /= ry) .or. any(s /= rs)) then
    print '(a)', 'FAIL'
    print *, count(y /= ry), count(s /= rs)
    error stop 1
  end if
  print '(a,1x,f0.1,1x,f0.1)', 'PASSED', sum(y), sum(s)
end program transformational_values
