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
