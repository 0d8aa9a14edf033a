! ENUM, BIND(C) enumerators used in a select case.
module colors
  use, intrinsic :: iso_c_binding, only: c_int
  implicit none
  enum, bind(c)
    enumerator :: red = 1, green, blue
    enumerator :: black = 0
    enumerator white
  end enum
  enum, bind(c)
    enumerator :: state_idle, state_running = 10, state_done
  end enum
contains
  function color_name(c) result(name)
    integer(c_int), intent(in) :: c
    character(len=:), allocatable :: name
    select case (c)
    case (red)
      name = 'red'
    case (green)
      name = 'green'
    case (blue)
      name = 'blue'
    case (black)
      name = 'black'
    case default
      name = 'other'
    end select
  end function color_name
end module colors

program enum_demo
  use colors
  implicit none
  integer(c_int) :: c, state
  do c = black, white
    print '(i3, 1x, a)', c, color_name(c)
  end do
  state = state_idle
  do while (state /= state_done)
    select case (state)
    case (state_idle)
      state = state_running
    case (state_running:state_done - 1)
      state = state_done
    end select
    print *, 'state =', state
  end do
  print *, kind(red) == c_int
end program enum_demo
