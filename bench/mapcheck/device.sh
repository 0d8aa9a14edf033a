#!/usr/bin/env bash
# Runs the index-mapping checks (bench/mapcheck/build.sh) on the GPU
# machine: each program prints its best time, its rate and its validation.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null || true
for p in stencil_ji state_llki flux_local transpose_tile; do
	echo "== $p"
	FGPU_STATS=1 "bin/$p" || echo "$p: exit status $?"
done
echo "== local_big (400 KiB a thread: expected fgpu's clear message at the launch, not an illegal address)"
bin/local_big || echo "local_big: exit status $?"
if [[ -x bin/transpose_bn ]]; then
	echo "== transpose_bn (b = n: expected to be refused at compile time)"
	bin/transpose_bn 1 || echo "transpose_bn: exit status $?"
else
	echo "== transpose_bn: refused at compile time:"
	head -3 transpose_bn.err 2>/dev/null
fi
