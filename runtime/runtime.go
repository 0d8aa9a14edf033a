// Package runtime holds the sources of the C++ runtime linked into every
// program fgpu builds (ARCHITECTURE.md section 4), embedded so that the build
// driver can write them out and compile them. Import it under another name
// (the standard library has a package runtime). The sources live in src/:
// the go command refuses C++ files in a Go package's own directory.
package runtime

import (
	"embed"
	"os"
	"path/filepath"
)

// Names of the runtime's files.
const (
	Header = "fgpu_rt.h"       // the C API, included by every kernel file
	CPU    = "fgpu_rt_cpu.cpp" // shared parts and the CPU backend (c++)
	CUDA   = "fgpu_rt_cuda.cu" // the CUDA backend (nvcc)
)

//go:embed src/fgpu_rt.h src/fgpu_rt_cpu.cpp src/fgpu_rt_cuda.cu
var sources embed.FS

// File is one source file of the runtime.
type File struct {
	Name string
	Data []byte
}

// Files returns the runtime's sources in a fixed order: header, CPU part,
// CUDA part.
func Files() []File {
	var out []File
	for _, n := range []string{Header, CPU, CUDA} {
		b, err := sources.ReadFile("src/" + n)
		if err != nil {
			panic("fgpu/runtime: missing embedded file " + n) // cannot happen: go:embed checked it
		}
		out = append(out, File{Name: n, Data: b})
	}
	return out
}

// WriteTo writes the sources into dir (which must exist).
func WriteTo(dir string) error {
	for _, f := range Files() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
