! COMMON blocks and EQUIVALENCE in otherwise modern free-form code (obsolescent, still legal).
module legacy_bridge
  implicit none
contains
  subroutine fill_common()
    integer :: n
    real :: x(100)
    double precision :: scale
    common /state/ scale, n, x
    integer :: i
    n = 10
    x(1:n) = [(real(i), i = 1, n)]
    scale = 0.5d0
  end subroutine fill_common

  real function weighted_total()
    integer :: n
    real :: x(100)
    double precision :: scale
    common /state/ scale, n, x
    weighted_total = real(scale) * sum(x(1:n))
  end function weighted_total
end module legacy_bridge

program equivalence_common_modern
  use legacy_bridge
  implicit none
  integer :: n
  real :: x(100)
  double precision :: scale
  common /state/ scale, n, x
  real :: r4(2)
  integer :: i4(2)
  equivalence (r4, i4)
  character(len=8) :: whole
  character(len=4) :: halves(2)
  equivalence (whole, halves)
  real :: grid(4, 4), flat(16)
  equivalence (grid(1, 1), flat(1))
  integer :: unnamed_val
  common unnamed_val

  call fill_common()
  print *, 'n =', n, ' weighted total =', weighted_total(), ' scale =', scale
  r4 = [1.0, -2.0]
  print '(2z10.8)', i4
  whole = 'ABCDEFGH'
  print *, halves(2), ' ', halves(1)
  flat = [(real(n), n = 1, 16)]
  print *, grid(2, 3), grid(:, 4)
  unnamed_val = 5
  print *, 'blank common:', unnamed_val
end program equivalence_common_modern
