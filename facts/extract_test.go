package facts

import (
	"os"
	"testing"

	"fgpu/frontend"
)

func TestExtractSmoke(t *testing.T) {
	path := os.Getenv("FACTS_FILE")
	if path == "" {
		t.Skip("set FACTS_FILE")
	}
	prog, ds := frontend.Load([]string{path}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, a := range Extract(prog, Options{}).Sorted() {
		t.Log(a.String())
	}
}
