! Loops that run in packs of consecutive iterations (rules/pack.mg): on
! CUDA two real(8) or four real(4) iterations a thread with 16-byte
! accesses, on the CPU with non-temporal stores (the e2e tests force them).
! Odd trip counts (the iterations after the last whole pack), lower bounds
! other than 1, sections that start off the pack alignment (the launch then
! runs the iterations one by one), a second subscript the loop does not
! change, real(4) next to real(8), integers and logicals, a value read back
! in the same iteration, and an array both read and written
! (packed_reduce.f90: reductions and locals).
module packed_data
  implicit none
  real(8), allocatable :: a(:), b(:), c(:)
end module packed_data

program packed_streams
  use packed_data
  implicit none
  integer, parameter :: n = 1001
  integer :: i, k, m
  real(8) :: ea, eb, ec
  real(8) :: x2(0:n, 3), w(-3:n)
  real(4) :: r4(n), q4(n)
  integer :: iv(n)
  integer(8) :: jv(n)
  logical :: lv(n)

  allocate(a(n), b(n), c(n))
  do concurrent (i = 1:n)
    a(i) = real(i, 8) * 0.5d0
    b(i) = 1.0d0 / real(i, 8)
    c(i) = 0
  end do
  ! copy, scale, add, triad over odd n
  do concurrent (i = 1:n)
    c(i) = a(i)
  end do
  do concurrent (i = 1:n)
    b(i) = 0.4d0 * c(i)
  end do
  do concurrent (i = 1:n)
    c(i) = a(i) + b(i)
  end do
  do concurrent (i = 1:n)
    a(i) = b(i) + 0.4d0 * c(i)
  end do
  do i = 1, n
    ec = real(i, 8) * 0.5d0
    eb = 0.4d0 * ec
    ec = real(i, 8) * 0.5d0 + eb
    ea = eb + 0.4d0 * ec
    if (a(i) /= ea .or. b(i) /= eb .or. c(i) /= ec) call fail('streams', i)
  end do
  print '(3f16.8)', sum(a), sum(b), sum(c)
  ! sections starting at every offset: aligned packs, then one by one
  do m = 1, 4
    do concurrent (i = m:n - m)
      c(i) = a(i) * real(m, 8)
    end do
    do i = m, n - m
      if (c(i) /= a(i) * real(m, 8)) call fail('sections', i)
    end do
    print '(i2,f20.8)', m, sum(c)
  end do
  ! a lower bound of -3 and 0, a second subscript the loop does not change
  k = 2
  w = 0; x2 = 0
  do concurrent (i = -3:n)
    w(i) = real(i, 8) + 0.25d0
  end do
  do concurrent (i = 0:n)
    x2(i, k) = w(i) * 2 + x2(i, k)
  end do
  do i = 0, n
    if (x2(i, 2) /= (real(i, 8) + 0.25d0) * 2 .or. x2(i, 1) /= 0 .or. x2(i, 3) /= 0) call fail('x2', i)
  end do
  print '(2f20.6)', sum(w), sum(x2)
  ! real(4) alone (packs of four), and next to real(8) (packs of two)
  do concurrent (i = 1:n)
    r4(i) = real(i, 4) * 0.125
  end do
  do concurrent (i = 1:n)
    q4(i) = r4(i) * 3 - 1
  end do
  do concurrent (i = 1:n)
    a(i) = real(q4(i), 8) + b(i)
  end do
  do i = 1, n
    if (q4(i) /= real(i, 4) * 0.125 * 3 - 1 .or. a(i) /= real(q4(i), 8) + b(i)) call fail('real4', i)
  end do
  print '(2f20.4,f20.8)', sum(r4), sum(q4), sum(a)
  ! integers, logicals, a local, a value read back in the same iteration
  do concurrent (i = 1:n)
    iv(i) = mod(i * 7, 13)
    jv(i) = int(iv(i), 8) * 1000000007_8
    lv(i) = iv(i) > 6
    b(i) = real(iv(i), 8) * 0.5d0 + real(jv(i) / 1000000007_8, 8)
  end do
  do i = 1, n
    if (iv(i) /= mod(i * 7, 13) .or. jv(i) /= iv(i) * 1000000007_8 .or. (lv(i) .neqv. iv(i) > 6)) call fail('int', i)
  end do
  print '(i0,1x,i0,1x,i0,f16.4)', sum(iv), sum(jv), count(lv), sum(b)
  ! read and written in one iteration
  do concurrent (i = 1:n)
    c(i) = c(i) * 2 + a(i)
    c(i) = c(i) - 1
  end do
  print '(f20.8)', sum(c)
contains
  subroutine fail(what, i)
    character(*), intent(in) :: what
    integer, intent(in) :: i
    print '(a,a,a,i0)', 'FAIL: ', what, ' at ', i
    error stop 1
  end subroutine fail
end program packed_streams
