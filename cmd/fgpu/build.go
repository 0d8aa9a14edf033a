package main

// The build and run commands (ARCHITECTURE.md section 5): flags here, the
// work in package driver.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fgpu/cmd/fgpu/driver"
	"fgpu/rules"
)

// exitTool is the status of a build that misses a tool (gfortran, c++, nvcc).
const exitTool = 3

type buildFlags struct {
	opts    driver.Options
	files   []string
	runArgs []string // run: the program's arguments (after --)
	help    bool
}

// parseBuildArgs reads the flags of build and run. For run, "--" starts
// the program's arguments; for build it ends the flags.
func parseBuildArgs(args []string, isRun bool) (buildFlags, error) {
	f := buildFlags{opts: driver.Options{Device: "cpu"}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if isRun {
				f.runArgs = append(f.runArgs, args[i+1:]...)
			} else {
				f.files = append(f.files, args[i+1:]...)
			}
			return f, nil
		case a == "-h" || a == "-help" || a == "--help":
			f.help = true
		case strings.HasPrefix(a, "--gpu="):
			d, err := gpuFlag(a, true)
			if err != nil {
				return f, err
			}
			if isRun && d == "metal" {
				return f, fmt.Errorf("--gpu=metal builds for macOS, where Apple's toolchain is: run cannot run it here (fgpu build --gpu=metal writes the sources and build script; --gpu=metal_cpu runs the MSL kernels on the CPU)")
			}
			f.opts.Device = d
		case a == "-o":
			if i+1 >= len(args) || args[i+1] == "" {
				return f, fmt.Errorf("flag -o needs a value")
			}
			i++
			f.opts.Output = args[i]
		case strings.HasPrefix(a, "--fc="):
			f.opts.FC = strings.TrimPrefix(a, "--fc=")
			if strings.TrimSpace(f.opts.FC) == "" {
				return f, fmt.Errorf("flag --fc needs a value")
			}
		case a == "--keep":
			f.opts.Keep = true
		case a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3":
			f.opts.Opt = a
		case a == "--fast":
			f.opts.Fast = true
		case a == "--realloc-lhs-arrays":
			f.opts.ReallocLHS = true
		case a == "--static-cudart":
			f.opts.StaticCUDART = true
		case a == "--time-passes":
			f.opts.TimePasses = true
		case a == "-j" || strings.HasPrefix(a, "-j") || strings.HasPrefix(a, "--jobs="):
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--jobs="), "-j")
			if a == "-j" {
				if i+1 >= len(args) {
					return f, fmt.Errorf("flag -j needs a value")
				}
				i++
				v = args[i]
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return f, fmt.Errorf("flag %s: the number of compiler processes at a time is a whole number from 1: %q", strings.TrimSuffix(a, v), v)
			}
			f.opts.Jobs = n
		case a == "--offload-report":
			f.opts.OffloadReport = true
		case isSourceFormFlag(a):
			if err := sourceFormFlag(a, &f.opts.FixedForm, &f.opts.FreeForm, &f.opts.FixedLineLength); err != nil {
				return f, err
			}
		case isPipelineFlag(a):
			if err := pipelineFlag(a, &f.opts.StopAfter, &f.opts.DumpDir); err != nil {
				return f, err
			}
			if isRun && f.opts.StopAfter != nil && *f.opts.StopAfter < driver.PhaseCompile {
				return f, fmt.Errorf("run needs the whole build: --stop-after=%s would leave nothing to run (use fgpu build)", *f.opts.StopAfter)
			}
		case isOffloadFlag(a):
			var o rules.CheckOptions
			if err := offloadFlag(a, &o); err != nil {
				return f, err
			}
			f.opts.Fallback = f.opts.Fallback || o.Fallback
			f.opts.ShowKernelSource = f.opts.ShowKernelSource || o.ShowKernelSource
			f.opts.OffloadOmp = f.opts.OffloadOmp || o.OffloadOmp
			f.opts.BoundsCheck = f.opts.BoundsCheck || o.BoundsCheck
			if o.UnsupportedAs != nil {
				f.opts.UnsupportedAs = o.UnsupportedAs.Name
			}
		default:
			n, err := preprocessorOrFile(args, i, &f.opts.Defines, &f.opts.IncludeDirs, &f.files)
			if err != nil {
				return f, err
			}
			i = n
		}
	}
	return f, nil
}

func runBuild(args []string, stdout, stderr io.Writer) int {
	f, err := parseBuildArgs(args, false)
	if err != nil && strings.HasPrefix(err.Error(), "unknown flag ") {
		// One flag set for build and compiler mode: a line with the host
		// compiler's flags (-march=native, -L..., -Wall) or nvfortran's
		// is read as compiler mode reads it.
		f, err = buildFromCompilerLine(args)
	}
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		return usageError(stderr, "build", err)
	}
	if f.help {
		commandUsage(stdout, lookup("build"))
		return exitOK
	}
	_, rc := buildInputs("build", f, stderr)
	return rc
}

// buildInputs builds the program of the Fortran sources given, with the
// objects and libraries given linked: objects fgpu compiled (-c) carry
// their sources, which join the program's (see linkProgram).
func buildInputs(name string, f buildFlags, stderr io.Writer) (exe string, rc int) {
	var sources, link []string
	for _, file := range f.files {
		if driver.LinkInput(file) {
			link = append(link, file)
		} else {
			sources = append(sources, file)
		}
	}
	if len(link) == 0 {
		return build(name, f, stderr)
	}
	f.files = sources
	if f.opts.Output == "" {
		f.opts.Output = "a.out"
	}
	rc = linkProgram(compilerLine{build: f, linkArgs: link}, hostCompiler(f.opts.FC), stderr)
	if rc != exitOK {
		return "", rc
	}
	return f.opts.Output, rc
}

// build runs the driver and reports its diagnostics and errors on stderr.
func build(name string, f buildFlags, stderr io.Writer) (exe string, rc int) {
	f.opts.Stderr = stderr
	exe, diags, err := driver.Build(f.files, f.opts)
	diags.Render(stderr, &driver.SourceFiles{})
	var te *driver.ToolError
	var ce *driver.CommandError
	switch {
	case err == nil:
		return exe, exitOK
	case errors.As(err, &ce) && !ce.Generated:
		// The host compiler (or the linker) on the user's code: its
		// messages as it gives them (naming the user's files and lines),
		// then the command.
		fmt.Fprint(stderr, ce.Output)
		if ce.Output != "" && !strings.HasSuffix(ce.Output, "\n") {
			fmt.Fprintln(stderr)
		}
		fmt.Fprintf(stderr, "fgpu: %s: the host compiler failed (%v): %s\n", name, ce.Err, driver.ShellJoin(ce.Args))
		return "", exitError
	case errors.As(err, &te):
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return "", exitTool
	case errors.Is(err, driver.ErrCompile):
		return "", exitError
	default:
		fmt.Fprintf(stderr, "fgpu: %s: %v\n", name, err)
		return "", exitError
	}
}

// runRun builds the program into a temporary directory and runs it with
// the arguments after --; its status is the program's. Nothing of fgpu's
// own goes to stdout.
func runRun(args []string, stdout, stderr io.Writer) int {
	f, err := parseBuildArgs(args, true)
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		return usageError(stderr, "run", err)
	}
	if f.help {
		commandUsage(stdout, lookup("run"))
		return exitOK
	}
	if f.opts.Output == "" {
		dir, cleanup, err := driver.TempDir("fgpu-run-")
		if err != nil {
			fmt.Fprintf(stderr, "fgpu: run: %v\n", err)
			return exitError
		}
		defer cleanup()
		f.opts.Output = filepath.Join(dir, "prog")
	}
	exe, rc := buildInputs("run", f, stderr)
	if rc != exitOK {
		return rc
	}
	code, err := driver.Run(exe, f.runArgs, os.Stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: run: %v\n", err)
	}
	return code
}

// buildFromCompilerLine reads build's arguments as a gfortran-style line
// (parseCompilerLine): the host compiler's flags reach every host compile
// and the link, -L/-l/-Wl, and objects the link. Build links a program:
// -c and -E are compiler mode's, and sources of other languages too.
func buildFromCompilerLine(args []string) (buildFlags, error) {
	c, err := parseCompilerLine(args)
	if err != nil {
		return c.build, err
	}
	switch {
	case c.compile || c.preprocess:
		return c.build, fmt.Errorf("build links a program: for -c or -E run fgpu as the compiler (fgpu -c FILE.f90)")
	case len(c.otherSources) > 0:
		return c.build, fmt.Errorf("build takes Fortran sources and objects: compile %s with fgpu as the compiler (fgpu -c), or with its own compiler", c.otherSources[0])
	case c.moduleDir != "":
		return c.build, fmt.Errorf("build keeps the module files in its work folder: -J is compiler mode's (fgpu -c)")
	}
	f := c.build
	f.opts.HostFlags = append(f.opts.HostFlags, c.hostFlags...)
	for _, a := range c.linkArgs {
		if !strings.HasPrefix(a, "-") && driver.LinkInput(a) {
			f.files = append(f.files, a) // an object or archive: its sources join the program
		} else {
			f.opts.LinkArgs = append(f.opts.LinkArgs, a)
		}
	}
	return f, nil
}
