! ALLOCATE with SOURCE=, MOLD=, STAT=, ERRMSG=; DEALLOCATE, MOVE_ALLOC, allocatable scalars.
program allocate_variants
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), allocatable :: a(:), b(:), c(:,:), d(:)
  real(dp), pointer :: p(:) => null(), q(:,:)
  character(len=:), allocatable :: name
  integer, allocatable :: scalar_i
  integer :: ierr, i
  character(len=200) :: msg

  allocate(a(10), stat=ierr, errmsg=msg)
  if (ierr /= 0) then
    print *, 'allocation failed: ', trim(msg)
    stop 1
  end if
  a = [(real(i, dp)**2, i = 1, 10)]

  allocate(b, source=a)
  allocate(d, mold=a)
  d = 0.0_dp
  allocate(c(0:2, -1:1), source=0.5_dp)
  print *, 'bounds of c:', lbound(c), ubound(c), ' shape:', shape(c)
  print *, 'b equals a:', all(b == a), ' size(d) =', size(d)

  allocate(character(len=12) :: name)
  name = 'hello'
  print *, 'len(name) =', len(name)   ! reallocated on assignment to 5
  name = name // ', world'
  print '(a, i0)', name // ' len=', len(name)

  allocate(scalar_i, source=7)
  print *, 'scalar allocatable:', scalar_i, allocated(scalar_i)

  call move_alloc(from=a, to=d)
  print *, 'after move_alloc:', allocated(a), size(d)

  allocate(p(5))
  p = 1.0_dp
  q(1:5, 1:1) => p
  print *, 'rank-remapped pointer shape:', shape(q), associated(q) .eqv. .true.
  deallocate(p)
  nullify(q)

  deallocate(b, c, stat=ierr)
  deallocate(d, name, scalar_i)
  if (allocated(b) .or. allocated(c)) error stop 'still allocated'
  deallocate(b, stat=ierr, errmsg=msg)
  print *, 'double deallocate stat /= 0:', ierr /= 0
end program allocate_variants
