# consistency.mg -- invariants of the derived facts; every end-to-end test
# asserts that violation/2 is empty (STYLE habit 11).
# Design doc: "Outcomes" -- "every parallel loop ... ends in exactly one of
# these outcomes"; "each failing loop is reported ... at the first construct
# found" (so every rejection has a positioned site and a documented reason).
# Reads: loop, device, outcome, outcome_reason, semantic_error, reason.
# Derives: violation. One more invariant is checked in Go
# (rules/check.go, CheckResult.Violations): the site of every reason has a
# position (violation(/violation/site_without_position, S)); positions are
# not facts the rules read (facts.Set.Pos; loc facts were the largest input
# relation of a large program).

Decl violation(Kind, X)
  descr [doc("An invariant of the analyses is broken: Kind names it, X is the loop, site or reason concerned."),
         arg(Kind, "invariant"), arg(X, "subject")].

has_outcome(L, Dev) :- outcome(L, Dev, _).
has_reason(L, Dev) :- outcome_reason(L, Dev, _, _).
documented(R) :- reason(R, _, _).

violation(/violation/loop_without_outcome, L) :- loop(L, _, _), device(Dev), !has_outcome(L, Dev).
violation(/violation/two_outcomes, L) :- outcome(L, Dev, O1), outcome(L, Dev, O2), O1 != O2.
violation(/violation/failure_without_reason, L) :- outcome(L, Dev, /error), !has_reason(L, Dev).
violation(/violation/failure_without_reason, L) :- outcome(L, Dev, /host), !has_reason(L, Dev).
violation(/violation/undocumented_reason, R) :- outcome_reason(_, _, R, _), !documented(R).
violation(/violation/undocumented_reason, R) :- semantic_error(_, R), !documented(R).
