#!/usr/bin/env bash
# Builds the GPU benchmarks here (fgpu --gpu=cuda and the hand-written CUDA
# references) into bench-batch/ (ignored by git), with bench-batch/device.sh,
# which runs them side by side on the GPU machine (3 runs each, medians) and
# prints the tables for bench/RESULTS.md. Usage:
#   bash bench/gpu/run.sh                 # here
#   bash bench-batch/device.sh            # on the GPU machine (device tool, carry bench-batch)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=bench-batch
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
fgpu="$PWD/$out/fgpu-host"
gencode=(-gencode "arch=compute_90,code=[sm_90,compute_90]")
# heat: issue 5's acceptance (fgpu within 1.2x of hand-written CUDA).
"$fgpu" build --gpu=cuda -O3 -o "$out/bin/heat_fgpu" bench/heat/heat.f90
nvcc -O3 "${gencode[@]}" -o "$out/bin/heat_ref" bench/heat/heat_ref.cu
# stream: issue 6 (built when its sources exist).
if [[ -f bench/stream/stream.f90 ]]; then
	"$fgpu" build --gpu=cuda -O3 -o "$out/bin/stream_fgpu" bench/stream/stream.f90
	nvcc -O3 "${gencode[@]}" -o "$out/bin/stream_ref" bench/stream/stream_ref.cu
	"$fgpu" build --gpu=cpu -O3 -o "$out/bin/stream_cpu" bench/stream/stream.f90 || echo "stream_cpu: build failed"
	# The OpenMP version for gfortran: the same program, each do concurrent
	# an !$omp parallel do (the dot product with reduction(+:dot)).
	sed -e 's/do concurrent (i = 1:n) reduce(+:dot)/!$omp parallel do reduction(+:dot)\n    do i = 1, n/' \
		-e 's/do concurrent (i = 1:n)/!$omp parallel do\n    do i = 1, n/' bench/stream/stream.f90 >"$out/stream_omp.f90"
	gfortran -O3 -fopenmp -o "$out/bin/stream_omp" "$out/stream_omp.f90"
fi
# transpose: issue 11, part 5 (a tiled transpose, nested do concurrent).
if [[ -f bench/apps/transpose/transpose.f90 ]]; then
	FGPU="$fgpu" bash bench/apps/transpose/build.sh "$out"
fi
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp bench/gpu/device.sh "$out/device.sh"
[[ -f bench/stream/stream.sh ]] && cp bench/stream/stream.sh "$out/stream.sh"
echo "built $out; run: bash $out/device.sh (on the GPU machine)"
