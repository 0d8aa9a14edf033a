! Design doc, "The offloading pipeline": "A derived-type value that device
! code creates -- a local of a procedure, or the result of a function such
! as a structure constructor -- has no storage for an allocatable array
! component on the device either" ... "every value of that type device code
! creates is on the device heap instead (a heap type, see Allocating on the
! device)".
! A vector type with an allocatable component: a pure function returns one
! whose size it takes from its argument, a subroutine fills an intent(out)
! one, the loop body copies one into another (a deep copy: changing the
! copy leaves the original), deallocates and allocates again with other
! bounds, and asks allocated, size, lbound and ubound. Loops in a module
! procedure called in a time loop; every iteration checked on the host.
module vec_mod
  implicit none
  type vec_t
    integer :: tag
    real(8), allocatable :: v(:)
  end type vec_t
contains
  pure function ramp(n, x) result(r)
    integer, intent(in) :: n
    real(8), intent(in) :: x
    type(vec_t) :: r
    integer :: k
    allocate(r%v(n))
    do k = 1, n
      r%v(k) = x * k
    end do
    r%tag = n
  end function ramp

  pure subroutine fill(w, m, x)
    type(vec_t), intent(out) :: w
    integer, intent(in) :: m
    real(8), intent(in) :: x
    allocate(w%v(0:m - 1))
    w%v = x
    w%tag = -m
  end subroutine fill

  pure real(8) function total(w)
    type(vec_t), intent(in) :: w
    total = sum(w%v) + w%tag
  end function total

  subroutine step(a, b, c, n, m)
    integer, intent(in) :: n, m
    real(8), intent(in) :: a(n)
    real(8), intent(out) :: b(n), c(n)
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      block
        type(vec_t) :: p, q
        integer :: k
        p = ramp(mod(i, m) + 1, a(i))
        q = p
        q%v(1) = -1.0d0
        b(i) = total(p) + size(q%v) + lbound(p%v, 1) + ubound(q%v, 1)
        deallocate(q%v)
        if (.not. allocated(q%v)) then
          allocate(q%v(2:4))
          q%v = 0.5d0
          do k = lbound(q%v, 1), ubound(q%v, 1)
            q%v(k) = q%v(k) + k
          end do
        end if
        call fill(p, 3, a(i))
        c(i) = sum(q%v) * 10.0d0 + total(p) + lbound(p%v, 1)
      end block
    end do
  end subroutine step
end module vec_mod

program heap_components
  use vec_mod
  implicit none
  integer, parameter :: n = 20000, m = 7
  real(8) :: a(n), b(n), c(n), eb, ec
  integer :: i, t, k, bad
  do i = 1, n
    a(i) = 0.25d0 * mod(i, 13)
  end do
  do t = 1, 3
    call step(a, b, c, n, m)
    a = a + 1.0d0
  end do
  a = a - 1.0d0
  bad = 0
  do i = 1, n
    k = mod(i, m) + 1
    eb = a(i) * (k * (k + 1) / 2) + k + k + 1 + k
    ec = 105.0d0 + 3.0d0 * a(i) - 3.0d0
    if (abs(b(i) - eb) > 1.0d-9 * abs(eb) .or. abs(c(i) - ec) > 1.0d-9 * abs(ec)) bad = bad + 1
  end do
  print '(a, i0)', 'mismatches: ', bad
  print '(a, f0.4, a, f0.4)', 'b(7) = ', b(7), ', c(7) = ', c(7)
  if (bad /= 0) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program heap_components
