#!/usr/bin/env bash
# Builds the mathlib benchmark of issue 17 (bit-exact math) for the GPU machine (build here,
# run there): `fgpu build --gpu=cuda -O3`, libcudart and device.sh. Usage:
#   bash bench/mathlib/gpu.sh [OUT]      # here; OUT defaults to bench-mathlib-batch
#   bash OUT/device.sh                    # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench-mathlib-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/mathlib" bench/apps/common/wtime.f90 bench/mathlib/src/mathlib.f90
"$out/fgpu-host" build --gpu=cuda -O3 --fast -o "$out/bin/mathlib_fast" bench/apps/common/wtime.f90 bench/mathlib/src/mathlib.f90
rm -f "$out/fgpu-host"
# The correctly rounded real(8) functions (emit/crmath) on the GPU against
# the same functions built for the host, the host's libm and CUDA's library.
FGPU_CRMATH_CUDA_OUT="$PWD/$out/bin/crmath_gpu" go test ./emit/crmath/ -run TestCUDAHarness -count=1 >/dev/null
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 /usr/lib/x86_64-linux-gnu/libgomp.so.1 "$out/lib/" 2>/dev/null || true
cp bench/mathlib/device.sh "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
