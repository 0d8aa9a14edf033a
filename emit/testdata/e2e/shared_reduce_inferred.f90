! Scalars a do concurrent updates only as reductions, without a locality
! spec (rules/shared.mg, shared_reduce): they run as reduce(op: s), with a
! warning. Every operator, under an IF construct, a logical IF and the
! mask, in a module procedure over module arrays, with enough iterations
! that the threads and the order modes matter. Exact results are printed;
! the floating-point sums are checked against a tolerance.
module shared_reduce_data
  implicit none
  integer, parameter :: n = 200003
  real(8) :: x(n)
  real :: y(n)
  integer :: k(n)
  integer(8) :: w(n)
  logical :: f(n)
contains
  subroutine fill()
    integer :: i
    do i = 1, n
      k(i) = mod(i * 7919, 1013) - 500
      x(i) = real(k(i), 8) * 0.25d0
      y(i) = real(mod(i, 17)) * 0.5
      w(i) = int(i, 8) * 1000003_8
      f(i) = mod(i, 3) /= 0
    end do
  end subroutine

  subroutine reduce_all(total, diff, chain, rev, cnt, big, small, rbig, &
                        prod, band, bor, bxor, allp, anyn, eqv, neqv, msum, w8)
    real(8), intent(out) :: total, diff, chain, rev
    integer, intent(out) :: cnt, big, small, prod, band, bor, bxor
    real, intent(out) :: rbig
    logical, intent(out) :: allp, anyn, eqv, neqv
    integer, intent(out) :: msum
    integer(8), intent(out) :: w8
    integer :: i
    total = 0; diff = 100; chain = 0; rev = 0; cnt = 0
    big = -huge(big); small = huge(small); rbig = -1.0
    prod = 1; band = not(0); bor = 0; bxor = 0
    allp = .true.; anyn = .false.; eqv = .true.; neqv = .false.
    msum = 0; w8 = 0
    do concurrent (i = 1:n)
      total = total + x(i)
      diff = diff - x(i)
      chain = chain + x(i) - 0.5d0 * x(i)
      rev = x(i) * 2 + rev
      if (k(i) > 0) cnt = cnt + 1
      big = max(big, k(i))
      if (mod(i, 2) == 0) then
        small = min(k(i), small)
      else
        rbig = max(rbig, y(i))
      end if
      if (k(i) == 17 .or. k(i) == -17) prod = prod * sign(1, k(i))
      band = iand(band, ior(k(i), 1024))
      bor = ior(bor, iand(k(i) + 500, 255))
      bxor = ieor(k(i), bxor)
      allp = allp .and. k(i) > -501
      anyn = anyn .or. k(i) < -499
      eqv = eqv .eqv. f(i)
      neqv = f(i) .neqv. neqv
      w8 = w8 + w(i)
    end do
    do concurrent (i = 1:n, k(i) > 400)
      msum = msum + k(i)
    end do
  end subroutine
end module

program shared_reduce_inferred
  use shared_reduce_data
  implicit none
  real(8) :: total, diff, chain, rev, et
  integer :: cnt, big, small, prod, band, bor, bxor, msum, i
  integer :: ecnt, ebig, esmall, eprod, eband, ebor, ebxor, emsum
  real :: rbig, erbig
  logical :: allp, anyn, eqv, neqv, eeqv, eneqv
  integer(8) :: w8, ew8
  call fill()
  call reduce_all(total, diff, chain, rev, cnt, big, small, rbig, &
                  prod, band, bor, bxor, allp, anyn, eqv, neqv, msum, w8)
  et = 0; ecnt = 0; ebig = -huge(ebig); esmall = huge(esmall); erbig = -1.0
  eprod = 1; eband = not(0); ebor = 0; ebxor = 0; eeqv = .true.; eneqv = .false.
  emsum = 0; ew8 = 0
  do i = 1, n
    et = et + x(i)
    if (k(i) > 0) ecnt = ecnt + 1
    ebig = max(ebig, k(i))
    if (mod(i, 2) == 0) then
      esmall = min(esmall, k(i))
    else
      erbig = max(erbig, y(i))
    end if
    if (k(i) == 17 .or. k(i) == -17) eprod = eprod * sign(1, k(i))
    eband = iand(eband, ior(k(i), 1024))
    ebor = ior(ebor, iand(k(i) + 500, 255))
    ebxor = ieor(ebxor, k(i))
    eeqv = eeqv .eqv. f(i)
    eneqv = eneqv .neqv. f(i)
    if (k(i) > 400) emsum = emsum + k(i)
    ew8 = ew8 + w(i)
  end do
  if (abs(total - et) > 1d-6 .or. abs(diff - (100 - et)) > 1d-6 .or. &
      abs(chain - 0.5d0 * et) > 1d-6 .or. abs(rev - 2 * et) > 1d-6) then
    print '(a)', 'FAIL sums'
    error stop 1
  end if
  if (cnt /= ecnt .or. big /= ebig .or. small /= esmall .or. rbig /= erbig .or. &
      prod /= eprod .or. band /= eband .or. bor /= ebor .or. bxor /= ebxor .or. &
      msum /= emsum .or. w8 /= ew8) then
    print '(a)', 'FAIL integers'
    error stop 1
  end if
  if (.not. allp .or. .not. anyn .or. (eqv .neqv. eeqv) .or. (neqv .neqv. eneqv)) then
    print '(a)', 'FAIL logicals'
    error stop 1
  end if
  print '(a,f0.1)', 'sum ', et
  print '(a,7(1x,i0))', 'ints', cnt, big, small, prod, band, bor, bxor
  print '(a,f0.1,1x,i0,1x,i0)', 'rbig msum w8 ', rbig, msum, w8
  print '(a,4l2)', 'logicals', allp, anyn, eqv, neqv
  print '(a)', 'PASSED'
end program
