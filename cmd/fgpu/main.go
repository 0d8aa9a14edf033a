// Command fgpu runs the `do concurrent` loops of a Fortran program on a GPU.
//
// This file is the command line only: it parses flags and calls into the
// stages (ARCHITECTURE.md, section 5, describes the commands).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend"
)

// version is fgpu's version; releases set it with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // errors in the program
	exitUsage = 2 // usage errors, and commands not yet implemented
)

type command struct {
	name    string
	args    string
	summary string
	pending bool // not yet implemented
	fn      func(args []string, stdout, stderr io.Writer) int
}

// commands lists the commands in the order help shows them.
var commands []command

func init() {
	commands = []command{
		{name: "parse", args: "[--dump] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] FILE...", summary: "front end only: read, preprocess and check the program; --dump prints the typed program", fn: runParse},
		{name: "check", args: "[--gpu=cpu|cuda|metal] [--gpu-allow-cpu-fallback] [--show-gpu-kernel-source] [--unsupported-as=metal] [--gpu-offload-omp-loops] [--realloc-lhs-arrays] [--time-passes] [--stop-after=PHASE] [--dump-dir=DIR] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] FILE...", summary: "analyses: one line per parallel loop, offloaded or kept on the host and why", fn: runCheck},
		{name: "explain", args: "[check flags] FILE[:LINE]...", summary: "the shortest derivation of each loop's outcome, as a positioned chain", fn: runExplain},
		{name: "facts", args: "[check flags] FILE...", summary: "the relational facts of the program, sorted Mangle text, one a line", fn: runFacts},
		{name: "query", args: "[check flags] FILE...|FACTS.mg... 'goal'", summary: "the facts (extracted and derived) matching a Datalog goal; FACTS.mg is a dump of fgpu facts", fn: runQuery},
		{name: "build", args: "[--gpu=cpu|cuda|cuda_cpu|metal|none] [-o OUT] [--fc=CMD] [--keep] [-O0|-O1|-O2|-O3] [--fast] [--realloc-lhs-arrays] [--static-cudart] [--gpu-allow-cpu-fallback] [--show-gpu-kernel-source] [--unsupported-as=metal] [--time-passes] [--stop-after=PHASE] [--dump-dir=DIR] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] FILE...", summary: "build the program, its loops offloaded (exit 3: a compiler is missing; --gpu=metal: the sources for macOS written)", fn: runBuild},
		{name: "run", args: "[build flags] FILE... [-- ARGS]", summary: "build the program in a temporary directory and run it; the exit status is the program's", fn: runRun},
		{name: "version", summary: "print fgpu's version", fn: runVersion},
		{name: "help", args: "[COMMAND]", summary: "print this help, or a command's", fn: runHelp},
	}
}

func main() {
	// SIGINT, SIGTERM: the compilers fgpu started are killed and its
	// temporary folders removed before it exits (128 + the signal, as
	// shells report a program killed by it).
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := <-sigs
		driver.Interrupt()
		code := 130
		if s == syscall.SIGTERM {
			code = 143
		}
		os.Exit(code)
	}()
	// FGPU_CPUPROFILE=FILE writes a CPU profile of the command (for
	// `go tool pprof`; bench/analysis/README.md).
	if p := os.Getenv("FGPU_CPUPROFILE"); p != "" {
		if f, err := os.Create(p); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				code := run(os.Args[1:], os.Stdout, os.Stderr)
				pprof.StopCPUProfile()
				f.Close()
				os.Exit(code)
			}
		}
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args (without the program name) and returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "fgpu: no command given")
		usage(stderr)
		return exitUsage
	}
	if compilerMode(args) {
		// A gfortran-style line (FC=fgpu): compiler.go.
		return runCompiler(args, stdout, stderr)
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "fgpu: unknown command %q\n", name)
		usage(stderr)
		return exitUsage
	}
	if c.pending {
		fmt.Fprintf(stderr, "fgpu: %s: not yet implemented\n", c.name)
		return exitUsage
	}
	return c.fn(args[1:], stdout, stderr)
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// usage writes the list of commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "fgpu runs the do concurrent loops of a Fortran program on a GPU.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "  fgpu COMMAND [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	fmt.Fprintln(w)
	for _, c := range commands {
		s := c.summary
		if c.pending {
			s += " (not yet implemented)"
		}
		fmt.Fprintf(w, "  %-8s %s\n", c.name, s)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "As FC in a build system: fgpu [gfortran flags] -c FILE.f90 [-o FILE.o], fgpu FILE.o... -o APP")
	fmt.Fprintln(w, "(fgpu help build).")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'fgpu help COMMAND' for a command's arguments.")
	fmt.Fprintln(w, "Exit status: 0 ok, 1 errors in the program, 2 usage errors, 3 a compiler fgpu needs is missing;")
	fmt.Fprintln(w, "as FC, the host compiler's own status.")
}

// commandUsage writes one command's synopsis.
func commandUsage(w io.Writer, c *command) {
	fmt.Fprintf(w, "Usage: fgpu %s", c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	s := c.summary
	if c.pending {
		s += " (not yet implemented)"
	}
	fmt.Fprintf(w, "  %s\n", s)
	flagHelp(w, c.name)
	if c.name == "parse" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Flags:")
		fmt.Fprintln(w, "  --dump            print the typed program on stdout")
		fmt.Fprintln(w, "  -D NAME[=VAL]     define a preprocessor macro for .F90 files (also -DNAME); repeatable")
		fmt.Fprintln(w, "  -I DIR            add DIR to the #include search path (also -IDIR); repeatable")
	}
	switch c.name {
	case "check", "explain", "facts", "query", "build":
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Pipeline flags:")
		fmt.Fprintf(w, "  --stop-after=PHASE  end after PHASE, one of: %s\n", strings.Join(driver.PhaseNames(), ", "))
		fmt.Fprintln(w, "  --dump-dir=DIR      write what each phase produced into DIR: facts.mg (the facts as")
		fmt.Fprintln(w, "                      evaluated; fgpu query DIR/facts.mg GOAL evaluates them again),")
		fmt.Fprintln(w, "                      analyses.mg (input and derived facts), lowering.txt, sync.txt, emit/")
		fmt.Fprintln(w, "  --time-passes       print each phase's time on stderr")
	}
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
		if c := lookup(args[0]); c != nil {
			commandUsage(stdout, c)
			return exitOK
		}
		fmt.Fprintf(stderr, "fgpu: help: unknown command %q\n", args[0])
	default:
		fmt.Fprintln(stderr, "fgpu: help: too many arguments")
	}
	usage(stderr)
	return exitUsage
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "fgpu: version: takes no arguments")
		commandUsage(stderr, lookup("version"))
		return exitUsage
	}
	fmt.Fprintf(stdout, "fgpu %s (%s %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// parseFlags are the flags of `fgpu parse`.
type parseFlags struct {
	dump        bool
	help        bool
	defines     []string
	includeDirs []string
	form        frontend.Options // the source form
	files       []string
}

// parseParseArgs reads the arguments of `fgpu parse`: flags and files in any
// order; "--" ends the flags.
func parseParseArgs(args []string) (parseFlags, error) {
	var f parseFlags
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.files = append(f.files, args[i+1:]...)
			return f, nil
		case a == "--dump" || a == "-dump":
			f.dump = true
		case a == "-h" || a == "-help" || a == "--help":
			f.help = true
		case isSourceFormFlag(a):
			if err := sourceFormFlag(a, &f.form.FixedForm, &f.form.FreeForm, &f.form.FixedLineLength); err != nil {
				return f, err
			}
		default:
			n, err := preprocessorOrFile(args, i, &f.defines, &f.includeDirs, &f.files)
			if err != nil {
				return f, err
			}
			i = n
		}
	}
	return f, nil
}

// preprocessorOrFile handles the arguments every front-end command takes
// besides its own flags: -D NAME[=VAL], -I DIR (also -DNAME, -IDIR), and
// file names. It returns the index of the last argument it used.
func preprocessorOrFile(args []string, i int, defines, includeDirs, files *[]string) (int, error) {
	a := args[i]
	switch {
	case a == "-D" || a == "-I":
		if i+1 >= len(args) || args[i+1] == "" {
			return i, fmt.Errorf("flag %s needs a value", a)
		}
		i++
		if a == "-D" {
			*defines = append(*defines, args[i])
		} else {
			*includeDirs = append(*includeDirs, args[i])
		}
	case strings.HasPrefix(a, "-D"):
		*defines = append(*defines, a[2:])
	case strings.HasPrefix(a, "-I"):
		*includeDirs = append(*includeDirs, a[2:])
	case strings.HasPrefix(a, "-") && a != "-":
		return i, fmt.Errorf("unknown flag %s", a)
	default:
		*files = append(*files, a)
	}
	return i, nil
}

var errNoFiles = errors.New("no files given")

// isSourceFormFlag reports one of gfortran's source-form flags, which every
// front-end command takes: -ffixed-form, -ffree-form,
// -ffixed-line-length-N, -ffixed-line-length-none.
func isSourceFormFlag(a string) bool {
	return a == "-ffixed-form" || a == "-ffree-form" || strings.HasPrefix(a, "-ffixed-line-length-")
}

// sourceFormFlag reads a source-form flag (isSourceFormFlag) into the
// front end's options (frontend.Options, driver.Options): the last of
// -ffixed-form and -ffree-form wins, as with gfortran; a line length of 0
// or none is no limit (-1).
func sourceFormFlag(a string, fixed, free *bool, lineLength *int) error {
	switch a {
	case "-ffixed-form":
		*fixed, *free = true, false
		return nil
	case "-ffree-form":
		*fixed, *free = false, true
		return nil
	}
	v := strings.TrimPrefix(a, "-ffixed-line-length-")
	if v == "none" {
		*lineLength = -1
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("flag %s: the line length is a number of columns or none", a)
	}
	if n == 0 {
		n = -1 // gfortran: -ffixed-line-length-0 is -ffixed-line-length-none
	}
	*lineLength = n
	return nil
}

func runParse(args []string, stdout, stderr io.Writer) int {
	c := lookup("parse")
	f, err := parseParseArgs(args)
	if err == nil && !f.help && len(f.files) == 0 {
		err = errNoFiles
	}
	if err != nil {
		fmt.Fprintf(stderr, "fgpu: parse: %v\n", err)
		commandUsage(stderr, c)
		return exitUsage
	}
	if f.help {
		commandUsage(stdout, c)
		return exitOK
	}

	opts := f.form
	opts.Defines, opts.IncludeDirs = f.defines, f.includeDirs
	prog, diags := frontend.Load(f.files, opts)
	var src frontend.SourceLines
	if prog != nil {
		src = prog
	}
	diags.Render(stderr, src)
	if diags.HasErrors() {
		return exitError
	}
	if prog == nil {
		fmt.Fprintln(stderr, "fgpu: parse: the front end returned no program")
		return exitError
	}
	if f.dump {
		frontend.Dump(stdout, prog)
	} else {
		fmt.Fprintln(stdout, prog.Summary())
	}
	return exitOK
}
