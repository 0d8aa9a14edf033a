! Pointers and targets: a singly linked list, pointer components, ASSOCIATED, NULLIFY.
module linked_list
  implicit none
  type :: node_t
    integer :: value = 0
    type(node_t), pointer :: next => null()
  end type node_t

  type :: list_t
    type(node_t), pointer :: head => null()
    type(node_t), pointer :: tail => null()
    integer :: n = 0
  end type list_t
contains
  subroutine append(list, v)
    type(list_t), intent(inout) :: list
    integer, intent(in) :: v
    type(node_t), pointer :: node
    allocate(node)
    node%value = v
    if (.not. associated(list%head)) then
      list%head => node
    else
      list%tail%next => node
    end if
    list%tail => node
    list%n = list%n + 1
  end subroutine append

  subroutine reverse(list)
    type(list_t), intent(inout) :: list
    type(node_t), pointer :: prev, cur, nxt
    prev => null()
    cur => list%head
    list%tail => list%head
    do while (associated(cur))
      nxt => cur%next
      cur%next => prev
      prev => cur
      cur => nxt
    end do
    list%head => prev
  end subroutine reverse

  subroutine print_list(list)
    type(list_t), intent(in) :: list
    type(node_t), pointer :: p
    p => list%head
    do while (associated(p))
      write (*, '(i0, 1x)', advance='no') p%value
      p => p%next
    end do
    write (*, *)
  end subroutine print_list

  subroutine free_list(list)
    type(list_t), intent(inout) :: list
    type(node_t), pointer :: p, q
    p => list%head
    do while (associated(p))
      q => p%next
      deallocate(p)
      p => q
    end do
    nullify(list%head, list%tail)
    list%n = 0
  end subroutine free_list
end module linked_list

program list_demo
  use linked_list
  implicit none
  type(list_t) :: list
  integer, target :: arr(10)
  integer, pointer :: pa(:), ps
  integer :: i
  do i = 1, 5
    call append(list, i * i)
  end do
  call print_list(list)
  call reverse(list)
  call print_list(list)
  call free_list(list)
  arr = [(i, i = 1, 10)]
  pa => arr(2::2)
  ps => arr(10)
  pa = -pa
  print *, arr, ps, associated(ps, arr(10))
end program list_demo
