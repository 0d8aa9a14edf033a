! Design doc, "The offloading pipeline": "When the size changes from one
! iteration to the next ... the host works it out for every iteration
! before the launch, from the loop limits and the values the kernel gives
! the loop indices, and gives every slice room for the largest. Each
! thread uses the leading part its own size needs. The size may read the
! loop indices, the arguments of the loop and the shapes of arrays."
! Block arrays whose bounds read the loop index: w(i) (a triangle of
! work), u(0:i - 1, m) with a dummy m, and t(j + 1) of an inner loop
! combined with the outer one (one iteration space, nest.mg); each
! iteration fills and reads exactly its own extent.
module tri_mod
  implicit none
contains
  subroutine triangle(f, g, m)
    real(8), intent(out) :: f(:), g(:, :)
    integer, intent(in) :: m
    integer :: i, j, k, c
    do concurrent (i = 1:size(f))  ! WANT: offload
      block
        real(8) :: w(i), u(0:i - 1, m)
        do k = 1, i
          w(k) = k
        end do
        do c = 1, m
          do k = 0, i - 1
            u(k, c) = k * c
          end do
        end do
        f(i) = sum(w) + sum(u) + size(u)
      end block
    end do
    do concurrent (i = 1:size(g, 2))  ! WANT: offload
      do concurrent (j = 1:size(g, 1))  ! WANT: offload
        block
          real(8) :: t(j + 1)
          do k = 1, j + 1
            t(k) = i * k
          end do
          g(j, i) = sum(t) - size(t)
        end block
      end do
    end do
  end subroutine
end module

program size_reads_index
  use tri_mod
  implicit none
  integer, parameter :: n = 300, m = 3
  real(8) :: f(n), g(7, 40)
  integer :: i, j
  call triangle(f, g, m)
  do i = 1, n
    if (f(i) /= i * (i + 1) / 2 + (i * (i - 1) / 2) * (m * (m + 1) / 2) + i * m) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  do i = 1, 40
    do j = 1, 7
      if (g(j, i) /= i * (j + 1) * (j + 2) / 2 - (j + 1)) then
        print '(a)', 'FAIL'
        error stop 2
      end if
    end do
  end do
  print '(a,1x,f0.1,1x,f0.1)', 'PASSED', sum(f), sum(g)
end program size_reads_index
