#!/usr/bin/env bash
# Runs the stencil benchmark three times (2^25 points, 100 sweeps of each
# variant) and prints every RESULT line and checksum.
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
for r in 1 2 3; do ./bin/stencil4 "${STENCIL4_N:-33554432}" "${STENCIL4_STEPS:-100}"; done
