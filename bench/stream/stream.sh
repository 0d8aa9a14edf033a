#!/usr/bin/env bash
# Runs the stream benchmarks of the batch (bench/gpu/run.sh) on the GPU
# machine: fgpu --gpu=cuda next to the hand-written CUDA, then fgpu --gpu=cpu
# next to gfortran -fopenmp on all cores; 3 runs each, medians of the best
# bandwidths; prints the tables of bench/RESULTS.md.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
runs() { # prog -> /tmp/prog.r{1,2,3}
	for r in 1 2 3; do
		if [[ $r == 1 && $1 == stream_fgpu ]]; then
			FGPU_STATS=1 "bin/$1" >"/tmp/$1.r$r" 2>"/tmp/$1.stats" || echo "$1 failed (run $r)"
		else
			"bin/$1" >"/tmp/$1.r$r" 2>&1 || echo "$1 failed (run $r)"
		fi
	done
}
med() { # prog kernel -> median GB/s
	for r in 1 2 3; do awk -v k="$2" '$1 == k {print $2}' "/tmp/$1.r$r"; done | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
table() { # title progA labelA progB labelB
	echo "== $1 =="
	echo "| kernel | $3 GB/s | $5 GB/s | ratio |"
	echo "|---|---|---|---|"
	for k in copy mul add triad dot; do
		a=$(med "$2" $k); b=$(med "$4" $k)
		awk -v k=$k -v a="$a" -v b="$b" 'BEGIN { printf "| %s | %s | %s | %.3f |\n", k, a, b, (b > 0 ? a / b : 0) }'
	done
	grep -h validation "/tmp/$2.r1" "/tmp/$4.r1"
}
runs stream_fgpu
runs stream_ref
table "stream on the GPU: fgpu --gpu=cuda vs hand-written CUDA (n = 2^28)" stream_fgpu fgpu stream_ref CUDA
cat /tmp/stream_fgpu.stats
# Other geometries, one run each: is the reference the best we can write,
# and does fgpu's tuned choice lose to a fixed one?
echo "== other geometries (one run each; GB/s copy mul add triad dot) =="
for cfg in "STREAM_TB=256" "STREAM_TB=512" "STREAM_TB=1024 STREAM_GRID=full" "STREAM_TB=256 STREAM_GRID=full"; do
	env $cfg bin/stream_ref >/tmp/alt.out 2>&1
	echo "CUDA $cfg: $(awk '$2 ~ /^[0-9.]+$/ && $3 == "GB/s" {printf "%s ", $2}' /tmp/alt.out)"
done
for cfg in "FGPU_THREADS_PER_BLOCK=256" "FGPU_THREADS_PER_BLOCK=512 FGPU_BLOCKS_PER_SM=4" "FGPU_THREADS_PER_BLOCK=1024 FGPU_BLOCKS_PER_SM=8"; do
	env $cfg bin/stream_fgpu >/tmp/alt.out 2>&1
	echo "fgpu $cfg: $(awk '$2 ~ /^[0-9.]+$/ && $3 == "GB/s" {printf "%s ", $2}' /tmp/alt.out)"
done
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
runs stream_cpu
runs stream_omp
table "stream on the CPU ($OMP_NUM_THREADS threads): fgpu --gpu=cpu vs gfortran -fopenmp" stream_cpu fgpu-cpu stream_omp gfortran-omp
