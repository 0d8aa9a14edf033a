#!/usr/bin/env bash
# Runs the benchmark batch built by bench/gpu/run.sh on the GPU machine.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "== heat: 4096x4096 real(8), 1000 steps, residual every 100 (ms, stepping loop) =="
for prog in heat_fgpu heat_ref; do
	: >"/tmp/$prog.times"
	for r in 1 2 3; do
		if [[ $prog == heat_fgpu && $r == 1 ]]; then
			FGPU_STATS=1 "bin/$prog" >"/tmp/$prog.out" 2>"/tmp/$prog.err" || { echo "$prog failed"; cat "/tmp/$prog.err"; }
			cat "/tmp/$prog.err"
		else
			"bin/$prog" >"/tmp/$prog.out" 2>&1 || { echo "$prog failed"; cat "/tmp/$prog.out"; }
		fi
		awk '/^time/ {print $2}' "/tmp/$prog.out" >>"/tmp/$prog.times"
	done
	cp "/tmp/$prog.out" "/tmp/$prog.last"
done
diff <(grep -v '^time' /tmp/heat_fgpu.last) <(grep -v '^time' /tmp/heat_ref.last) >/dev/null && same=identical || same=DIFFERENT
f=$(median </tmp/heat_fgpu.times); c=$(median </tmp/heat_ref.times)
echo "fgpu runs (ms): $(tr '\n' ' ' </tmp/heat_fgpu.times)"
echo "CUDA runs (ms): $(tr '\n' ' ' </tmp/heat_ref.times)"
awk -v f="$f" -v c="$c" 'BEGIN { printf "| program | median ms | ratio to CUDA |\n|---|---|---|\n| fgpu --gpu=cuda | %s | %.3f |\n| hand-written CUDA | %s | 1.000 |\n", f, f / c, c }'
echo "printed values (residuals, checksum): $same"
cat /tmp/heat_fgpu.last
if [[ -x bin/stream_fgpu ]]; then
	bash ./stream.sh 2>&1 || true
fi
if [[ -x bin/transpose_fgpu ]]; then
	bash ./transpose.sh 2>&1 || true
fi
