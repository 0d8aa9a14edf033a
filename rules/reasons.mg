# reasons.mg -- the catalogue of reasons a parallel loop is rejected, kept on
# the host, or is a semantic error, and the unsupported list as facts.
# Design doc: "The unsupported list" and "Outcomes"; beyond it, "Open
# questions" (purity and locality are enforced as semantic errors).
# Each reason has a doc string quoting the rule and an example; the user
# documentation of reasons is generated from reason/3.

Decl reason(R, Doc, Example)
  descr [doc("R is a reason name of the catalogue, with its documentation (quoting the design doc) and a minimal example."),
         arg(R, "reason name"), arg(Doc, "documentation"), arg(Example, "example Fortran")]
  bound [/name, /string, /string].

Decl unsupported_kind(Base, Kind, Dev, R)
  descr [doc("An intrinsic type of base Base and kind Kind is on the unsupported list for device Dev, with reason R."),
         arg(Base, "base type"), arg(Kind, "kind"), arg(Dev, "device"), arg(R, "reason")]
  bound [/name, /number, /name, /name].

Decl reduce_ok(Op, Base)
  descr [doc("A reduce(Op: v) locality is valid for a variable of intrinsic base type Base (F2023 11.1.7.5)."),
         arg(Op, "reduction operator"), arg(Base, "base type")]
  bound [/name, /name].

reason(/reason/real8_on_metal,
  "The unsupported list: real(8) on metal. The Metal Shading Language has no double precision; complex(8) is made of real(8) parts.",
  "real(8) :: x(n); do concurrent (i = 1:n); x(i) = 2*x(i); end do").
reason(/reason/real_ext_precision,
  "The unsupported list: real(10)/real(16) on every device. No GPU has extended or quadruple precision arithmetic.",
  "real(16) :: q(n); do concurrent (i = 1:n); q(i) = q(i) / 3; end do").
reason(/reason/io_in_loop,
  "The unsupported list: input/output statements, in the loop body or any procedure reached (external I/O has no device equivalent).",
  "do concurrent (i = 1:n); print *, a(i); end do").
reason(/reason/internal_io,
  "The unsupported list: input/output statements including internal-file I/O; a pure procedure may write to a character variable, so called procedures are checked too.",
  "pure function label(i) result(s); write (s, '(i0)') i; end function").
reason(/reason/impure_call,
  "A procedure referenced in a do concurrent must be pure (Fortran 2018 C1139); the design doc leaves purity open, fgpu enforces it: a semantic error.",
  "do concurrent (i = 1:n); call random_number(x(i)); end do").
reason(/reason/stop_in_pure,
  "A pure subprogram shall not contain a STOP statement (C1599); ERROR STOP is allowed. A semantic error.",
  "pure subroutine s(x); if (x < 0) stop; end subroutine").
reason(/reason/stop_in_do_concurrent,
  "The design doc (The unsupported list): a stop directly in a do concurrent body is invalid Fortran -- an image control statement the standard does not allow there (gfortran rejects it) -- and is a semantic error on every target. ERROR STOP is allowed.",
  "do concurrent (i = 1:n); if (a(i) < 0) stop 1; end do").
reason(/reason/default_none_missing,
  "With default(none), every variable referenced in the loop must appear in a locality spec (F2018 C1130).",
  "do concurrent (i = 1:n) default(none) shared(a); a(i) = b(i); end do").
reason(/reason/reduce_type,
  "A reduce locality needs a variable whose type fits its operator: numeric for + * (and not complex for max min), integer for iand ior ieor, logical for .and. .or. .eqv. .neqv. (F2023 C1133).",
  "logical :: ok; do concurrent (i = 1:n) reduce(+: ok); end do").
reason(/reason/local_read_before_write,
  "A local or local_init-free variable starts undefined in every iteration: reading it before any write of the iteration reads garbage (a warning). It fires only where no write of the variable can run before the read in the iteration (a write under an IF before it, or later in an inner DO body, may: no warning); a DO statement defines its variable, and a call defines an actual argument of an intent(out) dummy.",
  "do concurrent (i = 1:n) local(t); a(i) = t; t = b(i); end do").
reason(/reason/shared_scalar_race,
  "Beyond the design doc, an entry of the unsupported list on every device: a scalar written in a do concurrent without a locality spec that an iteration may read before defining it itself (F2018 11.1.7.5 makes such a loop non-conforming), other than by the reduction forms s = s op e: its iterations do not run in parallel. Declare it local(s) when each iteration defines it first, reduce(op: s) for a reduction, or build with --gpu-allow-cpu-fallback to run the loop on the host in order.",
  "k = 0; do concurrent (i = 1:n); if (a(i) > 0) then; k = k + 1; b(k) = a(i); end if; end do").
reason(/reason/array_race,
  "Beyond the design doc, an entry of the unsupported list on every device: two iterations of a do concurrent touch the same array element and one of them writes it (F2018 11.1.7.5 makes such a loop non-conforming): a write in every iteration whose subscripts do not depend on an index of the loop, other than an accumulation a(s) = a(s) op e, or a read of the written array at another offset of the same index (write u(i), read u(i-1)). Give each iteration its own elements, make the index a plain DO loop inside the iteration, or build with --gpu-allow-cpu-fallback to run the loop on the host in order.",
  "do concurrent (i = 1:n, j = 1:m); a(j) = b(i, j); end do").
reason(/reason/array_accumulation,
  "An accumulation a(s) = a(s) op e in a do concurrent whose subscripts s do not depend on some indices of the loop (iterations that differ in them update the same element): fgpu runs those indices in order inside each thread of the others, as gfortran does, so the result is gfortran's (a warning): the loop is not conforming Fortran as written; write those indices as a plain DO loop inside the iteration (or use reduce for a scalar).",
  "do concurrent (j = 1:n, k = 1:n, i = 1:n); c(i, j) = c(i, j) + a(i, k) * b(k, j); end do").
reason(/reason/reduce_inferred,
  "A scalar updated in a do concurrent only as s = s op e (or e op s, max(s, e), iand(s, e), ...: one operator, s referenced nowhere else), without a locality spec, runs as reduce(op: s), which the loop should say (a warning): without it the loop is not conforming Fortran, and the sum may be formed in another order, as with reduce.",
  "s = 0; do concurrent (i = 1:n); s = s + a(i); end do").
reason(/reason/omp_not_offloaded,
  "An !$omp parallel do loop is offloaded only with --gpu-offload-omp-loops; otherwise it stays on the host as the user's OpenMP loop.",
  "!$omp parallel do").

unsupported_kind(/real, 8, /dev/metal, /reason/real8_on_metal).
unsupported_kind(/complex, 8, /dev/metal, /reason/real8_on_metal).
unsupported_kind(/real, 10, /dev/metal, /reason/real_ext_precision).
unsupported_kind(/real, 16, /dev/metal, /reason/real_ext_precision).
unsupported_kind(/complex, 10, /dev/metal, /reason/real_ext_precision).
unsupported_kind(/complex, 16, /dev/metal, /reason/real_ext_precision).
unsupported_kind(/real, 10, /dev/cuda, /reason/real_ext_precision).
unsupported_kind(/real, 16, /dev/cuda, /reason/real_ext_precision).
unsupported_kind(/complex, 10, /dev/cuda, /reason/real_ext_precision).
unsupported_kind(/complex, 16, /dev/cuda, /reason/real_ext_precision).
unsupported_kind(/real, 10, /dev/cpu, /reason/real_ext_precision).
unsupported_kind(/real, 16, /dev/cpu, /reason/real_ext_precision).
unsupported_kind(/complex, 10, /dev/cpu, /reason/real_ext_precision).
unsupported_kind(/complex, 16, /dev/cpu, /reason/real_ext_precision).

reduce_ok(/plus, /integer).
reduce_ok(/plus, /real).
reduce_ok(/plus, /complex).
reduce_ok(/times, /integer).
reduce_ok(/times, /real).
reduce_ok(/times, /complex).
reduce_ok(/max, /integer).
reduce_ok(/max, /real).
reduce_ok(/min, /integer).
reduce_ok(/min, /real).
reduce_ok(/iand, /integer).
reduce_ok(/ior, /integer).
reduce_ok(/ieor, /integer).
reduce_ok(/and, /logical).
reduce_ok(/or, /logical).
reduce_ok(/eqv, /logical).
reduce_ok(/neqv, /logical).
