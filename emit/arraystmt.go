package emit

// This file rewrites the host text for the dead_array_store pass
// (lowering/arraystmt.go): a whole-array assignment removed because every
// element is assigned again before anything reads it becomes a comment.
// The assignments gpu_array_statements turned into parallel loops need
// nothing here: they are offloaded loops like any other (kernelCallEdit
// replaces the assignment's lines, which the synthesised loop spans).

import (
	"fgpu/lowering"
)

// deadStoreEdits replaces each removed store's lines by a comment.
func deadStoreEdits(as *lowering.ArrayStmts, edits map[string][]edit) {
	if as == nil {
		return
	}
	for _, d := range as.Dead {
		a := d.Assign
		to := a.EndLine
		if to < a.Pos.Line {
			to = a.Pos.Line
		}
		line := leadingSpace(a.Pos.Col) + "! fgpu: dead array store removed: " + d.Text
		edits[a.Pos.File] = append(edits[a.Pos.File], edit{from: a.Pos.Line, to: to, lines: []string{line}})
	}
}
