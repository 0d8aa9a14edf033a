! Design doc, "Where the host waits": "A pointer the procedure associates
! with one designator only [...] stands for it." Storage, not names
! (issue 11): a pointer may point to any target of its type, so a write
! through a pointer is a write of every such target, a write of a
! target one of every such pointer: p => a, the launch writes p, the host
! reads a; re-pointed to b, the launch writes p, the host reads b; a
! module pointer to a target dummy; a pointer from c_f_pointer; a
! pointer component.
module ptrs
  implicit none
  real(8), pointer :: gp(:) => null()
  type holder
    real(8), pointer :: p(:) => null()
  end type holder
contains
  subroutine point_at(t)
    real(8), target, intent(inout) :: t(:)
    gp => t
  end subroutine point_at
  subroutine scale_gp(f)
    real(8), intent(in) :: f
    integer :: i
    do concurrent (i = 1:size(gp))  ! WANT: offload
      gp(i) = gp(i) * f
    end do
  end subroutine scale_gp
end module ptrs
program pointer_target
  use ptrs
  use iso_c_binding
  implicit none
  integer, parameter :: n = 50
  real(8), target :: a(n), b(n), c(n)
  real(8), pointer :: p(:), q(:)
  type(holder) :: h
  integer :: i
  logical :: ok
  a = 0
  b = 0
  c = 1
  p => a
  do concurrent (i = 1:n)  ! WANT: offload
    p(i) = i
  end do
  print '(a, 2f8.1)', 'a:', a(1), a(n)
  p => b
  do concurrent (i = 1:n)  ! WANT: offload
    p(i) = 2 * i
  end do
  print '(a, 2f8.1)', 'b:', b(1), b(n)
  call point_at(c)
  call scale_gp(3.0d0)
  print '(a, 2f8.1)', 'c:', c(1), c(n)
  call c_f_pointer(c_loc(a), q, [n])
  do concurrent (i = 1:n)  ! WANT: offload
    q(i) = -i
  end do
  print '(a, 2f8.1)', 'a via c_f_pointer:', a(1), a(n)
  h%p => b
  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = b(i) + 0.5d0
  end do
  print '(a, 2f8.1)', 'b via component:', h%p(1), h%p(n)
  ok = a(n) == -n .and. b(1) == 2.5d0 .and. c(n) == 3.0d0 .and. h%p(n) == 2 * n + 0.5d0
  if (.not. ok) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program pointer_target
