package driver

// This file compiles the runtime once per (sources, compilers, device,
// flags) and keeps the objects in a cache directory:
// $XDG_CACHE_HOME/fgpu/runtime-DEVICE-HASH (else ~/.cache/fgpu/...),
// holding the runtime's sources, the Fortran compiler's
// ISO_Fortran_binding.h (kernels include both from there) and the objects.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"fgpu/frontend/target"
	rt "fgpu/runtime"
)

// runtimeCompiles counts runtime compilations (tests check the cache).
var runtimeCompiles atomic.Int64

// runtimeBuild is a compiled runtime: the directory to include from and
// the objects to link.
type runtimeBuild struct {
	dir     string
	objects []string
}

func cacheRoot(opts Options) (string, error) {
	if opts.CacheDir != "" {
		return opts.CacheDir, nil
	}
	d, err := os.UserCacheDir() // $XDG_CACHE_HOME, else ~/.cache
	if err != nil {
		return "", fmt.Errorf("no cache directory for the runtime: %v", err)
	}
	return filepath.Join(d, "fgpu"), nil
}

// runtimeCommands lists the compile commands of the runtime in dir.
func (b *builder) runtimeCommands() (cmds [][]string, objects []string) {
	cxx := append([]string(nil), b.tc.cxx...)
	cxx = append(cxx, "-std=c++17", "-O2", "-ffp-contract=off", "-fno-fast-math", "-I.")
	switch {
	case b.t.IsCPU(), b.t.IsMetalCPU():
		// (metal_cpu: MSL run on the host uses the CPU runtime.)
		cmds = append(cmds, append(cxx, "-fopenmp", "-c", rt.CPU, "-o", "fgpu_rt_cpu.o"))
		objects = append(objects, "fgpu_rt_cpu.o")
	case b.t.IsCUDA():
		cmds = append(cmds, append(cxx, "-DFGPU_BACKEND_CUDA", "-c", rt.CPU, "-o", "fgpu_rt_cpu.o"))
		nv := append(append([]string(nil), b.tc.nvcc...), target.WithArch(b.t.RuntimeNVCCFlags(), b.opts.CUDAArch)...)
		cmds = append(cmds, append(nv, "-I.", "-c", rt.CUDA, "-o", "fgpu_rt_cuda.o"))
		objects = append(objects, "fgpu_rt_cpu.o", "fgpu_rt_cuda.o")
	}
	return cmds, objects
}

// compileRuntime returns the cached runtime, compiling it when the cache
// has none for this key.
func (b *builder) compileRuntime() (*runtimeBuild, error) {
	iso, err := os.ReadFile(b.tc.isoHeader)
	if err != nil {
		return nil, err
	}
	cmds, objects := b.runtimeCommands()
	h := sha256.New()
	for _, f := range rt.Files() {
		fmt.Fprintf(h, "file %s %d\n", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	fmt.Fprintf(h, "iso %d\n", len(iso))
	h.Write(iso)
	fmt.Fprintf(h, "device %s\ncxx %s\nnvcc %s\n", b.t.Name, b.tc.cxxVer, b.tc.nvccVer)
	for _, c := range cmds {
		fmt.Fprintf(h, "cmd %q\n", c)
	}
	key := hex.EncodeToString(h.Sum(nil))[:16]

	root, err := cacheRoot(b.opts)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(root, "runtime-"+b.t.Name+"-"+key)
	abs := func(objs []string) []string {
		var out []string
		for _, o := range objs {
			out = append(out, filepath.Join(dir, o))
		}
		return out
	}
	if cached(dir, objects) {
		return &runtimeBuild{dir: dir, objects: abs(objects)}, nil
	}
	if _, err := os.Stat(dir); err == nil {
		// Damaged (a truncated object, a file missing, a folder another
		// process left half-written): set it aside and build again.
		fmt.Fprintf(b.opts.Stderr, "fgpu: the runtime cache %s is damaged (its checksums do not match): rebuilding it\n", dir)
		if err := discard(root, dir); err != nil {
			return nil, fmt.Errorf("runtime cache: %v", err)
		}
	}

	// Compile in a directory of our own, then move it into place: builds
	// running at the same time never see a half-written runtime.
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("runtime cache: %v", err)
	}
	tmp, err := os.MkdirTemp(root, "tmp-")
	if err != nil {
		return nil, fmt.Errorf("runtime cache: %v", err)
	}
	TrackDir(tmp)
	defer func() { os.RemoveAll(tmp); UntrackDir(tmp) }()
	if err := rt.WriteTo(tmp); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "ISO_Fortran_binding.h"), iso, 0o644); err != nil {
		return nil, err
	}
	runtimeCompiles.Add(1)
	for _, c := range cmds {
		if _, err := runTool(tmp, true, c...); err != nil {
			return nil, err
		}
	}
	if err := writeSums(tmp, objects); err != nil {
		return nil, fmt.Errorf("runtime cache: %v", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another build got there first (the target exists and is not
		// empty); use its copy.
		if !cached(dir, objects) {
			return nil, fmt.Errorf("runtime cache: %v", err)
		}
	}
	return &runtimeBuild{dir: dir, objects: abs(objects)}, nil
}

// sumsFile lists the cache entry's files with their SHA-256, written last:
// an entry without it, or whose files do not match it, is damaged.
const sumsFile = "SUMS"

func cacheFiles(objects []string) []string {
	return append([]string{rt.Header, "ISO_Fortran_binding.h"}, objects...)
}

// sumHex is data's SHA-256 in hexadecimal, as the cache records it.
func sumHex(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

func fileSum(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return sumHex(data), nil
}

func writeSums(dir string, objects []string) error {
	var b strings.Builder
	for _, f := range cacheFiles(objects) {
		sum, err := fileSum(filepath.Join(dir, f))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s  %s\n", sum, f)
	}
	return os.WriteFile(filepath.Join(dir, sumsFile), []byte(b.String()), 0o644)
}

// cached reports a complete, undamaged cache entry: every file present
// with the checksum SUMS gives it.
func cached(dir string, objects []string) bool {
	data, err := os.ReadFile(filepath.Join(dir, sumsFile))
	if err != nil {
		return false
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if ok {
			want[name] = sum
		}
	}
	for _, f := range cacheFiles(objects) {
		sum, err := fileSum(filepath.Join(dir, f))
		if err != nil || want[f] == "" || sum != want[f] {
			return false
		}
	}
	return true
}

// discard moves a damaged entry aside (a rename, so a build reading it now
// keeps its files) and removes it.
func discard(root, dir string) error {
	old, err := os.MkdirTemp(root, "damaged-")
	if err != nil {
		return err
	}
	target := filepath.Join(old, "entry")
	if err := os.Rename(dir, target); err != nil && !os.IsNotExist(err) {
		os.RemoveAll(old)
		return err
	}
	return os.RemoveAll(old)
}

// describeCommands is for --keep: the commands, one a line.
func describeCommands(cmds [][]string) string {
	var lines []string
	for _, c := range cmds {
		lines = append(lines, shellJoin(c))
	}
	return strings.Join(lines, "\n")
}
