# pack.mg -- packs of consecutive iterations with 16-byte accesses.
# Design doc: "The offloading pipeline" (the device source it generates).
# Which do concurrent loops can run in packs of consecutive iterations, each
# array accessed once a pack (CUDA: one thread runs two real(8) iterations,
# or four real(4), with one 16-byte load or store per array; CPU: 16-byte
# non-temporal stores when the arrays are larger than the cache, and
# accumulators per lane for reductions). A pack loads every array the body reads
# before running its iterations in order, and stores every array it writes
# after them, so the rules admit only bodies where that is the same as
# running the iterations one by one:
# - one index, no mask, and a body of assignments only (no construct, call,
#   stop or cycle): every iteration accesses every reference of the body;
# - every array reference is an element whose first subscript is the index
#   and whose other subscripts are constants or variables the loop does not
#   change, the same for every reference of an array: each array is one
#   element an iteration, and the elements of a pack are consecutive when the
#   array is contiguous in its first dimension (the launch checks that, and
#   the alignment, at run time, and runs the iterations one by one
#   otherwise);
# - no pointer, target or associate name: two names are never one element
#   (a load before the store of the other name would read the old value);
# - no scalar the loop writes other than locals and reduce variables (also
#   those rules/shared.mg decides: shared_reduce, and shared_private whose
#   value after the loop nobody reads);
# - element types of 4 or 8 bytes (integer, real, logical).
# Reads: loop, loop_index, loop_mask, pack_stmt, elem_ref, elem_sub_var,
# loop_writes, var_attr, var_type, intrinsic_type, alias, in_loop, calls,
# calls_external, buffer, reduce_op, locality, loop_can_stop, loop_parent,
# shared_reduce, shared_private, shared_last (rules/shared.mg).
# Derives: packable, pack_blocker. Lowering reads packable (Kernel.Packed)
# and never re-decides it; `fgpu explain` shows pack_blocker.

Decl packable(L)
  descr [doc("Do concurrent loop L can run in packs of consecutive iterations with one 16-byte access per array (when its arrays are contiguous and aligned at run time)."),
         arg(L, "loop")].

Decl pack_blocker(L, Reason, Site)
  descr [doc("Loop L cannot run in packs because of Reason, at Site."),
         arg(L, "loop"), arg(Reason, "reason"), arg(Site, "where")].

Decl has_pack_blocker(L)
  descr [doc("Loop L has a pack_blocker."),
         arg(L, "loop")].

Decl pack_type(T)
  descr [doc("Elements of type T can be packed (4 or 8 bytes, integer, real or logical)."),
         arg(T, "type")].

Decl pack_private_var(L, V)
  descr [doc("V is a reduce variable of loop L (or shared_reduce), or local to its iterations (local, local_init, or shared_private and not shared_last)."),
         arg(L, "loop"), arg(V, "variable")].

pack_type(T) :- intrinsic_type(T, /real, 8).
pack_type(T) :- intrinsic_type(T, /real, 4).
pack_type(T) :- intrinsic_type(T, /integer, 8).
pack_type(T) :- intrinsic_type(T, /integer, 4).
pack_type(T) :- intrinsic_type(T, /logical, 8).
pack_type(T) :- intrinsic_type(T, /logical, 4).

pack_private_var(L, V) :- reduce_op(L, V, _).
pack_private_var(L, V) :- locality(L, /local, V, _).
pack_private_var(L, V) :- locality(L, /local_init, V, _).
pack_private_var(L, V) :- shared_reduce(L, V, _).
pack_private_var(L, V) :- shared_private(L, V), !shared_last(L, V).

pack_blocker(L, /multi_index, L) :- loop(L, /do_concurrent, _), loop_index(L, A), loop_index(L, B), A != B.
pack_blocker(L, /mask, L) :- loop_mask(L).
pack_blocker(L, /nested, L) :- loop(L, /do_concurrent, _), loop_parent(L, _).
pack_blocker(L, /statement, S) :- pack_stmt(L, S, /other).
pack_blocker(L, /reference, R) :- elem_ref(L, R, _, /other, _).
pack_blocker(L, /guarded, R) :- elem_ref(L, R, _, /guarded, _).
pack_blocker(L, /varying_subscript, R) :- elem_sub_var(R, W), elem_ref(L, R, _, _, _), loop_writes(L, W).
pack_blocker(L, /varying_subscript, R) :- elem_sub_var(R, W), elem_ref(L, R, _, _, _), loop_index(L, W).
# Two sections: the references of V in L spell two different keys, so
# each reference has another one with a different key. Pairing the
# references is quadratic in the body: the distinct keys are counted per
# loop and array instead, exact when every pair got a count (group_by
# merges the groups whose keys' 32-bit hashes collide, P3, each merge
# costing one pair its count; then, pack_keys_lost, the pairs decide).
pack_section(L, V, K) :- elem_ref(L, _, V, _, K).
pack_key_count(L, V, N) :- pack_section(L, V, K) |> do fn:group_by(L, V), let N = fn:count().
pack_counted(L, V) :- pack_key_count(L, V, _).
pack_keys_lost() :- pack_section(L, V, _), !pack_counted(L, V).
pack_two_keys(L, V) :- pack_key_count(L, V, N), N > 1, !pack_keys_lost().
pack_two_keys(L, V) :- pack_keys_lost(), pack_section(L, V, K1), pack_section(L, V, K2), K1 != K2.
pack_blocker(L, /two_sections, R) :- pack_two_keys(L, V), elem_ref(L, R, V, _, _).
pack_blocker(L, /may_alias, R) :- var_attr(V, /pointer), elem_ref(L, R, V, _, _).
pack_blocker(L, /may_alias, R) :- var_attr(V, /target), elem_ref(L, R, V, _, _).
pack_blocker(L, /may_alias, R) :- alias(V, _), elem_ref(L, R, V, _, _).
pack_blocker(L, /element_type, R) :- elem_ref(L, R, V, _, _), var_type(V, T), !pack_type(T).
pack_blocker(L, /call, S) :- loop(L, /do_concurrent, _), in_loop(S, L), calls(S, _, _).
pack_blocker(L, /call, S) :- loop(L, /do_concurrent, _), in_loop(S, L), calls_external(S, _, _).
pack_blocker(L, /shared_scalar, V) :- buffer(L, V, /written), !var_attr(V, /array), !pack_private_var(L, V).
pack_blocker(L, /stops, L) :- loop_can_stop(L).

has_pack_blocker(L) :- pack_blocker(L, _, _).

packable(L) :- loop(L, /do_concurrent, _), elem_ref(L, _, _, /first_index, _), !has_pack_blocker(L).
