! GFORTRAN: rejects (reduce locality)
! reduce(+, max, min, iand, ieor, .and., .or.) on 1- and 2-byte integers
! and logicals, checked against the same reductions in a serial loop.
program reduce_small_kinds
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  integer(1) :: b, bmax, band, rb, rbmax, rband
  integer(2) :: h, hmin, hx, rh, rhmin, rhx
  logical(1) :: l1, rl1
  logical(2) :: l2, rl2
  b = 0; bmax = -100; band = -1
  h = 0; hmin = 32000; hx = 0
  l1 = .true.; l2 = .false.
  do concurrent (i = 1:n) reduce(+: b, h) reduce(max: bmax) reduce(min: hmin) reduce(iand: band) reduce(ieor: hx) &
      reduce(.and.: l1) reduce(.or.: l2)
    b = b + int(mod(i, 3) - 1, 1)
    h = h + int(mod(i, 7), 2)
    bmax = max(bmax, int(mod(i * 13, 101), 1))
    hmin = min(hmin, int(mod(i * 17, 997) - 400, 2))
    band = iand(band, int(not(ishft(1, mod(i, 5))), 1))
    hx = ieor(hx, int(i, 2))
    l1 = l1 .and. (i > 0)
    l2 = l2 .or. (i == 777)
  end do
  rb = 0; rbmax = -100; rband = -1
  rh = 0; rhmin = 32000; rhx = 0
  rl1 = .true.; rl2 = .false.
  do i = 1, n
    rb = rb + int(mod(i, 3) - 1, 1)
    rh = rh + int(mod(i, 7), 2)
    rbmax = max(rbmax, int(mod(i * 13, 101), 1))
    rhmin = min(rhmin, int(mod(i * 17, 997) - 400, 2))
    rband = iand(rband, int(not(ishft(1, mod(i, 5))), 1))
    rhx = ieor(rhx, int(i, 2))
    rl1 = rl1 .and. (i > 0)
    rl2 = rl2 .or. (i == 777)
  end do
  if (b /= rb .or. h /= rh .or. bmax /= rbmax .or. hmin /= rhmin .or. band /= rband .or. hx /= rhx &
      .or. (l1 .neqv. rl1) .or. (l2 .neqv. rl2)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(6i7, 2l2)', b, h, bmax, hmin, band, hx, l1, l2
  print '(a)', 'PASSED'
end program
