package driver

// This file keeps compiled kernels in the cache (beside the runtime's,
// cacheRoot): a kernel file is compiled once per (text, compile command,
// runtime, compiler versions), so a link that rebuilds the program after
// one file changed (fgpu as FC) compiles the kernels again only when they
// changed. An entry is the object and its checksum; a damaged entry is
// compiled again.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// kernelCompiles counts kernel compilations (tests check the cache).
var kernelCompiles atomic.Int64

// compileKernel runs the kernel compile args (which name src and obj),
// or copies the object from the cache.
func (b *builder) compileKernel(args []string, src, obj, text, rtDir string) error {
	h := sha256.New()
	fmt.Fprintf(h, "kernel %d\n%s\n", len(text), text)
	for _, a := range args {
		switch a {
		case src:
			a = "SRC"
		case obj:
			a = "OBJ"
		case rtDir:
			a = "RT " + filepath.Base(rtDir) // the runtime's own key
		}
		fmt.Fprintf(h, "arg %q\n", a)
	}
	fmt.Fprintf(h, "cxx %s\nnvcc %s\n", b.tc.cxxVer, b.tc.nvccVer)
	key := hex.EncodeToString(h.Sum(nil))[:32]
	root, err := cacheRoot(b.opts)
	if err != nil {
		return err
	}
	dir := filepath.Join(root, "kernels")
	entry := filepath.Join(dir, key+".o")
	if data, ok := readEntry(entry); ok {
		b.cmds = append(b.cmds, append([]string{"#", "from the cache:"}, args...))
		return os.WriteFile(obj, data, 0o644)
	}
	kernelCompiles.Add(1)
	if err := b.run(true, args...); err != nil {
		return err
	}
	// Store: written under a name of our own, then renamed into place
	// (the checksum first: an object without it is not used).
	data, err := os.ReadFile(obj)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil // no cache; the build goes on
	}
	tmp, err := os.CreateTemp(dir, "tmp-")
	if err != nil {
		return nil
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		return nil
	}
	if os.WriteFile(entry+".sum", []byte(sumHex(data)+"\n"), 0o644) == nil {
		os.Rename(tmp.Name(), entry)
	}
	return nil
}

// readEntry returns a cached object whose checksum matches.
func readEntry(entry string) ([]byte, bool) {
	want, err := os.ReadFile(entry + ".sum")
	if err != nil {
		return nil, false
	}
	data, err := os.ReadFile(entry)
	if err != nil {
		return nil, false
	}
	return data, sumHex(data) == strings.TrimSpace(string(want))
}
