package main

// fgpu help: the list of commands and topics, a command's help (its
// synopsis, its paragraph and its own flags) and the topics, which hold
// what concerns more than one command (fgpu as FC, Metal, the
// environment). The manual page (man.go) is written from the same tables.

import (
	"fmt"
	"io"
	"strings"
)

// A topic is a text of `fgpu help NAME` and a section of the manual.
type topic struct {
	name    string
	title   string // the manual's section heading
	summary string // a line, in the list of topics
	// Paragraphs of prose; one whose lines start with two spaces is shown
	// as written (command lines, tables).
	body []string
	// A list of names and their text after the paragraphs, shown as
	// the flags are (flag is the name; cmds is unused).
	items []flagDoc
}

// topics lists the topics in the order help shows them.
var topics = []topic{
	{name: "fc", title: "FGPU AS FC", summary: "fgpu as FC in make, CMake and other build systems; gfortran's and nvfortran's flags", body: []string{
		"A command line that starts with a flag or an input file, not a command, is read as gfortran reads its own, so that build systems call fgpu where they call gfortran (FC=fgpu):",
		"  fgpu [gfortran flags] -c a.f90 [-o a.o]   compile: the host compiler's object, carrying the source\n  fgpu [gfortran flags] a.o b.o -o app      link: the whole program built, its loops offloaded\n  fgpu [gfortran flags] a.f90 b.f90 -o app  build, as fgpu build\n  fgpu -E ...                               the host compiler alone",
		"fgpu's own flags (--gpu=, --fc=, --keep, --fast, ...) are read as build reads them; -J/-module, -I, -D, -O, -o, -c, -E as gfortran reads them; -L, -l, -Wl, objects and archives go to the link; every other flag goes to the host compiler, in every compile and at the link. The analyses see the whole program at the link: an object fgpu compiled carries its source, and the link builds from those sources. The exit status is the host compiler's own, or fgpu's (fgpu help).",
		"fgpu build takes the same line: -march, -mtune, -mcpu, -ffast-math (and -Ofast's), -ffp-contract and -g reach the C++ kernels too (with -march or -mcpu the kernels contract a*b+c into FMAs as gfortran then does, unless -ffp-contract=off); -L, -l, -Wl the link.",
		"nvfortran's flags are read: -stdpar[=gpu] (--gpu=cuda), -stdpar=multicore (--gpu=cpu), -gpu=ccXX (the CUDA compute capability, default 90), -Minfo[=stdpar|accel] (--offload-report), -mp[=multicore] (-fopenmp); -mp=gpu is not yet implemented.",
	}},
	{name: "metal", title: "METAL", summary: "--gpu=metal: the sources for Apple GPUs, built on macOS", body: []string{
		"--gpu=metal: the final build and link need Apple's toolchain (xcrun metal, metallib, clang++, the Metal framework). build writes the kernels in MSL (.metal), their launch routines (C++), the runtime (Objective-C++), the rewritten host files and build.sh into the --keep directory, else OUT-metal beside the executable -o names, and exits with status 3 (a missing tool) and a note naming it; on a Mac, `sh DIR/build.sh [OUTPUT]` builds the executable, which carries the Metal library (FGPU_METALLIB=PATH overrides it). On macOS with xcrun, build runs build.sh itself. Errors in the program exit 1 as for every device.",
		"run refuses --gpu=metal; --gpu=metal_cpu compiles the MSL kernels as C++ and runs them on the CPU, under Metal's rules, and --unsupported-as=metal builds for the CPU under them.",
	}},
	{name: "environment", title: "ENVIRONMENT", summary: "the variables fgpu and the programs it builds read", body: []string{
		"fgpu reads FGPU_FC; the programs it builds read the others.",
	}, items: []flagDoc{
		{flag: "FGPU_FC", text: "the host Fortran compiler and its flags when --fc is not given (default gfortran)"},
		{flag: "FGPU_CPU_ORDER", text: "the CPU kernels' iteration order, reverse or shuffle (unset: their own): a program whose result depends on the order of the iterations prints differently"},
		{flag: "FGPU_CPU_ORDER_SEED", text: "the permutation of shuffle, an unsigned integer (default 1)"},
		{flag: "FGPU_STATS", text: "set and not 0: the program prints the launches of each loop on stderr at its end"},
		{flag: "FGPU_HEAP_SIZE", text: "the bytes of a launch's heap, with an optional K, M or G (default 256M)"},
		{flag: "FGPU_DEVICE", text: "the GPU a program uses (CUDA, Metal), else the node-local MPI rank modulo the GPUs"},
		{flag: "FGPU_METALLIB", text: "the Metal library a --gpu=metal program loads instead of the one it carries"},
	}},
}

func lookupTopic(name string) *topic {
	for i := range topics {
		if topics[i].name == name {
			return &topics[i]
		}
	}
	return nil
}

// exitStatusText is the exit statuses, in the help and the manual.
const exitStatusText = "0 ok, 1 errors in the program, 2 usage errors, 3 a compiler fgpu needs is missing; as FC, the host compiler's own status."

// usage writes the list of commands and topics.
func usage(w io.Writer) {
	fmt.Fprintln(w, "fgpu runs the do concurrent loops of a Fortran program on a GPU.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "  fgpu COMMAND [flags] [args]")
	fmt.Fprintln(w, "  fgpu [gfortran flags] FILE...   as FC in a build system (fgpu help fc)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	fmt.Fprintln(w)
	for _, c := range commands {
		s := c.summary
		if c.pending {
			s += " (not yet implemented)"
		}
		wrap(w, s, fmt.Sprintf("  %-12s ", c.name), strings.Repeat(" ", 15))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Topics:")
	fmt.Fprintln(w)
	for _, t := range topics {
		wrap(w, t.summary, fmt.Sprintf("  %-12s ", t.name), strings.Repeat(" ", 15))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'fgpu help COMMAND' for a command's arguments and flags, 'fgpu help TOPIC' for a topic,")
	fmt.Fprintln(w, "'fgpu help --man' for the manual page.")
	wrap(w, "Exit status: "+exitStatusText, "", "")
}

// commandUsage writes one command's help: its synopsis, its paragraph
// and its own flags.
func commandUsage(w io.Writer, c *command) {
	line := "Usage: fgpu " + c.name
	for _, g := range argGroups(c.args) {
		if len(line)+1+len(g) > helpWidth {
			fmt.Fprintln(w, line)
			line = "           " + strings.Repeat(" ", len(c.name))
		}
		line += " " + g
	}
	fmt.Fprintln(w, line)
	fmt.Fprintln(w)
	s := c.summary
	if c.pending {
		s += " (not yet implemented)"
	}
	about := c.about
	if about == "" {
		about = s
	}
	wrap(w, about, "  ", "  ")
	flags := flagsOf(c.name)
	if len(flags) == 0 {
		return
	}
	fmt.Fprintln(w)
	if o := flagOwner(c.name); o != c.name {
		fmt.Fprintf(w, "Flags (those of %s):\n", o)
	} else {
		fmt.Fprintln(w, "Flags:")
	}
	itemLines(w, flags)
}

// itemLines writes a list of flags (or of a topic's names), each with its
// text filled beside it.
func itemLines(w io.Writer, items []flagDoc) {
	for _, d := range items {
		first := fmt.Sprintf("  %-28s ", d.flag)
		if len(first) > 31 {
			fmt.Fprintln(w, strings.TrimRight(first, " "))
			first = strings.Repeat(" ", 31)
		}
		wrap(w, d.text, first, strings.Repeat(" ", 31))
	}
}

// argGroups splits a synopsis into its words, a bracketed group one
// word ("[-D NAME[=VAL]]").
func argGroups(args string) []string {
	var groups []string
	depth := 0
	for _, f := range strings.Fields(args) {
		if depth > 0 {
			groups[len(groups)-1] += " " + f
		} else {
			groups = append(groups, f)
		}
		depth += strings.Count(f, "[") - strings.Count(f, "]")
	}
	return groups
}

// topicHelp writes a topic.
func topicHelp(w io.Writer, t *topic) {
	fmt.Fprintf(w, "fgpu help %s: %s\n", t.name, t.summary)
	for _, p := range t.body {
		fmt.Fprintln(w)
		if strings.HasPrefix(p, "  ") {
			fmt.Fprintln(w, p)
			continue
		}
		wrap(w, p, "", "")
	}
	if len(t.items) > 0 {
		fmt.Fprintln(w)
		itemLines(w, t.items)
	}
}

// helpWidth is the width help fills its paragraphs to.
const helpWidth = 100

// wrap writes text filled to helpWidth columns, its first line after
// first, the others after indent.
func wrap(w io.Writer, text, first, indent string) {
	line := first
	empty := true
	for _, word := range strings.Fields(text) {
		if !empty && len(line)+1+len(word) > helpWidth {
			fmt.Fprintln(w, line)
			line, empty = indent, true
		}
		if !empty {
			line += " "
		}
		line += word
		empty = false
	}
	fmt.Fprintln(w, line)
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
		if args[0] == "--man" || args[0] == "-man" {
			manPage(stdout)
			return exitOK
		}
		if c := lookup(args[0]); c != nil {
			commandUsage(stdout, c)
			return exitOK
		}
		if t := lookupTopic(args[0]); t != nil {
			topicHelp(stdout, t)
			return exitOK
		}
		fmt.Fprintf(stderr, "fgpu: help: unknown command or topic %q\n", args[0])
	default:
		fmt.Fprintln(stderr, "fgpu: help: too many arguments")
	}
	usage(stderr)
	return exitUsage
}
