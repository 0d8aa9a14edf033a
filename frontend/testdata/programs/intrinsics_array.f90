! Array intrinsics: reshape, spread, pack, unpack, cshift, eoshift, merge, maxloc, ...
program intrinsics_array
  implicit none
  integer :: a(3, 4), b(4, 3), v(12), i
  integer, allocatable :: packed(:)
  real :: r(5), m(3, 3)
  logical :: mask(3, 4)

  v = [(i, i = 1, 12)]
  a = reshape(v, [3, 4])
  b = reshape(v, shape=[4, 3], order=[2, 1])
  print '(4i4)', transpose(a)
  print *, 'shape(b) =', shape(b), ' size(a,2) =', size(a, dim=2)
  print *, 'lbound/ubound:', lbound(a), ubound(a, 1)

  print *, 'sum all:', sum(a), ' sum cols:', sum(a, dim=1), ' sum rows:', sum(a, 2)
  print *, 'product:', product(a(:, 1)), ' maxval:', maxval(a), ' minval:', minval(a, dim=2)
  print *, 'maxloc:', maxloc(a), ' minloc dim=1:', minloc(a, dim=1)
  print *, 'maxloc with mask:', maxloc(a, mask=mod(a, 2) == 0)

  mask = a > 6
  packed = pack(a, mask)
  print *, 'pack:', packed
  print *, 'pack with vector:', pack(v, v > 9, vector=[0, 0, 0, 0, 0])
  print *, 'unpack:', unpack([-1, -2, -3], mask=[.true., .false., .true., .false., .true.], field=0)
  print *, 'count:', count(mask), count(mask, dim=1)
  print *, 'any/all:', any(mask), all(a > 0), any(mask, dim=2)

  print *, 'cshift:', cshift(v(1:5), 2), ' cshift -1:', cshift(v(1:5), shift=-1)
  print *, 'eoshift:', eoshift(v(1:5), 2), eoshift(v(1:5), -1, boundary=99)
  print '(4i4)', cshift(a, 1, dim=2)

  print *, 'spread:', spread([1, 2], dim=1, ncopies=3)
  print *, 'merge:', merge(v(1:4), -v(1:4), [.true., .false., .true., .false.])
  print *, 'merge scalar:', merge('yes', 'no ', size(v) > 10)

  call random_number(r)
  print *, 'random in [0,1):', all(r >= 0.0 .and. r < 1.0)
  m = reshape([2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0], [3, 3])
  print *, 'matmul:', matmul(m, [1.0, 1.0, 1.0])
  print *, 'dot_product:', dot_product([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
  print *, 'norm2:', norm2([3.0, 4.0]), ' norm2 dim:', norm2(m, dim=1)
  print *, 'findloc:', findloc(v, 7), ' iall-ish:', iand(v(3), v(7))
  print *, 'reverse:', v(size(v):1:-1)
  print *, 'strided:', v(1:12:3), ' section 2d:', a(1:3:2, 2:4:2)
end program intrinsics_array
