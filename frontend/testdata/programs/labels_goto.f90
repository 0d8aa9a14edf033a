! Statement labels: GO TO, computed GO TO, labelled DO with CONTINUE, ERR=/END= specifiers.
program labels_goto
  implicit none
  integer :: i, j, n, total, ios
  real :: x
  character(len=20) :: buf

  total = 0
  do 10 i = 1, 10
    if (mod(i, 3) == 0) goto 10
    total = total + i
10 continue
  print *, 'total =', total

  n = 0
20 n = n + 1
  if (n < 5) go to 20
  print *, 'n =', n

  do 40 i = 1, 3
    do 30 j = 1, 3
      if (i == j) go to 30
      total = total + i * j
30  continue
40 continue
  print *, 'total =', total

  i = 2
  go to (100, 200, 300) i
100 print *, 'branch 1'
  go to 400
200 print *, 'branch 2'
  go to 400
300 print *, 'branch 3'
400 continue

  buf = 'abc'
  read (buf, *, err=500) x
  print *, 'read ok', x
  go to 600
500 print *, 'read error branch taken'
600 continue

  buf = ''
  read (buf, '(a)', iostat=ios, end=700) buf
  print *, 'no end-of-file, ios =', ios
700 continue

  write (*, 800) total, n
800 format ('total=', i6, ' n=', i3)
  stop
end program labels_goto
