! Long names in a masked do concurrent nest and a long kernel call: the
! host program fgpu rewrites keeps every line within free form's 132
! characters (emit/hostf90.go wrap: cut after a comma, else at a blank,
! else anywhere with & on both lines), for the loop kept on the host
! (--gpu=none: its mask becomes one long IF ... CYCLE) and the launch call.
program long_host_lines
  implicit none
  integer, parameter :: nxxxxxxxxxxxxxxxxxxxxxxx = 40, nyyyyyyyyyyyyyyyyyyyyyyyyyyyy = 30, nzzzzzzzzzzzzzzzzzzzzzzzzz = 5
  real(8) :: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(nxxxxxxxxxxxxxxxxxxxxxxx, nyyyyyyyyyyyyyyyyyyyyyyyyyyyy, nzzzzzzzzzzzzzzzzzzzzzzzzz)
  real(8) :: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb(nxxxxxxxxxxxxxxxxxxxxxxx), ccccccccccccccccccccccccccccccccccccccc
  integer :: iiiiiiiiiiiiiiiiiiii, jjjjjjjjjjjjjjjjjjjjjjjjj, kkkkkkkkkkkkkkkkkkkkkkk
  real(8) :: check
  character(len=*), parameter :: label = 'a label long enough to be cut inside a character literal, if it came to that'
  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 0
  ccccccccccccccccccccccccccccccccccccccc = 0.5d0
  do concurrent (iiiiiiiiiiiiiiiiiiii = 1:nxxxxxxxxxxxxxxxxxxxxxxx, &
                 jjjjjjjjjjjjjjjjjjjjjjjjj = 1:nyyyyyyyyyyyyyyyyyyyyyyyyyyyy, &
                 kkkkkkkkkkkkkkkkkkkkkkk = 1:nzzzzzzzzzzzzzzzzzzzzzzzzz, &
                 iiiiiiiiiiiiiiiiiiii + jjjjjjjjjjjjjjjjjjjjjjjjj + kkkkkkkkkkkkkkkkkkkkkkk > 3 .and. &
                 iiiiiiiiiiiiiiiiiiii /= jjjjjjjjjjjjjjjjjjjjjjjjj)
    aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(iiiiiiiiiiiiiiiiiiii, jjjjjjjjjjjjjjjjjjjjjjjjj, kkkkkkkkkkkkkkkkkkkkkkk) = &
      iiiiiiiiiiiiiiiiiiii + 100*jjjjjjjjjjjjjjjjjjjjjjjjj + 10000*kkkkkkkkkkkkkkkkkkkkkkk
  end do
  do concurrent (iiiiiiiiiiiiiiiiiiii = 1:nxxxxxxxxxxxxxxxxxxxxxxx)
    bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb(iiiiiiiiiiiiiiiiiiii) = ccccccccccccccccccccccccccccccccccccccc * &
      sum(aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(iiiiiiiiiiiiiiiiiiii, :, :))
  end do
  print *, label
  print *, sum(aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa), sum(bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb)
  ! The same, serially.
  check = 0
  do kkkkkkkkkkkkkkkkkkkkkkk = 1, nzzzzzzzzzzzzzzzzzzzzzzzzz
    do jjjjjjjjjjjjjjjjjjjjjjjjj = 1, nyyyyyyyyyyyyyyyyyyyyyyyyyyyy
      do iiiiiiiiiiiiiiiiiiii = 1, nxxxxxxxxxxxxxxxxxxxxxxx
        if (iiiiiiiiiiiiiiiiiiii + jjjjjjjjjjjjjjjjjjjjjjjjj + kkkkkkkkkkkkkkkkkkkkkkk > 3 .and. &
            iiiiiiiiiiiiiiiiiiii /= jjjjjjjjjjjjjjjjjjjjjjjjj) check = check + &
          (iiiiiiiiiiiiiiiiiiii + 100*jjjjjjjjjjjjjjjjjjjjjjjjj + 10000*kkkkkkkkkkkkkkkkkkkkkkk) * &
          (1 + ccccccccccccccccccccccccccccccccccccccc)
      end do
    end do
  end do
  if (abs(check - sum(aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa) - sum(bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb)) > 1d-6 * check) then
    print *, 'FAIL', check
    error stop 1
  end if
  print *, 'PASSED'
end program
