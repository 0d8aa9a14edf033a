#!/usr/bin/env bash
# Runs the stencil benchmark three times (2e6 iterations, 20 launches of each
# variant) and prints every RESULT line and checksum.
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
for r in 1 2 3; do ./bin/heap "${HEAP_N:-2000000}" "${HEAP_STEPS:-20}"; done
