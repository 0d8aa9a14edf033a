! half's body: a submodule of fields_impl (a descendant two levels down).
submodule (fields:fields_impl) fields_more
  implicit none
contains
  module procedure half
    half = 0.5 * a
  end procedure half
end submodule fields_more
