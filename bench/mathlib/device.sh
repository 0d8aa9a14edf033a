#!/usr/bin/env bash
# Runs the math library comparison (1e7 arguments a function and kind) and
# prints every RESULT line.
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
echo "== default (real(4): the double functions rounded to float)"
./bin/mathlib "${MATHLIB_N:-10000000}"
echo "== --fast (the vendor's float functions)"
./bin/mathlib_fast "${MATHLIB_N:-10000000}"
echo "== emit/crmath on the GPU: gpu_ne_host_build must be 0"
./bin/crmath_gpu "${MATHLIB_N:-10000000}"
