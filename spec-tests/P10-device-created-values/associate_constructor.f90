! Design doc, "The offloading pipeline": "A derived-type value that device
! code creates -- a local of a procedure, or the result of a function such
! as a structure constructor, associate (t => tensor_t(x)) -- has no storage
! for an allocatable array component on the device either."
! associate (t => tensor(x)), a function whose result it builds with a
! structure constructor, with a section of the loop's array; the value
! passed to a pure function that reads the component whole; in a module
! procedure over module arrays, called twice. Checked on the host.
! (associate (t => tensor_t(x)) itself: gfortran 12 frees the constructor's
! argument at the end of the associate, a stack address, so its build
! cannot be the oracle; emit TestHeapAssociateConstructor checks fgpu's.)
module assoc_mod
  implicit none
  type tensor_t
    real(8), allocatable :: values(:)
  end type tensor_t
  integer, parameter :: n = 3000
  real(8) :: a(n), b(n)
contains
  pure function tensor(x) result(t)
    real(8), intent(in) :: x(:)
    type(tensor_t) :: t
    t = tensor_t(x)
  end function tensor

  pure real(8) function norm1(t)
    type(tensor_t), intent(in) :: t
    norm1 = sum(abs(t%values))
  end function norm1

  subroutine norms()
    integer :: i
    do concurrent (i = 1:n - 2)  ! WANT: offload
      associate (t => tensor(a(i:i + 2)))
        b(i) = norm1(t) + size(t%values) * 1000 + lbound(t%values, 1) * 100
      end associate
    end do
  end subroutine norms
end module assoc_mod

program associate_constructor
  use assoc_mod
  implicit none
  integer :: i, k, bad
  real(8) :: e
  do k = 1, 2
    do i = 1, n
      a(i) = 0.5d0 * mod(i * k, 9) - 2.0d0
    end do
    call norms()
    bad = 0
    do i = 1, n - 2
      e = abs(a(i)) + abs(a(i + 1)) + abs(a(i + 2)) + 3100.0d0
      if (b(i) /= e) bad = bad + 1
    end do
    if (bad /= 0) then
      print '(a, i0)', 'FAIL: ', bad
      error stop 1
    end if
  end do
  print '(f0.2)', sum(b(1:n - 2))
  print '(a)', 'PASSED'
end program associate_constructor
