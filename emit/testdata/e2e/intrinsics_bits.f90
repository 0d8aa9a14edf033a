! Bit intrinsics: iand, ior, ieor, ishft (both directions), btest, on
! default and 8-byte integers.
program intrinsics_bits
  implicit none
  integer, parameter :: n = 128
  integer :: a(n), r(n), i
  integer(8) :: b(n), rb(n)
  logical :: t(n), rt(n)
  do concurrent (i = 1:n)
    a(i) = ieor(iand(i * 2654435, 65535), ior(ishft(i, 4), ishft(i, -2)))
    b(i) = ior(ishft(int(i, 8), 40), iand(int(a(i), 8), 255_8))
    t(i) = btest(a(i), 3) .and. .not. btest(b(i), 41)
  end do
  do i = 1, n
    r(i) = ieor(iand(i * 2654435, 65535), ior(ishft(i, 4), ishft(i, -2)))
    rb(i) = ior(ishft(int(i, 8), 40), iand(int(r(i), 8), 255_8))
    rt(i) = btest(r(i), 3) .and. .not. btest(rb(i), 41)
  end do
  if (any(a /= r) .or. any(b /= rb) .or. any(t .neqv. rt)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'xor of a ', iall_xor(a)
  print '(a,i0)', 'b(n) ', b(n)
  print '(a,i0)', 'true ', count(t)
  print '(a)', 'PASSED'
contains
  integer function iall_xor(v)
    integer, intent(in) :: v(:)
    integer :: k
    iall_xor = 0
    do k = 1, size(v)
      iall_xor = ieor(iall_xor, v(k))
    end do
  end function
end program
