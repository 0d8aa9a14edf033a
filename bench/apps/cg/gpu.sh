#!/usr/bin/env bash
# Builds the CG benchmark (issue 31) for the GPU machine: cg.f90 +
# cg_mod.f90 with `fgpu build --gpu=cuda -O3` (the operator and updates in
# do concurrent, the dot products as !$omp target loops), the same with
# --gpu=cpu (the residual history to compare against), and the hand CUDA
# twin cg_ref.cu with nvcc for sm_90 (--fmad=false). Usage:
#   bash bench/apps/cg/gpu.sh [OUT]     # here; OUT defaults to bench-cg-batch
#   bash bench-cg-batch/device.sh       # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
out=${1:-bench-cg-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
A=bench/apps
src=("$A/common/wtime.f90" "$A/cg/cg_mod.f90" "$A/cg/cg.f90")
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/cg_cuda" "${src[@]}"
"$out/fgpu-host" build --gpu=cpu -O3 -o "$out/bin/cg_cpu" "${src[@]}"
nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/cg_ref" "$A/cg/cg_ref.cu"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp "$A/cg/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
