package emit

// This file writes what `fgpu build --gpu=metal` hands Apple's toolchain
// (issue 16): the kernels in the Metal Shading Language, for `xcrun metal`,
// and their launch routines, C++17 for clang++ on macOS, linked with the
// Metal runtime (runtime/src/fgpu_rt_metal.mm).
//
// Both come from the file the MSL emitter writes for --gpu=metal_cpu
// (mslkernel.go), which is what runs here: the MSL between its markers is
// the .metal file as it is, and its launch routines, which register the
// buffers with the runtime exactly as every backend's do, dispatch through
// the Metal runtime instead of running the kernel function on the host
// (fgpu_msl_dispatch becomes fgpu_metal_dispatch, with the buffers in
// [[buffer(n)]] order and whether the kernel writes each). The kernels'
// argument structs and derived types are copied from the MSL into the
// launch routines' file, so that host and kernel lay them out from one
// text (scalars and fixed-size arrays, laid out by C's rules in both
// languages). A launch this file does not know how to make on Metal (the
// threadgroup dispatches of reductions and values after the loop) is a
// "not yet implemented" error at its loop.

import (
	"fmt"
	"regexp"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// Markers of the MSL in the metal_cpu kernel file (mslBackend.file).
const (
	mslBeginMarker = "// ---- MSL begin ----\n"
	mslEndMarker   = "// ---- MSL end ----\n"
)

// mslDispatchRE is the metal_cpu dispatch of a kernel of one thread an
// iteration: its kernel function and the arguments after the struct.
var mslDispatchRE = regexp.MustCompile(`(?m)^(\s*)fgpu_msl_dispatch\(ntot, &fgpu_a\.fgpu_base, \[&\]\(uint fgpu_tid\) \{ (\w+)_dev\(fgpu_a((?:, \w+)*), fgpu_tid\); \}\);$`)

// mslGroupsRE is the metal_cpu dispatch of a kernel that combines values
// in threadgroups (the grid-stride kernel, then the one of the partials):
// the threadgroups, the kernel function, its buffers, then its thread
// positions (p.tid, ...: Metal's attributes, not arguments).
var mslGroupsRE = regexp.MustCompile(`(?m)^(\s*)fgpu_msl_dispatch_groups\((\w+), FGPU_MSL_TG, \[&\]\(const fgpu_msl_pos& p\) \{ (\w+)\(fgpu_a((?:, \w+)*?)((?:, p\.\w+)*)\); \}\);$`)

// mslHostCallsRE are metal_cpu's host helpers of those launches: the
// threadgroups of the first kernel, and the partials' scratch buffer.
var mslHostCallsRE = regexp.MustCompile(`fgpu_msl_groups\(ntot\)|fgpu_msl_scratch\((&\w+, &\w+, [^;]*)\);`)

// launchRE finds the launch routine of each kernel (mslBackend.kernel's
// comment line) in the host part.
var launchRE = regexp.MustCompile(`(?m)^// (\w+): launch$`)

// appleHostPrelude opens the launch routines' file.
const appleHostPrelude = `// fgpu launch routines for Metal (fgpu build --gpu=metal): C++17 for clang++
// on macOS, linked with the Metal runtime (fgpu_rt_metal.mm). The kernels
// are in the .metal file beside this one; the structs below are copied
// from it, so that both lay out the kernels' arguments from one text.
#include <cstddef>
#include <cstdint>
#include <ISO_Fortran_binding.h>
#include "fgpu_rt.h"
#include "fgpu_rt_metal.h"
typedef uint32_t uint;
// The trip count of a loop of the iteration space (fgpu_prelude.metal's).
static inline int64_t fgpu_trip(int64_t lo, int64_t hi, int64_t st) {
  int64_t n = (hi - lo + st) / st;
  return n > 0 ? n : 0;
}
`

// appleOutput turns out, the metal_cpu kernel file of a --gpu=metal build,
// into the MSL (out.MSL, out.MSLFile: the target's .metal name) and the
// launch routines (out.Kernels, out.KernelFile: the same name in .cpp).
func appleOutput(plan *lowering.Plan, out *Output) frontend.Diagnostics {
	var diags frontend.Diagnostics
	var first frontend.Pos
	if len(plan.Kernels) > 0 {
		first = plan.Kernels[0].Do.Pos
	}
	text := out.Kernels
	_, rest, ok1 := strings.Cut(text, mslBeginMarker)
	msl, host, ok2 := strings.Cut(rest, mslEndMarker)
	if !ok1 || !ok2 {
		return frontend.Diagnostics{{Pos: first, Severity: frontend.SevError,
			Msg: "internal error: the MSL kernel file has no MSL markers (--gpu=metal)"}}
	}
	byName := map[string]*lowering.Kernel{}
	for _, k := range plan.Kernels {
		byName[k.Name] = k
	}
	host = mslDispatchRE.ReplaceAllStringFunc(host, func(line string) string {
		m := mslDispatchRE.FindStringSubmatch(line)
		k := byName[m[2]]
		var args []string
		if m[3] != "" {
			args = strings.Split(strings.TrimPrefix(m[3], ", "), ", ")
		}
		if len(args) > metalMaxBuffers {
			pos := first
			if k != nil {
				pos = k.Do.Pos
			}
			diags = append(diags, frontend.NYI(frontend.NYIMSL, pos, pos, "a kernel of %d buffers on Metal, which binds at most %d besides the argument struct (--gpu=metal)", len(args), metalMaxBuffers))
		}
		return metalDispatch(m[1], m[2], args, k)
	})
	// The threadgroup launches: the first kernel's function gives the
	// threads a threadgroup (fgpu_metal_groups).
	host = mslGroupsRE.ReplaceAllStringFunc(host, func(line string) string {
		m := mslGroupsRE.FindStringSubmatch(line)
		fn := m[3]
		k := byName[strings.TrimSuffix(strings.TrimSuffix(fn, "_dev"), "_fin")]
		var args []string
		if m[4] != "" {
			args = strings.Split(strings.TrimPrefix(m[4], ", "), ", ")
		}
		if len(args) > metalMaxBuffers {
			pos := first
			if k != nil {
				pos = k.Do.Pos
			}
			diags = append(diags, frontend.NYI(frontend.NYIMSL, pos, pos, "a kernel of %d buffers on Metal, which binds at most %d besides the argument struct (--gpu=metal)", len(args), metalMaxBuffers))
		}
		return metalDispatchGroups(m[1], fn, m[2], args, k)
	})
	host = mslHostCallsRE.ReplaceAllStringFunc(host, func(call string) string {
		if call == "fgpu_msl_groups(ntot)" {
			// (the launch routine's kernel: the comment above it names it)
			return "fgpu_metal_groups(fgpu_dev_fn, ntot, kname, loop)"
		}
		m := mslHostCallsRE.FindStringSubmatch(call)
		return "fgpu_metal_scratch(" + m[1] + ", kname, loop);"
	})
	host = nameDevFn(host)
	// Every launch routine must now dispatch through the Metal runtime.
	locs := launchRE.FindAllStringSubmatchIndex(host, -1)
	for i, l := range locs {
		end := len(host)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := host[l[2]:l[3]]
		if body := host[l[0]:end]; strings.Contains(body, "fgpu_msl_") {
			pos := first
			if k := byName[name]; k != nil {
				pos = k.Do.Pos
			}
			diags = append(diags, frontend.NYI(frontend.NYIMSL, pos, pos, "the Metal launch of a kernel that combines values in threadgroups (reductions, values after the loop) (--gpu=metal)"))
		}
	}
	var b strings.Builder
	b.WriteString(appleHostPrelude)
	b.WriteString("\n// ---- structs of the MSL ----\n")
	b.WriteString(mslStructs(msl))
	b.WriteString("// ---- end of the structs ----\n")
	b.WriteString(host)
	out.MSL = "// fgpu kernels in the Metal Shading Language (fgpu build --gpu=metal):\n// xcrun -sdk macosx metal -fno-fast-math -c, then xcrun metallib.\n" + msl
	out.MSLFile = out.KernelFile
	out.Kernels = b.String()
	out.KernelFile = strings.TrimSuffix(out.KernelFile, ".metal") + ".cpp"
	return diags
}

// nameDevFn defines, at the top of each launch routine that asks for the
// threadgroups of its kernel, fgpu_dev_fn: the name of its first kernel
// function (K_dev).
func nameDevFn(host string) string {
	locs := launchRE.FindAllStringSubmatchIndex(host, -1)
	var b strings.Builder
	last := 0
	for i, l := range locs {
		end := len(host)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := host[l[0]:end]
		name := host[l[2]:l[3]]
		if strings.Contains(body, "fgpu_dev_fn") {
			// After the line "static const char* kname = ...;".
			if j := strings.Index(body, "static const char* kname"); j >= 0 {
				if e := strings.Index(body[j:], "\n"); e >= 0 {
					at := j + e + 1
					body = body[:at] + fmt.Sprintf("  static const char* const fgpu_dev_fn = %q;\n", name+"_dev") + body[at:]
				}
			}
		}
		b.WriteString(host[last:l[0]])
		b.WriteString(body)
		last = end
	}
	b.WriteString(host[last:])
	return b.String()
}

// metalDispatchGroups is the threadgroup launch of kernel function fn
// (K_dev, K_fin) over groups threadgroups, args its buffers in
// [[buffer(1..)]] order (written as metalDispatch says).
func metalDispatchGroups(indent, fn, groups string, args []string, k *lowering.Kernel) string {
	d := metalDispatch(indent, strings.TrimSuffix(fn, "_dev"), args, k)
	d = strings.Replace(d, fmt.Sprintf("fgpu_metal_dispatch(\"%s_dev\"", strings.TrimSuffix(fn, "_dev")), fmt.Sprintf("fgpu_metal_dispatch_groups(\"%s\"", fn), 1)
	d = strings.Replace(d, ", &fgpu_a.fgpu_base, ", ", ", 1)
	d = strings.Replace(d, ", ntot, kname, loop);", ", "+groups+", kname, loop);", 1)
	// Two launches in one routine: a block each.
	return indent + "{\n" + indentLines(d, "  ") + "\n" + indent + "}"
}

// indentLines prefixes every line of s with pre.
func indentLines(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}

// metalMaxBuffers is what Metal binds besides [[buffer(0)]]
// (FGPU_METAL_MAX_BUFFERS of fgpu_rt_metal.h).
const metalMaxBuffers = 30

// metalDispatch is the launch of kernel function name_dev through the
// Metal runtime, args its buffers in [[buffer(1..)]] order; k (nil when
// unknown) tells which the kernel writes: an array by the access analysis
// (Param.Written, as its registration says), a scalar by reference and
// the stop status always, anything else taken as written (a barrier too
// many costs time, one too few a race).
func metalDispatch(indent, name string, args []string, k *lowering.Kernel) string {
	written := func(a string) bool {
		if n, ok := strings.CutPrefix(a, "b_"); ok && k != nil {
			for _, p := range k.Params {
				if p.Kind == lowering.ArrayParam && p.Sym.Name == n {
					return p.Written
				}
			}
		}
		return true
	}
	var bufs, wr []string
	for _, a := range args {
		bufs = append(bufs, "(void*)"+a)
		w := "0"
		if written(a) {
			w = "1"
		}
		wr = append(wr, w)
	}
	var b strings.Builder
	if len(args) == 0 {
		fmt.Fprintf(&b, "%sfgpu_metal_dispatch(\"%s_dev\", &fgpu_a, sizeof fgpu_a, &fgpu_a.fgpu_base, nullptr, nullptr, 0, ntot, kname, loop);", indent, name)
		return b.String()
	}
	fmt.Fprintf(&b, "%svoid* const fgpu_bufs[] = {%s};\n", indent, strings.Join(bufs, ", "))
	fmt.Fprintf(&b, "%sstatic const unsigned char fgpu_written[] = {%s};\n", indent, strings.Join(wr, ", "))
	fmt.Fprintf(&b, "%sfgpu_metal_dispatch(\"%s_dev\", &fgpu_a, sizeof fgpu_a, &fgpu_a.fgpu_base, fgpu_bufs, fgpu_written, %d, ntot, kname, loop);", indent, name, len(args))
	return b.String()
}

// mslStructs returns the struct definitions of msl (derived types and the
// kernels' argument structs: "struct NAME {" to "};" at the start of a
// line), in order, each with the comment line before it.
func mslStructs(msl string) string {
	var b strings.Builder
	lines := strings.SplitAfter(msl, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "struct ") || !strings.HasSuffix(strings.TrimRight(l, "\n"), "{") {
			continue
		}
		if i > 0 && strings.HasPrefix(lines[i-1], "// ") {
			b.WriteString(lines[i-1])
		}
		for ; i < len(lines); i++ {
			b.WriteString(lines[i])
			if strings.TrimRight(lines[i], "\n") == "};" {
				break
			}
		}
	}
	return b.String()
}
