#!/usr/bin/env bash
# Builds the heap benchmark of issue 13 (P10) for the GPU machine (build here,
# run there): `fgpu build --gpu=cuda -O3`, libcudart and device.sh. Usage:
#   bash bench/heap/gpu.sh [OUT]      # here; OUT defaults to bench-heap-batch
#   bash OUT/device.sh                    # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench-heap-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/heap" bench/apps/common/wtime.f90 bench/heap/src/heap.f90
rm -f "$out/fgpu-host"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp bench/heap/device.sh "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
