! GFORTRAN: rejects (locality spec local; NAME.expected.out is what gfortran prints for the program without the local specs)
! Kernels with a local tile that rules/coop.mg must leave as they are
! (each iteration in one thread), and that must still be right: a nest
! whose iterations assign one element (t(i, 1) for every j: the last j
! wins, in the order of the DO loops), a nest that reads what it writes
! (a prefix sum along the tile), and a tile read only in the nest that
! writes it. A module procedure over module arrays, called in a time loop.
module coop_rej_mod
  implicit none
  integer, parameter :: bs = 8, n = 32
  real(8) :: a(n, n), b(n, n), c(n, n), d(n, n)
contains
  subroutine init()
    integer :: i, j
    do concurrent (j = 1:n, i = 1:n)
      a(i, j) = real(i * 3 + j * 7, 8)
      b(i, j) = 0
      c(i, j) = 0
      d(i, j) = 0
    end do
  end subroutine init

  subroutine step(s)
    integer, intent(in) :: s
    integer :: i, j, it, jt
    real(8) :: t(bs, bs), v(bs)
    ! The same element t(i, 1) for every j: the last j (bs) wins.
    do concurrent (jt = 1:n:bs, it = 1:n:bs) local(t)
      do j = 1, bs
        do i = 1, bs
          t(i, 1) = a(it + i - 1, jt + j - 1) + s
        end do
      end do
      do j = 1, bs
        do i = 1, bs
          b(it + i - 1, jt + j - 1) = t(i, 1)
        end do
      end do
    end do
    ! A prefix sum: v(i) reads v(i - 1) of the same nest.
    do concurrent (jt = 1:n, it = 1:n:bs) local(v)
      do i = 1, 1
        v(i) = a(it, jt)
      end do
      do i = 2, bs
        v(i) = v(i - 1) + a(it + i - 1, jt)
      end do
      do i = 1, bs
        c(it + i - 1, jt) = v(i) * s
      end do
    end do
    ! A tile no later nest reads.
    do concurrent (jt = 1:n:bs, it = 1:n:bs) local(t)
      do j = 1, bs
        do i = 1, bs
          t(i, j) = a(it + i - 1, jt + j - 1)
        end do
      end do
      do j = 1, bs
        do i = 1, bs
          d(it + i - 1, jt + j - 1) = d(it + i - 1, jt + j - 1) + 1
        end do
      end do
    end do
  end subroutine step
end module coop_rej_mod

program coop_tile_rejected
  use coop_rej_mod
  implicit none
  integer :: s, i, j
  real(8) :: run
  call init()
  do s = 1, 5
    call step(s)
  end do
  do j = 1, n
    do i = 1, n
      if (b(i, j) /= a(i, (j - 1) / bs * bs + bs) + 5) then
        print '(a,2i4)', 'FAIL b', i, j
        error stop 1
      end if
    end do
  end do
  do j = 1, n
    run = 0
    do i = 1, n
      if (mod(i - 1, bs) == 0) run = 0
      run = run + a(i, j)
      if (c(i, j) /= run * 5) then
        print '(a,2i4)', 'FAIL c', i, j
        error stop 2
      end if
    end do
  end do
  if (any(d /= 5)) error stop 3
  print '(a,f0.3)', 'sum b ', sum(b)
  print '(a,f0.3)', 'sum c ', sum(c)
  print '(a)', 'PASSED'
end program coop_tile_rejected
