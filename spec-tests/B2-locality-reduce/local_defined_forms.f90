! GFORTRAN: rejects (locality specs)
! GUARDS: local_read_before_write (the nearest correct variant of local_read_first_forms.f90: no such diagnostic)
! SPEC-MAP B2 (beyond the design doc, which leaves locality to the standard):
! a local variable is undefined at the start of every iteration (F2018
! 11.1.7.5); reading it before any write of the iteration is a warning
! (local_read_before_write). This program reads its locals only after a
! write that may run before the read, in the forms real codes use, and must
! get no warning (issue 29; spec-tests/corpus_warn_test.go): the variable
! of an inner DO (nested, and read after its loop), an actual argument of
! an intent(out) dummy of a pure subroutine (scalar, array, keyword), a
! variable written in every branch of an IF or SELECT CASE construct, a
! write under an IF before a read under the same condition, a read in an
! inner DO of what its previous iteration wrote, a DO WHILE after a write,
! a write through an associate name. The loop is in a module procedure
! over arrays passed as dummies, called in a time loop; the host computes
! the same values in order and the program compares them exactly.
module defined_forms
  implicit none
  integer, parameter :: n = 1000, nv = 4, nsteps = 6
contains
  pure subroutine split(x, lo, hi, parts)
    real, intent(in) :: x
    real, intent(out) :: lo, hi
    real, intent(out) :: parts(3)
    lo = floor(x)
    hi = lo + 1
    parts = [lo, hi, x - lo]
  end subroutine split

  subroutine advance(q, kind, out, m)
    integer, intent(in) :: m
    real, intent(in) :: q(nv, m)
    integer, intent(in) :: kind(m)
    real, intent(inout) :: out(m)
    integer :: i, ll, k
    real :: s, t, u, lo, hi, parts(3), prev
    do concurrent (i = 1:m) local(ll, k, s, t, u, lo, hi, parts, prev)  ! WANT: offload
      s = 0
      do ll = 1, nv
        do k = 1, ll
          s = s + q(ll, i) * k
        end do
      end do
      s = s + ll + k
      call split(q(1, i), lo, hi, parts)
      call split(x=q(2, i), parts=parts, hi=u, lo=t)
      s = s + lo + hi + parts(1) + u + t
      if (kind(i) == 1) then
        t = 1
      else if (kind(i) == 2) then
        t = 2
      else
        t = 3
      end if
      select case (kind(i))
      case (1)
        u = 10
      case (2:3)
        u = 20
      case default
        u = 30
      end select
      if (kind(i) > 1) prev = q(3, i)
      if (kind(i) > 1) s = s + prev
      do k = 1, 3
        if (k > 1) s = s + prev
        prev = k * kind(i)
      end do
      do while (t < 8)
        t = t * 2
      end do
      associate (a => hi)
        a = q(4, i)
      end associate
      out(i) = out(i) + s + t + u + hi
    end do
  end subroutine advance
end module defined_forms

program local_defined_forms
  use defined_forms
  implicit none
  real :: q(nv, n), out(n), want(n), s, t, u, lo, hi, parts(3), prev
  integer :: kind(n), i, j, ll, k, step
  do i = 1, n
    kind(i) = mod(i, 4)
    do j = 1, nv
      q(j, i) = real(mod(i * j, 7)) + 0.5 * j
    end do
  end do
  out = 0
  want = 0
  do step = 1, nsteps
    call advance(q, kind, out, n)
    do i = 1, n
      s = 0
      do ll = 1, nv
        do k = 1, ll
          s = s + q(ll, i) * k
        end do
      end do
      s = s + ll + k
      call split(q(1, i), lo, hi, parts)
      call split(q(2, i), t, u, parts)
      s = s + lo + hi + parts(1) + u + t
      t = min(kind(i), 3)
      if (kind(i) == 0) t = 3
      u = 30
      if (kind(i) == 1) u = 10
      if (kind(i) == 2 .or. kind(i) == 3) u = 20
      if (kind(i) > 1) s = s + q(3, i)
      do k = 1, 3
        if (k > 1) s = s + (k - 1) * kind(i)
      end do
      do while (t < 8)
        t = t * 2
      end do
      hi = q(4, i)
      want(i) = want(i) + s + t + u + hi
    end do
  end do
  if (any(out /= want)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program local_defined_forms
