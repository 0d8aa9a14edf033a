package driver

// This file runs the compilers over what emit generated: the kernels (c++
// or nvcc), the interface module, the host files in module order ($FC -c),
// and the link ($FC).

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"fgpu/emit"
	"fgpu/frontend"
	"fgpu/frontend/target"
)

type builder struct {
	opts Options
	t    *target.Target
	tc   *toolchain
	work string     // absolute
	cmds [][]string // every command run, for build.sh under --keep
	used map[string]bool
	// slots holds one value per kernel compile running (units.go); nil:
	// the command needs none.
	slots chan struct{}
}

func (b *builder) run(generated bool, args ...string) error {
	b.cmds = append(b.cmds, args)
	if b.slots != nil {
		b.slots <- struct{}{}
		defer func() { <-b.slots }()
	}
	out, err := runTool("", generated, args...)
	if err == nil && !generated && out != "" && b.opts.Stderr != nil {
		// The host compiler's warnings on the user's files (and the
		// linker's), shown as a build without fgpu shows them.
		fmt.Fprint(b.opts.Stderr, out)
	}
	return err
}

// workFile writes text into the work directory under name (made unique)
// and returns its path.
func (b *builder) workFile(name, text string) (string, error) {
	if b.used == nil {
		b.used = map[string]bool{}
	}
	base := name
	for i := 2; b.used[base]; i++ {
		ext := filepath.Ext(name)
		base = fmt.Sprintf("%s_%d%s", strings.TrimSuffix(name, ext), i, ext)
	}
	b.used[base] = true
	p := filepath.Join(b.work, base)
	return p, os.WriteFile(p, []byte(text), 0o644)
}

// object reserves the name of src's object in the work directory.
func (b *builder) object(src string) string {
	if b.used == nil {
		b.used = map[string]bool{}
	}
	base := filepath.Base(src)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	name := stem + ".o"
	for i := 2; b.used[name]; i++ {
		name = fmt.Sprintf("%s_%d.o", stem, i)
	}
	b.used[name] = true
	return filepath.Join(b.work, name)
}

// fcArgs are the flags of every Fortran compile.
func (b *builder) fcArgs() []string {
	args := append([]string(nil), b.tc.fc...)
	args = append(args, b.opts.Opt)
	args = append(args, b.opts.HostFlags...)
	args = append(args, "-J", b.work, "-I", b.work)
	if b.tc.fcGNU {
		// The oracle (gfortran alone) is built with it too: kernels run on
		// host threads may raise floating-point flags the reference does not.
		args = append(args, "-ffpe-summary=none")
	}
	for _, d := range b.opts.IncludeDirs {
		args = append(args, "-I", d)
	}
	return args
}

func (b *builder) build(prog *frontend.Program, files []string, out *emit.Output) error {
	order, err := hostOrder(prog, files, out.HostOrder)
	if err != nil {
		return err
	}
	var objects, rtObjects []string
	var rtDir string
	if b.t.Offloads() {
		rtb, err := b.compileRuntime()
		if err != nil {
			return err
		}
		rtDir, rtObjects = rtb.dir, rtb.objects
	}

	// Kernels: their units compile in the background while the host
	// files compile (units.go). The host files are the longest chain
	// (each needs the modules of those before): they hold one slot from
	// the first compile to the last, the units take the others.
	slots := make(chan struct{}, b.opts.jobs())
	slots <- struct{}{}
	var released atomic.Bool
	releaseHost := func() {
		if !released.Swap(true) {
			<-slots
		}
	}
	defer releaseHost()
	var failed atomic.Bool
	var kernelObjs []string
	wait := func() error { return nil }
	if b.t.Offloads() {
		jobs, err := b.kernelJobs(kernelUnits(out, b.t), rtDir)
		if err != nil {
			return err
		}
		for _, j := range jobs {
			kernelObjs = append(kernelObjs, j.obj)
		}
		kernelsDone := b.startKernels(jobs, rtDir, slots, &failed)
		wait = func() error {
			releaseHost() // (the units may need its slot)
			return kernelsDone()
		}
		defer func() {
			// A return before the wait below: the units not started are
			// not compiled, and no compile outlives the build.
			failed.Store(true)
			wait()
		}()
	}

	// The interface module, then the host files.
	if out.Interface != "" {
		name := out.InterfaceFile
		if name == "" {
			name = "fgpu_interfaces.f90"
		}
		src, err := b.workFile(name, out.Interface)
		if err != nil {
			return err
		}
		obj := b.object(src)
		// -w: the user's warning flags (-Wall -Werror) are for the user's
		// code; the interfaces are fgpu's (gfortran warns that the C
		// kinds of its bind(c) dummies "may not be C interoperable").
		if err := b.run(true, append(b.fcArgs(), "-w", "-c", src, "-o", obj)...); err != nil {
			return err
		}
		objects = append(objects, obj)
	}
	for _, f := range order {
		if failed.Load() {
			break // a kernel unit failed: its error is the build's (below)
		}
		orig, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		text, ok := out.Host[f]
		marked, hasMarks := out.HostMarked[f]
		args := b.fcArgs()
		var src string
		unchanged := !ok || sameText(text, string(orig))
		if frontend.IsFixedForm(f, b.opts.SourceForm()) && !slices.Contains(out.Preprocessed, f) {
			// A fixed-form file is rewritten in its free-form text (listed
			// in out.Preprocessed); other text for it is its own lines
			// (Program.Line: without the columns past the line length).
			unchanged = true
		}
		if unchanged {
			// Unchanged: compile the user's file itself, so that messages
			// and include lines refer to it.
			src = f
			if frontend.NeedsPreprocessing(f) || hasDirectives(string(orig)) {
				args = append(args, "-cpp")
				for _, d := range b.opts.Defines {
					args = append(args, "-D"+d)
				}
			}
			args = append(args, b.opts.FormFlags()...)
		} else {
			// Rewritten: the text of a preprocessed file is already
			// preprocessed (with `# N "file"` line markers, which gfortran
			// reads without -cpp), so it is written as .f90.
			base := filepath.Base(f)
			ext := filepath.Ext(base)
			name := strings.TrimSuffix(base, ext) + strings.ToLower(ext)
			if frontend.IsFixedForm(f, b.opts.SourceForm()) {
				// The rewrite of a fixed-form file is free form (the
				// front end's reading, frontend/fixedform.go), its
				// INCLUDE lines expanded: a .f90 file, read as free form
				// whatever the flags, its lines as long as fixed form's.
				name = strings.TrimSuffix(base, ext) + ".f90"
				args = append(args, "-ffree-form", "-ffree-line-length-none")
			} else if b.opts.FreeForm {
				args = append(args, "-ffree-form")
			}
			if hasMarks {
				text = marked // the host compiler's messages name the user's lines
			}
			if src, err = b.workFile(name, text); err != nil {
				return err
			}
			args = append(args, "-I", filepath.Dir(f))
		}
		obj := b.object(f)
		if err := b.run(false, append(args, "-c", src, "-o", obj)...); err != nil {
			failed.Store(true)
			if kerr := wait(); kerr != nil {
				return kerr // fgpu's error first, as when the kernels compiled first
			}
			return err
		}
		objects = append(objects, obj)
	}
	if err := wait(); err != nil {
		return err
	}

	// Link.
	args := append([]string(nil), b.tc.fc...)
	args = append(args, b.opts.Opt)
	args = append(args, b.opts.HostFlags...)
	args = append(args, "-o", b.opts.Output)
	args = append(args, objects...)
	args = append(args, kernelObjs...)
	args = append(args, rtObjects...)
	args = append(args, b.opts.LinkArgs...)
	if b.t.IsCUDA() {
		if b.tc.cudaLib != "" {
			args = append(args, "-L"+b.tc.cudaLib)
			if !b.opts.StaticCUDART {
				args = append(args, "-Wl,-rpath,"+b.tc.cudaLib)
			}
		}
		if b.opts.StaticCUDART {
			args = append(args, "-lcudart_static")
		} else {
			args = append(args, "-lcudart")
		}
	}
	args = append(args, b.t.LinkFlags()...)
	err = b.run(false, args...)
	var ce *CommandError
	if errors.As(err, &ce) && strings.Contains(ce.Output, "undefined reference to `omp_") && !slices.Contains(b.opts.HostFlags, "-fopenmp") {
		// As with gfortran alone: OpenMP's library needs -fopenmp (the CPU
		// backend links it for its kernels, CUDA does not).
		ce.Output += "\nfgpu: note: the program calls OpenMP's library: build with -fopenmp (fgpu -fopenmp ..., or fgpu build --fc='gfortran -fopenmp')"
	}
	if b.opts.Keep {
		b.writeScript()
	}
	return err
}

// writeScript writes the commands of the build into build.sh in the work
// directory (with --keep), to rebuild by hand.
func (b *builder) writeScript() {
	wd, _ := os.Getwd()
	var s strings.Builder
	s.WriteString("#!/bin/sh\n# The commands of this fgpu build.\nset -e\ncd " + shellJoin([]string{wd}) + "\n")
	s.WriteString(describeCommands(b.cmds))
	s.WriteString("\n")
	os.WriteFile(filepath.Join(b.work, "build.sh"), []byte(s.String()), 0o755)
}

// FormFlags are gfortran's flags for the source form of o (FixedForm,
// FreeForm, FixedLineLength), for a compile of a source as the user wrote
// it. They never go to HostFlags: the files fgpu writes (the interface
// module, the rewrite of a fixed-form file) are free form.
func (o Options) FormFlags() []string {
	var args []string
	switch {
	case o.FreeForm:
		args = append(args, "-ffree-form")
	case o.FixedForm:
		args = append(args, "-ffixed-form")
	}
	switch n := o.FixedLineLength; {
	case n < 0:
		args = append(args, "-ffixed-line-length-none")
	case n > 0:
		args = append(args, fmt.Sprintf("-ffixed-line-length-%d", n))
	}
	return args
}

// hasDirectives reports whether a line of src starts with '#' (a
// preprocessor directive: never free-form Fortran).
func hasDirectives(src string) bool {
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "#") {
			return true
		}
	}
	return false
}

// sameText compares sources, ignoring line-end style and trailing newlines.
func sameText(a, b string) bool {
	norm := func(s string) string {
		return strings.TrimRight(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	}
	return norm(a) == norm(b)
}

// kernelCompiler is the command of the target's kernel compiler, as the
// toolchain found it.
func (b *builder) kernelCompiler() []string {
	if b.t.IsCUDA() {
		return append([]string(nil), b.tc.nvcc...)
	}
	return append([]string(nil), b.tc.cxx...)
}

// kernelCodegenFlags are the user's code-generation choices that reach the
// C++ kernels as they reach the host compile: the processor (-march=,
// -mtune=, -mcpu=), fast math (-ffast-math, and -Ofast's: the host compile
// keeps -Ofast, the kernels keep their own -O level) and FMA contraction.
// gfortran contracts a*b+c into an FMA by default (GCC's
// -ffp-contract=fast) wherever the processor has one: not on baseline
// x86-64, but under -march=haswell or -march=native it does. The kernels
// are compiled -ffp-contract=off (target.KernelFlags) so that they give the
// bits of the host build; with a -march= or -mcpu= that host build
// contracts, so they contract too (-ffp-contract=fast after the default:
// the last one counts), which gives gfortran's bits again (the kernels
// keep the Fortran expressions' order and parentheses, so GCC's
// middle end forms the same FMAs). An explicit -ffp-contract= of the user
// is passed as given and decides.
func kernelCodegenFlags(host []string) []string {
	var out []string
	cpu, contract := false, false
	for _, f := range host {
		switch {
		case strings.HasPrefix(f, "-march=") || strings.HasPrefix(f, "-mcpu="):
			cpu = true
			out = append(out, f)
		case strings.HasPrefix(f, "-mtune=") || f == "-ffast-math":
			out = append(out, f)
		case f == "-Ofast":
			out = append(out, "-ffast-math")
		case strings.HasPrefix(f, "-ffp-contract="):
			contract = true
			out = append(out, f)
		}
	}
	if cpu && !contract {
		out = append(out, "-ffp-contract=fast")
	}
	return out
}
