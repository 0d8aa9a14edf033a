# schema.mg -- the input facts of the engine's own test program (not fgpu's
# schema): a call graph with loops, numbers and grouped items.

Decl in_loop(Site, L)
  descr [doc("The call at Site is in the body of loop L."),
         arg(Site, "site"), arg(L, "loop")]
  bound [/name, /name].

Decl calls(Site, Caller, Callee)
  descr [doc("Site in Caller calls Callee."),
         arg(Site, "call site"), arg(Caller, "caller"), arg(Callee, "callee")]
  bound [/name, /name, /name].

Decl num(X)
  descr [doc("X is a number of interest."), arg(X, "number")]
  bound [/number].

Decl marked(X)
  descr [doc("Number X is marked."), arg(X, "number")]
  bound [/number].

Decl item(K, V)
  descr [doc("Item V belongs to group K."), arg(K, "group"), arg(V, "item")]
  bound [/name, /string].
