! Array constructors: (/ /) and [ ] forms, nested implied-DO, type-specs, empty constructors.
program array_constructors
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: i, j
  integer :: v1(5), v2(6), m(3, 3)
  real(dp), allocatable :: d(:)
  real, allocatable :: r(:)
  character(len=6), allocatable :: names(:)
  integer, allocatable :: empty(:), ints(:)
  logical :: flags(4)

  v1 = (/ 1, 2, 3, 4, 5 /)
  v2 = [ (i * 10, i = 1, 6) ]
  m = reshape([((i + 10 * j, i = 1, 3), j = 1, 3)], [3, 3])
  d = [real(8) :: 1, 2.5, 3.0d0, 4]
  r = [real :: (sqrt(real(i)), i = 1, 4)]
  names = [character(len=6) :: 'a', 'bb', 'ccc', 'longer']
  empty = [integer ::]
  ints = [v1, v2, 0, [-1, -2]]
  flags = [.true., .false., (.true., i = 1, 2)]

  print *, v1
  print *, v2
  print '(3i4)', m
  print *, d
  print *, r
  print '(4(a, "|"))', names
  print *, size(empty), size(ints), ints
  print *, flags
  print *, [ (/ 1, 2 /), [3, 4] ]
  print *, [(i, i = 10, 1, -3)]
  print *, [(j, j = 1, 0)]                     ! zero-trip
  print *, [((i * j, i = 1, j), j = 1, 4)]     ! triangular
  print *, sum([real(dp) :: (1.0_dp / i**2, i = 1, 1000)])
  print *, [character(len=3) :: 'xy', 'yz'] // '!'
  print *, [integer(kind=8) :: 2_8**40, 1]
  print *, shape(reshape([(i, i = 1, 24)], [2, 3, 4]))
  d = [d, 5.0_dp]
  print *, size(d)
  d = [real(dp) :: d(2:), d(1)]
  print *, d
end program array_constructors
