# race.mg -- array elements that two iterations of a do concurrent may touch.
# Design doc: "The unsupported list" and "Outcomes" (as shared.mg does for
# scalars: SPEC-MAP B2). F2018 11.1.7.5: an element defined in one iteration
# shall not be referenced or defined in another. A written element reference
# (facts/race.go, race_ref) whose subscripts are each affine in at most one
# variable the loop varies (race_clean) determines the indices of L that
# one of its subscripts is (an index plus or times a constant), or that a
# plain DO of a tile starts at (do i = it, min(it+b-1, n): race_tile). An
# index it does not determine may give two iterations the same element:
# - an accumulation a(s) = a(s) op e (race_accum) omitting indices K: they
#   run in order inside each thread of the others (serial_index: for c(i,j)
#   = c(i,j) + a(i,k)*b(k,j), one thread per (i,j), k increasing, as
#   gfortran sums), with a warning (array_accumulation) that names reduce
#   or a reordering as the fix;
# - any other write that runs in every iteration (race_sure): array_race,
#   an error, or with --gpu-allow-cpu-fallback the loop runs on the host;
# - a read of the written array with an offset of the same index in one
#   dimension and the other subscripts spelt the same (write u(i), read
#   u(i-1)), both in every iteration: array_race too;
# - a write whose subscripts are not race_clean (indirect a(idx(i)), two
#   indices in one subscript, non-affine) or that may not run in every
#   iteration (or over an index of one trip or none, race_narrow):
#   race_unknown, a note of the offload report, never an error
#   (the programmer asserted independence by writing do concurrent).
# Reads: loop_index, race_vary, race_ref, race_sure, race_sub,
# race_sub_offset, race_offset_key, race_sub_text, race_sub_call, race_do_var, race_do_bound,
# race_tile, race_narrow,
# race_accum, nest_first, device.
# Derives: race_clean, race_det, race_omits, serial_index, race_write,
# race_read, race_unknown, rejected and warning for them, nest_unshared
# (/serial_index). Lowering reads serial_index and race_unknown
# (lowering/serial.go) and never re-decides them.

Decl race_clean(L, R)
  descr [doc("Every subscript of element reference R in loop L reads at most one race_vary variable of L, with a constant coefficient (race_sub /det), no procedure; that variable is an index of L or a race_do_var whose limits read no race_vary variable unless it is a tile."),
         arg(L, "loop"), arg(R, "element reference")].

Decl race_det(L, R, I)
  descr [doc("The element reference R determines index I of L: a subscript of R reads I and no other race_vary variable of L, affinely, or reads only the variable of a tile of I."),
         arg(L, "loop"), arg(R, "element reference"), arg(I, "index")].

Decl race_omits(L, R, I)
  descr [doc("R is a race_clean written element of L that does not determine index I of L: iterations that differ in I only write the same element."),
         arg(L, "loop"), arg(R, "element written"), arg(I, "index")].

Decl serial_index(L, I)
  descr [doc("Index I of L runs in order inside each thread of L's other indices (and of the loops around): an accumulation a(s) = a(s) op e omits it. Lowering iterates it as a loop inside the iteration, in the order gfortran runs it."),
         arg(L, "loop"), arg(I, "index")].

Decl race_write(L, R, I)
  descr [doc("R is a written element of L, no accumulation, that runs in every iteration and does not determine index I: two iterations write the same element (array_race)."),
         arg(L, "loop"), arg(R, "element written"), arg(I, "index")].

Decl race_read(L, W, Rd, I)
  descr [doc("Rd reads the array that W writes in L, both in every iteration, both race_clean: one subscript of each is index I of L plus different constants and the other subscripts are spelt the same, so an iteration reads what another one writes (array_race)."),
         arg(L, "loop"), arg(W, "element written"), arg(Rd, "element read"), arg(I, "index")].

Decl race_unknown(L, R)
  descr [doc("R is a written element of L whose subscripts fgpu does not analyse (not race_clean: indirect, non-affine, two indices in one subscript) or a write that does not determine an index of L but may not run in every iteration: the independence do concurrent asserts is assumed (a note of the offload report)."),
         arg(L, "loop"), arg(R, "element written")].

# --- Subscripts ---

race_dep(L, R, D, X) :- race_ref(L, R, _, _), race_sub(R, D, X, _), race_vary(L, X).
race_dim_bad(L, R, D) :- race_ref(L, R, _, _), race_sub(R, D, X, /other), race_vary(L, X).
race_dim_bad(L, R, D) :- race_ref(L, R, _, _), race_sub_call(R, D).
# (By reference first: the engine looks facts up by their first bound
# argument, and a loop has many references.)
race_rdep(R, L, D, X) :- race_dep(L, R, D, X).
race_dim_bad(L, R, D) :- race_rdep(R, L, D, X), race_rdep(R, L, D, Y), X != Y.
# A variable the body assigns (not an index, not a DO variable) may hold
# anything: its subscripts are not analysed.
race_ranged(L, X) :- loop_index(L, X).
race_ranged(L, X) :- race_do_var(L, X).
race_dim_bad(L, R, D) :- race_dep(L, R, D, X), !race_ranged(L, X).
race_is_tile(L, X) :- race_tile(L, X, _).
race_do_varying(L, X) :- race_do_bound(L, X, Y), race_vary(L, Y).
race_dim_bad(L, R, D) :- race_dep(L, R, D, X), race_do_varying(L, X), !race_is_tile(L, X).

race_unclean(L, R) :- race_dim_bad(L, R, _).
race_clean(L, R) :- race_ref(L, R, _, _), !race_unclean(L, R).

race_only(L, R, D, X) :- race_dep(L, R, D, X), !race_dim_bad(L, R, D).
race_det(L, R, I) :- race_only(L, R, _, I), loop_index(L, I).
race_det(L, R, I) :- race_only(L, R, _, X), race_tile(L, X, I).

race_omits(L, R, I) :- race_ref(L, R, _, /write), race_clean(L, R), loop_index(L, I), !race_det(L, R, I).

# --- Accumulations and other writes ---

race_is_accum(W) :- race_accum(W, _, _).
serial_index(L, I) :- race_omits(L, W, I), race_is_accum(W).
race_write(L, R, I) :- race_omits(L, R, I), !race_is_accum(R), race_sure(L, R), !race_narrow(L, I).

# A shared nested loop (rules/nest.mg) would run its serial index on the
# threads of a block: it runs in the outer iteration's thread instead.
nest_unshared(K, /serial_index, I) :- serial_index(I, _), nest_first(I, K).

# --- Reads of a written array at another offset ---

# Per key (race_offset_key: loop, array, dimension, index, the other
# subscripts' spelling) the lowest and highest offset of the writes: a read
# of the key at offset C is another iteration's element when a write's
# offset differs, that is when the lowest or the highest differs from C.
# (Pairing each read with each write of the array is quadratic in a loop
# body: bench/analysis TestBigLoopLinear.) group_by merges the groups whose
# keys' 32-bit hashes collide (P3): a minimum or maximum is used only where
# a write of its own key has it (then it is the key's); a key without both
# has its writes paired with its reads one by one. Facts are looked up by
# the reference or the key first (P12).
race_sure_r(R, L) :- race_sure(L, R).
race_clean_r(R, L) :- race_clean(L, R).
race_off(K, Mode, C, R, L, I) :- race_offset_key(R, K, C), race_ref(L, R, _, Mode), race_sure_r(R, L), race_clean_r(R, L),
  race_sub_offset(R, _, I, C), loop_index(L, I), !race_narrow(L, I).
# The writes and the reads apart: a lookup of a key's writes must not scan
# its reads.
race_offw(K, C, W) :- race_off(K, /write, C, W, _, _).
race_offr(K, C, Rd, L, I) :- race_off(K, /read, C, Rd, L, I).
race_woff(K, C) :- race_offw(K, C, _).
race_wmin(K, M) :- race_woff(K, C) |> do fn:group_by(K), let M = fn:min(C).
race_wmax(K, M) :- race_woff(K, C) |> do fn:group_by(K), let M = fn:max(C).
race_wmin_ok(K, M) :- race_wmin(K, M), race_woff(K, M).
race_wmax_ok(K, M) :- race_wmax(K, M), race_woff(K, M).
race_wrange(K) :- race_wmin_ok(K, _), race_wmax_ok(K, _).
race_pair(L, W, Rd, I) :- race_offr(K, C, Rd, L, I), race_wmin_ok(K, M), M != C, race_offw(K, M, W).
race_pair(L, W, Rd, I) :- race_offr(K, C, Rd, L, I), race_wmin_ok(K, C), race_wmax_ok(K, M), M != C, race_offw(K, M, W).
race_pair(L, W, Rd, I) :- race_offr(K, C, Rd, L, I), !race_wrange(K), race_offw(K, C1, W), C1 != C.
race_read(L, W, Rd, I) :- race_pair(L, W, Rd, I).

# --- Not analysed ---

race_unknown(L, R) :- race_ref(L, R, _, /write), race_unclean(L, R).
race_not_sure(L, R) :- race_omits(L, R, _), !race_sure(L, R).
race_not_sure(L, R) :- race_omits(L, R, I), race_narrow(L, I).
race_unknown(L, R) :- race_not_sure(L, R), !race_is_accum(R).

# --- Diagnostics ---

race_error_at(L, R) :- race_write(L, R, _).
race_error_at(L, Rd) :- race_read(L, _, Rd, _).
rejected(L, Dev, /reason/array_race, R) :- race_error_at(L, R), device(Dev).
race_accum_at(W) :- race_omits(_, W, _), race_is_accum(W).
warning(W, /reason/array_accumulation) :- race_accum_at(W).
