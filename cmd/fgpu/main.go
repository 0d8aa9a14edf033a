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
	summary string // a line, in the list of commands
	about   string // a paragraph, in the command's help and the manual
	pending bool   // not yet implemented
	fn      func(args []string, stdout, stderr io.Writer) int
}

// commands lists the commands in the order help shows them.
var commands []command

func init() {
	commands = []command{
		{name: "parse", args: "[--dump] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] FILE...", summary: "front end only: read, preprocess and check the program (--dump: the typed program)", about: "The front end alone: it reads the files (preprocessing .F90 and .F files; fixed or free form as the extension or the flags say), checks the program and prints a summary of it, or the typed program with --dump. Errors in the program exit 1.", fn: runParse},
		{name: "check", args: "[--gpu=cpu|cuda|metal] [--gpu-allow-cpu-fallback] [--show-gpu-kernel-source] [--unsupported-as=metal] [--gpu-offload-omp-loops] [--realloc-lhs-arrays] [--offload-report] [-fcheck=bounds|all] [--time-passes] [--stop-after=PHASE] [--dump-dir=DIR] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] FILE...", summary: "analyses: one line per parallel loop, offloaded or kept on the host and why", about: "The front end and the analyses that decide each do concurrent loop for the device --gpu names (cpu unless given): one line per loop on stdout, offloaded, kept on the host and why, or an error; the diagnostics on stderr. Nothing is compiled. Errors in the program, a loop that is an error included, exit 1.", fn: runCheck},
		{name: "explain", args: "[check flags] FILE[:LINE]...", summary: "the shortest derivation of each loop's outcome, as a positioned chain", about: "check's analyses, then for each loop (or the loops at the lines FILE:LINE names) the shortest derivation of its outcome: the facts and rules that decided it, each at its position in the source. A loop that is an error exits 1.", fn: runExplain},
		{name: "facts", args: "[check flags] FILE...", summary: "the relational facts of the program, sorted Mangle text, one a line", about: "The relational facts the analyses read, extracted from the program, as sorted Mangle text, one fact a line.", fn: runFacts},
		{name: "query", args: "[check flags] FILE...|FACTS.mg... 'goal'", summary: "the facts, extracted and derived, that match a Datalog goal", about: "The analyses evaluated over the program's facts, or over FACTS.mg (the facts of fgpu facts or of --dump-dir's facts.mg), then the facts, extracted and derived, that match the Datalog goal.", fn: runQuery},
		{name: "build", args: "[--gpu=cpu|cuda|cuda_cpu|metal|none] [-o OUT] [--fc=CMD] [--keep] [-O0|-O1|-O2|-O3] [--fast] [--realloc-lhs-arrays] [--static-cudart] [--gpu-allow-cpu-fallback] [--show-gpu-kernel-source] [--unsupported-as=metal] [--gpu-offload-omp-loops] [--offload-report] [-fcheck=bounds|all] [--time-passes] [-j N] [--stop-after=PHASE] [--dump-dir=DIR] [-D NAME[=VAL]] [-I DIR] [-ffixed-form|-ffree-form] [-ffixed-line-length-N|none] [gfortran flags] FILE...", summary: "build the program, its loops offloaded (exit 3: a compiler is missing)", about: "Builds an executable (-o, default a.out) from the Fortran sources given: the loops check offloads become kernels for the device --gpu names (C++ on the host's threads unless given), the host code is the program rewritten to launch them, compiled by the host Fortran compiler. Objects (.o), archives (.a) and shared libraries (.so) are linked, and objects fgpu compiled (fgpu -c) bring their sources into the program. build also reads the flags gfortran and nvfortran take, as fgpu does as FC (fgpu help fc). Exit status 1: errors in the program; 3: a compiler fgpu needs is missing.", fn: runBuild},
		{name: "run", args: "[build flags] FILE... [-- ARGS]", summary: "build the program and run it; the exit status is the program's", about: "Builds the program as build does, in a temporary directory unless -o names the executable, and runs it with ARGS; the exit status is the program's. --gpu=metal is refused (fgpu help metal).", fn: runRun},
		{name: "version", summary: "print fgpu's version", about: "Prints fgpu's version, the Go release that built it and the platform.", fn: runVersion},
		{name: "help", args: "[COMMAND|TOPIC|--man]", summary: "print this help, a command's or a topic's; --man: the manual page", about: "Prints the commands and topics, a command's synopsis, summary and flags, or a topic. --man writes the manual page (roff, fgpu.1) on stdout: the same commands, flags and topics.", fn: runHelp},
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
