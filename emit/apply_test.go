package emit

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestApplyOnePass: apply (one pass over the lines) gives applyEach's text
// (an edit a time) on random non-overlapping edits: replacements,
// insertions, several insertions and a replacement at one line, edits at
// the first and past the last line; and falls back to it for overlapping
// ones.
func TestApplyOnePass(t *testing.T) {
	r := rand.New(rand.NewSource(35))
	for trial := 0; trial < 2000; trial++ {
		n := r.Intn(30)
		lines := make([]string, n)
		for i := range lines {
			lines[i] = fmt.Sprintf("line %d", i+1)
		}
		var es []edit
		next := 1 // the first line a new edit may touch
		for k := 0; next <= n+1 && k < 12; k++ {
			from := next + r.Intn(3)
			if from > n+1 {
				from = n + 1
			}
			body := []string{fmt.Sprintf("edit %d", k)}
			if r.Intn(3) == 0 {
				body = append(body, fmt.Sprintf("edit %d more", k), "")
			}
			switch r.Intn(3) {
			case 0: // insertion before from
				es = append(es, edit{from: from, to: from - 1, lines: body})
				next = from
			case 1: // replacement of from..to
				to := from + r.Intn(3)
				if to > n {
					es = append(es, edit{from: from, to: from - 1, lines: body})
					next = from
					continue
				}
				es = append(es, edit{from: from, to: to, lines: body})
				next = to + 1
			default: // insertions at one line, then a replacement there
				es = append(es, edit{from: from, to: from - 1, lines: body}, edit{from: from, to: from - 1, lines: []string{"second"}})
				if from <= n {
					es = append(es, edit{from: from, to: from, lines: []string{"replaced"}})
					next = from + 1
				} else {
					next = from
				}
			}
		}
		r.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		want := applyEach(lines, es)
		if got := apply(lines, es); got != want {
			t.Fatalf("trial %d: edits %v\napply:\n%s\napplyEach:\n%s", trial, es, got, want)
		}
	}
	// Overlapping: the reference's result.
	lines := []string{"a", "b", "c", "d"}
	es := []edit{{from: 1, to: 3, lines: []string{"x"}}, {from: 2, to: 2, lines: []string{"y"}}, {from: 2, to: 4, lines: []string{"z"}}}
	if got, want := apply(lines, es), applyEach(lines, es); got != want {
		t.Fatalf("overlapping: apply %q, applyEach %q", got, want)
	}
}
