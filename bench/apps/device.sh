#!/usr/bin/env bash
# Runs the bench/apps batch built by bench/apps/gpu.sh on the GPU machine,
# at GPU sizes, and prints the tables for bench/RESULTS.md (issue 11):
#   1. each procedure layout against its main-program twin (target: within
#      0.97x), medians of RUNS runs (default 3) without FGPU_STATS;
#   2. smallstep against the hand-written CUDA (target: k3host <= 1.1x);
#   3. the timings the programs print (through their timer wrapper) against
#      the device times of FGPU_STATS (CUDA events), one more run with
#      FGPU_STATS=1 (target: within 5%);
#   4. whether each program prints what its twin or reference prints (all
#      but the RESULT and timer lines), and the bytes each fgpu program moved.
#   5. (issue 30) the stencil, flow and blocked-transpose programs against
#      their hand-written CUDA twins (targets: >= 0.8x; the stencil >= 50%
#      of the H100's 3.35 TB/s, the transpose >= 1.5 TB/s), and on the
#      machine's CPU cores fgpu --gpu=cpu against gfortran -O3 on one
#      thread and gfortran -O3 -fopenmp on all (target: >= 0.9x).
#   6. (issue 34) the inference benchmark against its hand CUDA twin
#      (infer/device.sh; target: within 1.2x), SIZES_INFER.
# Sizes: SIZES_STREAM, SIZES_DAXPY, SIZES_TS, SIZES_SMALL, SIZES_STENCIL,
# SIZES_FLOW, SIZES_TILE (GPU) and CPU_STENCIL, CPU_FLOW, CPU_TILE override
# them.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
RUNS=${RUNS:-3}
LIMIT=${LIMIT:-300} # seconds per run
read -r -a S_STREAM <<<"${SIZES_STREAM:-268435456 100}"
read -r -a S_DAXPY <<<"${SIZES_DAXPY:-50000000 2000}"
read -r -a S_TS <<<"${SIZES_TS:-4096 4096 500 100}"
read -r -a S_SMALL <<<"${SIZES_SMALL:-2048 20000 5000}"
tmp=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
echo "runs: $RUNS (+1 with FGPU_STATS=1); stream ${S_STREAM[*]}; daxpy ${S_DAXPY[*]}; timestep ${S_TS[*]}; smallstep ${S_SMALL[*]}"

# run NAME BIN ARGS...: RUNS runs (NAME.rK.out) and one with FGPU_STATS=1
# (NAME.stats.out, NAME.stats.err).
run() {
	local name=$1 bin=$2
	shift 2
	for r in $(seq 1 "$RUNS"); do
		timeout "$LIMIT" "bin/$bin" "$@" >"$tmp/$name.r$r.out" 2>"$tmp/$name.r$r.err" ||
			{ echo "$name (run $r): exit status $?"; tail -5 "$tmp/$name.r$r.err"; }
	done
	FGPU_STATS=1 timeout "$LIMIT" "bin/$bin" "$@" >"$tmp/$name.stats.out" 2>"$tmp/$name.stats.err" ||
		{ echo "$name (FGPU_STATS run): exit status $?"; tail -5 "$tmp/$name.stats.err"; }
}
# rv FILE FILTER KEY: KEY's value in FILE's RESULT line holding FILTER.
rv() {
	awk -v f="$2" -v k="$3" '/^RESULT / && index($0, f) {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) { print kv[2]; exit } } }' "$1"
}
# med NAME FILTER KEY: the median over the runs.
med() {
	for r in $(seq 1 "$RUNS"); do rv "$tmp/$1.r$r.out" "$2" "$3"; done | sort -g |
		awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}'
}
# devms NAME KERNEL: mean device ms a launch of KERNEL in NAME's FGPU_STATS run.
devms() {
	awk -v want="$2" 'FNR == NR {name[$1] = $2; next}
		/^fgpu: stats: kernel / {
			loc = $0; sub(/.*\(loop /, "", loc); sub(/\).*/, "", loc)
			if (name[loc] != want) next
			l = $0; sub(/.*\): /, "", l); split(l, w, " ")
			ms = $0; sub(/ ms device time.*/, "", ms); sub(/.* launches, /, "", ms)
			printf "%.6f\n", ms / w[1]; exit }' kernels.txt "$tmp/$1.stats.err"
}
row() { awk -v a="$3" -v b="$4" -v what="$1" -v m="$2" -v inv="${5:-0}" 'BEGIN {
	r = (a > 0 && b > 0) ? (inv ? b / a : a / b) : 0
	printf "| %s | %s | %s | %s | %.3f |\n", what, m, a, b, r }'; }

# SECTIONS: "all" (default), "issue11" (the tables 1-4 alone), "issue30"
# (table 5 alone) or "issue34" (the inference benchmark alone).
SECTIONS=${SECTIONS:-all}
if [[ $SECTIONS == all || $SECTIONS == issue11 ]]; then
run stream_mod stream_mod "${S_STREAM[@]}"
run stream_mod_omp stream_mod_omp "${S_STREAM[@]}"
run stream_main stream_main "${S_STREAM[@]}"
run daxpy_explicit daxpy "${S_DAXPY[@]}" 1
run daxpy_assumed daxpy "${S_DAXPY[@]}" 2
run daxpy_omp daxpy_omp "${S_DAXPY[@]}" 1
run daxpy_main daxpy_main "${S_DAXPY[@]}"
run timestep timestep "${S_TS[@]}"
run ts_main ts_main "${S_TS[@]}"
run smallstep smallstep "${S_SMALL[@]}"
run smallstep_ref smallstep_ref "${S_SMALL[@]}"

echo
echo "== 1. procedure layouts against their main-program twins (medians of $RUNS runs; target: ratio >= 0.97) =="
echo "| program | measure | procedure layout | twin | ratio |"
echo "|---|---|---|---|---|"
for k in copy mul add triad dot; do
	row "stream_mod $k" "GB/s (best of ${S_STREAM[1]})" "$(med stream_mod kernel=$k gbs)" "$(med stream_main kernel=$k gbs)"
done
for k in copy mul add triad dot; do
	row "stream_mod (omp_get_wtime) $k" "GB/s (best)" "$(med stream_mod_omp kernel=$k gbs)" "$(med stream_main kernel=$k gbs)"
done
for v in explicit assumed omp; do
	row "daxpy $v" "GB/s (median of ${S_DAXPY[1]} calls)" "$(med daxpy_$v variant= gbs_median)" "$(med daxpy_main variant= gbs_median)"
done
row "timestep" "s (time loop, ${S_TS[2]} steps)" "$(med timestep seconds_per_step seconds)" "$(med ts_main seconds_per_step seconds)" 1

echo
echo "== 2. smallstep: fgpu against hand-written CUDA (n = ${S_SMALL[0]}, ${S_SMALL[1]} steps; target: k3host <= 1.1) =="
echo "| variant | measure | fgpu | CUDA | ratio |"
echo "|---|---|---|---|---|"
for v in k3host k3mod k1; do
	row "$v" "us a step" "$(med smallstep variant=$v us_per_step)" "$(med smallstep_ref variant=$v us_per_step)"
done

echo
echo "== 3. printed timings against FGPU_STATS device times (the FGPU_STATS run; median of the timed calls or steps, each after its launches' wait, against the mean device time of a launch; target: ratio <= 1.05) =="
echo "| program | kernel or phase | printed ms a launch (median) | device ms a launch (mean) | ratio |"
echo "|---|---|---|---|---|"
for p in stream_mod stream_mod_omp stream_main; do
	for k in copy mul add triad dot; do
		printed=$(awk -v t="$(rv "$tmp/$p.stats.out" kernel=$k median_seconds)" 'BEGIN {printf "%.6f", t * 1e3}')
		row "$p" "$k" "$printed" "$(devms $p $k)"
	done
done
for p in daxpy_explicit daxpy_assumed daxpy_omp daxpy_main; do
	k=daxpy
	[[ $p == daxpy_assumed ]] && k=daxpy_as
	printed=$(awk -v t="$(rv "$tmp/$p.stats.out" variant= median_seconds)" 'BEGIN {printf "%.6f", t * 1e3}')
	row "$p" "$k" "$printed" "$(devms $p $k)"
done
for p in timestep ts_main; do
	for ph in "fluxes flux_x flux_y" "update update copy" "bc bc_x bc_y"; do
		read -r name k1 k2 <<<"$ph"
		printed=$(awk -v t="$(rv "$tmp/$p.stats.out" phase=$name median_seconds)" 'BEGIN {printf "%.6f", t * 1e3}')
		dev=$(awk -v a="$(devms $p $k1)" -v b="$(devms $p $k2)" 'BEGIN {printf "%.6f", a + b}')
		row "$p" "$name ($k1 + $k2, a step)" "$printed" "$dev"
	done
done

echo
echo "== 4. outputs (all but RESULT and timer lines; last run) and bytes moved (FGPU_STATS run) =="
same() { # a b -> identical/DIFFERENT
	if diff <(grep -v '^RESULT \|^timer ' "$tmp/$1.r$RUNS.out") <(grep -v '^RESULT \|^timer ' "$tmp/$2.r$RUNS.out") >/dev/null; then
		echo identical
	else
		echo DIFFERENT
	fi
}
echo "| program | reference | output | validation | bytes to device | bytes from device | launches |"
echo "|---|---|---|---|---|---|---|"
for pair in "stream_mod stream_main" "stream_mod_omp stream_main" "stream_main -" "daxpy_explicit daxpy_main" "daxpy_assumed daxpy_main" \
	"daxpy_omp daxpy_main" "daxpy_main -" "timestep ts_main" "ts_main -" "smallstep smallstep_ref"; do
	read -r p ref <<<"$pair"
	o=-
	[[ $ref != - ]] && o=$(same "$p" "$ref")
	ok=FAIL
	grep -q '^PASSED' "$tmp/$p.r$RUNS.out" && ok=PASSED
	awk -v p="$p" -v ref="$ref" -v o="$o" -v ok="$ok" '/^fgpu: stats: backend/ {
		split($0, w, /[ ,]+/); printf "| %s | %s | %s | %s | %s | %s | %s |\n", p, ref, o, ok, w[7], w[11], w[5] }' "$tmp/$p.stats.err"
done
echo
echo "FGPU_STATS lines:"
for p in stream_mod stream_main daxpy_explicit daxpy_main timestep ts_main smallstep; do
	echo "-- $p"
	grep '^fgpu: stats:' "$tmp/$p.stats.err"
done
echo
echo "outputs (last run):"
for p in stream_mod daxpy_explicit timestep smallstep smallstep_ref; do
	echo "-- $p"
	cat "$tmp/$p.r$RUNS.out"
done
fi

if [[ $SECTIONS == all || $SECTIONS == issue30 ]]; then
	read -r -a S_ST <<<"${SIZES_STENCIL:-8192 100}"
	read -r -a S_FL <<<"${SIZES_FLOW:-4096 2048 20}"
	read -r -a S_TT <<<"${SIZES_TILE:-16384 20}"
	read -r -a C_ST <<<"${CPU_STENCIL:-4096 20}"
	read -r -a C_FL <<<"${CPU_FLOW:-1024 512 5}"
	read -r -a C_TT <<<"${CPU_TILE:-8192 5}"
	run stencil stencil "${S_ST[@]}"
	run stencil_ref stencil_ref "${S_ST[@]}"
	run flow flow "${S_FL[@]}"
	run flow_ref flow_ref "${S_FL[@]}"
	run transpose_tile transpose_tile "${S_TT[@]}"
	run transpose_ref transpose_ref "${S_TT[@]}"
	# transpose_ref prints "bandwidth X GB/s": as a RESULT line for med.
	for f in "$tmp"/transpose_ref.r*.out; do
		awk '/^bandwidth/ {print "RESULT app=transpose_ref variant=ref gbs=" $2}' "$f" >>"$f"
	done
	echo
	echo "== 5a. issue 30 on the GPU: fgpu --gpu=cuda against the hand-written CUDA twins (medians of $RUNS runs; targets: ratio >= 0.8, stencil >= 50% and transpose >= 1.5 TB/s) =="
	echo "| program | measure | fgpu | CUDA twin | ratio | fgpu % of 3.35 TB/s |"
	echo "|---|---|---|---|---|---|"
	for v in plain tiled; do
		f=$(med stencil variant=$v gbs)
		row "stencil $v (n=${S_ST[0]}, best of ${S_ST[1]})" "GB/s" "$f" "$(med stencil_ref variant=$v gbs)" | sed "s/|\$/| $(awk -v f="$f" 'BEGIN {printf "%.1f", f / 33.5}') |/"
	done
	row "flow (${S_FL[0]} x ${S_FL[1]}, ${S_FL[2]} steps)" "s a step (median)" "$(med flow app=flow seconds_per_step)" "$(med flow_ref app=flow_ref seconds_per_step)" 1 | sed 's/|$/| - |/'
	f=$(med transpose_tile variant=tile gbs)
	row "transpose, local tile (n=${S_TT[0]})" "GB/s (best of ${S_TT[1]})" "$f" "$(med transpose_ref variant=ref gbs)" | sed "s/|\$/| $(awk -v f="$f" 'BEGIN {printf "%.1f", f / 33.5}') |/"
	echo
	echo "outputs (all but RESULT and timer lines; last run) against the CUDA twins:"
	for pair in "stencil stencil_ref" "flow flow_ref" "transpose_tile -"; do
		read -r p ref <<<"$pair"
		ok=FAIL
		grep -q '^PASSED' "$tmp/$p.r$RUNS.out" && ok=PASSED
		o=-
		if [[ $ref != - ]]; then
			o=DIFFERENT
			diff <(grep -v '^RESULT \|^timer ' "$tmp/$p.r$RUNS.out") <(grep -v '^RESULT \|^timer ' "$tmp/$ref.r$RUNS.out") >/dev/null && o=identical
		fi
		echo "$p: $ok, output against $ref: $o"
	done
	for p in stencil flow transpose_tile; do
		echo "-- $p (FGPU_STATS)"
		grep '^fgpu: stats:' "$tmp/$p.stats.err" | head -20
		echo "-- $p output"
		cat "$tmp/$p.r$RUNS.out"
	done
	echo "-- flow_ref output"
	cat "$tmp/flow_ref.r$RUNS.out"

	# CPU: no FGPU_STATS run; RUNS runs each.
	crun() { # name bin threads args...
		local name=$1 bin=$2 th=$3
		shift 3
		for r in $(seq 1 "$RUNS"); do
			OMP_NUM_THREADS=$th OMP_PROC_BIND=close OMP_PLACES=cores timeout "$LIMIT" "bin/$bin" "$@" >"$tmp/$name.r$r.out" 2>"$tmp/$name.r$r.err" ||
				{ echo "$name (run $r): exit status $?"; tail -5 "$tmp/$name.r$r.err"; }
		done
	}
	nc=$(nproc)
	for th in 1 "$nc"; do
		crun "stencil_cpu_$th" stencil_cpu "$th" "${C_ST[@]}"
		crun "flow_cpu_$th" flow_cpu "$th" "${C_FL[@]}"
		crun "tile_cpu_$th" transpose_tile_cpu "$th" "${C_TT[@]}"
	done
	crun stencil_gf_1 stencil_gf 1 "${C_ST[@]}"
	crun flow_gf_1 flow_gf 1 "${C_FL[@]}"
	crun tile_gf_1 transpose_tile_gf 1 "${C_TT[@]}"
	crun "stencil_gf_$nc" stencil_gomp "$nc" "${C_ST[@]}"
	crun "flow_gf_$nc" flow_gomp "$nc" "${C_FL[@]}"
	crun "tile_gf_$nc" transpose_tile_gomp "$nc" "${C_TT[@]}"
	echo
	echo "== 5b. issue 30 on the CPU ($(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)): fgpu --gpu=cpu against gfortran -O3 (1 thread) and gfortran -O3 -fopenmp (all threads), medians of $RUNS runs; target: ratio >= 0.9 =="
	echo "| program | threads | measure | fgpu --gpu=cpu | gfortran | ratio |"
	echo "|---|---|---|---|---|---|"
	for th in 1 "$nc"; do
		for v in plain tiled; do
			row "stencil $v (n=${C_ST[0]})" "GB/s" "$(med stencil_cpu_$th variant=$v gbs)" "$(med stencil_gf_$th variant=$v gbs)" | sed "s/^| stencil $v (n=${C_ST[0]}) |/| stencil $v (n=${C_ST[0]}) | $th |/"
		done
		row "flow (${C_FL[*]})" "s a step" "$(med flow_cpu_$th app=flow seconds_per_step)" "$(med flow_gf_$th app=flow seconds_per_step)" 1 | sed "s/^| flow (${C_FL[*]}) |/| flow (${C_FL[*]}) | $th |/"
		row "transpose tile (n=${C_TT[0]})" "GB/s" "$(med tile_cpu_$th variant=tile gbs)" "$(med tile_gf_$th variant=tile gbs)" | sed "s/^| transpose tile (n=${C_TT[0]}) |/| transpose tile (n=${C_TT[0]}) | $th |/"
	done
	for p in stencil_cpu_1 stencil_gf_1 flow_cpu_1 flow_gf_1 tile_cpu_1 tile_gf_1; do
		ok=FAIL
		grep -q '^PASSED' "$tmp/$p.r$RUNS.out" && ok=PASSED
		echo "$p: $ok"
	done
fi

if [[ $SECTIONS == all || $SECTIONS == issue34 ]]; then
	# 6. (issue 34) the inference benchmark against its hand CUDA twin
	# (target: fgpu within 1.2x) and the checksums of the CUDA, CPU and twin
	# builds (SIZES_INFER: NBATCH REPS).
	echo
	echo "== 6. issue 34: the inference benchmark against its hand CUDA twin =="
	read -r -a S_INF <<<"${SIZES_INFER:-65536 20}"
	RUNS=$RUNS BIN="$PWD/bin" bash ./infer_device.sh "${S_INF[@]}"
fi
