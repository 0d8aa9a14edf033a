! FLAGS: --show-gpu-kernel-source
! GFORTRAN: rejects (Reference to impure function inside a DO CONCURRENT block)
! Design doc, "The unsupported-construct check": "--show-gpu-kernel-source
! assigns a failing loop to the host, as --gpu-allow-cpu-fallback does ... A
! failure of the offloading pipeline is an error there too."
! Like the fallback flag, it softens only the unsupported list: an impure
! procedure referenced in a do concurrent stays a semantic error.
module impure_mod
  implicit none
  integer :: seen = 0
contains
  integer function bump(k)
    integer, intent(in) :: k
    seen = seen + 1
    bump = k + 1
  end function bump
end module impure_mod

program show_source_semantic_error
  use impure_mod
  implicit none
  integer, parameter :: n = 4
  integer :: a(n), b(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error impure_call
    a(i) = bump(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = i + 1
  end do

  if (any(a /= b)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program show_source_semantic_error
