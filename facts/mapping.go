package facts

// This file extracts the header positions of the indices of each do
// concurrent loop, which rules/mapping.mg uses to break the ties of its
// index mapping (the first index of the header when nothing else decides):
//
//   loop_index_at(L, X, N)   X is the index of L at position N (0 the
//                            first) of its header.
//
// The references the mapping counts are race.go's (race_ref,
// race_sub_offset).

import (
	"github.com/google/mangle/ast"
)

// mappingFacts runs after the main traversal (every loop has its site).
func (x *extractor) mappingFacts() {
	ls, ks, ds := x.concurrentLoops()
	for i, l := range ls {
		k, d := ks[i], ds[i]
		if k.Scope == nil {
			continue
		}
		n := int64(0)
		for _, ix := range d.Concurrent.Indices {
			if s := k.Scope.Local(ix.Name); s != nil {
				x.add("loop_index_at", name(l), x.varSite(s), ast.Number(n))
				n++
			}
		}
	}
}
