! GFORTRAN: rejects (default(none), reduce and locality specs)
! default(none) with shared, local_init, local and reduce clauses together.
program default_none_reduce
  implicit none
  integer, parameter :: n = 80
  real(8) :: x(n), y(n), scale, t, acc, racc
  integer :: i, off, nz
  scale = 0.5d0
  off = 2
  do i = 1, n
    x(i) = real(i, 8)
  end do
  acc = 0.0d0
  nz = 0
  do concurrent (i = 1:n) default(none) shared(x, y) local_init(scale, off) &
                          local(t) reduce(+: acc, nz)
    t = x(i) * scale + real(off, 8)
    y(i) = t
    acc = acc + t
    if (t > 20.0d0) nz = nz + 1
  end do
  racc = 0.0d0
  do i = 1, n
    if (y(i) /= x(i) * 0.5d0 + 2.0d0) then
      print '(a,i0)', 'FAIL y at ', i
      error stop 1
    end if
    racc = racc + y(i)
  end do
  if (acc /= racc .or. nz /= count(y > 20.0d0)) then
    print '(a)', 'FAIL reductions'
    error stop 1
  end if
  print '(f10.2,i5)', acc, nz
  print '(a)', 'PASSED'
end program
