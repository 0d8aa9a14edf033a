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
	// The Metal backend (fgpu build --gpu=metal, built on macOS by the
	// build script the driver writes): the launch call the launch routines
	// include, and the device side of the table in Objective-C++.
	MetalHeader = "fgpu_rt_metal.h"
	Metal       = "fgpu_rt_metal.mm"
)

//go:embed src/fgpu_rt.h src/fgpu_rt_cpu.cpp src/fgpu_rt_cuda.cu src/fgpu_rt_metal.h src/fgpu_rt_metal.mm
var sources embed.FS

// File is one source file of the runtime.
type File struct {
	Name string
	Data []byte
}

// Files returns the runtime's sources in a fixed order: header, CPU part,
// CUDA part.
func Files() []File { return files(Header, CPU, CUDA) }

// MetalFiles returns the sources of the Metal runtime, which the build
// script of --gpu=metal compiles on macOS: the header, the shared part
// (fgpu_rt_cpu.cpp, with -DFGPU_BACKEND_METAL), the Metal launch call and
// the Objective-C++ device side.
func MetalFiles() []File { return files(Header, CPU, MetalHeader, Metal) }

func files(names ...string) []File {
	var out []File
	for _, n := range names {
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
