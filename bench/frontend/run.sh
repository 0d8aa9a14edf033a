#!/bin/sh
# Front-end throughput: lines/s of the fgpu front end over the corpus
# frontend/testdata/programs/*.f90 (see README.md). Run from anywhere.
set -eu
cd "$(dirname "$0")/../.."
echo "date:    $(date -u +%Y-%m-%d)"
echo "commit:  $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- frontend || echo ' (dirty)')"
echo "machine: $(nproc) cores, $(uname -m), $(go version | cut -d' ' -f3)"
echo "command: go test ./frontend -run '^\$' -bench 'Frontend|Parse|Lex' -benchtime 20x"
go test ./frontend -run '^$' -bench 'Frontend|Parse|Lex' -benchtime 20x "$@" |
	awk '/^Benchmark/ { for (i = 1; i <= NF; i++) if ($(i+1) == "lines/s") printf "%-22s %10.0f lines/s  (%s ns/op)\n", $1, $i, $3 }'
