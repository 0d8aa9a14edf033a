#!/usr/bin/env bash
# Builds the tiled transpose benchmark here: transpose.f90 with
# fgpu --gpu=cuda (and --gpu=cpu), transpose_ref.cu with nvcc (CUDA 11.8,
# sm_90), into a folder (default bench-batch/, as bench/gpu/run.sh; ignored
# by git) with transpose.sh, which runs them on the GPU machine:
#   bash bench/apps/transpose/build.sh [OUT]    # here
#   bash OUT/transpose.sh                        # on the GPU machine
# bench/gpu/run.sh builds it into its batch too.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
out=${1:-bench-batch}
mkdir -p "$out/bin" "$out/lib"
fgpu=${FGPU:-}
if [[ -z $fgpu ]]; then
	go build -o "$out/fgpu-host" ./cmd/fgpu
	fgpu=$(cd "$out" && pwd)/fgpu-host
fi
"$fgpu" build --gpu=cuda -O3 -o "$out/bin/transpose_fgpu" bench/apps/transpose/transpose.f90
"$fgpu" build --gpu=cpu -O3 -o "$out/bin/transpose_cpu" bench/apps/transpose/transpose.f90 || echo "transpose_cpu: build failed"
nvcc -O3 -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/transpose_ref" bench/apps/transpose/transpose_ref.cu
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp bench/apps/transpose/transpose.sh "$out/transpose.sh"
echo "built $out; run: bash $out/transpose.sh (on the GPU machine)"
