#!/usr/bin/env bash
# Shows the front end on the example program. Needs only Go (and cpp for
# .F90 files, which the example is not).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v go >/dev/null 2>&1; then
    echo "scripts/demo.sh: go is not in PATH (Go 1.26 is needed: https://go.dev/dl/)" >&2
    exit 1
fi

echo '$ go run ./cmd/fgpu parse examples/heat.f90'
go run ./cmd/fgpu parse examples/heat.f90

echo
echo '$ go run ./cmd/fgpu parse --dump examples/heat.f90 | head -40'
# Captured first, so that head closing the pipe early cannot fail the demo.
dump=$(go run ./cmd/fgpu parse --dump examples/heat.f90)
head -n 40 <<<"$dump"

echo
echo '$ go run ./cmd/fgpu check --gpu=cuda examples/heat.f90'
go run ./cmd/fgpu check --gpu=cuda examples/heat.f90

echo
echo '$ go run ./cmd/fgpu explain --gpu=metal examples/heat.f90'
go run ./cmd/fgpu explain --gpu=metal examples/heat.f90 || true

echo
echo '$ go run ./cmd/fgpu explain examples/heat.f90:56   (why the host copies the kernel'"'"'s result back there)'
go run ./cmd/fgpu explain examples/heat.f90:56 || true

echo
if command -v gfortran >/dev/null 2>&1 && command -v c++ >/dev/null 2>&1; then
    echo '$ go run ./cmd/fgpu run --gpu=cpu examples/heat.f90   (the loop runs as an OpenMP kernel)'
    go run ./cmd/fgpu run --gpu=cpu examples/heat.f90
else
    echo "To build and run the example (fgpu run --gpu=cpu examples/heat.f90), install gfortran and g++:"
    echo "  sudo apt-get update && sudo apt-get install -y gfortran g++"
fi
