! Design doc, "Open questions": "Waiting at the end of a procedure. [...]
! Keeping its launches pending across the return needs what the callers
! do with the data, which this analysis, one procedure at a time, does
! not see." Issue 11: data a launch wrote stays on the device across
! returns and calls, for dummies and module data alike, until host code
! that accesses it runs, in whatever procedure: loops in module
! procedures over module arrays, called in a time loop; a diagnostic
! procedure reads them every few steps; the main program reads at the
! end. In the separate-memory mode every access before a copy back reads
! poisoned values, so a missing copy back fails here.
module field
  implicit none
  real(8), allocatable :: u(:), v(:)
  real(8) :: total
contains
  subroutine init(n)
    integer, intent(in) :: n
    integer :: i
    allocate(u(n), v(n))
    do concurrent (i = 1:n)  ! WANT: offload
      u(i) = i
      v(i) = 0
    end do
  end subroutine init
  subroutine step()
    integer :: i
    do concurrent (i = 1:size(u))  ! WANT: offload
      v(i) = v(i) + u(i)
    end do
  end subroutine step
  subroutine smooth(w)
    real(8), intent(inout) :: w(:)
    integer :: i
    do concurrent (i = 1:size(w))  ! WANT: offload
      w(i) = 0.5d0 * w(i)
    end do
  end subroutine smooth
  subroutine diagnose(k)
    integer, intent(in) :: k
    if (mod(k, 4) == 0) print '(a, i0, a, f12.2)', 'step ', k, ': v(n) = ', v(size(v))
  end subroutine diagnose
  subroutine reduce_total()
    total = sum(v)
  end subroutine reduce_total
end module field
program module_procs
  use field
  implicit none
  integer :: k, i
  real(8) :: ru(1000), rv(1000), rtotal
  ru = [(real(i, 8), i = 1, 1000)]
  rv = 0
  do k = 1, 12
    rv = rv + ru
    rv = 0.5d0 * rv
  end do
  rtotal = sum(rv)
  call init(1000)
  do k = 1, 12
    call step()
    call smooth(v)
    call diagnose(k)
  end do
  call reduce_total()
  print '(a, f14.4)', 'total: ', total
  if (total /= rtotal .or. any(v /= rv) .or. any(u /= ru)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program module_procs
