#!/usr/bin/env bash
# Runs the inference benchmark built by gpu.sh (issue 34) on the GPU
# machine: the fgpu CUDA build and the hand CUDA twin RUNS times each
# (default 3), the fgpu build once more with FGPU_STATS=1 (the bytes
# moved), the CPU build once at the same size; prints the median seconds a
# batch of each, their ratio (target: fgpu within 1.2x of the twin), and
# whether the checksums of the CUDA build, the CPU build and the twin are
# the same. Arguments: NBATCH REPS (default 65536 20). BIN: the folder of
# the programs (default bin, beside this script).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
RUNS=${RUNS:-3}
BIN=${BIN:-bin}
args=("${@:-65536 20}")
read -r -a args <<<"${args[*]}"
tmp=$(mktemp -d)
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
spb() { grep '^RESULT' "$1" | sed -E 's/.*seconds_per_batch= *([^ ]+).*/\1/'; }
for i in $(seq "$RUNS"); do
	"$BIN/infer_cuda" "${args[@]}" >"$tmp/cuda.$i.out" 2>&1 || echo "infer_cuda run $i: exit status $?"
	"$BIN/infer_ref" "${args[@]}" >"$tmp/ref.$i.out" 2>&1 || echo "infer_ref run $i: exit status $?"
done
FGPU_STATS=1 "$BIN/infer_cuda" "${args[@]}" >"$tmp/cuda.stats.out" 2>&1
"$BIN/infer_cpu" "${args[@]}" >"$tmp/cpu.out" 2>&1
fg=$(for i in $(seq "$RUNS"); do spb "$tmp/cuda.$i.out"; done | med)
rf=$(for i in $(seq "$RUNS"); do spb "$tmp/ref.$i.out"; done | med)
echo "infer (nbatch ${args[0]}, ${args[1]} batches): fgpu cuda $fg s a batch (median of $RUNS); hand CUDA $rf s; ratio $(awk -v a="$fg" -v b="$rf" 'BEGIN {printf "%.3f", a / b}') (target <= 1.2)"
grep '^fgpu: stats:' "$tmp/cuda.stats.out"
c() { grep '^checksum' "$1"; }
echo "checksum: cuda '$(c "$tmp/cuda.1.out")', cpu '$(c "$tmp/cpu.out")', hand CUDA '$(c "$tmp/ref.1.out")'"
if [[ "$(c "$tmp/cuda.1.out")" == "$(c "$tmp/cpu.out")" && "$(c "$tmp/cuda.1.out")" == "$(c "$tmp/ref.1.out")" ]]; then
	echo "checksums: identical"
else
	echo "checksums: DIFFERENT"
fi
grep -h -E '^(PASSED|FAIL)' "$tmp/cuda.1.out" "$tmp/ref.1.out" "$tmp/cpu.out"
