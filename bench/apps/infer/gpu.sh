#!/usr/bin/env bash
# Builds the inference benchmark (issue 34) for the GPU machine:
# infer.f90 + infer_mod.f90 with `fgpu build --gpu=cuda -O3` (the batch
# loop a do concurrent; the layers an allocatable array of a type with
# allocatable components, handed over as tables of their buffers), the same
# with --gpu=cpu (the checksum to compare against), and the hand CUDA twin
# infer_ref.cu with nvcc for sm_90 (--fmad=false). Usage:
#   bash bench/apps/infer/gpu.sh [OUT]     # here; OUT defaults to bench-infer-batch
#   bash bench-infer-batch/device.sh       # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
out=${1:-bench-infer-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
A=bench/apps
src=("$A/common/wtime.f90" "$A/infer/infer_mod.f90" "$A/infer/infer.f90")
"$out/fgpu-host" build --gpu=cuda -O3 -o "$out/bin/infer_cuda" "${src[@]}"
"$out/fgpu-host" build --gpu=cpu -O3 -o "$out/bin/infer_cpu" "${src[@]}"
nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/infer_ref" "$A/infer/infer_ref.cu"
for l in libgfortran.so.5 libgomp.so.1 libquadmath.so.0 libcudart.so.11.0; do
	cp "/usr/lib/x86_64-linux-gnu/$l" "$out/lib/" 2>/dev/null || true
done
cp "$A/infer/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
