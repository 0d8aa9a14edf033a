#!/usr/bin/env bash
# Runs the batched small matmul benchmark on the GPU machine (built by
# gpu.sh): fgpu's build and the hand-written CUDA, side by side, three runs
# each at 10^6 vectors x 200 steps (the best us/step of each), the ratio,
# the checksums (which must agree), and the bytes fgpu moved (FGPU_STATS)
# at 100 and at 200 steps: equal when the arrays stay resident.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
n=${MATMUL4_N:-1000000}
steps=${MATMUL4_STEPS:-200}
best() { grep -o 'us_per_step= *[0-9.]*' | awk '{print $2}' | sort -g | head -1; }
: >runs.txt
for r in 1 2 3; do
	./bin/matmul4 "$n" "$steps" >>runs.txt 2>&1
	./bin/matmul4_ref "$n" "$steps" >>runs.txt 2>&1
done
f=$(grep 'variant=fgpu' runs.txt | best)
h=$(grep 'variant=hand_cuda' runs.txt | best)
echo "matmul4 n=$n steps=$steps: fgpu $f us/step, hand CUDA $h us/step, hand/fgpu $(awk -v a="$h" -v b="$f" 'BEGIN{printf "%.3f", a/b}')x"
echo "checksums (fgpu, hand):"
grep checksum runs.txt | sort | uniq -c
for s in 100 200; do
	FGPU_STATS=1 ./bin/matmul4 "$n" "$s" 2>&1 | grep -o "backend cuda: .*" | sed "s/^/steps=$s: /"
done
