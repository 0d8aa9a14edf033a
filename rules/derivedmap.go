package rules

import "github.com/google/mangle/ast"

// FastIndices is the fastest-varying index of each iteration space: A the
// loop (the root of a nest_group), B the index (mapping.mg, fast_index).
func (r *Result) FastIndices() []SitePair { return r.pairs("fast_index") }

// MappingKeys is the sort key of each index of each iteration space, the
// smaller the faster (mapping.mg, mapping_key): loop -> index -> key.
func (r *Result) MappingKeys() map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for _, f := range r.Facts("mapping_key") {
		c, ok := f.Args[2].(ast.Constant)
		if !ok || c.Type != ast.NumberType {
			continue
		}
		l, x := sym(f.Args[0]), sym(f.Args[1])
		if out[l] == nil {
			out[l] = map[string]int64{}
		}
		out[l][x] = c.NumValue
	}
	return out
}
