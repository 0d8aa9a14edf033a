! Binary search tree using recursive ALLOCATABLE components (F2008).
module bst_mod
  implicit none
  type :: tree_node
    integer :: key
    type(tree_node), allocatable :: left, right
  end type tree_node
contains
  recursive subroutine insert(node, key)
    type(tree_node), allocatable, intent(inout) :: node
    integer, intent(in) :: key
    if (.not. allocated(node)) then
      allocate(node)
      node%key = key
    else if (key < node%key) then
      call insert(node%left, key)
    else if (key > node%key) then
      call insert(node%right, key)
    end if
  end subroutine insert

  recursive function contains_key(node, key) result(found)
    type(tree_node), allocatable, intent(in) :: node
    integer, intent(in) :: key
    logical :: found
    found = .false.
    if (.not. allocated(node)) return
    if (key == node%key) then
      found = .true.
    else if (key < node%key) then
      found = contains_key(node%left, key)
    else
      found = contains_key(node%right, key)
    end if
  end function contains_key

  recursive subroutine in_order(node)
    type(tree_node), allocatable, intent(in) :: node
    if (.not. allocated(node)) return
    call in_order(node%left)
    write (*, '(i0, 1x)', advance='no') node%key
    call in_order(node%right)
  end subroutine in_order

  recursive integer function depth(node) result(d)
    type(tree_node), allocatable, intent(in) :: node
    if (.not. allocated(node)) then
      d = 0
    else
      d = 1 + max(depth(node%left), depth(node%right))
    end if
  end function depth
end module bst_mod

program bst_demo
  use bst_mod
  implicit none
  type(tree_node), allocatable :: root
  integer :: keys(10) = [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]
  integer :: i
  do i = 1, size(keys)
    call insert(root, keys(i))
  end do
  call in_order(root)
  print *
  print *, 'depth =', depth(root), ' has 45:', contains_key(root, 45), &
           ' has 99:', contains_key(root, 99)
  deallocate(root)
end program bst_demo
