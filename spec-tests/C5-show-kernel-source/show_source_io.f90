! FLAGS: --show-gpu-kernel-source
! Design doc, "The unsupported-construct check": "--show-gpu-kernel-source
! assigns a failing loop to the host, as --gpu-allow-cpu-fallback does, so
! that the kernels of the other loops are still shown."
! Every entry of the list is treated so: I/O, internal I/O, real(16).
module show_mod
  implicit none
contains
  pure integer function text_len(k)
    integer, intent(in) :: k
    character(len=10) :: s
    write (s, '(i0)') k
    text_len = len_trim(s)
  end function text_len
end module show_mod

program show_source_io
  use show_mod
  implicit none
  integer, parameter :: n = 4
  integer :: a(n), b(n), c(n)
  real(16) :: q(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: host io_in_loop
    a(i) = i
    print '(i0)', a(i)
  end do

  do concurrent (i = 1:n)  ! WANT: host internal_io
    b(i) = text_len(100 * i)
  end do

  do concurrent (i = 1:n)  ! WANT: host real_ext_precision
    q(i) = a(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    c(i) = a(i) + b(i)
  end do

  if (any(c /= [4, 5, 6, 7]) .or. any(q /= a)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program show_source_io
