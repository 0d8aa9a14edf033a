#!/usr/bin/env bash
# Runs the index-mapping checks (bench/mapcheck/build.sh) on the GPU
# machine: each program prints its best time, its rate and its validation.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null || true
for p in stencil_ji state_llki flux_local transpose_tile; do
	echo "== $p"
	timeout 300 env FGPU_STATS=1 "bin/$p" || echo "$p: exit status $?"
done
echo "== local_big (7 x 56000 bytes a thread: expected fgpu's clear message at the launch, not an illegal address)"
timeout 120 bin/local_big || echo "local_big: exit status $?"
echo "== transpose_bn (n = b = 8192: the 512 MiB tile in a workspace, one iteration; expected validation PASSED)"
if [[ -x bin/transpose_bn ]]; then
	timeout 300 bin/transpose_bn 1 || echo "transpose_bn: exit status $?"
else
	echo "not built:"
	head -3 transpose_bn.err 2>/dev/null
fi
