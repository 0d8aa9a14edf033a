! Design doc, "The offloading pipeline": "Once a loop is assigned to the
! device, the offloading pipeline extracts the kernel ... It never falls back
! to the CPU: There is no CPU alternative kept alongside the kernel ... A
! construct the pipeline cannot lower yet is a compiler error at the loop".
! One loop with every construct the pipeline lowers today (mask, cycle, if,
! select case, do, do while, block, associate, elemental and reduction
! intrinsics of sections, a pure call, complex and logical values) builds and
! its kernel computes what the sequential loop does.
module every_mod
  implicit none
contains
  pure integer function clamp(k, lo, hi)
    integer, intent(in) :: k, lo, hi
    clamp = max(lo, min(hi, k))
  end function clamp

  pure subroutine body(i, col, rr, zz, ff)
    integer, intent(in) :: i, col(:)
    integer, intent(inout) :: rr
    complex, intent(inout) :: zz
    logical, intent(inout) :: ff
    integer :: j, k, m
    m = size(col)
    if (i == 3) return
    associate (first => col(1), top => maxval(col))
      block
        integer :: t
        t = first - col(1)
        do j = 1, m
          if (col(j) < 0) cycle
          t = t + col(j)
        end do
        k = 1
        do while (k < top)
          k = 2 * k
        end do
        select case (clamp(t, 0, 20))
        case (0:5)
          rr = t + k
        case default
          rr = t - k + sum(abs(col(2:m:2))) + count(col > 0)
        end select
        zz = cmplx(real(t), real(-k)) * (0.0, 1.0)
        ff = any(col(1:m:2) == top) .and. all(col > -8)
      end block
    end associate
  end subroutine body
end module every_mod

program every_construct
  use every_mod
  implicit none
  integer, parameter :: n = 16, m = 5
  integer :: a(m, n), r(n), s(n), i
  complex :: z(n), rz(n)
  logical :: f(n), rf(n)

  a = reshape([(mod(i * 13, 17) - 8, i = 1, m * n)], [m, n])
  r = -99
  z = (0.0, 0.0)
  f = .false.
  s = r
  rz = z
  rf = f

  do concurrent (i = 1:n, mod(i, 7) /= 0)  ! WANT: offload
    call body(i, a(:, i), r(i), z(i), f(i))
  end do
  do i = 1, n
    if (mod(i, 7) /= 0) call body(i, a(:, i), s(i), rz(i), rf(i))
  end do

  if (any(r /= s) .or. any(z /= rz) .or. any(f .neqv. rf)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(r), count(f)
end program every_construct
