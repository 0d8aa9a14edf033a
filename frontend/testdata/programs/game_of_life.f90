! Conway's game of life on a periodic grid using DO CONCURRENT and MODULO wrap-around.
program game_of_life
  implicit none
  integer, parameter :: nx = 40, ny = 20, ngen = 50
  logical :: board(0:nx-1, 0:ny-1), next_board(0:nx-1, 0:ny-1)
  integer :: i, j, gen, neighbors, di, dj

  board = .false.
  ! glider
  board(1, 0) = .true.; board(2, 1) = .true.
  board(0, 2) = .true.; board(1, 2) = .true.; board(2, 2) = .true.
  ! blinker
  board(20, 10:12) = .true.

  do gen = 1, ngen
    do concurrent (j = 0:ny-1, i = 0:nx-1)
      neighbors = 0
      do dj = -1, 1
        do di = -1, 1
          if (di == 0 .and. dj == 0) cycle
          if (board(modulo(i + di, nx), modulo(j + dj, ny))) neighbors = neighbors + 1
        end do
      end do
      next_board(i, j) = (board(i, j) .and. (neighbors == 2 .or. neighbors == 3)) &
                         .or. (.not. board(i, j) .and. neighbors == 3)
    end do
    board = next_board
  end do

  do j = 0, ny - 1
    print '(*(a1))', (merge('#', '.', board(i, j)), i = 0, nx - 1)
  end do
  print '(a, i0, a, i0)', 'generation ', ngen, ' alive: ', count(board)
end program game_of_life
