! kinds.f90 -- working precision and physical constants of the shallow-water
! solver. Everything in the application is real(wp) with wp = real64.
module kinds
  use, intrinsic :: iso_fortran_env, only: real64, int32, int64, output_unit
  implicit none
  private

  !> working precision: IEEE double
  integer, parameter, public :: wp = real64
  !> integer kinds
  integer, parameter, public :: ip = int32
  integer, parameter, public :: i8 = int64
  !> unit for reports
  integer, parameter, public :: stdout = output_unit

  ! numerical constants
  real(wp), parameter, public :: zero = 0.0_wp
  real(wp), parameter, public :: quarter = 0.25_wp
  real(wp), parameter, public :: half = 0.5_wp
  real(wp), parameter, public :: one = 1.0_wp
  real(wp), parameter, public :: two = 2.0_wp
  real(wp), parameter, public :: third = 1.0_wp / 3.0_wp
  real(wp), parameter, public :: pi = 4.0_wp * atan(1.0_wp)

  ! physical constants (SI units)
  real(wp), parameter, public :: gravity = 9.80616_wp        !< m s^-2
  real(wp), parameter, public :: omega_earth = 7.292e-5_wp   !< rad s^-1
  real(wp), parameter, public :: rho_water = 1000.0_wp       !< kg m^-3

  ! thresholds
  real(wp), parameter, public :: h_dry = 1.0e-6_wp   !< depth below which a cell is dry
  real(wp), parameter, public :: eps_div = 1.0e-12_wp !< guards divisions

  ! indices of the conserved variables in a state
  integer, parameter, public :: nvar = 4
  integer, parameter, public :: IH = 1   !< depth h
  integer, parameter, public :: IHU = 2  !< x momentum h*u
  integer, parameter, public :: IHV = 3  !< y momentum h*v
  integer, parameter, public :: IQ = 4   !< tracer content h*c

  ! limiter selectors
  integer, parameter, public :: LIM_NONE = 0
  integer, parameter, public :: LIM_MINMOD = 1
  integer, parameter, public :: LIM_SUPERBEE = 2
  integer, parameter, public :: LIM_VANLEER = 3
  integer, parameter, public :: LIM_MC = 4

  ! boundary-condition selectors
  integer, parameter, public :: BC_PERIODIC = 1
  integer, parameter, public :: BC_WALL = 2
end module kinds
