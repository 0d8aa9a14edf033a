! Scalars a do concurrent writes without a locality spec, each iteration
! defining them before any use (rules/shared.mg, shared_private), and that
! the host reads after the loop (shared_last): they hold what the
! sequentially last iteration that wrote them left, in the order gfortran
! runs the loop (the first index varies fastest), as a plain gfortran
! build gives. Writes under conditions, in a two-index loop over module
! arrays, a DO variable, a cycle, a call with an intent(out) argument, a
! kernel that can stop, and several types.
module shared_last_data
  implicit none
  integer :: n, m
  real(8), allocatable :: a(:, :)
  integer, allocatable :: b(:, :)
contains
  pure subroutine halve(v, h)
    integer, intent(in) :: v
    integer, intent(out) :: h
    h = v / 2
  end subroutine

  subroutine scan2d(thr, li, lj, va, t, kk, cx, lg, i8)
    real(8), intent(in) :: thr
    integer, intent(out) :: li, lj, kk
    real(8), intent(out) :: va, t
    complex, intent(out) :: cx
    logical, intent(out) :: lg
    integer(8), intent(out) :: i8
    integer :: i, j
    li = -1; lj = -1; va = -1
    do concurrent (i = 1:n, j = 1:m)
      t = a(i, j) * 2
      b(i, j) = int(t)
      if (a(i, j) > thr) then
        li = i
        lj = j
        va = a(i, j)
      end if
      do kk = 1, mod(i + j, 5)
        b(i, j) = b(i, j) + kk
      end do
      cx = cmplx(real(i), real(j))
      lg = mod(i * j, 7) == 0
      i8 = int(i, 8) * int(j, 8) * 100000_8
    end do
  end subroutine
end module

program shared_last_value
  use shared_last_data
  implicit none
  integer :: i, j, li, lj, kk, u, r, h, e_li, e_lj, e_u, e_r, stopped
  real(8) :: va, t, e_va, thr
  complex :: cx
  logical :: lg
  integer(8) :: i8
  integer, allocatable :: c(:)
  n = 400
  m = 300
  allocate (a(n, m), b(n, m), c(n * m))
  do j = 1, m
    do i = 1, n
      a(i, j) = real(mod(i * 37 + j * 101, 1009), 8)
    end do
  end do
  thr = 1000.0d0
  call scan2d(thr, li, lj, va, t, kk, cx, lg, i8)
  e_li = -1; e_lj = -1; e_va = -1
  do j = 1, m
    do i = 1, n
      if (a(i, j) > thr) then
        e_li = i; e_lj = j; e_va = a(i, j)
      end if
    end do
  end do
  if (li /= e_li .or. lj /= e_lj .or. va /= e_va) then
    print '(a,4(1x,i0))', 'FAIL last match', li, lj, e_li, e_lj
    error stop 1
  end if
  if (t /= a(n, m) * 2 .or. kk /= mod(n + m, 5) + 1) then
    print '(a)', 'FAIL last iteration'
    error stop 1
  end if
  if (cx /= cmplx(real(n), real(m)) .or. (lg .neqv. mod(n * m, 7) == 0) .or. i8 /= int(n, 8) * int(m, 8) * 100000_8) then
    print '(a)', 'FAIL types'
    error stop 1
  end if
  ! A cycle skips the write of some iterations; the mask others.
  u = -5
  do concurrent (i = 1:n * m, mod(i, 5) /= 0)
    if (mod(i, 3) == 0) cycle
    u = i
    c(i) = u
  end do
  e_u = -5
  do i = 1, n * m
    if (mod(i, 5) /= 0 .and. mod(i, 3) /= 0) e_u = i
  end do
  if (u /= e_u) then
    print '(a,2(1x,i0))', 'FAIL cycle', u, e_u
    error stop 1
  end if
  ! An intent(out) argument defines r; a kernel that can stop.
  r = -7
  stopped = 0
  do concurrent (i = 1:n * m)
    call halve(i, h)
    r = h + 1
    if (r < 0) error stop 3
    c(i) = r
  end do
  e_r = (n * m) / 2 + 1
  if (r /= e_r .or. h /= (n * m) / 2) then
    print '(a,2(1x,i0))', 'FAIL call', r, e_r
    error stop 1
  end if
  ! No iteration writes: the value before the loop stays.
  u = 42
  do concurrent (i = 1:n, i > n)
    u = i
  end do
  if (u /= 42) then
    print '(a)', 'FAIL no writer'
    error stop 1
  end if
  print '(a,2(1x,i0),1x,f0.1,1x,i0)', 'last', li, lj, va, kk
  print '(a,2(1x,i0))', 'cycle call', u, r
  print '(a)', 'PASSED'
end program
