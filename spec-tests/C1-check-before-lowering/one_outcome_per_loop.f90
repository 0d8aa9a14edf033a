! FLAGS: --gpu=cuda
! Design doc, "The unsupported-construct check": "It runs once per parallel
! loop, when the execution target is chosen (the parallel_dispatch pass ...)".
! Design doc, "Outcomes": "Every parallel loop compiled with a GPU backend ends
! in exactly one of these outcomes".
! Each loop is decided on its own: one failing loop does not move the others,
! and the same procedure called from several loops decides each of them.
module steps
  implicit none
contains
  pure real function step(v)
    real, intent(in) :: v
    step = v + 1
  end function step

  pure real function step_logged(v)
    real, intent(in) :: v
    character(len=12) :: note
    write (note, '(f12.3)') v
    step_logged = v + 1
  end function step_logged
end module steps

program one_outcome_per_loop
  use steps
  implicit none
  integer, parameter :: n = 8
  real :: a(n), b(n), c(n), d(n), e(n)
  integer :: i

  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = step(a(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    c(i) = step_logged(a(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    d(i) = step(b(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    e(i) = step_logged(c(i))
  end do

  if (any(b /= a + 1) .or. any(c /= b) .or. any(d /= a + 2) .or. any(e /= d)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program one_outcome_per_loop
