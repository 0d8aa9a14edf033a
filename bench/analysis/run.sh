#!/bin/sh
# Analysis time (fact extraction + Datalog evaluation) of fgpu on the
# shallow-water application stencil/ (see stencil/README.md): the Go
# benchmark of rules.Check, then `fgpu check --time-passes` for cuda and
# metal. Run from anywhere; extra arguments go to `go test`.
set -eu
cd "$(dirname "$0")/../.."
files=$(ls bench/analysis/stencil/*.f90)
echo "date:    $(date -u +%Y-%m-%d)"
echo "commit:  $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- frontend facts rules || echo ' (dirty)')"
echo "machine: $(nproc) cores, $(uname -m), $(go version | cut -d' ' -f3)"
echo "program: $(cat $files | wc -l | tr -d ' ') lines in $(echo $files | wc -w | tr -d ' ') files, $(cat $files | grep -ciE '^[[:space:]]*do[[:space:]]+concurrent') do concurrent loops"
echo
echo "command: go test ./bench/analysis -run '^\$' -bench Analysis -benchtime 5x"
go test ./bench/analysis -run '^$' -bench Analysis -benchtime 5x "$@" |
	awk '/^Benchmark/ {
		line = $1
		for (i = 3; i < NF; i++) if ($(i+1) ~ /^(ms\/op|facts-ms\/op|eval-ms\/op|facts|loops)$/) line = line sprintf("  %s %s", $i, $(i+1))
		print line
	}'
fgpu=$(mktemp -d)/fgpu
trap 'rm -rf "$(dirname "$fgpu")"' EXIT
go build -o "$fgpu" ./cmd/fgpu
for dev in cuda metal; do
	echo
	echo "command: fgpu check --gpu=$dev --time-passes bench/analysis/stencil/*.f90"
	# metal rejects every loop (real(8)), so check exits 1 there
	"$fgpu" check --gpu=$dev --time-passes $files 2>&1 >/dev/null | grep '^time:' || true
	"$fgpu" check --gpu=$dev $files 2>/dev/null | awk '{ n[$2 " " $3]++ } END { for (k in n) printf "loops:   %d %s\n", n[k], k }' || true
done
