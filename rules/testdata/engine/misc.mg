# misc.mg -- negation, let transforms, comparisons and aggregation (engine
# test program).
# Design doc: none; exercises what the explanation walker must handle.

Decl unmarked(X)
  descr [doc("X is a number that is not marked."), arg(X, "number")].

Decl scaled(X, Y)
  descr [doc("Y is ten times X."), arg(X, "number"), arg(Y, "ten times X")].

Decl big(X)
  descr [doc("X is a number above 2."), arg(X, "number")].

Decl next(X, Y)
  descr [doc("Y is X plus one."), arg(X, "number"), arg(Y, "successor")].

Decl group_size(K, N)
  descr [doc("Group K has N items."), arg(K, "group"), arg(N, "count")].

unmarked(X) :- num(X), !marked(X).
scaled(X, Y) :- num(X) |> let Y = fn:mult(X, 10).
big(X) :- num(X), X > 2.
next(X, Y) :- num(X), Y = fn:plus(X, 1).
group_size(K, N) :- item(K, _) |> do fn:group_by(K), let N = fn:count().
