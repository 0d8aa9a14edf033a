! A2 (What the runtime does): "lfortran_gpu_sync waits for every launch,
! copies every dirty entry back to the host, and marks it clean.
! lfortran_gpu_discard forgets the dirty entries of a host range that is
! about to be freed, without copying anything back." Here: a temporary
! written on the device and freed while its device copy is the newest
! (discarded, never copied back) in every step, an accumulator that stays
! on the device across the steps, and a section of it handed to a
! procedure that launches (the host fetches the array first, the section's
! own launch copies in and back only its elements). The overlap rule ("a
! range that overlaps a dirty one without being the same range makes the
! runtime wait first") is tested at the runtime's level
! (runtime/testdata/rt_test.cpp).
program sync_discard
  implicit none
  integer, parameter :: n = 64
  real(8), allocatable :: t(:)
  real(8) :: a(n), want(n)
  integer :: i, k

  a = 0.0d0
  do k = 1, 3
    allocate(t(n))
    do concurrent (i = 1:n)  ! WANT: offload
      t(i) = real(i * k, 8)
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      a(i) = a(i) + t(i)
    end do
    deallocate(t)
  end do
  call bump(a(2:n:2))
  do i = 1, n
    want(i) = real(6 * i, 8)
  end do
  want(2:n:2) = want(2:n:2) + 1.0d0
  if (all(a == want)) then
    print '(a)', 'PASSED'
  else
    print '(a)', 'FAIL'
    error stop 1
  end if
contains
  subroutine bump(s)
    real(8), intent(inout) :: s(:)
    integer :: j
    do concurrent (j = 1:size(s))  ! WANT: offload
      s(j) = s(j) + 1.0d0
    end do
  end subroutine bump
end program sync_discard
