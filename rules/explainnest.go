package rules

// The explanation of how a nested do concurrent runs (rules/nest.mg) for
// `fgpu explain`: combined with the loop around it, shared out over the
// threads of an outer iteration (staged through shared memory), or
// sequential in the thread, with what kept it from the others, positioned.

import (
	"fmt"
	"sort"
	"strings"
)

// nestWords words the reasons of nest_apart and nest_unshared.
var nestWords = map[string]string{
	"/statements":    "the loop around it holds other statements",
	"/bound_index":   "its limits read an index of the loops around it",
	"/bound_written": "its limits read a variable the loop around it writes",
	"/bound_local":   "its limits read a local of the loops around it",
	"/bound_call":    "its limits call a procedure",
	"/bound_device":  "its limits read an array a parallel loop writes (the host evaluates them before the launch)",
	"/reduce":        "it reduces a variable the loop around it does not reduce with the same operator",
	"/mask_local":    "a mask of the loops around it reads a variable it makes local",
	"/stops":         "the kernel can stop (a stopped thread would leave the others at a barrier)",
	"/statement":     "a statement of the outer iteration other than an assignment, a construct, cycle or exit",
	"/inner_scalar":  "a nested loop writes a scalar that is not its own (each thread would write its own copy)",
	"/not_first":     "it is inside another nested loop, whose iterations the threads share",
}

// nesting explains rules/nest.mg's decision for a nested loop (nothing for
// a loop in no other parallel loop).
func (c *checkCtx) nesting(l LoopOutcome) []string {
	parent := ""
	for _, f := range c.res.Facts("nest_parent") {
		if sym(f.Args[0]) == l.Loop {
			parent = sym(f.Args[1])
		}
	}
	if parent == "" {
		return nil
	}
	mode := ""
	for _, f := range c.res.Facts("nest_mode") {
		if sym(f.Args[0]) == l.Loop {
			mode = sym(f.Args[1])
		}
	}
	around := posString(c.pos(parent))
	var out []string
	switch mode {
	case "/combined":
		return []string{fmt.Sprintf("\tnested in the loop at %s: combined with it (rules/nest.mg): one iteration space of the indices of both", around)}
	case "/shared":
		out = append(out, fmt.Sprintf("\tnested in the loop at %s: shared (rules/nest.mg): on cuda each iteration of the kernel runs on a block, whose threads share this loop's iterations; on the cpu it runs in the thread of the outer iteration", around))
		for _, f := range c.res.Facts("nest_stage") {
			if sym(f.Args[0]) == l.Loop {
				out = append(out, fmt.Sprintf("\tstaged through shared memory: read along %s, written along %s, both coalesced", c.varName(sym(f.Args[2])), c.varName(sym(f.Args[1]))))
			}
		}
	default:
		out = append(out, fmt.Sprintf("\tnested in the loop at %s: sequential in the thread of the outer iteration (rules/nest.mg)", around))
	}
	for _, r := range c.reasonLines("nest_apart", map[string]bool{l.Loop: true}, nestWords) {
		out = append(out, "\tnot combined: "+r)
	}
	if mode != "/shared" {
		// The kernel's reasons (its loop is the one with no parent) and
		// this loop's own.
		loops := map[string]bool{l.Loop: true}
		for _, f := range c.res.Facts("loop_parent") {
			if sym(f.Args[0]) == l.Loop {
				loops[sym(f.Args[1])] = true
			}
		}
		for _, r := range c.reasonLines("nest_unshared", loops, nestWords) {
			out = append(out, "\tnot shared: "+r)
		}
	}
	return out
}

// coopWords words the reasons of coop_unfit.
var coopWords = map[string]string{
	"/statement":     "a statement of the iteration that is no DO nest of constant limits around one assignment to an element",
	"/stops":         "the kernel can stop (a stopped thread would leave the others at a barrier)",
	"/mask":          "the loop has a mask",
	"/reduce":        "the loop has a reduce",
	"/nested":        "it is in another parallel loop",
	"/overlap":       "two iterations of a DO nest may assign one element",
	"/reads_written": "a DO nest reads an array it assigns",
	"/last":          "the host reads a DO variable of a nest after the loop",
	"/tile_shape":    "a local() array has no constant shape, or a type other than integer, logical, real(4) and real(8)",
	"/tile_size":     "its local() arrays exceed the shared memory of a block",
	"/no_tile":       "no local() array that one DO nest writes and a later one reads",
}

// cooperative explains rules/coop.mg's decision for a loop whose iteration
// holds DO nests and a local() array one nest writes and a later one
// reads (nothing for another loop).
func (c *checkCtx) cooperative(l LoopOutcome) []string {
	for _, f := range c.res.Facts("coop") {
		if sym(f.Args[0]) == l.Loop {
			return []string{"\tcooperative (rules/coop.mg): on cuda each iteration runs on the threads of a block, its local() arrays in shared memory, each DO nest shared out over the threads, a barrier between the nests"}
		}
	}
	var out []string
	for _, f := range c.res.Facts("coop_unfit") {
		if sym(f.Args[0]) == l.Loop && sym(f.Args[1]) == "/no_tile" {
			return nil // no tile for the block to share: nothing to explain
		}
	}
	for _, r := range c.reasonLines("coop_unfit", map[string]bool{l.Loop: true}, coopWords) {
		out = append(out, "\tnot cooperative: "+r)
	}
	return out
}

// reasonLines words the facts pred(loop, reason, site) of the given loops,
// each "words (position) [reason]" (words from the table, else the
// reason's name), sorted.
func (c *checkCtx) reasonLines(pred string, loops map[string]bool, words map[string]string) []string {
	var out []string
	for _, f := range c.res.Facts(pred) {
		if !loops[sym(f.Args[0])] {
			continue
		}
		r := sym(f.Args[1])
		w := words[r]
		if w == "" {
			w = strings.TrimPrefix(r, "/")
		}
		out = append(out, fmt.Sprintf("%s (%s) [%s]", w, posString(c.pos(sym(f.Args[2]))), strings.TrimPrefix(r, "/")))
	}
	sort.Strings(out)
	return out
}
