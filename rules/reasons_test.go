package rules

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/mangle/ast"
)

// TestReasonsDoc keeps REASONS.md, the user documentation of the reason
// catalogue, generated from rules/reasons.mg (run with -update to rewrite).
func TestReasonsDoc(t *testing.T) {
	res, err := Evaluate(nil, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Reasons\n\nGenerated from `rules/reasons.mg` by `go test ./rules -run TestReasonsDoc -update`; do not edit.\n\n")
	b.WriteString("Every loop that is not offloaded, and every semantic error of the analyses, names one of these reasons in brackets at the end of its diagnostic (`fgpu check`), and `fgpu explain` shows the derivation.\n")
	for _, f := range res.Facts("reason") {
		name := strings.TrimPrefix(f.Args[0].(ast.Constant).Symbol, "/reason/")
		doc, _ := f.Args[1].(ast.Constant).StringValue()
		ex, _ := f.Args[2].(ast.Constant).StringValue()
		b.WriteString("\n## " + name + "\n\n" + doc + "\n\nExample:\n\n```fortran\n" + strings.ReplaceAll(ex, "; ", "\n") + "\n```\n")
	}
	got := b.String()
	if updating() {
		if err := os.WriteFile("REASONS.md", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("REASONS.md")
	if err != nil {
		t.Fatalf("REASONS.md: %v (run with -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("REASONS.md is out of date (run go test ./rules -run TestReasonsDoc -update):\n%s", diff)
	}
}
