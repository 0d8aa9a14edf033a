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
# Issue 30: the stencil, the flow-solver pattern and the blocked transpose
# with a local tile, with their hand-written CUDA twins; and for the CPU
# comparison on the GPU machine's cores, the same programs with
# fgpu --gpu=cpu, gfortran -O3 alone (the OpenMP twins' sources, or the
# program's own where gfortran 12 builds it) and gfortran -O3 -fopenmp.
st=("$A/stencil/stencil_mod.f90" "$A/stencil/stencil.f90")
st_omp=("$A/stencil/stencil_omp_mod.f90" "$A/stencil/stencil.f90")
fl=("$A/flow/flow_mod.f90" "$A/flow/flow.f90")
fl_omp=("$A/flow/flow_omp_mod.f90" "$A/flow/flow.f90")
tt=("$A/transpose/transpose_tile_mod.f90" "$A/transpose/transpose_tile.f90")
tt_omp=("$A/transpose/transpose_tile_omp_mod.f90" "$A/transpose/transpose_tile.f90")
build stencil "${timer[@]}" "${st[@]}"
build flow "${timer[@]}" "${fl[@]}"
build transpose_tile "${timer[@]}" "${tt[@]}"
nv=(nvcc -O3 --fmad=false -gencode "arch=compute_90,code=[sm_90,compute_90]")
"${nv[@]}" -o "$out/bin/stencil_ref" "$A/stencil/stencil_ref.cu"
"${nv[@]}" -o "$out/bin/flow_ref" "$A/flow/flow_ref.cu"
nvcc -O3 -gencode "arch=compute_90,code=[sm_90,compute_90]" -o "$out/bin/transpose_ref" "$A/transpose/transpose_ref.cu"
echo "built stencil_ref flow_ref transpose_ref"
for p in stencil flow transpose_tile; do
	case $p in
	stencil) src=("${st[@]}") omp=("${st_omp[@]}") ;;
	flow) src=("${fl[@]}") omp=("${fl_omp[@]}") ;;
	transpose_tile) src=("${tt[@]}") omp=("${tt_omp[@]}") ;;
	esac
	"$fgpu" build --gpu=cpu -O3 -o "$out/bin/${p}_cpu" "${timer[@]}" "${src[@]}"
	mkdir -p "$out/mod_$p"
	gfortran -O3 -J "$out/mod_$p" -o "$out/bin/${p}_gf" "${timer[@]}" "${omp[@]}"
	gfortran -O3 -fopenmp -J "$out/mod_$p" -o "$out/bin/${p}_gomp" "${timer[@]}" "${omp[@]}"
	rm -rf "$out/mod_$p"
	echo "built ${p}_cpu ${p}_gf ${p}_gomp"
done
# Issue 34: the inference benchmark (a type with allocatable weights, an
# array of layers, a pure layer function) against its hand CUDA twin, and
# its CPU build for the checksum (infer/device.sh, run by device.sh).
inf=("$A/infer/infer_mod.f90" "$A/infer/infer.f90")
build infer_cuda "${timer[@]}" "${inf[@]}"
"$fgpu" build --gpu=cpu -O3 -o "$out/bin/infer_cpu" "${timer[@]}" "${inf[@]}"
"${nv[@]}" -o "$out/bin/infer_ref" "$A/infer/infer_ref.cu"
cp "$A/infer/device.sh" "$out/infer_device.sh"
echo "built infer_cpu infer_ref"
for l in libgfortran.so.5 libgomp.so.1 libquadmath.so.0; do
	cp "/usr/lib/x86_64-linux-gnu/$l" "$out/lib/" 2>/dev/null || true
done
# The kernels' names by loop: "FILE:LINE NAME" (FILE as FGPU_STATS prints it).
for f in "$A"/*/*.f90; do
	{ grep -n 'do concurrent.*! kernel: ' "$f" || true; } | sed -E "s|^([0-9]+):.*! kernel: ([a-z_0-9]+).*|$f:\1 \2|"
done >"$out/kernels.txt"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cp "$A/device.sh" "$out/device.sh"
echo "built $out ($(du -sh "$out" | cut -f1)); run: bash $out/device.sh (on the GPU machine)"
