package frontend

import "testing"

// TestGrammarsBuild builds every statement grammar: a malformed grammar is
// otherwise only found when a statement of that kind is first parsed.
func TestGrammarsBuild(t *testing.T) {
	for name, build := range grammarBuilders() {
		if err := build(); err != nil {
			t.Errorf("grammar %s: %v", name, err)
		}
	}
}
