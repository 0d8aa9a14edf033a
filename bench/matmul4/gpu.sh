#!/usr/bin/env bash
# Builds the batched small matmul benchmark for the GPU machine (TOOLCHAINS.md: build
# here, run there): matmul4.f90 with `fgpu build --gpu=cuda -O3`, the
# hand-written CUDA reference with nvcc for sm_90 (--fmad=false: the same
# bits), libcudart, and device.sh. Usage:
#   bash bench/matmul4/gpu.sh [OUT]     # here; OUT defaults to bench-matmul4-batch
#   bash OUT/device.sh                    # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench-matmul4-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
B=bench/matmul4
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/matmul4" bench/apps/common/wtime.f90 "$B/src/matmul4_mod.f90" "$B/src/matmul4.f90"
nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/matmul4_ref" "$B/src/matmul4_ref.cu"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp "$B/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
