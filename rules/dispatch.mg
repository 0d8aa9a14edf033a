# dispatch.mg -- the outcome of every parallel loop.
# Design doc: "Outcomes" -- a loop that uses nothing from the unsupported
# list is offloaded; one that does is an error, or with
# --gpu-allow-cpu-fallback runs on the host with a warning; a pipeline
# failure is always an error. "The unsupported-construct check" --
# --show-gpu-kernel-source assigns failing loops to the host. Semantic
# errors (purity, locality) are errors whatever the flags. An !$omp
# parallel do is a parallel loop only with --gpu-offload-omp-loops.
# Reads: loop, device, option, rejected, loop_error. Derives: outcome,
# outcome_reason.

Decl outcome(L, Dev, O)
  descr [doc("Parallel loop L on device Dev ends as O: /offload, /host or /error."),
         arg(L, "loop"), arg(Dev, "device"), arg(O, "outcome")].

Decl outcome_reason(L, Dev, R, S)
  descr [doc("Loop L is not offloaded to Dev because of reason R at construct S."),
         arg(L, "loop"), arg(Dev, "device"), arg(R, "reason"), arg(S, "construct")].

fallback_on() :- option(/fallback).
fallback_on() :- option(/show_kernel_source).
omp_offload() :- option(/offload_omp).

loop_failed(L) :- loop_error(L, _, _).
loop_rejected(L, Dev) :- rejected(L, Dev, _, _).
considered(L) :- loop(L, /do_concurrent, _).
considered(L) :- loop(L, /omp_parallel_do, _), omp_offload().

outcome(L, Dev, /error) :- loop_failed(L), device(Dev).
outcome(L, Dev, /error) :- considered(L), loop_rejected(L, Dev), !fallback_on(), !loop_failed(L).
outcome(L, Dev, /host) :- considered(L), loop_rejected(L, Dev), fallback_on(), !loop_failed(L).
outcome(L, Dev, /offload) :- considered(L), device(Dev), !loop_rejected(L, Dev), !loop_failed(L).
outcome(L, Dev, /host) :- loop(L, /omp_parallel_do, _), device(Dev), !omp_offload(), !loop_failed(L).

outcome_reason(L, Dev, R, S) :- loop_error(L, R, S), device(Dev).
outcome_reason(L, Dev, R, S) :- rejected(L, Dev, R, S), !loop_failed(L).
outcome_reason(L, Dev, /reason/omp_not_offloaded, L) :- loop(L, /omp_parallel_do, _), device(Dev), !omp_offload(), !loop_failed(L).
