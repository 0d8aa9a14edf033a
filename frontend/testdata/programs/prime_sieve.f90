! Sieve of Eratosthenes with array sections, DO CONCURRENT masks, and PACK.
program prime_sieve
  implicit none
  integer, parameter :: limit = 10000
  logical, allocatable :: is_prime(:)
  integer, allocatable :: primes(:)
  integer :: i, j, twin_count

  allocate(is_prime(2:limit))
  is_prime = .true.
  do i = 2, int(sqrt(real(limit)))
    if (is_prime(i)) is_prime(i*i:limit:i) = .false.
  end do

  primes = pack([(i, i = 2, limit)], is_prime)
  print '(a, i0)', 'number of primes <= limit: ', size(primes)
  print '(10i6)', primes(1:30)

  twin_count = 0
  do i = 1, size(primes) - 1
    if (primes(i + 1) - primes(i) == 2) twin_count = twin_count + 1
  end do
  print *, 'twin prime pairs:', twin_count

  ! verify with trial division in a masked DO CONCURRENT
  block
    logical :: ok(2:limit)
    ok = .true.
    do concurrent (i = 2:limit, is_prime(i))
      do j = 2, int(sqrt(real(i)))
        if (mod(i, j) == 0) ok(i) = .false.
      end do
    end do
    if (.not. all(ok)) error stop 'sieve is wrong'
  end block
  print *, 'largest prime:', primes(size(primes)), ' sum:', sum(int(primes, kind=8))
end program prime_sieve
