! bench/apps/infer/infer.f90: the inference benchmark (issue 34) over
! infer_mod.f90's library: `infer NBATCH REPS` (default 65536 samples, 20
! batches) through a 64-256-256-10 network (ReLU on the hidden layers).
! The inputs are set on the host; each rep runs the whole batch
! (infer_batch's do concurrent). Prints the checksum of the outputs (the
! line that must not depend on the build), a RESULT line with the time of
! a batch, and PASSED when every 97th sample (and the last) equals the
! host's own pass over it.
program infer
  use infer_lib
  use apps_timer
  implicit none
  integer, parameter :: widths(4) = [64, 256, 256, 10]
  integer :: nbatch, reps, s, i, r, nin, nout, bad
  real(4), allocatable :: x(:, :), y(:, :), want(:)
  real(8) :: t0, t1, chk
  character(len=32) :: arg
  nbatch = 65536
  reps = 20
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg)
    read (arg, *) nbatch
    call get_command_argument(2, arg)
    read (arg, *) reps
  end if
  nin = widths(1)
  nout = widths(size(widths))
  call net_init(widths)
  allocate(x(nin, nbatch), y(nout, nbatch), want(nout))
  do s = 1, nbatch
    do i = 1, nin
      x(i, s) = real(mod(5 * i + 3 * s, 11) - 5) / 8.0
    end do
  end do
  y = 0
  call infer_batch(x, y, nbatch) ! warm-up: the layers cross to the device
  t0 = wtime()
  do r = 1, reps
    call infer_batch(x, y, nbatch)
  end do
  t1 = wtime()
  chk = 0
  do s = 1, nbatch
    do i = 1, nout
      chk = chk + real(y(i, s), 8) * mod(i + s, 5)
    end do
  end do
  print '(a, es24.16)', 'checksum ', chk
  print '(a, i0, a, i0, a, es12.5, a, es12.5)', 'RESULT app=infer nbatch=', nbatch, ' reps=', reps, &
    ' seconds=', t1 - t0, ' seconds_per_batch=', (t1 - t0) / max(reps, 1)
  print '(a, a)', 'timer ', trim(timer_name())
  bad = 0
  do s = 1, nbatch
    if (mod(s, 97) /= 1 .and. s /= nbatch) cycle
    call infer_one(x(:, s), want)
    do i = 1, nout
      if (abs(y(i, s) - want(i)) > 1e-5 * max(1.0, abs(want(i)))) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print '(a, i0, a)', 'FAIL: ', bad, ' outputs differ from the host pass'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program infer
