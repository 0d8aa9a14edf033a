#!/bin/sh
# Build cost of large programs (issue 35): for generated one-file programs
# of about 12,000 and 50,000 lines (bench/analysis/gen -onefile -f2008:
# modules of allocatable arrays, module procedures holding do concurrent
# loops, a main time loop), the time and peak memory of
#   gfortran -O2 prog.f90                      (the original)
#   fgpu build --gpu=cpu prog.f90, cold        (an empty fgpu cache: runtime and kernels compiled)
#   fgpu build --gpu=cpu prog.f90, warm        (the kernels' object from the cache)
#   gfortran -O2 -c on fgpu's rewritten host file alone
# each with /usr/bin/time -v (user time, wall time, maximum RSS: the largest
# single process, fgpu or one compiler it runs) and the peak of the resident
# memory of all its processes together (sampled every 0.5 s: the compilers
# a build runs at a time, -j). SIZES overrides the sizes
# (thousands of lines). HOST="50" measures at those sizes the original and
# the host side only (fgpu build --stop-after=emit, then gfortran on the
# launch module and the rewritten host file; no C++ kernel compile).
# CHECK="200" adds `fgpu check --time-passes` at those sizes. Run from
# anywhere; the programs go to a temporary directory.
set -eu
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
echo "commit:  $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- emit cmd frontend facts rules lowering || echo ' (dirty)')"
echo "machine: $(nproc) cores, $(uname -m), $(gfortran --version | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
go build -o "$work/fgpu" ./cmd/fgpu
# treerss PID: the resident memory (kB) of PID and its descendants together.
treerss() {
	ps -e -o pid=,ppid=,rss= | awk -v root="$1" '{ par[$1] = $2; rss[$1] = $3 }
		END { for (p in par) { q = p; n = 0; while (q != root && (q in par) && n++ < 64) q = par[q]; if (q == root) t += rss[p] }; print t + 0 }'
}
measure() { # label, command...
	label=$1
	shift
	/usr/bin/time -v "$@" >"$work/out" 2>"$work/err" &
	tp=$!
	peak=0
	while kill -0 "$tp" 2>/dev/null; do
		r=$(treerss "$tp")
		[ "$r" -gt "$peak" ] && peak=$r
		sleep 0.5
	done
	wait "$tp" || { echo "$label: FAILED"; tail -20 "$work/err"; return 0; }
	u=$(sed -n 's/^[[:space:]]*User time (seconds): //p' "$work/err")
	s=$(sed -n 's/^[[:space:]]*System time (seconds): //p' "$work/err")
	w=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/err")
	m=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$work/err")
	printf '%-34s user %7.1f s  sys %5.1f s  wall %8s  max RSS %5d MB  all processes %5d MB\n' "$label" "$u" "$s" "$w" $((m / 1024)) $((peak / 1024))
	grep -E '^time: (load|facts|analyses|lowering|sync|emit|compile) ' "$work/err" | sed 's/^/    /' || true
}
for k in ${SIZES:-12 50}; do
	dir="$work/p${k}k"
	go run ./bench/analysis/gen -lines "${k}000" -f2008 -onefile -out "$dir" >/dev/null
	echo
	echo "program: $(wc -l <"$dir/prog.f90" | tr -d ' ') lines, $(grep -ciE '^[[:space:]]*module[[:space:]]+m' "$dir/prog.f90") modules, $(grep -ciE '^[[:space:]]*do[[:space:]]+concurrent' "$dir/prog.f90") do concurrent loops"
	(cd "$dir" && measure "gfortran -O2 (original)" gfortran -O2 prog.f90 -o orig.exe)
	rm -f "$dir"/*.mod
	mkdir -p "$work/cache$k" "$work/tmp$k"
	(cd "$dir" && XDG_CACHE_HOME="$work/cache$k" TMPDIR="$work/tmp$k" measure "fgpu build --gpu=cpu (cold cache)" "$work/fgpu" build --gpu=cpu --time-passes -o fgpu.exe prog.f90)
	(cd "$dir" && XDG_CACHE_HOME="$work/cache$k" TMPDIR="$work/tmp$k" measure "fgpu build --gpu=cpu (warm cache)" "$work/fgpu" build --gpu=cpu --time-passes --keep -o fgpu.exe prog.f90)
	keep=$(ls -d "$work/tmp$k"/fgpu-build-* | head -1)
	(cd "$keep" && rm -f prog.o && measure "gfortran -O2 -c (rewritten host)" gfortran -O2 -ffpe-summary=none -J . -I . -c prog.f90 -o prog.o)
	# The answers: the time loop's prints (sums of reductions, which the
	# kernels add in another order: the last digit may differ).
	if [ -x "$dir/orig.exe" ] && [ -x "$dir/fgpu.exe" ]; then
		(cd "$dir" && ./orig.exe >orig.out 2>&1; ./fgpu.exe >fgpu.out 2>&1; cmp -s orig.out fgpu.out && echo "outputs: identical ($(wc -l <orig.out | tr -d ' ') lines)" || { echo "outputs: differ (gfortran <, fgpu >):"; diff orig.out fgpu.out | sed 's/^/    /'; })
	fi
	rm -rf "$dir" "$work/tmp$k" "$work/cache$k"
done
for k in ${HOST:-}; do
	dir="$work/h${k}k"
	go run ./bench/analysis/gen -lines "${k}000" -f2008 -onefile -out "$dir" >/dev/null
	echo
	echo "program: $(wc -l <"$dir/prog.f90" | tr -d ' ') lines, $(grep -ciE '^[[:space:]]*module[[:space:]]+m' "$dir/prog.f90") modules, $(grep -ciE '^[[:space:]]*do[[:space:]]+concurrent' "$dir/prog.f90") do concurrent loops (host side only)"
	(cd "$dir" && measure "gfortran -O2 (original)" gfortran -O2 prog.f90 -o orig.exe)
	rm -f "$dir"/*.mod
	(cd "$dir" && measure "fgpu build --stop-after=emit" "$work/fgpu" build --gpu=cpu --time-passes --stop-after=emit --dump-dir="$dir/dump" prog.f90)
	(cd "$dir/dump/emit" && measure "gfortran -O2 -c (launch module)" gfortran -O2 -ffpe-summary=none -w -c fgpu_launch_*.f90 &&
		measure "gfortran -O2 -c (rewritten host)" gfortran -O2 -ffpe-summary=none -c prog.f90 -o prog.o)
	rm -rf "$dir"
done
for k in ${CHECK:-}; do
	dir="$work/c${k}k"
	go run ./bench/analysis/gen -lines "${k}000" -f2008 -onefile -out "$dir" >/dev/null
	echo
	echo "program: $(wc -l <"$dir/prog.f90" | tr -d ' ') lines, $(grep -ciE '^[[:space:]]*do[[:space:]]+concurrent' "$dir/prog.f90") do concurrent loops"
	(cd "$dir" && measure "fgpu check --gpu=cpu" "$work/fgpu" check --gpu=cpu --time-passes prog.f90)
	rm -rf "$dir"
done
