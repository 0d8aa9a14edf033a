! The bodies of relax and limit: a submodule of fields in its own file.
submodule (fields) fields_impl
  implicit none
  real, parameter :: cap = 3.5
contains
  module procedure relax
    relax = 0.5 * a * b
  end procedure relax
  module pure subroutine limit(a)
    real, intent(inout) :: a
    if (a > cap) a = cap - 0.125 * (a - cap)
    if (a < -cap) a = -cap
  end subroutine limit
end submodule fields_impl
