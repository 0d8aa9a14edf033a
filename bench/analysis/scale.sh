#!/bin/sh
# Analysis scale: generate programs of about 10,000, 50,000 and 200,000
# lines with gen/ (see README.md) and time `fgpu check --gpu=cuda
# --time-passes` on each with /usr/bin/time -v (wall time, user time, max
# RSS). Run from anywhere; SIZES overrides the sizes (in thousands of lines).
set -eu
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "date:    $(date -u +%Y-%m-%d)"
echo "commit:  $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- frontend facts rules || echo ' (dirty)')"
echo "machine: $(nproc) cores, $(uname -m), $(go version | cut -d' ' -f3), load $(cut -d' ' -f1-3 /proc/loadavg)"
go build -o "$work/fgpu" ./cmd/fgpu
for k in ${SIZES:-10 50 200}; do
	dir="$work/scale${k}k"
	go run ./bench/analysis/gen -lines "${k}000" -out "$dir" >/dev/null
	echo
	echo "program: $(cat "$dir"/*.f90 | wc -l | tr -d ' ') lines in $(ls "$dir"/*.f90 | wc -l | tr -d ' ') files, $(cat "$dir"/*.f90 | grep -ciE '^[[:space:]]*do[[:space:]]+concurrent') do concurrent loops"
	echo "command: fgpu check --gpu=cuda --time-passes $dir/*.f90"
	(cd "$dir" && /usr/bin/time -v "$work/fgpu" check --gpu=cuda --time-passes *.f90 2>&1 >/dev/null) |
		grep -E '^time:|fgpu:|Elapsed|User time|System time|Maximum resident' || true
done
