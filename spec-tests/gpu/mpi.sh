#!/usr/bin/env bash
# Builds the MPI programs of cmd/fgpu/testdata/mpi (halo.f90, irecv_halo.f90,
# allreduce.f90) for the GPU machine into
# mpi-batch/ (ignored by git): fgpu build --gpu=cuda --fc=mpif90, with CPU
# references (mpif90 alone; fgpu --gpu=none for allreduce.f90, whose
# reduce gfortran 12 cannot parse). Then, on the GPU machine (Open MPI 4.1
# there; libmpi.so.40 is the same ABI as Debian's):
#   bash mpi-batch/device.sh
# runs 1, 2 and 4 ranks sharing the GPU, compares with the references and
# prints FGPU_STATS for 10 and 20 steps of the halo exchange.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=mpi-batch
rm -rf "$out" && mkdir -p "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
fgpu="$PWD/$out/fgpu-host"
tmp=$(mktemp -d)
for p in halo irecv_halo allreduce; do
	"$fgpu" build --gpu=cuda --fc=mpif90 "cmd/fgpu/testdata/mpi/$p.f90" -o "$out/${p}_cuda" 2>/dev/null
done
mpif90 -O2 -J"$tmp" cmd/fgpu/testdata/mpi/halo.f90 -o "$out/halo_ref"
mpif90 -O2 -J"$tmp" cmd/fgpu/testdata/mpi/irecv_halo.f90 -o "$out/irecv_halo_ref"
"$fgpu" build --gpu=none --fc=mpif90 cmd/fgpu/testdata/mpi/allreduce.f90 -o "$out/allreduce_ref" 2>/dev/null
rm -f "$fgpu"
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cat >"$out/device.sh" <<'EOS'
#!/usr/bin/env bash
# MPI on the GPU machine: 1, 2 and 4 ranks sharing the GPU.
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun --version | head -1
for np in 1 2 4; do
	for p in halo irecv_halo allreduce; do
		mpirun --oversubscribe -np $np ./${p}_ref 10 >/tmp/$p-$np.ref 2>/tmp/$p-$np.referr; rs=$?
		mpirun --oversubscribe -np $np ./${p}_cuda 10 >/tmp/$p-$np.out 2>/tmp/$p-$np.err; cs=$?
		if cmp -s /tmp/$p-$np.ref /tmp/$p-$np.out && [[ $rs == $cs ]]; then echo "$p -np $np: identical to the CPU reference (status $cs)"; else echo "$p -np $np: DIFFERS (status ref $rs cuda $cs)"; diff /tmp/$p-$np.ref /tmp/$p-$np.out | head -5; head -5 /tmp/$p-$np.err; fi
	done
	for p in halo irecv_halo; do
		for s in 10 20; do
			echo "$p -np $np, $s steps, FGPU_STATS:"
			FGPU_STATS=1 mpirun --oversubscribe -np $np ./${p}_cuda $s 2>&1 >/dev/null | grep -E "MPI rank|bytes to device" | sort | sed 's/^/  /'
		done
	done
done
EOS
chmod +x "$out/device.sh"
echo "built the MPI batch into $out"
