package frontend

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLimitCatalogue: every limit of the catalogue has its text and is
// used by some pass; no pass writes a not-yet-implemented error outside
// the catalogue (a bare "[nyi]" or a message built by hand).
func TestLimitCatalogue(t *testing.T) {
	used := map[string]bool{}
	constName := regexp.MustCompile(`frontend\.(NYI[A-Za-z]+)\b`)
	var src strings.Builder
	err := filepath.Walk("..", func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() && (info.Name() == "testdata" || strings.HasPrefix(info.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "nyi.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		src.WriteString(text)
		for _, m := range constName.FindAllStringSubmatch(text, -1) {
			used[m[1]] = true
		}
		if strings.Contains(text, `[nyi]"`) || strings.Contains(text, `"not yet implemented: `) {
			t.Errorf("%s: a not-yet-implemented error outside the catalogue (use frontend.NYI with a Limit)", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	decl, err := os.ReadFile("nyi.go")
	if err != nil {
		t.Fatal(err)
	}
	consts := regexp.MustCompile(`(?m)^\t(NYI[A-Za-z]+)\s+Limit = "(nyi_[a-z_]+)"`).FindAllStringSubmatch(string(decl), -1)
	if len(consts) != len(Limits()) {
		t.Errorf("%d constants declared, %d limits documented", len(consts), len(Limits()))
	}
	for _, c := range consts {
		if Limit(c[2]).Doc() == "" {
			t.Errorf("%s (%s) has no catalogue text", c[1], c[2])
		}
		if !used[c[1]] {
			t.Errorf("%s (%s) is used by no pass: remove it from the catalogue", c[1], c[2])
		}
	}
}
