#!/bin/sh
# checkcmp.sh OUTDIR [FGPU]: runs `fgpu check` (default flags) on every
# spec-tests/*/*.f90 and emit/testdata/e2e/*.f90 program and writes, per
# program, its stdout, stderr and exit status to OUTDIR/<dir>__<name>.txt,
# so that two builds of fgpu can be compared with `diff -r A B` (the
# analyses' speed work must not change any result; bench/analysis/README.md).
# FGPU: a built fgpu binary (default: built from this checkout).
set -eu
cd "$(dirname "$0")/../.."
out=$1
mkdir -p "$out"
fgpu=${2:-}
if [ -z "$fgpu" ]; then
	fgpu=$(mktemp -d)/fgpu
	go build -o "$fgpu" ./cmd/fgpu
fi
for f in spec-tests/*/*.f90 emit/testdata/e2e/*.f90; do
	name=$(echo "$f" | tr '/' '_')
	(cd "$(dirname "$f")" && "$fgpu" check "$(basename "$f")" >"$out/$name.txt" 2>"$out/$name.err"; echo "exit $?" >>"$out/$name.txt") || true
	cat "$out/$name.err" >>"$out/$name.txt"
	rm -f "$out/$name.err"
done
echo "$(ls "$out" | wc -l | tr -d ' ') programs checked into $out"
