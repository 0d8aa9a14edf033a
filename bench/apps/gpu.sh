#!/usr/bin/env bash
# Builds the applications of bench/apps for the GPU machine (TOOLCHAINS.md:
# build here, run there, one batch): every program with
# `fgpu build --gpu=cuda -O3` (the timer wrapper on omp_get_wtime with
# --fc='gfortran -fopenmp'), the hand-written CUDA reference with nvcc for
# sm_90 (--fmad=false, so that it computes gfortran's bits), libcudart, the
# map from each loop (file:line) to its kernel name ("! kernel: NAME" in the
# sources), and device.sh, which runs them all at GPU sizes with
# FGPU_STATS=1 and prints the summary tables. Usage:
#   bash bench/apps/gpu.sh [OUT]         # here; OUT defaults to bench-apps-batch
#   bash bench-apps-batch/device.sh      # on the GPU machine
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench-apps-batch}
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
fgpu="$(cd "$out" && pwd)/fgpu-host"
A=bench/apps
timer=("$A/common/wtime.f90" "$A/common/stats.f90")
timer_omp=("$A/common/wtime_omp.f90" "$A/common/stats.f90")
stats=("$A/common/stats.f90")
build() { # name [--fc=...] files...
	local name=$1
	shift
	"$fgpu" build --gpu=cuda -O3 -o "$out/bin/$name" "$@"
	echo "built $name"
}
stream=("$A/stream_mod/stream_kernels.f90" "$A/stream_mod/stream_mod.f90")
daxpy=("$A/daxpy/daxpy_sub.f90" "$A/daxpy/daxpy_mod.f90" "$A/daxpy/daxpy.f90")
ts=("$A/timestep/ts_state.f90" "$A/timestep/ts_solver.f90" "$A/timestep/timestep.f90")
small=("$A/smallstep/smallstep_mod.f90" "$A/smallstep/smallstep.f90")
build stream_mod "${timer[@]}" "${stream[@]}"
build stream_mod_omp --fc="gfortran -fopenmp" "${timer_omp[@]}" "${stream[@]}"
build stream_main "${stats[@]}" "$A/stream_mod/stream_main.f90"
build daxpy "${timer[@]}" "${daxpy[@]}"
build daxpy_omp --fc="gfortran -fopenmp" "${timer_omp[@]}" "${daxpy[@]}"
build daxpy_main "${stats[@]}" "$A/daxpy/daxpy_main.f90"
build timestep "${timer[@]}" "${ts[@]}"
build ts_main "${stats[@]}" "$A/timestep/ts_state.f90" "$A/timestep/ts_main.f90"
build smallstep "${timer[@]}" "${small[@]}"
nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/smallstep_ref" "$A/smallstep/smallstep_ref.cu"
echo "built smallstep_ref"
# The kernels' names by loop: "FILE:LINE NAME" (FILE as FGPU_STATS prints it).
for f in "$A"/*/*.f90; do
	{ grep -n 'do concurrent.*! kernel: ' "$f" || true; } | sed -E "s|^([0-9]+):.*! kernel: ([a-z_0-9]+).*|$f:\1 \2|"
done >"$out/kernels.txt"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp "$A/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
