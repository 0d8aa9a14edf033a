! DATA statements: repeat counts, implied-DO, substrings, array sections, and BLOCK DATA.
program data_statements
  implicit none
  integer :: i, j
  integer :: counts(10)
  real :: matrix(3, 3)
  character(len=12) :: labels(3)
  character(len=6) :: word
  logical :: flags(4)
  complex :: zc
  real :: diag(5)
  integer :: shared_n
  real :: shared_x(3)
  common /shared/ shared_n, shared_x

  data counts / 5*0, 5*1 /
  data ((matrix(i, j), i = 1, 3), j = 1, 3) / 1.0, 0.0, 0.0, &
                                              0.0, 1.0, 0.0, &
                                              0.0, 0.0, 1.0 /
  data labels / 'first', 'second', 'third' /
  data word(2:4) / 'abc' /
  data flags / .true., 2*.false., .true. /
  data zc / (1.5, -2.5) /
  data (diag(i), i = 1, 5, 2) / 3*9.0 /, (diag(i), i = 2, 4, 2) / 2*-1.0 /

  print '(10i2)', counts
  print '(3f5.1)', matrix
  print '(3(a, 1x))', (trim(labels(i)), i = 1, 3)
  print *, word, flags, zc
  print *, diag
  print *, 'common from block data:', shared_n, shared_x
end program data_statements

block data shared_init
  implicit none
  integer :: shared_n
  real :: shared_x(3)
  common /shared/ shared_n, shared_x
  data shared_n / 3 /, shared_x / 1.0, 2.0, 3.0 /
end block data shared_init
