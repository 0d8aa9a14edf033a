#!/usr/bin/env bash
# Builds the particle benchmark for the GPU machine (TOOLCHAINS.md: build
# here, run there): particles.f90 with `fgpu build --gpu=cuda -O3`, the
# hand-written CUDA reference with nvcc for sm_90 (--fmad=false: the same
# bits), libcudart, and device.sh. Usage:
#   bash bench/particles/gpu.sh [OUT]     # here; OUT defaults to bench-particles-batch
#   bash OUT/device.sh                    # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench-particles-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
B=bench/particles
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/particles" bench/apps/common/wtime.f90 "$B/src/particles_mod.f90" "$B/src/particles.f90"
nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/particles_ref" "$B/src/particles_ref.cu"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp "$B/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
