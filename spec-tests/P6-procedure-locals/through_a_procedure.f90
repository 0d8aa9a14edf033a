! Design doc, "The offloading pipeline": "Each such local becomes an
! argument of the procedure, and every call passes an array of its own
! for it ... Up the chain of calls this ends in the kernel".
! A run-time sized local of a procedure called by another procedure the
! loop calls: the array would be handed up the chain to the kernel, which
! is not lowered yet (a catalogued error at the inner call,
! spec-tests/NYI.txt).
module chain_mod
  implicit none
contains
  pure real(8) function inner(v) result(r)
    real(8), intent(in) :: v(:)
    real(8) :: t(size(v))
    t = v * 2
    r = sum(t)
  end function

  pure real(8) function outer(v) result(r)
    real(8), intent(in) :: v(:)
    r = inner(v) + 1
  end function
end module

program through_a_procedure
  use chain_mod
  implicit none
  integer, parameter :: n = 100
  real(8) :: q(3, n), f(n)
  integer :: i
  q = 1
  do concurrent (i = 1:n)  ! WANT: offload
    f(i) = outer(q(:, i))
  end do
  if (any(f /= 7)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.1)', 'PASSED', sum(f)
end program through_a_procedure
