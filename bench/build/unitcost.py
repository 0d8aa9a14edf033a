#!/usr/bin/env python3
"""Where the C++ compile time of one CPU kernel unit goes (issue 35).

Usage: unitcost.py UNIT.cpp RUNTIME_SRC_DIR [--runs N] [--instr] [--first K]

UNIT.cpp is one kernel unit of `fgpu build --gpu=cpu --keep` (or of
`--stop-after=emit --dump-dir=D`, D/emit/fgpu_kernels_*_uN.cpp). The script
writes variants of it, each with a part of every kernel removed or
rewritten, and compiles each as the driver does (c++ -std=c++17 -O3
-fopenmp -ffp-contract=off -fno-fast-math -I RUNTIME_SRC_DIR -c): the
minimum user time of N runs (default 3) and, with --instr, the
instructions cc1plus executes (valgrind --tool=cachegrind, about 30x
slower, but the same count whatever the machine's load). --first K keeps
the first K kernels only.

The variants (none of them is linked or run: compile cost only):
  full        the unit as emitted
  serial      the unit with -fopenmp-simd: no OpenMP outlining at all
  O2          the unit at -O2
  no-general  every kernel's general version removed
  no-unit     every kernel's unit-stride version removed
  no-packed   every kernel's packed version removed
  setup       all three removed: the prelude and the launch routines' setup
  prelude     the prelude alone (the lines before the first kernel)
  chunk       each kernel's versions moved into one lambda called through
              a function pointer with a chunk [b, e) (an approximation of a
              runtime dispatcher calling a kernel's chunk function), built
              with -fopenmp-simd; reductions not combined (compile cost only)
  one-region  the whole launch routine in one `omp parallel` region, its
              loops `omp for` (reduction clauses dropped: compile cost only)
  reentrant   no outlined function: the launch routine, called outside a
              team, starts one whose threads call the routine again; each
              loop runs the thread's chunk [b, e) of its first counter
              (-fopenmp-simd; the runtime's calls and reductions not made
              once a team: compile cost only)

It relies on the comments the CPU backend writes at the start of each
version (emit/cpukernel.go): "// Packs of", "// Unit stride" (or "// The
kernel's own order"), "// The general version".
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The comment line before each kernel's launch routine.
KERNEL = re.compile(r"^// fgpu_\w+_k\d+: do concurrent")

UNIT_MARKS = ("// Unit stride", "// The kernel's own order")


def braces(s):
    return s.count("{") - s.count("}")


def drop(src, start, stop_at_else):
    """Removes the body of each version that starts with a line for which
    start(stripped line) holds; the version ends at its branch's "} else"
    (stop_at_else) or its closing brace."""
    out, i = [], 0
    while i < len(src):
        s = src[i].strip()
        if not start(s):
            out.append(src[i])
            i += 1
            continue
        d, k = 1, i
        while True:
            k += 1
            if k >= len(src):
                sys.exit("unbalanced braces after line %d" % (i + 1))
            t = src[k].strip()
            if stop_at_else and d == 1 and t.startswith("} else"):
                break
            d += braces(src[k])
            if d == 0:
                break
        out.append(src[k])
        i = k + 1
    return out


def no_general(src):
    return drop(src, lambda s: s.startswith("// The general version"), False)


def no_unit(src):
    return drop(src, lambda s: s.startswith(UNIT_MARKS), True)


def no_packed(src):
    return drop(src, lambda s: s.startswith("// Packs of"), True)


CHUNK_PRE = '''extern "C" void fgpu_rt_cpu_parallel(int64_t n, void (*fn)(void*, int64_t, int64_t), void* ctx);
template <class F> static inline void fgpu_par(int64_t n, F&& f) {
  fgpu_rt_cpu_parallel(n, [](void* c, int64_t b, int64_t e) { (*(F*)c)(b, e); }, &f);
}
'''


def chunk(src):
    out, i, pre = [], 0, False
    while i < len(src):
        l = src[i]
        if not pre and KERNEL.match(l):
            out.append(CHUNK_PRE)
            pre = True
        if l.strip() != "const int fgpu_ord = fgpu_cpu_order();":
            out.append(l)
            i += 1
            continue
        out.append(l)
        j = k = i + 1
        d = 0
        while True:
            d += braces(src[k])
            if d == 0:
                break
            k += 1
        out.append("  fgpu_par(ntot, [&](int64_t fgpu_b0, int64_t fgpu_e0) {")
        fix = False
        for b in src[j:k + 1]:
            s = b.strip()
            if s.startswith("#pragma omp parallel"):
                if "simd" in s.split("schedule")[0]:
                    out.append("#pragma omp simd")
                fix = s.startswith("#pragma omp parallel for")
                continue
            if s.startswith("#pragma omp for"):
                fix = True
                continue
            if fix and s.startswith("for ("):
                b = re.sub(r"= [^;]*;", "= fgpu_b0;", b, 1)
                b = re.sub(r"< [^;]*;", "< fgpu_e0;", b, 1)
                fix = False
            out.append(b)
        out.append("  });")
        i = k + 1
    return out


REENTRANT_PRE = '''extern "C" int fgpu_rt_in_team(void);
extern "C" void fgpu_rt_team_run(void (*fn)(void*), void* ctx);
extern "C" void fgpu_rt_chunk(int64_t n, int64_t* b, int64_t* e);
template <class F> static inline void fgpu_team(F&& f) {
  fgpu_rt_team_run([](void* c) { (*(F*)c)(); }, &f);
}
'''


def reentrant(src):
    """The launch routine run again by every thread of a team: outside a
    team it starts one, each thread calling the routine itself; each
    loop's first counter runs over the thread's chunk [b, e)."""
    out, i, pre = [], 0, False
    while i < len(src):
        l = src[i]
        if not pre and KERNEL.match(l):
            out.append(REENTRANT_PRE)
            pre = True
        m = re.match(r'^extern "C" void (\w+)\((.*)\) \{$', l)
        if m:
            names = [a.split()[-1].lstrip("*") for a in m.group(2).split(", ") if a]
            out.append(l)
            out.append("  if (!fgpu_rt_in_team()) { fgpu_team([&]() { %s(%s); }); return; }" % (m.group(1), ", ".join(names)))
            i += 1
            continue
        s = l.strip()
        if s.startswith("#pragma omp parallel"):
            ind = l[:len(l) - len(l.lstrip())]
            out.append(ind + "int64_t fgpu_b0, fgpu_e0; fgpu_rt_chunk(ntot, &fgpu_b0, &fgpu_e0);")
            if "simd" in s.split("schedule")[0]:
                out.append(ind + "#pragma omp simd")
            # the loop: its first counter over [b, e)
            j = i + 1
            while j < len(src) and not src[j].strip().startswith(("for (", "#pragma omp for")):
                out.append(src[j])
                j += 1
            if src[j].strip().startswith("#pragma omp for"):
                j += 1
            b = re.sub(r"= [^;]*;", "= fgpu_b0;", src[j], 1)
            out.append(re.sub(r"< [^;]*;", "< fgpu_e0;", b, 1))
            i = j + 1
            continue
        out.append(l)
        i += 1
    return out


def one_region(src):
    out, inside = [], False
    for l in src:
        s = l.strip()
        if s.startswith("static const char* kname"):
            out += [l, "#pragma omp parallel", "{"]
            inside = True
            continue
        if inside and s.startswith("#pragma omp parallel for"):
            l = l.replace("parallel for", "for")
        elif inside and s.startswith("#pragma omp parallel"):
            continue
        if inside and s.startswith("#pragma omp"):
            l = re.sub(r"if\(parallel:[^)]*\)", "", l)
            l = re.sub(r"reduction\([^)]*\)", "", l)
        if inside and s.startswith("fgpu_rt_launched"):
            out.append("}")
            inside = False
        out.append(l)
    return out


def first(src, k):
    out, n = [], 0
    for l in src:
        if KERNEL.match(l):
            n += 1
            if n > k:
                break
        out.append(l)
    return out


def prelude(src):
    out = []
    for l in src:
        if KERNEL.match(l):
            break
        out.append(l)
    return out


def main():
    args = sys.argv[1:]
    runs, instr, firstk = 3, False, 0
    pos = []
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        elif a == "--instr":
            instr = True
        elif a == "--first":
            firstk = int(args.pop(0))
        else:
            pos.append(a)
    if len(pos) != 2:
        sys.exit(__doc__)
    unit, rt = pos
    src = open(unit).read().split("\n")
    if firstk:
        src = first(src, firstk)
    for mark in ("// The general version",) + UNIT_MARKS[:1]:
        if not any(l.strip().startswith(mark) for l in src):
            sys.exit("%s: no %r line: the CPU backend's comments changed (emit/cpukernel.go)" % (unit, mark))
    base = ["-std=c++17", "-O3", "-fopenmp", "-ffp-contract=off", "-fno-fast-math", "-I", rt]
    variants = [
        ("full", src, base),
        ("serial", src, [f.replace("-fopenmp", "-fopenmp-simd") for f in base]),
        ("O2", src, [f.replace("-O3", "-O2") for f in base]),
        ("no-general", no_general(src), base),
        ("no-unit", no_unit(src), base),
        ("no-packed", no_packed(src), base),
        ("setup", no_packed(no_unit(no_general(src))), base),
        ("prelude", prelude(src), base),
        ("chunk", chunk(src), [f.replace("-fopenmp", "-fopenmp-simd") for f in base]),
        ("one-region", one_region(src), base),
        ("reentrant", reentrant(src), [f.replace("-fopenmp", "-fopenmp-simd") for f in base]),
    ]
    cxx = os.environ.get("CXX", "c++")
    tmp = tempfile.mkdtemp()
    try:
        cc1 = subprocess.run([cxx, "-print-prog-name=cc1plus"], capture_output=True, text=True).stdout.strip()
        print("%-11s %8s %8s %9s %s" % ("variant", "lines", "user s", "G instr", "flags"))
        for name, text, flags in variants:
            f = os.path.join(tmp, name + ".cpp")
            with open(f, "w") as fh:
                fh.write("\n".join(text) + "\n")
            best = None
            for _ in range(runs):
                t0 = os.times()
                r = subprocess.run([cxx] + flags + ["-c", f, "-o", os.path.join(tmp, "x.o")], capture_output=True, text=True)
                t1 = os.times()
                if r.returncode != 0:
                    sys.exit("%s does not compile:\n%s" % (name, r.stderr[-2000:]))
                u = t1.children_user - t0.children_user
                best = u if best is None else min(best, u)
            gi = ""
            if instr:
                ii = os.path.join(tmp, name + ".ii")
                subprocess.run([cxx] + flags + ["-E", f, "-o", ii], check=True)
                opts = [x for x in flags if not x.startswith("-I") and x != rt]
                r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                                    cc1, "-fpreprocessed", ii, "-quiet", "-mtune=generic", "-march=x86-64"] + opts +
                                   ["-o", os.path.join(tmp, "x.s")], capture_output=True, text=True)
                m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
                gi = "%.3f" % (int(m.group(1).replace(",", "")) / 1e9) if m else "?"
            print("%-11s %8d %8.2f %9s %s" % (name, len(text), best, gi, " ".join(x for x in flags if x.startswith(("-O", "-fopenmp")))), flush=True)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
