# unsupported.mg -- the unsupported-construct check, per device.
# Design doc: "The unsupported-construct check", "What the check has to look
# at" and "The unsupported list": the loop body and every procedure reached,
# their statements, the declared types of dummies, results and locals, the
# type of every expression they evaluate (not below a compile-time constant:
# the extractor emits nothing there). A component reference s%m is judged by
# m's type alone (the extractor records the component's type); a derived-type
# value used whole, and a derived-type variable declared in a reached
# procedure or in a block of the loop, by all its components, recursively.
# Reads: uses_type, io, reach, loop, device, intrinsic_type, component,
# unsupported_kind. Derives: bad_type, unsupported_at, rejected.

Decl bad_type(T, Dev, R)
  descr [doc("A value of type T cannot reach device Dev, for reason R: T is on the unsupported list, or T is a derived type with such a component at any depth."),
         arg(T, "type"), arg(Dev, "device"), arg(R, "reason")].

Decl unsupported_at(Owner, Site, Dev, R)
  descr [doc("The loop body or procedure Owner has a construct at Site that is on the unsupported list of Dev, for reason R."),
         arg(Owner, "loop or procedure"), arg(Site, "construct"), arg(Dev, "device"), arg(R, "reason")].

Decl rejected(L, Dev, R, Site)
  descr [doc("Loop L uses something from the unsupported list of Dev (reason R) at Site: in its body or in a procedure it reaches."),
         arg(L, "loop"), arg(Dev, "device"), arg(R, "reason"), arg(Site, "construct")].

bad_type(T, Dev, R) :- intrinsic_type(T, B, K), unsupported_kind(B, K, Dev, R).
bad_type(T, Dev, R) :- component(T, _, CT, _), bad_type(CT, Dev, R).

unsupported_at(Owner, Site, Dev, R) :- uses_type(Owner, T, Site, _), bad_type(T, Dev, R).
unsupported_at(Owner, Site, Dev, /reason/io_in_loop) :- io(Site, Owner, /external), device(Dev).
unsupported_at(Owner, Site, Dev, /reason/internal_io) :- io(Site, Owner, /internal), device(Dev).

rejected(L, Dev, R, Site) :- loop(L, _, _), unsupported_at(L, Site, Dev, R), device(Dev).
rejected(L, Dev, R, Site) :- reach(L, P), unsupported_at(P, Site, Dev, R), device(Dev).
