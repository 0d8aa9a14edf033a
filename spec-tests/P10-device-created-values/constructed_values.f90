! Design doc, "The offloading pipeline": "A derived-type value that device
! code creates -- a local of a procedure, or the result of a function such
! as a structure constructor, associate (t => tensor_t(x)) -- has no storage
! for an allocatable array component on the device either."
! Inference over a batch, as machine-learning codes write it: every sample
! is a tensor value the device creates with a structure constructor, passed
! through two dense layers whose results are new tensors (sized by the
! layer's bias), the weights arrays of the host handed as dummies to a
! subroutine called for several batches. Checked against a serial
! recomputation on the host (the same operations in the same order).
module infer_mod
  implicit none
  type tensor_t
    real(8), allocatable :: values(:)
    integer :: layer
  end type tensor_t
contains
  pure function tensor(x) result(t)
    real(8), intent(in) :: x(:)
    type(tensor_t) :: t
    t = tensor_t(x * 0.5d0, 0)
  end function tensor

  pure function dense(w, b, x) result(y)
    real(8), intent(in) :: w(:, :), b(:)
    type(tensor_t), intent(in) :: x
    type(tensor_t) :: y
    integer :: j, k
    allocate(y%values(size(b)))
    do j = 1, size(b)
      y%values(j) = b(j)
      do k = 1, size(x%values)
        y%values(j) = y%values(j) + w(j, k) * x%values(k)
      end do
      y%values(j) = max(y%values(j), 0.0d0)
    end do
    y%layer = x%layer + 1
  end function dense

  subroutine infer(w1, b1, w2, b2, inputs, outputs, layers, nb)
    integer, intent(in) :: nb
    real(8), intent(in) :: w1(:, :), b1(:), w2(:, :), b2(:), inputs(:, :)
    real(8), intent(out) :: outputs(:, :)
    integer, intent(out) :: layers(nb)
    integer :: s
    do concurrent (s = 1:nb)  ! WANT: offload
      block
        type(tensor_t) :: h
        h = tensor(inputs(:, s))
        h = dense(w1, b1, h)
        h = dense(w2, b2, h)
        outputs(:, s) = h%values
        layers(s) = h%layer * 100 + size(h%values)
      end block
    end do
  end subroutine infer
end module infer_mod

program constructed_values
  use infer_mod
  implicit none
  integer, parameter :: nin = 6, nhid = 9, nout = 3, nb = 4000
  real(8) :: w1(nhid, nin), b1(nhid), w2(nout, nhid), b2(nout)
  real(8) :: inputs(nin, nb), outputs(nout, nb), x(nin), h(nhid), y(nout)
  integer :: layers(nb), i, j, k, s, batch, bad
  do j = 1, nin
    do i = 1, nhid
      w1(i, j) = 0.01d0 * mod(i * 7 + j * 3, 17) - 0.05d0
    end do
  end do
  do j = 1, nhid
    do i = 1, nout
      w2(i, j) = 0.02d0 * mod(i * 5 + j, 11) - 0.08d0
    end do
  end do
  do i = 1, nhid
    b1(i) = 0.01d0 * i
  end do
  b2 = [0.1d0, -0.2d0, 0.3d0]
  bad = 0
  do batch = 1, 2
    do s = 1, nb
      do j = 1, nin
        inputs(j, s) = 0.001d0 * mod(s * 13 + j * batch, 97)
      end do
    end do
    call infer(w1, b1, w2, b2, inputs, outputs, layers, nb)
    do s = 1, nb
      x = inputs(:, s) * 0.5d0
      do j = 1, nhid
        h(j) = b1(j)
        do k = 1, nin
          h(j) = h(j) + w1(j, k) * x(k)
        end do
        h(j) = max(h(j), 0.0d0)
      end do
      do j = 1, nout
        y(j) = b2(j)
        do k = 1, nhid
          y(j) = y(j) + w2(j, k) * h(k)
        end do
        y(j) = max(y(j), 0.0d0)
      end do
      if (any(y /= outputs(:, s)) .or. layers(s) /= 203) bad = bad + 1
    end do
  end do
  print '(a, i0)', 'samples differing from the serial inference: ', bad
  print '(3f12.6)', outputs(:, 17)
  if (bad /= 0) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program constructed_values
