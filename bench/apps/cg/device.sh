#!/usr/bin/env bash
# Runs the CG benchmark built by gpu.sh on the GPU machine: the fgpu CUDA
# build RUNS times (default 3) and once with FGPU_STATS=1 (the bytes moved),
# the hand CUDA twin RUNS times, the CPU build once; prints the median
# seconds per iteration of each, their ratio (target: fgpu within 1.2x of
# the twin), the bytes moved per CG iteration (target: the dot products'
# scalars only, 8 bytes each way per dot plus the host's global-sum write),
# and whether the residual history and iteration count of the CUDA build
# equal the CPU build's. Arguments: N1 N2 N3 MAXIT KOUT (default the
# solver's grid, 55 181 361 2995 100).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
RUNS=${RUNS:-3}
args=("${@:-55 181 361 2995 100}")
read -r -a args <<<"${args[*]}"
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
spi() { grep '^RESULT' "$1" | sed -E 's/.*seconds_per_iter= *([^ ]+).*/\1/'; }
for i in $(seq "$RUNS"); do bin/cg_cuda "${args[@]}" >"cuda.$i.out" 2>&1; bin/cg_ref "${args[@]}" >"ref.$i.out" 2>&1; done
FGPU_STATS=1 bin/cg_cuda "${args[@]}" >cuda.stats.out 2>&1
bin/cg_cpu "${args[@]}" >cpu.out 2>&1
fg=$(for i in $(seq "$RUNS"); do spi "cuda.$i.out"; done | med)
rf=$(for i in $(seq "$RUNS"); do spi "ref.$i.out"; done | med)
echo "fgpu cuda: $fg s/iter (median of $RUNS); hand CUDA: $rf s/iter; ratio $(awk -v a="$fg" -v b="$rf" 'BEGIN {printf "%.3f", a / b}') (target <= 1.2)"
iters=$(grep '^done' cuda.1.out | awk '{print $2}')
grep '^fgpu: stats: backend' cuda.stats.out
awk -v it="$iters" '/^fgpu: stats: backend/ {
  for (f = 1; f <= NF; f++) { if ($f == "bytes" && $(f+1) == "to") to = $(f-1); if ($f == "bytes" && $(f+1) == "from") from = $(f-1) }
  printf "bytes per CG iteration (whole run / %d iterations): to device %.1f, from device %.1f\n", it, to / it, from / it }' cuda.stats.out
grep -E '^(bnorm|iter|done)' cuda.1.out >cuda.hist
grep -E '^(bnorm|iter|done)' cpu.out >cpu.hist
grep -E '^(bnorm|iter|done)' ref.1.out >ref.hist
if cmp -s cuda.hist cpu.hist; then echo "residual history: CUDA build = CPU build ($(wc -l <cuda.hist) lines, $iters iterations)"; else echo "residual history: CUDA build differs from the CPU build:"; diff cuda.hist cpu.hist | head -20; fi
if cmp -s cuda.hist ref.hist; then echo "residual history: = hand CUDA"; else echo "residual history vs hand CUDA:"; diff cuda.hist ref.hist | head -10; fi
grep -h -E '^(PASSED|FAIL)' cuda.1.out cpu.out
tail -3 cuda.1.out
