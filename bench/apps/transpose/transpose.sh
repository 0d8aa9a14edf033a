#!/usr/bin/env bash
# Runs the tiled transpose benchmark (bench/apps/transpose/build.sh, or the
# batch of bench/gpu/run.sh) on the GPU machine: fgpu --gpu=cuda next to the
# hand-written CUDA reference, 16384 x 16384 real(8), 3 runs each of 20
# timed transposes; prints a table of the median of the best bandwidths.
# Issue 11 asks fgpu for at least 2.5 TB/s effective on the H200.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
n=${TRANSPOSE_N:-16384}
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for prog in transpose_fgpu transpose_ref; do
	: >"/tmp/$prog.bw"
	for r in 1 2 3; do
		if [[ $prog == transpose_fgpu && $r == 1 ]]; then
			FGPU_STATS=1 "bin/$prog" "$n" 20 >"/tmp/$prog.out" 2>"/tmp/$prog.stats" || { echo "$prog failed"; cat "/tmp/$prog.out" "/tmp/$prog.stats"; }
		else
			"bin/$prog" "$n" 20 >"/tmp/$prog.out" 2>&1 || { echo "$prog failed"; cat "/tmp/$prog.out"; }
		fi
		awk '/^bandwidth/ {print $2}' "/tmp/$prog.out" >>"/tmp/$prog.bw"
		grep -h validation "/tmp/$prog.out"
	done
done
f=$(med </tmp/transpose_fgpu.bw)
c=$(med </tmp/transpose_ref.bw)
echo "== tiled transpose, n = $n real(8), 32 x 32 tiles (GB/s, effective: 2 * 8 * n^2 / best time) =="
echo "fgpu runs: $(tr '\n' ' ' </tmp/transpose_fgpu.bw)"
echo "CUDA runs: $(tr '\n' ' ' </tmp/transpose_ref.bw)"
awk -v f="$f" -v c="$c" 'BEGIN { printf "| program | median GB/s | ratio to CUDA |\n|---|---|---|\n| fgpu --gpu=cuda | %s | %.3f |\n| hand-written CUDA | %s | 1.000 |\n", f, f / c, c }'
cat /tmp/transpose_fgpu.stats
# Other block sizes for fgpu's staged loop (one run each).
for t in 64 256; do
	FGPU_THREADS_PER_BLOCK=$t bin/transpose_fgpu "$n" 20 >/tmp/alt.out 2>&1
	echo "fgpu FGPU_THREADS_PER_BLOCK=$t: $(awk '/^bandwidth/ {print $2}' /tmp/alt.out) GB/s"
done
if [[ -x bin/transpose_cpu ]]; then
	export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
	bin/transpose_cpu 8192 5 >/tmp/cpu.out 2>&1
	echo "fgpu --gpu=cpu, n = 8192, $OMP_NUM_THREADS threads: $(awk '/^bandwidth/ {print $2}' /tmp/cpu.out) GB/s ($(grep validation /tmp/cpu.out))"
fi
