! SPEC-MAP B2 (beyond the design doc): F2018 11.1.7.5 makes a do concurrent
! that updates a scalar of unspecified locality in several iterations
! non-conforming, but real codes write reductions so (nvfortran infers
! them). fgpu runs a scalar whose every write is a reduction form of one
! operator, referenced nowhere else in the loop, as reduce(op: s), with a
! warning at its first update naming the spec to write (reduce_inferred).
! The forms: s = s + e, s = s - e, s = e + s, chains from s, *, max, min,
! iand, ior, ieor, .and., .or., .eqv., .neqv., under an IF construct, a
! logical IF and the mask, in a module procedure over module arrays.
module inferred_data
  implicit none
  integer, parameter :: n = 150000
  real(8) :: x(n)
  integer :: k(n)
contains
  subroutine totals(s, d, c, p, mx, mn, ba, bo, bx, la, lo, le, ln)
    real(8), intent(inout) :: s, d
    integer, intent(inout) :: c, p, mx, mn, ba, bo, bx
    logical, intent(inout) :: la, lo, le, ln
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      s = s + x(i)  ! DIAG: reduce_inferred
      d = d - 2 * x(i) + x(i)  ! DIAG: reduce_inferred
      if (k(i) > 0) then
        c = 1 + c  ! DIAG: reduce_inferred
      end if
      if (k(i) == 3 .or. k(i) == -3) p = p * sign(1, k(i))  ! DIAG: reduce_inferred
      mx = max(mx, k(i))  ! DIAG: reduce_inferred
      mn = min(k(i), mn)  ! DIAG: reduce_inferred
      ba = iand(ba, k(i) + 1000)  ! DIAG: reduce_inferred
      bo = ior(bo, iand(k(i), 7))  ! DIAG: reduce_inferred
      bx = ieor(bx, k(i))  ! DIAG: reduce_inferred
      la = la .and. k(i) < 1000  ! DIAG: reduce_inferred
      lo = lo .or. k(i) == 0  ! DIAG: reduce_inferred
      le = le .eqv. mod(k(i), 2) == 0  ! DIAG: reduce_inferred
      ln = (k(i) > 500) .neqv. ln  ! DIAG: reduce_inferred
    end do
  end subroutine
end module

program inferred_reduce
  use inferred_data
  implicit none
  real(8) :: s, d, es
  integer :: c, p, mx, mn, ba, bo, bx, i, ms
  integer :: ec, ep, emx, emn, eba, ebo, ebx
  logical :: la, lo, le, ln, ela, elo, ele, eln
  do i = 1, n
    k(i) = mod(i * 7919, 2001) - 1000
    x(i) = real(k(i), 8) / 8
  end do
  s = 1; d = 0; c = 0; p = 1; mx = -huge(mx); mn = huge(mn)
  ba = not(0); bo = 0; bx = 0; la = .true.; lo = .false.; le = .true.; ln = .false.
  call totals(s, d, c, p, mx, mn, ba, bo, bx, la, lo, le, ln)
  es = 1; ec = 0; ep = 1; emx = -huge(emx); emn = huge(emn)
  eba = not(0); ebo = 0; ebx = 0; ela = .true.; elo = .false.; ele = .true.; eln = .false.
  do i = 1, n
    es = es + x(i)
    if (k(i) > 0) ec = ec + 1
    if (k(i) == 3 .or. k(i) == -3) ep = ep * sign(1, k(i))
    emx = max(emx, k(i)); emn = min(emn, k(i))
    eba = iand(eba, k(i) + 1000); ebo = ior(ebo, iand(k(i), 7)); ebx = ieor(ebx, k(i))
    ela = ela .and. k(i) < 1000
    elo = elo .or. k(i) == 0
    ele = ele .eqv. mod(k(i), 2) == 0
    eln = eln .neqv. k(i) > 500
  end do
  ! The mask: only the iterations it selects update the sum.
  ms = 0
  do concurrent (i = 1:n, k(i) > 990)  ! WANT: offload
    ms = ms + k(i)  ! DIAG: reduce_inferred
  end do
  if (abs(s - es) > 1d-6 .or. abs(d + (es - 1)) > 1d-6) then
    print '(a)', 'FAIL sums'
    error stop 1
  end if
  if (c /= ec .or. p /= ep .or. mx /= emx .or. mn /= emn .or. ba /= eba .or. bo /= ebo .or. bx /= ebx) then
    print '(a)', 'FAIL integers'
    error stop 1
  end if
  if ((la .neqv. ela) .or. (lo .neqv. elo) .or. (le .neqv. ele) .or. (ln .neqv. eln) .or. ms /= sum(k, k > 990)) then
    print '(a)', 'FAIL logicals or mask'
    error stop 1
  end if
  print '(a,7(1x,i0),1x,i0)', 'integers', c, p, mx, mn, ba, bo, bx, ms
  print '(a,4l2)', 'logicals', la, lo, le, ln
  print '(a)', 'PASSED'
end program inferred_reduce
