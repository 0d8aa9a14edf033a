#!/usr/bin/env bash
# Builds bench/mpi/weak.f90 for the GPU machine into bench-mpi-batch/
# (ignored by git): fgpu build --gpu=cuda --fc=mpif90 and the host
# compiler's MPI build (the checksum reference). Then, on the GPU machine:
#   bash bench-mpi-batch/device.sh
# runs 1, 2 and 4 ranks (sharing the GPU on nvidia-h200, one GPU a rank
# where there are as many), each rank NX x NY cells, and prints the weak-
# scaling table of bench/mpi/README.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=bench-mpi-batch
rm -rf "$out" && mkdir -p "$out/lib"
tmp=$(mktemp -d)
go build -o "$tmp/fgpu" ./cmd/fgpu
"$tmp/fgpu" build --gpu=cuda --fc=mpif90 bench/mpi/weak.f90 -o "$out/weak_cuda" 2>/dev/null
mpif90 -O2 -J"$tmp" bench/mpi/weak.f90 -o "$out/weak_ref"
rm -rf "$tmp"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cat >"$out/device.sh" <<'EOS'
#!/usr/bin/env bash
# Weak scaling on the GPU machine: NX x NY cells a rank, STEPS steps.
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
nx=${NX:-4096} ny=${NY:-4096} steps=${STEPS:-200}
gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
echo "weak scaling: $nx x $ny cells a rank, $steps steps, $gpus GPU(s): $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
t1=
for np in 1 2 4; do
	c=$(mpirun --oversubscribe -np $np ./weak_cuda $nx $ny $steps 2>/dev/null)
	r=$(mpirun --oversubscribe -np $np ./weak_ref $nx $ny 20 2>/dev/null | awk '{print $NF}')
	c20=$(mpirun --oversubscribe -np $np ./weak_cuda $nx $ny 20 2>/dev/null | awk '{print $NF}')
	step=$(echo "$c" | awk '{print $4}')
	[[ -z $t1 ]] && t1=$step
	same=DIFFERS; [[ "$r" == "$c20" ]] && same=identical
	echo "$c" | awk -v t1="$t1" -v same="$same" '{printf "ranks %d  step %.3f ms  halo %d bytes/rank/step  efficiency %.2f  checksum (20 steps) %s to the CPU build\n", $2, $4*1000, $6, t1/$4, same}'
done
for s in 10 20; do
	echo "weak -np 2, $s steps, FGPU_STATS:"
	FGPU_STATS=1 mpirun --oversubscribe -np 2 ./weak_cuda 512 64 $s 2>&1 >/dev/null | grep -E "bytes to device" | sort | sed 's/^/  /'
done
EOS
chmod +x "$out/device.sh"
echo "built the weak-scaling batch into $out"
