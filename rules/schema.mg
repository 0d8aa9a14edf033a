# schema.mg -- the facts fgpu's front end extracts from a typed program
# (package facts), with a doc and an arg descriptor for every argument.
#
# Conventions:
# - Every fact about the program refers to a site (/s/N): a statement, an
#   expression, a declaration, a procedure or a loop. loc/4 maps sites to
#   positions. Site numbers follow source order within a file.
# - Procedures and loops are named by the site of their heading statement.
# - Variables are named by the site of their declaration (/v/N).
# - Types are names: /t/integer/4, /t/real/8, /t/complex/8, /t/logical/4,
#   /t/character/1, /t/derived/N (N: the site of the type definition),
#   /t/unknown.
# - Facts are built per program (the files of one command line) and only for
#   what the analyses read: procedures a loop cannot reach still get their
#   facts, but no fact is emitted below a compile-time constant.

Decl loc(Site, File, Line, Col)
  descr [doc("Site is at File:Line:Col (1-based). Written in dumps (fgpu facts, facts.Set.Locs) but not given to the analyses: no rule reads it (a reason's site must have a position: rules/check.go, Violations)."),
         arg(Site, "a site"), arg(File, "source file path"),
         arg(Line, "line"), arg(Col, "column")]
  bound [/name, /string, /number, /number].

Decl proc(P, Name)
  descr [doc("P is a procedure (function, subroutine, main program, module procedure, internal procedure, interface body)."),
         arg(P, "the procedure's site"), arg(Name, "its Fortran name")]
  bound [/name, /string].

Decl proc_attr(P, Attr)
  descr [doc("Procedure P has attribute Attr: /pure (pure or elemental, not impure), /elemental, /impure (explicitly impure), /recursive, /internal, /module, /external, /interface, /program."),
         arg(P, "procedure"), arg(Attr, "attribute name")]
  bound [/name, /name].

Decl proc_host(P, Host)
  descr [doc("Procedure P is contained in Host (a procedure or module unit site)."),
         arg(P, "procedure"), arg(Host, "host unit")]
  bound [/name, /name].

Decl calls(Site, Caller, Callee)
  descr [doc("The statement or expression at Site, in the body of procedure Caller (or of the main program), references procedure Callee (a call, a function reference, a defined operation or assignment, a type-bound procedure)."),
         arg(Site, "call site"), arg(Caller, "calling procedure"), arg(Callee, "called procedure")]
  bound [/name, /name, /name].

Decl calls_external(Site, Caller, Name)
  descr [doc("Site references a procedure whose body is not among the given files (an external procedure with an implicit interface, or one from an unavailable module)."),
         arg(Site, "call site"), arg(Caller, "calling procedure"), arg(Name, "the procedure name")]
  bound [/name, /name, /string].

Decl call_arg(Site, Index, Dummy, Var)
  descr [doc("At call Site, actual argument number Index (from 1) is a designator rooted at variable Var and is associated with dummy Dummy of the callee."),
         arg(Site, "call site"), arg(Index, "argument position"), arg(Dummy, "dummy variable of the callee"), arg(Var, "root variable of the actual argument")]
  bound [/name, /number, /name, /name].

Decl loop(L, Kind, Proc)
  descr [doc("L is a parallel loop of kind /do_concurrent or /omp_parallel_do in procedure Proc."),
         arg(L, "loop site"), arg(Kind, "loop kind"), arg(Proc, "enclosing procedure")]
  bound [/name, /name, /name].

Decl loop_parent(L, Outer)
  descr [doc("Parallel loop L is nested in the body of parallel loop Outer."),
         arg(L, "inner loop"), arg(Outer, "outer loop")]
  bound [/name, /name].

Decl in_loop(Site, L)
  descr [doc("The statement or expression at Site is in the body (or the mask) of parallel loop L, at any depth of constructs."),
         arg(Site, "site"), arg(L, "loop")]
  bound [/name, /name].

Decl loop_index(L, Var)
  descr [doc("Var is an index variable of loop L."),
         arg(L, "loop"), arg(Var, "index variable")]
  bound [/name, /name].

Decl loop_index_at(L, Var, N)
  descr [doc("Var is the index of do concurrent L at position N (0 the first) of its header."),
         arg(L, "loop"), arg(Var, "index variable"), arg(N, "position")]
  bound [/name, /name, /number].

Decl locality(L, Kind, Var, Site)
  descr [doc("Loop L gives variable Var locality Kind (/local, /local_init, /shared, /reduce) at Site."),
         arg(L, "loop"), arg(Kind, "locality kind"), arg(Var, "variable"), arg(Site, "site of the name in the spec")]
  bound [/name, /name, /name, /name].

Decl reduce_op(L, Var, Op)
  descr [doc("Loop L reduces Var with operator Op (/plus, /times, /max, /min, /iand, /ior, /ieor, /and, /or, /eqv, /neqv)."),
         arg(L, "loop"), arg(Var, "reduction variable"), arg(Op, "operator")]
  bound [/name, /name, /name].

Decl default_none(L, Site)
  descr [doc("Loop L has default(none) at Site."),
         arg(L, "loop"), arg(Site, "site of default(none)")]
  bound [/name, /name].

Decl var(V, Name, Owner)
  descr [doc("V is a variable named Name declared in Owner (a procedure, module unit, or a loop for a block of the loop or a construct-local index)."),
         arg(V, "variable"), arg(Name, "Fortran name"), arg(Owner, "declaring unit")]
  bound [/name, /string, /name].

Decl var_type(V, T)
  descr [doc("Variable V has declared type T (rank ignored)."),
         arg(V, "variable"), arg(T, "type")]
  bound [/name, /name].

Decl var_attr(V, Attr)
  descr [doc("Variable V has attribute Attr: /dummy, /result, /local, /block, /module_var, /parameter, /allocatable, /pointer, /target, /intent_in, /intent_out, /intent_inout, /value, /array, /assumed_size (an assumed-size dummy, a(*)), /index, /save (the SAVE attribute, an initialiser, or a SAVE statement without names), /common (in a common block), /equivalence (in an EQUIVALENCE statement), /namelist (in a namelist group)."),
         arg(V, "variable"), arg(Attr, "attribute")]
  bound [/name, /name].

Decl declares(Owner, V, Site)
  descr [doc("Owner (a procedure, or a loop for the block variables of its body) declares dummy, result or local variable V at Site."),
         arg(Owner, "procedure or loop"), arg(V, "variable"), arg(Site, "declaration site")]
  bound [/name, /name, /name].

Decl intrinsic_type(T, Base, Kind)
  descr [doc("T is an intrinsic type: Base /integer, /real, /complex, /logical, /character with kind Kind."),
         arg(T, "type"), arg(Base, "base type"), arg(Kind, "kind")]
  bound [/name, /name, /number].

Decl derived_type(T, Name)
  descr [doc("T is a derived type named Name."),
         arg(T, "type"), arg(Name, "Fortran name")]
  bound [/name, /string].

Decl component(T, Name, CT, Site)
  descr [doc("Derived type T has component Name of type CT, declared at Site (inherited components included)."),
         arg(T, "derived type"), arg(Name, "component name"), arg(CT, "component type"), arg(Site, "declaration site")]
  bound [/name, /string, /name, /name].

Decl uses_type(Owner, T, Site, How)
  descr [doc("Owner (a loop body or a procedure body) evaluates a value of type T at Site, the first such site in source order. How is /value for an expression value (a component reference counts as the component's type; a derived-type value used whole as its type), /decl for a declared dummy, result or local. Nothing below a compile-time constant."),
         arg(Owner, "loop or procedure"), arg(T, "type"), arg(Site, "first site"), arg(How, "/value or /decl")]
  bound [/name, /name, /name, /name].

Decl io(Site, Owner, Kind)
  descr [doc("An input/output statement at Site in Owner (loop body or procedure): Kind /external, or /internal for internal-file I/O (a character variable as unit)."),
         arg(Site, "statement"), arg(Owner, "loop or procedure"), arg(Kind, "I/O kind")]
  bound [/name, /name, /name].

Decl stop_stmt(Site, Owner, Kind)
  descr [doc("A stop (Kind /stop) or error stop (/error_stop) statement at Site in Owner (a loop body or a procedure)."),
         arg(Site, "statement"), arg(Owner, "loop or procedure"), arg(Kind, "stop kind")]
  bound [/name, /name, /name].

Decl access(Site, Owner, V, Mode)
  descr [doc("The statement at Site in Owner (loop body or procedure body) reads (Mode /read) or writes (/write) variable V (through any part of it)."),
         arg(Site, "statement"), arg(Owner, "loop or procedure"), arg(V, "variable"), arg(Mode, "/read or /write")]
  bound [/name, /name, /name, /name].

Decl stmt_index(Site, L, N)
  descr [doc("The statement at Site is number N (pre-order, from 0) of the body of loop L."),
         arg(Site, "statement"), arg(L, "loop"), arg(N, "position")]
  bound [/name, /name, /number].

Decl device(Dev)
  descr [doc("The offload target of this run: /dev/cuda, /dev/cpu or /dev/metal (given by the command line, --gpu)."),
         arg(Dev, "device")]
  bound [/name].

Decl unsupported_rule(Dev, Reason)
  descr [doc("Reason (an entry of the unsupported list) applies on device Dev (facts given with the rules, rules/reasons.mg)."),
         arg(Dev, "device"), arg(Reason, "reason name")]
  bound [/name, /name].

Decl option(Name)
  descr [doc("A command-line option of the run: /fallback (--gpu-allow-cpu-fallback), /show_kernel_source (--show-gpu-kernel-source)."),
         arg(Name, "option")]
  bound [/name].

Decl impure_intrinsic(Site, Name)
  descr [doc("The statement or expression at Site references impure intrinsic procedure Name (random_number, cpu_time, ...)."),
         arg(Site, "call site"), arg(Name, "intrinsic name")]
  bound [/name, /string].

Decl alias(V, Root)
  descr [doc("V is an associate name (associate, select type, select rank) bound to a designator rooted at variable Root: what is written through V is written to Root."),
         arg(V, "associate name"), arg(Root, "variable of the selector")]
  bound [/name, /name].

Decl constant(Site, Owner)
  descr [doc("The expression at Site in Owner (loop body or procedure) is a compile-time constant: it is evaluated by the compiler, not on the device, and nothing below it is looked at."),
         arg(Site, "expression"), arg(Owner, "loop or procedure")]
  bound [/name, /name].

# --- Nested do concurrent loops (facts/nest.go; rules/nest.mg) ---

Decl dc_stmt(L, S, Kind, Depth)
  descr [doc("S is a statement of the body of do concurrent loop L, outside the do concurrent loops nested in it (such a loop is one statement of Kind /do_concurrent, S its loop site). Kind: /assign (intrinsic assignment), /call (a CALL statement or a defined assignment), /if, /do (DO, DO WHILE), /select, /block, /associate, /do_concurrent, /cycle, /exit, /continue, /other. Depth 0: directly in the body; a statement inside a construct is one deeper."),
         arg(L, "loop"), arg(S, "statement"), arg(Kind, "kind"), arg(Depth, "depth")]
  bound [/name, /name, /name, /number].

Decl dc_bound_read(L, V)
  descr [doc("The limits or steps of do concurrent loop L read variable V (evaluated before the loop, in the scope around it)."),
         arg(L, "loop"), arg(V, "variable")]
  bound [/name, /name].

Decl dc_bound_call(L, S)
  descr [doc("The limits or steps of do concurrent loop L reference a procedure that is not an intrinsic, at S."),
         arg(L, "loop"), arg(S, "the reference")]
  bound [/name, /name].

Decl dc_mask_read(L, V)
  descr [doc("The mask of do concurrent loop L reads variable V."),
         arg(L, "loop"), arg(V, "variable")]
  bound [/name, /name].

Decl value_read(S, V)
  descr [doc("The statement at S of a parallel loop's body reads the value of variable V (some element or part of it; not only its shape; an actual argument associated with an intent(out) dummy is no value read)."),
         arg(S, "statement"), arg(V, "variable")]
  bound [/name, /name].

Decl shape_inquiry(S, V)
  descr [doc("The statement at S of a parallel loop's body asks for the shape, bounds or allocation status of variable V (size, lbound, ubound, allocated, ...)."),
         arg(S, "statement"), arg(V, "variable")]
  bound [/name, /name].

Decl coop_do(L, N, P)
  descr [doc("Statement N, the P-th of do concurrent L's body (directly in it), is a DO nest: DO loops each the only statement of the one around it, limits and steps integer constants (a step not 0), the innermost body one intrinsic assignment to an array element that references no procedure other than intrinsic functions (facts/coop.go)."),
         arg(L, "loop"), arg(N, "DO nest"), arg(P, "position in the body")]
  bound [/name, /name, /number].

Decl coop_do_var(N, V, D, T)
  descr [doc("V is the DO variable of the loop at depth D (0: the outermost) of DO nest N, which runs T iterations."),
         arg(N, "DO nest"), arg(V, "variable"), arg(D, "depth"), arg(T, "trip count")]
  bound [/name, /name, /number, /number].

Decl coop_ref(N, R, V, Side)
  descr [doc("R is an element reference to array V in the assignment of DO nest N: Side /lhs (the assigned element) or /rhs (an element read, also in a subscript of the assigned one)."),
         arg(N, "DO nest"), arg(R, "element reference"), arg(V, "array"), arg(Side, "/lhs or /rhs")]
  bound [/name, /name, /name, /name].

Decl coop_sub(R, D, X, Form)
  descr [doc("Subscript D (1: the first) of element reference R of a DO nest has Form /unit (DO variable X of the nest plus or minus an expression that reads no DO variable of the nest, or its negation), /uniform (it reads no DO variable of the nest; X /none) or /other (X /none)."),
         arg(R, "element reference"), arg(D, "dimension"), arg(X, "DO variable or /none"), arg(Form, "form")]
  bound [/name, /number, /name, /name].

Decl coop_same(N, R)
  descr [doc("Element reference R read in the assignment of DO nest N is the element it assigns (the same array, its subscripts written alike)."),
         arg(N, "DO nest"), arg(R, "element reference")]
  bound [/name, /name].

Decl coop_array_bytes(L, V, B)
  descr [doc("V is a local() array of do concurrent L of a constant shape and an integer, logical, real(4) or real(8) type that takes B bytes with its first extent padded by one element (rank 2 or more), as a block holds it in shared memory."),
         arg(L, "loop"), arg(V, "variable"), arg(B, "bytes")]
  bound [/name, /name, /number].

Decl iter_array_bytes(L, V, N)
  descr [doc("V is an array of the iterations of parallel loop L of a constant shape (a block variable of its body or a local() array), of an intrinsic type other than character, of N bytes (at most 2^50)."),
         arg(L, "loop"), arg(V, "variable"), arg(N, "bytes")]
  bound [/name, /name, /number].

Decl iter_array(L, V)
  descr [doc("V is an array of the iterations of parallel loop L whose shape is not a constant: a block variable of its body (at any depth) with extents or lower bounds that are not constants, or a local() array of such a shape."),
         arg(L, "loop"), arg(V, "variable")]
  bound [/name, /name].

Decl extent_read(V, X)
  descr [doc("The bounds of the declaration of block array V read the value of variable X (not an argument of size, lbound, ubound or len, which ask for a shape)."),
         arg(V, "variable"), arg(X, "variable")]
  bound [/name, /name].

Decl extent_call(V, S)
  descr [doc("The bounds of the declaration of block array V reference a procedure of the program (not an intrinsic) at S."),
         arg(V, "variable"), arg(S, "where")]
  bound [/name, /name].

Decl assign_ref(S, R, Side, V, First)
  descr [doc("R is an element reference to array V in the assignment S, a statement directly in the body of a do concurrent loop: Side /lhs (the assigned element) or /rhs (an element the value reads, at any depth). First is the variable that is R's whole first subscript, or /none."),
         arg(S, "assignment"), arg(R, "element reference"), arg(Side, "/lhs or /rhs"), arg(V, "array"), arg(First, "variable of the first subscript, or /none")]
  bound [/name, /name, /name, /name, /name].

# --- Whole-array assignments between launches (facts/arraystmt.go) ---

Decl host_loop(H, P)
  descr [doc("H is a sequential host loop (do, do while; its DO statement) of procedure P, not inside a parallel loop."),
         arg(H, "host loop"), arg(P, "procedure")]
  bound [/name, /name].

Decl host_loop_contains(H, L)
  descr [doc("Parallel loop L is in the body of sequential host loop H, at any depth of constructs."),
         arg(H, "host loop"), arg(L, "parallel loop")]
  bound [/name, /name].

Decl in_host_loop(S, H)
  descr [doc("The whole-array assignment S is in the body of sequential host loop H, at any depth of constructs."),
         arg(S, "assignment"), arg(H, "host loop")]
  bound [/name, /name].

Decl array_stmt(S, V, Target)
  descr [doc("S is an assignment to a whole array (a variable, an associate name, or a component chain without subscripts) rooted at variable V, in a statement list of a procedure body outside parallel loops; Target is the left side's text."),
         arg(S, "assignment"), arg(V, "root variable of the target"), arg(Target, "the target as written")]
  bound [/name, /name, /string].

Decl array_stmt_attr(S, A)
  descr [doc("Whole-array assignment S has property A: /allocatable or /pointer (the target), /component, /associate (the target is an associate name), /defined_assignment, /array_value (the value is an array), /not_elementwise (the value is not computed element by element), /scalar_call (it calls a function), /has_call (it calls a procedure: removing it would remove the call), /reads_target (the value reads the target), /reads_target_other (possibly other elements than the one assigned), /reads_pointer (an array pointer, which may point into the target), /labelled, /shared_line (the statement shares its line), /not_intrinsic_type."),
         arg(S, "assignment"), arg(A, "property")]
  bound [/name, /name].

Decl array_stmt_reads(S, V)
  descr [doc("The value of whole-array assignment S reads variable V."),
         arg(S, "assignment"), arg(V, "variable")]
  bound [/name, /name].

Decl array_stmt_type(S, T)
  descr [doc("Whole-array assignment S evaluates a value of type T (its target or a part of its value)."),
         arg(S, "assignment"), arg(T, "type")]
  bound [/name, /name].

Decl next_stmt(S, N)
  descr [doc("The statement N follows the whole-array assignment S immediately in the same statement list (a construct by its first statement)."),
         arg(S, "assignment"), arg(N, "next statement")]
  bound [/name, /name].

# --- Host statements of every procedure with a body (facts/cfg.go; rules/sync.mg) ---

Decl hproc(P)
  descr [doc("Procedure (or main program) P has a body among the given files: its host statements are described by hstmt/hnext."),
         arg(P, "procedure")]
  bound [/name].

Decl hstmt(S, P, Kind)
  descr [doc("S is a host statement of procedure P of kind Kind: /simple, /call, /io, /stop, /return, /goto, /launch (a parallel loop: a launch when offloaded, else a host loop over its body), /do (counted DO head: bounds evaluated once), /do_iter (END DO: next iteration), /do_while (condition, before every iteration), /if (a condition), /select, /case, /block_end, /allocate, /deallocate, /exit, /cycle, /end (end of the procedure), /unknown."),
         arg(S, "statement"), arg(P, "procedure"), arg(Kind, "kind")]
  bound [/name, /name, /name].

Decl hentry(P, S)
  descr [doc("S is the first host statement of procedure P."),
         arg(P, "procedure"), arg(S, "statement")]
  bound [/name, /name].

Decl hnext(S, T)
  descr [doc("Host statement T may run right after S (no edge after return, stop, goto: they wait or end)."),
         arg(S, "statement"), arg(T, "successor")]
  bound [/name, /name].

Decl hnext_launch(L, T)
  descr [doc("T runs after parallel loop L when L is offloaded (a launch)."),
         arg(L, "parallel loop"), arg(T, "successor")]
  bound [/name, /name].

Decl hnext_host(L, T)
  descr [doc("T runs after the head of parallel loop L when L stays on the host (its body, or the statement after a loop of no iteration)."),
         arg(L, "parallel loop"), arg(T, "successor")]
  bound [/name, /name].

Decl hloop(H, P)
  descr [doc("H is a host loop of P (DO, DO WHILE, or a parallel loop, by its head)."),
         arg(H, "loop head"), arg(P, "procedure")]
  bound [/name, /name].

Decl hin_loop(S, H)
  descr [doc("Host statement S runs in every iteration of host loop H (its body at any depth, its END DO, a DO WHILE's own condition)."),
         arg(S, "statement"), arg(H, "loop head")]
  bound [/name, /name].

Decl hoverwrite(S, V)
  descr [doc("Host statement S is an assignment that defines the whole of variable V (intrinsic type, not character; a scalar that is not a pointer or allocatable, or a whole array): what was in V before is dead after S, unless S also reads V."),
         arg(S, "statement"), arg(V, "variable")]
  bound [/name, /name].

Decl hacc(S, V, Mode)
  descr [doc("Host statement S accesses variable V (its root: a(i)%b accesses a): /read, /write (also an actual argument of an intrinsic or of a procedure without a body, for a dummy that is not intent(in) or value; ALLOCATE with SOURCE=), /alloc (allocates it), /inquiry (shape, allocation, presence only: no element). An actual argument of a procedure with a body is not accessed by the call (hcall_arg)."),
         arg(S, "statement"), arg(V, "variable"), arg(Mode, "mode")]
  bound [/name, /name, /name].

Decl hacc_leaf(S, V, Mode)
  descr [doc("Host statement S reads or writes (Mode /read, /write) a scalar component of an intrinsic type of derived-type scalar V through scalar components only (m%n, s%g%dx), V neither a pointer nor a target: storage no launch holds as a buffer (lowering/components.go hands such a component over by value), so not an hacc of V."),
         arg(S, "statement"), arg(V, "variable"), arg(Mode, "mode")]
  bound [/name, /name, /name].

Decl hacc_ptr(S, Path, Mode)
  descr [doc("Host statement S accesses (/read or /write) data through a pointer component: Path is the site of the designator up to that component (s%p of s%p(i)), which may point to any target."),
         arg(S, "statement"), arg(Path, "designator site"), arg(Mode, "mode")]
  bound [/name, /name, /name].

Decl hcall(S, Q)
  descr [doc("Host statement S calls procedure Q, whose body the program has (a call, a function reference, a defined operation or assignment)."),
         arg(S, "statement"), arg(Q, "procedure")]
  bound [/name, /name].

Decl hcall_arg(S, D, V)
  descr [doc("At host statement S, a call binds dummy D of the callee to a designator rooted at variable V."),
         arg(S, "statement"), arg(D, "dummy"), arg(V, "variable")]
  bound [/name, /name, /name].

Decl hcall_arg_copy(S, D)
  descr [doc("At host statement S, the actual argument for dummy D may be a copy the host compiler makes for the call (an expression, a vector subscript, a section or possibly non-contiguous array for a dummy that is not assumed-shape, a value dummy): D's storage ends with the call."),
         arg(S, "statement"), arg(D, "dummy")]
  bound [/name, /name].

Decl hcall_arg_pointee(S, D, Path)
  descr [doc("At host statement S, dummy D is associated with data a pointer component locates (any target): the actual's designator up to that component is Path."),
         arg(S, "statement"), arg(D, "dummy"), arg(Path, "designator site")]
  bound [/name, /name, /name].

Decl hcall_external(S)
  descr [doc("Host statement S calls a procedure whose body is not among the given files (external, interface only, dummy or pointer procedure)."),
         arg(S, "statement")]
  bound [/name].

Decl hcall_lib(S, Name)
  descr [doc("Host statement S is a CALL of MPI procedure Name (lower case, a string: mpi_send) whose body the program does not have, with positional arguments only (facts/mpi.go); S also has the facts of any external call."),
         arg(S, "statement"), arg(Name, "procedure name")]
  bound [/name, /string].

Decl hcall_lib_arg(S, Pos, V, A)
  descr [doc("At host statement S (hcall_lib), argument position Pos (from 1) is a designator rooted at variable V; A is the site of the designator."),
         arg(S, "statement"), arg(Pos, "argument position"), arg(V, "variable"), arg(A, "argument site")]
  bound [/name, /number, /name, /name].

Decl hcall_lib_section(A)
  descr [doc("The actual argument at site A (hcall_lib_arg) is an array section whose subscripts the host can evaluate again right before the call (triplets, names, literals, arithmetic): the runtime can fetch or mark stale exactly its elements."),
         arg(A, "argument site")]
  bound [/name].

Decl hcall_lib_whole(A)
  descr [doc("The actual argument at site A (hcall_lib_arg) is a whole array variable named alone (not a pointer, not of a derived type)."),
         arg(A, "argument site")]
  bound [/name].

Decl hcall_lib_scalar(A)
  descr [doc("The actual argument at site A (hcall_lib_arg) is a scalar variable or an element with simple subscripts, which the host can name again after the call (a request handle)."),
         arg(A, "argument site")]
  bound [/name].

Decl hcall_ext_arg(S, V)
  descr [doc("At host statement S, a procedure whose body is not known is handed a designator rooted at V."),
         arg(S, "statement"), arg(V, "variable")]
  bound [/name, /name].

Decl hmove(S, From, To)
  descr [doc("Host statement S is move_alloc(From, To): To takes From's storage (what the device holds of it moves along)."),
         arg(S, "statement"), arg(From, "variable"), arg(To, "variable")]
  bound [/name, /name, /name].

Decl hassoc(S, P)
  descr [doc("Host statement S changes what pointer P points to (pointer assignment, NULLIFY, ALLOCATE, DEALLOCATE, C_F_POINTER)."),
         arg(S, "statement"), arg(P, "pointer")]
  bound [/name, /name].

Decl common_member(V, B)
  descr [doc("Variable V is in common block B (/common/NAME, /common/-- for blank common): every name of the block in every procedure is one storage."),
         arg(V, "variable"), arg(B, "common block")]
  bound [/name, /name].

Decl equiv(V, W)
  descr [doc("An EQUIVALENCE statement associates the storage of variables V and W."),
         arg(V, "variable"), arg(W, "variable")]
  bound [/name, /name].

Decl escapes(V)
  descr [doc("The address of V is taken (C_LOC): any pointer may point to it."),
         arg(V, "variable")]
  bound [/name].

Decl cfptr(P)
  descr [doc("Pointer P is associated by C_F_POINTER: it may point to any target or storage no name denotes."),
         arg(P, "pointer")]
  bound [/name].

Decl proc_escapes(Q)
  descr [doc("Procedure Q may be called through a procedure pointer or dummy (it is an actual argument or a pointer target) or from C (BIND(C)): its dummies may be associated with any storage."),
         arg(Q, "procedure")]
  bound [/name].

Decl hio(S)
  descr [doc("Host statement S does external input/output (not an internal file)."),
         arg(S, "statement")]
  bound [/name].

Decl hio_jump(S)
  descr [doc("Host statement S may jump to a label (err=, end=, eor= of I/O, an alternate return)."),
         arg(S, "statement")]
  bound [/name].

Decl htiming(S)
  descr [doc("Host statement S calls a timing procedure (system_clock, cpu_time, date_and_time, omp_get_wtime, mpi_wtime): a wait point (ARCHITECTURE.md section 4)."),
         arg(S, "statement")]
  bound [/name].

Decl hfree(S, V)
  descr [doc("Host statement S frees the storage of variable V: deallocate(V), the end of the block that declares V, an exit, cycle or return that leaves it, a call that passes it for an allocatable intent(out) dummy, the TO of move_alloc."),
         arg(S, "statement"), arg(V, "variable")]
  bound [/name, /name].

# --- Packs of iterations (facts/pack.go; rules/pack.mg) ---

Decl pack_stmt(L, S, Kind)
  descr [doc("S is a statement directly in the body of do concurrent loop L; Kind is /assign (an intrinsic assignment to a scalar or an array element) or /other."),
         arg(L, "loop"), arg(S, "statement"), arg(Kind, "kind")]
  bound [/name, /name, /name].

Decl loop_mask(L)
  descr [doc("Do concurrent loop L has a mask."),
         arg(L, "loop")]
  bound [/name].

Decl elem_ref(L, R, V, Form, Key)
  descr [doc("R is a reference to array V in an assignment directly in the body of do concurrent loop L, or in its mask. Form: /first_index (an element whose first subscript is L's first index and whose other subscripts are constants or variable names, spelt Key), /guarded (such an element inside an argument of merge, which need not be evaluated), /other (a whole array, a section, any other subscript)."),
         arg(L, "loop"), arg(R, "reference"), arg(V, "array"), arg(Form, "form"), arg(Key, "the other subscripts as written")]
  bound [/name, /name, /name, /name, /string].

Decl elem_sub_var(R, W)
  descr [doc("Variable W is named in a subscript other than the first of element reference R."),
         arg(R, "reference"), arg(W, "variable")]
  bound [/name, /name].

# --- Do concurrent bodies and their scalar writes (facts/shared.go; rules/shared.mg) ---

Decl body_stmt(S, B, N)
  descr [doc("Statement S (a construct by its head) is number N (from 0) of statement list B inside a do concurrent or of a procedure that holds one. B is the procedure (its body), the loop (its body), a construct head (the construct's body; a logical IF or WHERE statement: its action), or a branch head (ELSE IF, ELSE, CASE: the branch's body)."),
         arg(S, "statement"), arg(B, "statement list"), arg(N, "position")]
  bound [/name, /name, /number].

Decl body_list(B, C)
  descr [doc("Statement list B belongs to construct C (B = C: its body; else a branch head of C)."),
         arg(B, "statement list"), arg(C, "construct")]
  bound [/name, /name].

Decl list_complete(C)
  descr [doc("Exactly one list of construct C runs, every time C runs (an IF construct with ELSE, a SELECT CASE with CASE DEFAULT, a BLOCK, an ASSOCIATE)."),
         arg(C, "construct")]
  bound [/name].

Decl stmt_of(X, S)
  descr [doc("Site X (a statement, a function reference, a defined operation, a branch head, a mask) is evaluated as part of statement S of a do concurrent body or of a procedure that holds one (S = X for a statement; the construct for a branch head; the loop, which no statement precedes, for the mask of the loop)."),
         arg(X, "site"), arg(S, "statement")]
  bound [/name, /name].

Decl scalar_def(S, V, How)
  descr [doc("Statement S (of a do concurrent body, or of a procedure that holds one) defines the whole scalar variable V: How /assign (an intrinsic assignment to the plain name), /do_var (the head of a DO of V), /out_arg (V, named nowhere else in the call, is the actual argument of an intent(out) dummy)."),
         arg(S, "statement"), arg(V, "variable"), arg(How, "how")]
  bound [/name, /name, /name].

Decl red_stmt(S, V, Op)
  descr [doc("Statement S is an assignment V = <a reduction form of V with operator Op> (/plus: v + e, e + v, v - e and chains from v; /times; /and, /or, /eqv, /neqv; /max, /min: max(v, e, ...); /iand, /ior, /ieor), with V referenced once on the right and every operation of the form of V's base type."),
         arg(S, "statement"), arg(V, "variable"), arg(Op, "reduction operator")]
  bound [/name, /name, /name].

Decl whole_actual(S, V)
  descr [doc("The call statement S passes the plain name of scalar variable V as an actual argument."),
         arg(S, "call statement"), arg(V, "variable")]
  bound [/name, /name].

Decl proc_jumps(P)
  descr [doc("The body of procedure P (which holds a do concurrent) may jump: GO TO, arithmetic IF, an alternate return, ERR=, END= or EOR=."),
         arg(P, "procedure")]
  bound [/name].

Decl do_construct(C)
  descr [doc("Construct C (a statement of a do concurrent body or of a procedure that holds one) is a DO construct of any form (counted, DO WHILE, plain DO, DO CONCURRENT): its body may run more than once each time C runs."),
         arg(C, "construct")]
  bound [/name].

Decl in_do_of(X, V)
  descr [doc("Site X (a statement, a branch head, a function reference) is in the body of a DO construct whose DO variable is V: the DO head defines V before X runs."),
         arg(X, "site"), arg(V, "DO variable")]
  bound [/name, /name].

Decl heap_alloc(Site, Owner)
  descr [doc("The error stop at Site (a statement the program does not have) checks an allocation on the device heap in Owner (a loop body or a procedure): an allocate of an allocatable array component of a derived-type value device code creates or of an allocatable local array of a procedure, an assignment that reallocates one, or an assignment of a whole such value from a variable, which copies its components (facts/heap.go)."),
         arg(Site, "statement"), arg(Owner, "loop or procedure")]
  bound [/name, /name].

Decl result_heap_site(Site, L, V)
  descr [doc("The error stop at Site (a statement the program does not have) checks the allocation on the device heap of the run-time shaped result of a function call in the body of loop L, for which V stands (the array the call passes for the result, sized over its actual arguments), when the host cannot size V (facts/heap.go)."),
         arg(Site, "statement"), arg(L, "loop"), arg(V, "variable")]
  bound [/name, /name, /name].

# --- Element accesses of do concurrent bodies (facts/race.go) ---

Decl race_vary(L, X)
  descr [doc("Variable X may take another value in another iteration of do concurrent L: an index of L or of a do concurrent nested in it, a plain DO variable of its body, or a variable the body assigns or passes to a procedure."),
         arg(L, "loop"), arg(X, "variable")]
  bound [/name, /name].

Decl race_narrow(L, I)
  descr [doc("Index I of do concurrent L may have at most one trip: constant limits of one trip or none, or a range from a variable towards a constant limit in the direction of the step (i = m:1, the form of empty-loop tests)."),
         arg(L, "loop"), arg(I, "index")]
  bound [/name, /name].

Decl race_ref(L, R, A, Mode)
  descr [doc("R is a reference to an element of array A (every subscript a scalar) in the body of do concurrent L, at any depth: Mode /write (the variable of an intrinsic assignment) or /read. Arrays of the iterations are not referenced so: local or local_init of L or of a loop nested in it, declared in a construct of the body (BLOCK), associate names of the body."),
         arg(L, "loop"), arg(R, "element reference"), arg(A, "array"), arg(Mode, "/write or /read")]
  bound [/name, /name, /name, /name].

Decl race_sure(L, R)
  descr [doc("The statement of element reference R runs in every iteration of L: L has no mask, its body no CYCLE, EXIT, GO TO, RETURN or STOP, and R is only inside DO loops (with a variable), do concurrent loops without a mask whose limits read no race_vary variable of L, BLOCK and ASSOCIATE constructs."),
         arg(L, "loop"), arg(R, "element reference")]
  bound [/name, /name].

Decl race_sub(R, D, X, Kind)
  descr [doc("Subscript D (from 1) of element reference R reads variable X: Kind /det when the subscript is affine in the integer scalars it reads and the coefficient of X is a constant other than 0, /other otherwise."),
         arg(R, "element reference"), arg(D, "dimension"), arg(X, "variable"), arg(Kind, "/det or /other")]
  bound [/name, /number, /name, /name].

Decl race_sub_offset(R, D, X, C)
  descr [doc("Subscript D of element reference R is exactly X + C (C an integer constant)."),
         arg(R, "element reference"), arg(D, "dimension"), arg(X, "variable"), arg(C, "offset")]
  bound [/name, /number, /name, /number].

Decl race_offset_key(R, K, C)
  descr [doc("Element reference R has a subscript that is exactly an index X plus C; K names the loop, the array, that dimension, X and the spelling of the other subscripts: references of one K with different C touch the same element in two iterations."),
         arg(R, "element reference"), arg(K, "key"), arg(C, "offset")]
  bound [/name, /string, /number].

Decl race_sub_text(R, D, T)
  descr [doc("Subscript D of element reference R is spelt T (lower case)."),
         arg(R, "element reference"), arg(D, "dimension"), arg(T, "spelling")]
  bound [/name, /number, /string].

Decl race_sub_call(R, D)
  descr [doc("Subscript D of element reference R references a procedure (not an intrinsic)."),
         arg(R, "element reference"), arg(D, "dimension")]
  bound [/name, /number].

Decl race_do_var(L, X)
  descr [doc("X is the variable of a plain DO in the body of do concurrent L, or an index of a do concurrent nested in L: it runs over a range in each iteration."),
         arg(L, "loop"), arg(X, "variable")]
  bound [/name, /name].

Decl race_do_bound(L, X, Y)
  descr [doc("The limits or step of a plain DO of variable X in the body of do concurrent L (or of a nested do concurrent of index X) read variable Y."),
         arg(L, "loop"), arg(X, "DO variable"), arg(Y, "variable read")]
  bound [/name, /name, /name].

Decl race_tile(L, X, I)
  descr [doc("Every plain DO of X in the body of L (every nested do concurrent of index X) starts at exactly I + C, I an index of L, and its upper limit reads I: a tile of iteration I (do i = it, min(it+b-1, n)), which counts as determining I."),
         arg(L, "loop"), arg(X, "DO variable"), arg(I, "index of L")]
  bound [/name, /name, /name].

Decl race_accum(W, Rd, Op)
  descr [doc("W is the variable of an assignment a(s) = a(s) op e (e op a(s), max(a(s), e), ...) whose right side reads the same element, spelt the same, at Rd and references a nowhere else. Op: /plus, /minus, /times, /max, /min, /iand, /ior, /ieor, /and, /or."),
         arg(W, "element written"), arg(Rd, "element read"), arg(Op, "operator")]
  bound [/name, /name, /name].
