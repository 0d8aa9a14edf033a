package main

// fgpu as a drop-in Fortran compiler (issue: FC=fgpu in make): a command
// line that starts with a flag or an input file, not a command, is read as
// gfortran reads its own, so build systems can call fgpu where they call
// gfortran:
//
//	fgpu [flags] -c a.f90 [-o a.o]       compile: the host compiler's own
//	                                     object (its .mod files, its
//	                                     diagnostics), carrying the source
//	fgpu [flags] a.o b.o [libs] -o app   link: the whole program is built
//	                                     from the sources the objects (and
//	                                     archive members) carry, its loops
//	                                     offloaded, with the other objects
//	                                     and libraries
//	fgpu [flags] a.f90 b.f90 -o app      build, as `fgpu build`
//	fgpu -E ...                          the host compiler alone
//
// fgpu's flags (--gpu=, --fc=, --keep, --fast, ...) are read as by build;
// -O, -I, -D, -J/-module, -o, -c as gfortran reads them; -L, -l, -Wl,
// objects and archives go to the link; every other flag goes to the host
// compiler, in every compile and at the link. The analyses see the whole
// program at the link, as they see it in one `fgpu build`: an object
// carries its source (an ELF section .fgpu, added by objcopy), and the
// link builds from those sources, not from the objects' host code.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend"
	"fgpu/frontend/target"
)

// fortranExt reports a Fortran source file name.
func fortranExt(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".f90", ".f95", ".f03", ".f08", ".f", ".for", ".ftn", ".f77":
		return true
	}
	return false
}

// compilerMode reports whether args (without the program name) are a
// gfortran-style command line rather than a command.
func compilerMode(args []string) bool {
	if len(args) == 0 {
		return false
	}
	a := args[0]
	switch a {
	case "-h", "-help", "--help", "-version", "--version":
		return false
	}
	return strings.HasPrefix(a, "-") || fortranExt(a) || driver.LinkInput(a)
}

// hostValueFlags are the host compiler's flags whose value is the next
// argument (dependency files, languages, includes).
var hostValueFlags = map[string]bool{"-MF": true, "-MT": true, "-MQ": true, "-x": true, "-include": true,
	"-isystem": true, "-idirafter": true, "-iquote": true, "-imacros": true, "-Xassembler": true, "-Xpreprocessor": true}

// compilerLine is a gfortran-style command line read.
type compilerLine struct {
	build        buildFlags
	compile      bool     // -c
	preprocess   bool     // -E
	hostFlags    []string // for every host compile and the link
	linkArgs     []string // objects, archives, -L, -l, -Wl, in order
	moduleDir    string   // -J / -module
	otherSources []string // C, C++, assembler: the host compiler's alone
	raw          []string // the line as given (for -E)
}

func parseCompilerLine(args []string) (compilerLine, error) {
	c := compilerLine{raw: args}
	var fgpuArgs []string // fgpu's own flags, read by parseBuildArgs
	boundsCheck := false
	cudaArch := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("flag %s needs a value", a)
			}
			i++
			return args[i], nil
		}
		switch {
		case a == "-c":
			c.compile = true
		case a == "-E":
			c.preprocess = true
		case a == "-o" || a == "-I" || a == "-D":
			v, err := next()
			if err != nil {
				return c, err
			}
			fgpuArgs = append(fgpuArgs, a, v)
		case a == "-J" || a == "-module":
			v, err := next()
			if err != nil {
				return c, err
			}
			c.moduleDir = v
		case strings.HasPrefix(a, "-J"):
			c.moduleDir = a[2:]
		case strings.HasPrefix(a, "-I") || strings.HasPrefix(a, "-D"):
			fgpuArgs = append(fgpuArgs, a)
		case a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3":
			fgpuArgs = append(fgpuArgs, a)
		case a == "-O":
			fgpuArgs = append(fgpuArgs, "-O1")
		case a == "-Os" || a == "-Og" || a == "-Ofast":
			c.hostFlags = append(c.hostFlags, a)
		case strings.HasPrefix(a, "-fcheck="):
			// gfortran's run-time checks: the host code's, and with
			// bounds (or all) the kernels' subscripts too.
			c.hostFlags = append(c.hostFlags, a)
			for _, k := range strings.Split(strings.TrimPrefix(a, "-fcheck="), ",") {
				switch k {
				case "bounds", "all":
					boundsCheck = true
				case "no-bounds", "no-all":
					boundsCheck = false
				}
			}
		case a == "-mp=multicore" || a == "-mp":
			c.hostFlags = append(c.hostFlags, "-fopenmp") // nvfortran's OpenMP on the host
		case nvfortranFlag(a):
			// nvfortran's spelling of what fgpu does, for build systems
			// written for it.
			m, arch, err := mapNvfortranFlag(a)
			if err != nil {
				return c, err
			}
			fgpuArgs = append(fgpuArgs, m...)
			if arch != "" {
				cudaArch = arch
			}
		case a == "-j":
			// fgpu's: the compiler processes of the kernels (gfortran has no -j).
			v, err := next()
			if err != nil {
				return c, err
			}
			fgpuArgs = append(fgpuArgs, a, v)
		case strings.HasPrefix(a, "-j"):
			fgpuArgs = append(fgpuArgs, a)
		case strings.HasPrefix(a, "--"):
			fgpuArgs = append(fgpuArgs, a) // fgpu's (--gpu=, --fc=, --keep, ...)
		case a == "-L" || a == "-l":
			v, err := next()
			if err != nil {
				return c, err
			}
			c.linkArgs = append(c.linkArgs, a+v)
		case strings.HasPrefix(a, "-L") || strings.HasPrefix(a, "-l") || strings.HasPrefix(a, "-Wl,"):
			c.linkArgs = append(c.linkArgs, a)
		case a == "-Xlinker" || a == "-u" || a == "-T":
			v, err := next()
			if err != nil {
				return c, err
			}
			c.linkArgs = append(c.linkArgs, a, v)
		case hostValueFlags[a]:
			// A host compiler flag with its value in the next argument.
			v, err := next()
			if err != nil {
				return c, err
			}
			c.hostFlags = append(c.hostFlags, a, v)
		case isSourceFormFlag(a):
			// The form of every source: read by the front end, passed to
			// the compiles of the sources as written (not to fgpu's free-
			// form rewrites and interfaces).
			fgpuArgs = append(fgpuArgs, a)
		case strings.HasPrefix(a, "-"):
			c.hostFlags = append(c.hostFlags, a)
		case driver.LinkInput(a):
			c.linkArgs = append(c.linkArgs, a)
		default:
			fgpuArgs = append(fgpuArgs, a) // a source
		}
	}
	b, err := parseBuildArgs(fgpuArgs, false)
	if err != nil {
		return c, err
	}
	c.build = b
	c.build.opts.BoundsCheck = c.build.opts.BoundsCheck || boundsCheck
	c.build.opts.CUDAArch = cudaArch
	if c.preprocess {
		return c, nil // the host compiler's, on the line as given
	}
	// Sources of other languages (C, C++, assembler) are the host
	// compiler's, as gfortran compiles them with gcc; other files go to
	// the linker, as gfortran passes them.
	var fortran []string
	for _, f := range b.files {
		switch {
		case fortranExt(f):
			fortran = append(fortran, f)
		case otherSourceExt(f):
			c.otherSources = append(c.otherSources, f)
		default:
			c.linkArgs = append(c.linkArgs, f)
		}
	}
	c.build.files = fortran
	return c, nil
}

// otherSourceExt reports a source of another language gfortran compiles
// (through gcc).
func otherSourceExt(name string) bool {
	switch filepath.Ext(name) {
	case ".c", ".cc", ".cpp", ".cxx", ".C", ".c++", ".s", ".S", ".sx":
		return true
	}
	return false
}

// runCompiler runs a gfortran-style command line.
func runCompiler(args []string, stdout, stderr io.Writer) int {
	c, err := parseCompilerLine(args)
	if err == nil && !c.preprocess && len(c.build.files) == 0 && len(c.linkArgs) == 0 && len(c.otherSources) == 0 {
		err = fmt.Errorf("no input files")
	}
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: %v\n", err)
		fmt.Fprintln(stderr, "Usage: fgpu [gfortran flags] [-c] FILE.f90|FILE.o... [-o OUT] (as FC), or fgpu COMMAND ... (fgpu help)")
		return exitUsage
	}
	fc := hostCompiler(c.build.opts.FC)
	if c.preprocess {
		return runTool(append(fc, c.raw...), stdout, stderr)
	}
	if c.compile {
		return compileObjects(c, fc, stdout, stderr)
	}
	return linkProgram(c, fc, stderr)
}

// hostCompiler is the host Fortran compiler's command: --fc, else
// $FGPU_FC, else gfortran ($FC is not read: a build system that sets
// FC=fgpu would have fgpu call itself).
func hostCompiler(flag string) []string {
	s := flag
	if s == "" {
		s = os.Getenv("FGPU_FC")
	}
	if strings.TrimSpace(s) == "" {
		s = "gfortran"
	}
	return strings.Fields(s)
}

func runTool(cmd []string, stdout, stderr io.Writer) int {
	x := exec.Command(cmd[0], cmd[1:]...)
	x.Stdin, x.Stdout, x.Stderr = os.Stdin, stdout, stderr
	if err := driver.RunCommand(x); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		fmt.Fprintf(stderr, "fgpu: %v\n", err)
		return exitTool
	}
	return exitOK
}

// payload is what an object carries for the link: its source and the
// flags it was compiled with.
type payload struct {
	Source  string   `json:"source"` // the absolute path at compile time
	Text    string   `json:"text"`
	Defines []string `json:"defines,omitempty"`
	Include []string `json:"include,omitempty"` // absolute
	// The source form flags of the compile (one for the whole link).
	FixedForm       bool `json:"fixed_form,omitempty"`
	FreeForm        bool `json:"free_form,omitempty"`
	FixedLineLength int  `json:"fixed_line_length,omitempty"`
}

const section = ".fgpu"

// compileObjects compiles each source with the host compiler into its
// object (the host's .mod files in the -J directory, its diagnostics) and
// adds the source to the object.
func compileObjects(c compilerLine, fc []string, stdout, stderr io.Writer) int {
	files := append(append([]string(nil), c.build.files...), c.otherSources...)
	for _, a := range c.linkArgs {
		if !strings.HasPrefix(a, "-") {
			fmt.Fprintf(stderr, "fgpu: warning: %s: linker input file unused because linking not done\n", a)
		}
	}
	if len(files) == 0 && len(c.linkArgs) > 0 {
		return exitOK // as gfortran: nothing to compile
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "fgpu: -c: no source given")
		return exitUsage
	}
	if c.build.opts.Output != "" && len(files) > 1 {
		fmt.Fprintln(stderr, "fgpu: -o with -c names one object: give one source")
		return exitUsage
	}
	opt := c.build.opts.Opt
	for _, f := range files {
		obj := c.build.opts.Output
		if obj == "" {
			obj = strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)) + ".o"
		}
		if err := driver.SameAsOutput([]string{f}, obj); err != nil {
			fmt.Fprintf(stderr, "fgpu: %v\n", err)
			return exitError
		}
		base := hostCommand(fc, opt, c.hostFlags, c.build.opts.IncludeDirs, c.build.opts.Defines)
		if c.moduleDir != "" {
			base = append(base, "-J", c.moduleDir)
		}
		cmd := append(append([]string(nil), base...), c.build.opts.FormFlags()...)
		cmd = append(cmd, "-c", f, "-o", obj)
		if !fortranExt(f) {
			if rc := runTool(cmd, stdout, stderr); rc != exitOK {
				return rc
			}
			continue // C, C++, assembler: the host compiler's object
		}
		var msgs bytes.Buffer
		if rc := runTool(cmd, stdout, &msgs); rc != exitOK {
			// The host compiler cannot build the file as written (gfortran
			// 12 and F2023's locality specs, reduce): the object is the
			// one of fgpu's host rewrite (--gpu=none: the loops as plain
			// DO loops), its .mod files too; else the compiler's messages.
			if !compileRewritten(c, f, obj, base, stdout, stderr) {
				stderr.Write(msgs.Bytes())
				return rc
			}
		} else {
			stderr.Write(msgs.Bytes())
		}
		if diags, final := driver.CheckAlone(f, c.build.opts); final && diags.HasErrors() {
			// A loop error of this file: the compile fails here, as the
			// link would (its errors only; warnings come with the link).
			var errs frontend.Diagnostics
			for _, d := range diags {
				if d.Severity == frontend.SevError {
					errs = append(errs, d)
				}
			}
			errs.Render(stderr, &driver.SourceFiles{})
			os.Remove(obj)
			return exitError
		}
		text, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "fgpu: %v\n", err)
			return exitError
		}
		abs, _ := filepath.Abs(f)
		o := c.build.opts
		p := payload{Source: abs, Text: string(text), Defines: o.Defines, FixedForm: o.FixedForm, FreeForm: o.FreeForm, FixedLineLength: o.FixedLineLength}
		for _, d := range c.build.opts.IncludeDirs {
			a, _ := filepath.Abs(d)
			p.Include = append(p.Include, a)
		}
		if c.moduleDir != "" {
			a, _ := filepath.Abs(c.moduleDir)
			p.Include = append(p.Include, a)
		}
		if err := addPayload(obj, p); err != nil {
			fmt.Fprintf(stderr, "fgpu: %s: %v\n", obj, err)
			return exitTool
		}
	}
	return exitOK
}

// compileRewritten compiles fgpu's host rewrite of f for --gpu=none into
// obj with the flags of base (the host compiler and its flags, without
// -c, the source and the output); false when the front end or the
// analyses reject f, nothing was rewritten, or the rewrite does not
// compile either.
func compileRewritten(c compilerLine, f, obj string, base []string, stdout, stderr io.Writer) bool {
	none, err := target.Parse("none")
	if err != nil {
		return false
	}
	o := c.build.opts
	form := o.SourceForm()
	r, err := driver.Pipeline(driver.Config{Files: []string{f}, Defines: o.Defines, IncludeDirs: o.IncludeDirs, Form: form,
		Target: none, StopAfter: driver.PhaseEmit, HostOpt: o.Opt, ViolationsFatal: true})
	if err != nil || r == nil || r.Failed() || r.Output == nil {
		return false
	}
	text, ok := r.Output.HostMarked[f]
	if !ok {
		text, ok = r.Output.Host[f]
	}
	orig, _ := os.ReadFile(f)
	if !ok || text == string(orig) {
		return false
	}
	dir, cleanup, err := driver.TempDir("fgpu-c-")
	if err != nil {
		return false
	}
	defer cleanup()
	name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)) + ".f90"
	src := filepath.Join(dir, name)
	if os.WriteFile(src, []byte(text), 0o644) != nil {
		return false
	}
	cmd := append([]string(nil), base...)
	if frontend.IsFixedForm(f, form) {
		cmd = append(cmd, "-ffree-form", "-ffree-line-length-none") // the rewrite is free form
	}
	cmd = append(cmd, "-I", filepath.Dir(f), "-c", src, "-o", obj)
	var msgs bytes.Buffer
	if runTool(cmd, stdout, &msgs) != exitOK {
		return false
	}
	stderr.Write(msgs.Bytes())
	return true
}

func addPayload(obj string, p payload) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "fgpu-payload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	tmp.Close()
	out, err := exec.Command("objcopy", "--add-section", section+"="+tmp.Name(), "--set-section-flags", section+"=noload,readonly", obj).CombinedOutput()
	if err != nil {
		return fmt.Errorf("objcopy (binutils) adding the source: %v\n%s", err, out)
	}
	return nil
}

// readPayload is the source an object carries, or nil for another object.
func readPayload(obj string) (*payload, error) {
	tmp, err := os.CreateTemp("", "fgpu-payload-*")
	if err != nil {
		return nil, err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	cmd := exec.Command("objcopy", "--dump-section", section+"="+tmp.Name(), obj, os.DevNull)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		if strings.Contains(errb.String(), "can't dump section") || strings.Contains(errb.String(), "not found") {
			return nil, nil // an object of another compiler
		}
		return nil, fmt.Errorf("objcopy (binutils) reading %s: %v\n%s", obj, err, errb.String())
	}
	data, err := os.ReadFile(tmp.Name())
	if err != nil || len(data) == 0 {
		return nil, nil
	}
	var p payload
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%s: the fgpu section does not parse: %v", obj, err)
	}
	return &p, nil
}

// linkProgram builds the program from the sources given and the sources
// the objects and archive members carry, with every other input linked.
func linkProgram(c compilerLine, fc []string, stderr io.Writer) int {
	f := c.build
	// The output replaces no input: a source, an object or archive, a
	// source of another language.
	inputs := append(append([]string(nil), f.files...), c.otherSources...)
	for _, a := range c.linkArgs {
		if !strings.HasPrefix(a, "-") {
			inputs = append(inputs, a)
		}
	}
	output := f.opts.Output
	if output == "" {
		output = "a.out"
	}
	if err := driver.SameAsOutput(inputs, output); err != nil {
		fmt.Fprintf(stderr, "fgpu: %v\n", err)
		return exitError
	}
	work, cleanup, err := driver.TempDir("fgpu-link-*")
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: %v\n", err)
		return exitError
	}
	defer cleanup()
	seen := map[string]bool{}
	for _, s := range f.files {
		a, _ := filepath.Abs(s)
		seen[a] = true
	}
	// The source form: the line's flags, else the objects' (one for the
	// whole program: the front end reads every file under it).
	formSet := false
	form := func(p *payload) error {
		if p.FixedForm == f.opts.FixedForm && p.FreeForm == f.opts.FreeForm && p.FixedLineLength == f.opts.FixedLineLength {
			return nil
		}
		if formSet || f.opts.FixedForm || f.opts.FreeForm || f.opts.FixedLineLength != 0 {
			return fmt.Errorf("%s was compiled with other source-form flags (-ffixed-form, -ffree-form, -ffixed-line-length-N) than the rest of the program: not yet implemented (one form for the whole program)", p.Source)
		}
		f.opts.FixedForm, f.opts.FreeForm, f.opts.FixedLineLength = p.FixedForm, p.FreeForm, p.FixedLineLength
		return nil
	}
	// addSource adds the source an object carries; true: the object is
	// rebuilt from it.
	addSource := func(p *payload) (bool, error) {
		if err := form(p); err != nil {
			return true, err
		}
		formSet = true
		if seen[p.Source] {
			return true, nil
		}
		seen[p.Source] = true
		path := p.Source
		if cur, err := os.ReadFile(path); err != nil || string(cur) != p.Text {
			// The file changed or went away since the compile: the text
			// the object carries, under its own name.
			dir := filepath.Join(work, fmt.Sprintf("src%d", len(seen)))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return true, err
			}
			path = filepath.Join(dir, filepath.Base(p.Source))
			if err := os.WriteFile(path, []byte(p.Text), 0o644); err != nil {
				return true, err
			}
			f.opts.IncludeDirs = append(f.opts.IncludeDirs, filepath.Dir(p.Source))
		}
		f.files = append(f.files, path)
		for _, d := range p.Defines {
			if !slices.Contains(f.opts.Defines, d) {
				f.opts.Defines = append(f.opts.Defines, d)
			}
		}
		for _, d := range p.Include {
			if !slices.Contains(f.opts.IncludeDirs, d) {
				f.opts.IncludeDirs = append(f.opts.IncludeDirs, d)
			}
		}
		return true, nil
	}
	var link, libDirs []string
	for _, a := range c.linkArgs {
		if strings.HasPrefix(a, "-L") {
			libDirs = append(libDirs, a[2:])
		}
	}
	for i, a := range c.linkArgs {
		archive := ""
		switch {
		case strings.HasSuffix(a, ".a"):
			archive = a
		case strings.HasPrefix(a, "-l"):
			// -lNAME: the static library the linker would take from the
			// -L directories, when there is no shared one before it.
			for _, d := range libDirs {
				if fileExists(filepath.Join(d, "lib"+a[2:]+".so")) {
					break
				}
				if p := filepath.Join(d, "lib"+a[2:]+".a"); fileExists(p) {
					archive = p
					break
				}
			}
		}
		switch {
		case strings.HasSuffix(a, ".o"):
			p, err := readPayload(a)
			if err != nil {
				fmt.Fprintf(stderr, "fgpu: %v\n", err)
				return exitTool
			}
			if p != nil {
				rebuilt, err := addSource(p)
				if err != nil {
					fmt.Fprintf(stderr, "fgpu: %v\n", err)
					return exitError
				}
				if rebuilt {
					continue // rebuilt from its source
				}
			}
		case archive != "":
			// Members that carry sources are rebuilt with the program;
			// the archive stays on the line for the others (the rebuilt
			// objects define the members' symbols first).
			dir := filepath.Join(work, fmt.Sprintf("ar%d", i))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				fmt.Fprintf(stderr, "fgpu: %v\n", err)
				return exitError
			}
			abs, _ := filepath.Abs(archive)
			x := exec.Command("ar", "x", abs)
			x.Dir = dir
			if out, err := x.CombinedOutput(); err != nil {
				fmt.Fprintf(stderr, "fgpu: ar x %s: %v\n%s", a, err, out)
				return exitTool
			}
			members, _ := filepath.Glob(filepath.Join(dir, "*.o"))
			for _, m := range members {
				p, err := readPayload(m)
				if err != nil {
					fmt.Fprintf(stderr, "fgpu: %v\n", err)
					return exitTool
				}
				if p != nil {
					if _, err := addSource(p); err != nil {
						fmt.Fprintf(stderr, "fgpu: %v\n", err)
						return exitError
					}
				}
			}
		}
		link = append(link, a)
	}
	for i, s := range c.otherSources {
		// C, C++, assembler sources: the host compiler's objects.
		obj := filepath.Join(work, fmt.Sprintf("other%d.o", i))
		cmd := hostCommand(fc, f.opts.Opt, c.hostFlags, f.opts.IncludeDirs, f.opts.Defines)
		if rc := runTool(append(cmd, "-c", s, "-o", obj), os.Stdout, stderr); rc != exitOK {
			return rc
		}
		link = append([]string{obj}, link...)
	}
	if len(f.files) == 0 {
		// Nothing of fgpu's: the host compiler links.
		cmd := append(append([]string(nil), fc...), c.hostFlags...)
		if f.opts.Opt != "" {
			cmd = append(cmd, f.opts.Opt)
		}
		if f.opts.Output != "" {
			cmd = append(cmd, "-o", f.opts.Output)
		}
		return runTool(append(cmd, link...), os.Stdout, stderr)
	}
	if f.opts.FC == "" {
		f.opts.FC = strings.Join(fc, " ")
	}
	f.opts.HostFlags = c.hostFlags
	f.opts.LinkArgs = link
	_, rc := build("link", f, stderr)
	return rc
}

// hostCommand is a host compile's command without its source and output:
// the compiler, the optimisation level, the host flags (after it, as
// driver.builder's compiles have them), -I and -D.
func hostCommand(fc []string, opt string, hostFlags, includeDirs, defines []string) []string {
	cmd := append([]string(nil), fc...)
	if opt != "" {
		cmd = append(cmd, opt)
	}
	cmd = append(cmd, hostFlags...)
	for _, d := range includeDirs {
		cmd = append(cmd, "-I", d)
	}
	for _, d := range defines {
		cmd = append(cmd, "-D"+d)
	}
	return cmd
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// nvfortranFlag reports a flag of nvfortran's that fgpu reads itself
// (mapNvfortranFlag): -stdpar, -gpu=, -Minfo, -mp=gpu. Other -M flags of
// nvfortran's are errors there too: gfortran has no -M... flags of that
// form but its dependency ones (-M, -MD, -MMD, -MF, -MT, -MQ, -MP).
func nvfortranFlag(a string) bool {
	switch {
	case a == "-stdpar" || strings.HasPrefix(a, "-stdpar="):
		return true
	case strings.HasPrefix(a, "-gpu="):
		return true
	case a == "-Minfo" || strings.HasPrefix(a, "-Minfo="):
		return true
	case a == "-mp=gpu":
		return true
	}
	return false
}

// mapNvfortranFlag turns one of nvfortran's flags into fgpu's: -stdpar and
// -stdpar=gpu are --gpu=cuda, -stdpar=multicore --gpu=cpu; -gpu=ccXX (with
// other comma-separated suboptions, which fgpu has no use for) the CUDA
// compute capability; -Minfo, -Minfo=stdpar and -Minfo=accel the offload
// report (-mp=multicore is read as gfortran's -fopenmp, parseCompilerLine).
// -mp=gpu (OpenMP offload) is not implemented yet, and says so.
func mapNvfortranFlag(a string) (args []string, arch string, err error) {
	switch {
	case a == "-stdpar" || a == "-stdpar=gpu" || a == "-stdpar=gpu,multicore":
		return []string{"--gpu=cuda"}, "", nil
	case a == "-stdpar=multicore":
		return []string{"--gpu=cpu"}, "", nil
	case strings.HasPrefix(a, "-stdpar="):
		return nil, "", fmt.Errorf("flag %s: nvfortran's -stdpar takes gpu or multicore (fgpu maps them to --gpu=cuda and --gpu=cpu)", a)
	case strings.HasPrefix(a, "-gpu="):
		for _, o := range strings.Split(strings.TrimPrefix(a, "-gpu="), ",") {
			if cc, ok := strings.CutPrefix(o, "cc"); ok && len(cc) >= 2 && strings.Trim(cc, "0123456789") == "" {
				arch = cc
			}
		}
		if arch == "" {
			return nil, "", fmt.Errorf("flag %s: fgpu reads only the compute capability (-gpu=ccXX, e.g. -gpu=cc90)", a)
		}
		return nil, arch, nil
	case a == "-Minfo" || a == "-Minfo=stdpar" || a == "-Minfo=accel" || a == "-Minfo=stdpar,accel" || a == "-Minfo=accel,stdpar" || a == "-Minfo=all":
		return []string{"--offload-report"}, "", nil
	case strings.HasPrefix(a, "-Minfo="):
		return nil, "", fmt.Errorf("flag %s: fgpu reports its offload decisions with -Minfo=stdpar (or --offload-report); it has no other -Minfo kinds", a)
	}
	return nil, "", fmt.Errorf("flag %s: not yet implemented: OpenMP target offload (!$omp target loops stay on the host; fgpu offloads do concurrent)", a)
}
