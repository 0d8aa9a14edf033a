package driver

// This file finds the tools a build needs: the Fortran compiler, the C++
// compiler, nvcc, and the Fortran compiler's ISO_Fortran_binding.h.

import (
	"fgpu/frontend/target"

	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// toolchain is what findTools found.
type toolchain struct {
	fc        []string // command and its own arguments
	fcGNU     bool     // gfortran (takes -J, -cpp, -ffpe-summary)
	fcVersion string
	isoHeader string   // path of the Fortran compiler's ISO_Fortran_binding.h ("" for none)
	cxx       []string // nil for device none
	cxxVer    string
	nvcc      []string // nil unless cuda
	nvccVer   string
	cudaLib   string // -L directory of libcudart, "" when the linker finds it
}

const (
	installGfortran = "install it with `apt-get install gfortran`, or name another Fortran compiler with --fc=CMD or $FC"
	installCXX      = "install it with `apt-get install g++`, or name another C++ compiler with $CXX"
	installNVCC     = "install it with `apt-get install g++-11 nvidia-cuda-toolkit` (on Debian the package is in the contrib and non-free components: add them to the apt sources first, see docs/TOOLCHAINS.md; nvcc 11.8 needs g++-11 as its host compiler), or name nvcc with $NVCC"
)

// command splits a tool setting ("gfortran-12", "mpif90 -fallow-argument-mismatch")
// and checks that its program exists.
func command(setting, env, def, role, install string) ([]string, error) {
	if setting == "" {
		setting = os.Getenv(env)
	}
	if strings.TrimSpace(setting) == "" {
		setting = def
	}
	args := strings.Fields(setting)
	p, err := exec.LookPath(args[0])
	if err != nil {
		return nil, &ToolError{Tool: args[0], Role: role, Install: install}
	}
	args[0] = p
	return args, nil
}

// output runs a command and returns its combined output ("" on failure).
func output(args ...string) string {
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil {
		return ""
	}
	return string(out)
}

func findTools(opts Options, t *target.Target) (*toolchain, error) {
	tc := &toolchain{}
	var err error
	tc.fc, err = command(opts.FC, "FC", "gfortran", "Fortran compiler", installGfortran)
	if err != nil {
		return nil, err
	}
	tc.fcVersion = output(append(tc.fc, "--version")...)
	tc.fcGNU = strings.Contains(tc.fcVersion, "GNU Fortran")
	if !t.Offloads() {
		return tc, nil
	}
	tc.cxx, err = command("", "CXX", "c++", "C++ compiler", installCXX)
	if err != nil {
		return nil, err
	}
	tc.cxxVer = output(append(tc.cxx, "--version")...)
	// The kernels read the descriptors of this Fortran compiler: its own
	// header gives their layout.
	if dir := strings.TrimSpace(output(append(tc.fc, "-print-file-name=include")...)); dir != "" {
		if p := filepath.Join(dir, "ISO_Fortran_binding.h"); fileExists(p) {
			tc.isoHeader = p
		}
	}
	if tc.isoHeader == "" {
		return nil, &ToolError{Tool: "ISO_Fortran_binding.h", Role: "header of the Fortran compiler " + tc.fc[0],
			Install: "the kernels need the descriptor layout of the Fortran compiler; install gfortran >= 12 (`apt-get install gfortran`)"}
	}
	if t.IsCUDA() {
		tc.nvcc, err = command(opts.NVCC, "NVCC", "nvcc", "CUDA compiler", installNVCC)
		if err != nil {
			return nil, err
		}
		tc.nvccVer = output(append(tc.nvcc, "--version")...)
		// A toolkit outside the system directories (/usr/local/cuda):
		// its lib64 beside bin.
		real, err := filepath.EvalSymlinks(tc.nvcc[0])
		if err != nil {
			real = tc.nvcc[0]
		}
		root := filepath.Dir(filepath.Dir(real))
		for _, lib := range []string{"lib64", "lib"} {
			d := filepath.Join(root, lib)
			if root != "/usr" && (fileExists(filepath.Join(d, "libcudart.so")) || fileExists(filepath.Join(d, "libcudart_static.a"))) {
				tc.cudaLib = d
				break
			}
		}
	}
	return tc, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
