! Bit intrinsics and BOZ literal constants.
program bit_manipulation
  use, intrinsic :: iso_fortran_env, only: int32, int64
  implicit none
  integer(int32) :: a, b, mask
  integer(int64) :: big
  integer :: i, pop
  integer, parameter :: hex_ff = int(z'ff'), bin_val = int(b'1010'), oct_val = int(o'17')
  integer, parameter :: upper_hex = int(Z'7FFFFFFF')
  integer :: data_boz
  data data_boz / z'1F' /

  print *, 'BOZ:', hex_ff, bin_val, oct_val, upper_hex, data_boz
  a = int(b'11001100')
  b = int(z'0F')
  print *, 'iand/ior/ieor/not:', iand(a, b), ior(a, b), ieor(a, b), not(a)
  print *, 'ishft:', ishft(1, 4), ishft(256, -4), ishftc(1, -1, 8)
  print *, 'shifta/shiftl/shiftr:', shifta(-16, 2), shiftl(1, 3), shiftr(64, 3)
  print *, 'btest/ibset/ibclr:', btest(a, 2), btest(a, 0), ibset(0, 5), ibclr(a, 2)
  print *, 'ibits:', ibits(a, 2, 4), ' mvbits:'
  mask = 0
  call mvbits(a, 0, 4, mask, 4)
  print *, mask
  print *, 'bit_size:', bit_size(a), bit_size(big), storage_size(big)
  print *, 'popcnt/poppar/leadz/trailz:', popcnt(a), poppar(a), leadz(a), trailz(a)
  print *, 'maskl/maskr:', maskl(4, int32), maskr(4, int32)
  big = ishft(1_int64, 40) + int(z'DEADBEEF', int64)
  print '(z16.16)', big
  print '(b32.32)', a

  pop = 0
  do i = 0, bit_size(a) - 1
    if (btest(a, i)) pop = pop + 1
  end do
  if (pop /= popcnt(a)) error stop 'popcount mismatch'
  print *, 'bge/blt:', bge(-1, 1), blt(1, 2), dshiftl(1, 2, 3)
  print *, 'real(z):', real(z'3F800000', kind=4)
end program bit_manipulation
