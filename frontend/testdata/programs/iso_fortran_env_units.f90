! ISO_FORTRAN_ENV constants: units, storage sizes, iostat codes, kind arrays.
program iso_fortran_env_units
  use, intrinsic :: iso_fortran_env
  implicit none
  integer :: ios, u
  character(len=10) :: line

  write (output_unit, '(a, i0)') 'output_unit = ', output_unit
  write (error_unit, '(a, i0)') 'error_unit  = ', error_unit
  print '(a, i0)', 'input_unit  = ', input_unit
  print '(a, 3(i0, 1x))', 'storage sizes (char, numeric, file): ', &
        character_storage_size, numeric_storage_size, file_storage_size
  print '(a, 2(i0, 1x))', 'iostat_end, iostat_eor: ', iostat_end, iostat_eor
  print '(a, i0)', 'iostat_inquire_internal_unit: ', iostat_inquire_internal_unit
  print '(a, *(i0, 1x))', 'integer_kinds: ', integer_kinds
  print '(a, *(i0, 1x))', 'real_kinds:    ', real_kinds
  print '(a, *(i0, 1x))', 'logical_kinds: ', logical_kinds
  print '(a, *(i0, 1x))', 'character_kinds: ', character_kinds
  print *, 'stat_stopped_image =', stat_stopped_image, ' stat_locked =', stat_locked

  open (newunit=u, status='scratch', form='formatted')
  write (u, '(a)') 'abc'
  rewind (u)
  read (u, '(a5)', advance='no', iostat=ios) line
  if (ios == iostat_eor) print *, 'end of record reached as expected'
  read (u, '(a)', iostat=ios) line
  if (is_iostat_end(ios)) print *, 'end of file reached as expected'
  close (u)
  flush (output_unit)
end program iso_fortran_env_units
