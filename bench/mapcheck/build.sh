#!/usr/bin/env bash
# Builds the index-mapping checks of issue 30 here with fgpu --gpu=cuda
# (-O3) into a folder (default mapcheck-batch/, ignored by git) with
# device.sh, which runs them on the GPU machine:
#   bash bench/mapcheck/build.sh [OUT]     # here
#   bash OUT/device.sh                      # on the GPU machine
# FGPU=/path/to/fgpu builds with another fgpu (e.g. one built at the commit
# before the mapping, for the "before" numbers). The b = n transpose
# (transpose_bn, n = b = 8192) builds with its 512 MiB tile in a workspace (before: an
# illegal address at the launch, or no build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-mapcheck-batch}
mkdir -p "$out/bin" "$out/lib"
out=$(cd "$out" && pwd)
fgpu=${FGPU:-}
if [[ -z $fgpu ]]; then
	go build -o "$out/fgpu-host" ./cmd/fgpu
	fgpu=$(cd "$out" && pwd)/fgpu-host
fi
src=$PWD/bench/mapcheck
cp "$src/device.sh" "$out/device.sh"
cd "$out" # (the Fortran module files of the builds land here)
for p in stencil_ji state_llki flux_local transpose_tile local_big; do
	"$fgpu" build --gpu=cuda -O3 -o "bin/$p" "$src/$p.f90"
done
# (n = 8192: a 16384 x 16384 real(8) tile is 2 GiB, which the host
# procedure's own copy of t cannot be linked with, by gfortran alone too)
sed 's/n = 16384, b = 32$/n = 8192, b = n/' "$src/transpose_tile.f90" >transpose_bn.f90
"$fgpu" build --gpu=cuda -O3 -o bin/transpose_bn transpose_bn.f90 2>transpose_bn.err || echo "transpose_bn (b = n): not built: $(head -3 transpose_bn.err)"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 lib/ 2>/dev/null || true
echo "built $out; run: bash $out/device.sh (on the GPU machine)"
