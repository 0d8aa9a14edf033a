! Design doc, "The offloading pipeline": "A derived-type value reaches the
! kernel as a copy of the host's bytes, laid out by the device exactly as the
! host lays it out."
! bind(c) and sequence types (mixed widths: padding) as arrays of elements,
! and an array component of a derived type of a scalar (s%pts), read and
! written.
module layout_mod
  use iso_c_binding, only: c_int, c_double, c_int8_t
  implicit none
  type, bind(c) :: cpoint
    integer(c_int8_t) :: tag
    real(c_double) :: x
    integer(c_int) :: k
  end type cpoint
  type seqrec
    sequence
    integer(4) :: a
    real(8) :: b
    integer(2) :: c
  end type seqrec
  type holder
    integer :: n
    type(seqrec) :: pts(64)
  end type holder
end module layout_mod

program bind_c_sequence
  use layout_mod
  implicit none
  type(cpoint) :: cp(1000)
  type(seqrec) :: sq(1000)
  type(holder) :: h
  integer :: i

  do i = 1, 1000
    cp(i) = cpoint(int(mod(i, 100), c_int8_t), real(i, c_double), i)
    sq(i)%a = i
    sq(i)%b = 0
    sq(i)%c = int(mod(i, 300), 2)
  end do
  h%n = 64
  do i = 1, 64
    h%pts(i) = seqrec(i, 0d0, 1_2)
  end do
  do concurrent (i = 1:1000)  ! WANT: offload
    cp(i)%x = cp(i)%x * cp(i)%tag + cp(i)%k
    sq(i)%b = sq(i)%a + 0.5d0 * sq(i)%c
  end do
  do concurrent (i = 1:h%n)  ! WANT: offload
    h%pts(i)%b = h%pts(i)%a * 2 + h%pts(i)%c
  end do
  do i = 1, 1000
    if (cp(i)%x /= real(i, 8) * mod(i, 100) + i .or. sq(i)%b /= i + 0.5d0 * mod(i, 300)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  do i = 1, 64
    if (h%pts(i)%b /= 2 * i + 1) then
      print '(a, i0)', 'FAIL pts ', i
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program bind_c_sequence
