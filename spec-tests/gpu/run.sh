#!/usr/bin/env bash
# Builds every end-to-end program (emit/testdata/e2e) and every spec-test
# whose loops offload (spec-tests/*/) with `fgpu build --gpu=cuda` here,
# with the reference output of each (gfortran's run, or expected.out), into
# gpu-batch/ (ignored by git). Then, on the GPU machine:
#   bash gpu-batch/device.sh
# runs them all in one batch and prints a summary table; commit it to
# spec-tests/GPU-RESULTS.md. ONLY=REGEX (below) builds a subset.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=gpu-batch
rm -rf "$out" && mkdir -p "$out/bin" "$out/ref" "$out/lib"
go build -o "$out/fgpu-host" ./cmd/fgpu
fgpu="$PWD/$out/fgpu-host"
tmp=$(mktemp -d)
nyi=emit/testdata/e2e/NYI.txt
built=0 skipped=0
# ONLY=REGEX builds only the programs whose batch name (e2e-NAME,
# spec-ID-NAME, separate-compilation, bounds-NAME) matches it: a batch for
# the programs a change touches (the full batch is the default).
only=${ONLY:-}
want() { [[ -z $only || $1 =~ $only ]]; }
add() { # name src flags...
	local name=$1 src=$2; shift 2
	want "$name" || return 0
	if ! "$fgpu" build --gpu=cuda "$@" -o "$out/bin/$name" "$src" 2>"$tmp/err"; then
		if grep -q "not yet implemented" "$tmp/err"; then
			echo "$name: not yet implemented on cuda (skipped)" >>"$out/skipped.txt"
			skipped=$((skipped + 1))
			return
		fi
		echo "build failed: $name" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	built=$((built + 1))
	# Reference: expected.out (programs gfortran 12 cannot build) or gfortran's run.
	local base=${src%.f90}
	if [[ -f $base.expected.out ]]; then
		grep -v '^! EXIT:' "$base.expected.out" >"$out/ref/$name.out" || true
		if [[ -f $base.expected.err ]]; then cp "$base.expected.err" "$out/ref/$name.err"; else : >"$out/ref/$name.err"; fi
		local ex
		ex=$(grep -m1 '^! EXIT:' "$base.expected.out" | awk '{print $3}' || true)
		echo "${ex:-0}" >"$out/ref/$name.status"
	else
		# The gfortran flags among the program's (-fopenmp), not fgpu's own.
		local gf=() f
		for f in "$@"; do [[ $f == --* ]] || gf+=("$f"); done
		(cd "$tmp" && gfortran -O2 -ffpe-summary=none "${gf[@]}" -o ref "$OLDPWD/$src" && { ./ref >ref.out 2>ref.err; echo $? >ref.status; } || true)
		cp "$tmp/ref.out" "$out/ref/$name.out"
		cp "$tmp/ref.err" "$out/ref/$name.err"
		cp "$tmp/ref.status" "$out/ref/$name.status"
	fi
}
for f in emit/testdata/e2e/*.f90; do
	n=$(basename "$f" .f90)
	# Listed for every device ("NAME.f90: message") or for cuda ("NAME.f90
	# (cuda): message"): not built; entries of another device ("NAME.f90
	# (metal_cpu): message") are that device's.
	grep -qE "^$n\.f90( \(cuda\))?:" "$nyi" 2>/dev/null && continue
	# "! FLAGS: ..." among the leading comment lines (emit/e2e_test.go).
	flags=$(head -5 "$f" | sed -n 's/^! FLAGS: *//p' | head -1)
	# shellcheck disable=SC2086
	add "e2e-$n" "$f" $flags
done
# The e2e programs of several files (emit/testdata/e2e/multi/NAME/*.f90,
# gfortran's order by name; fgpu's driver orders them itself).
for d in emit/testdata/e2e/multi/*/; do
	n=multi-$(basename "$d")
	want "$n" || continue
	mapfile -t srcs < <(ls "$d"*.f90 | sort)
	"$fgpu" build --gpu=cuda -o "$out/bin/$n" "${srcs[@]}"
	(cd "$tmp" && gfortran -O2 -ffpe-summary=none -o ref "${srcs[@]/#/$OLDPWD/}" && { ./ref >ref.out 2>ref.err; echo $? >ref.status; } || true)
	cp "$tmp/ref.out" "$out/ref/$n.out"
	cp "$tmp/ref.err" "$out/ref/$n.err"
	cp "$tmp/ref.status" "$out/ref/$n.status"
	built=$((built + 1))
done
for f in spec-tests/*/*.f90; do
	grep -q 'WANT: error' "$f" && continue # error cases do not build
	grep -qi 'GFORTRAN: rejects' "$f" && continue
	flags=$(head -1 "$f" | sed -n 's/^! FLAGS: *//p' | sed 's/--gpu=[a-z_]*//')
	n=$(basename "$(dirname "$f")")-$(basename "$f" .f90)
	# shellcheck disable=SC2086
	add "spec-$n" "$f" $flags
done
# Separate compilation (fgpu as FC): examples/separate compiled one file
# at a time with -c and linked from the objects; the loop of solver.f90
# calls physics.f90's pure function on the device.
root=$PWD
mkdir -p "$tmp/separate"
if want separate-compilation; then (
	cd "$tmp/separate"
	for f in physics solver main; do
		"$fgpu" --gpu=cuda -O2 -J. -c "$root/examples/separate/src/$f.f90" -o "$f.o"
	done
	"$fgpu" --gpu=cuda -O2 physics.o solver.o main.o -o "$root/$out/bin/separate-compilation"
	gfortran -O2 -ffpe-summary=none -J. "$root"/examples/separate/src/{physics,solver,main}.f90 -o ref
	./ref >"$root/$out/ref/separate-compilation.out" 2>"$root/$out/ref/separate-compilation.err"
	echo $? >"$root/$out/ref/separate-compilation.status"
)
	built=$((built + 1))
fi
# -fcheck=bounds in kernels (emit TestBoundsCheck on the CPU): programs
# whose kernel goes out of bounds, against gfortran -fcheck=bounds.
for f in spec-tests/gpu/bounds/*.f90; do
	n=bounds-$(basename "$f" .f90)
	want "$n" || continue
	"$fgpu" build --gpu=cuda -fcheck=bounds -o "$out/bin/$n" "$f"
	# The same path as fgpu's build was given: the message names it.
	gfortran -O2 -ffpe-summary=none -fcheck=bounds -J "$tmp" -o "$tmp/ref" "$f" && { "$tmp/ref" >"$tmp/ref.out" 2>"$tmp/ref.err"; echo $? >"$tmp/ref.status"; } || true
	cp "$tmp/ref.out" "$out/ref/$n.out"
	cp "$tmp/ref.err" "$out/ref/$n.err"
	cp "$tmp/ref.status" "$out/ref/$n.status"
	built=$((built + 1))
done
# The residency check (traffic_test.go) on the device: N and 2N steps.
mkdir -p "$out/traffic"
"$fgpu" build --gpu=cuda -o "$out/traffic/timestep_traffic" spec-tests/A1-resident-buffers/timestep_traffic.f90
cp /usr/lib/x86_64-linux-gnu/libcudart.so.11.0 "$out/lib/" 2>/dev/null || true
cat >"$out/device.sh" <<'EOS'
#!/usr/bin/env bash
# Runs every binary of the batch and compares stdout and exit status with
# the reference (gfortran's run here).
cd "$(dirname "${BASH_SOURCE[0]}")"
export LD_LIBRARY_PATH="$PWD/lib:${LD_LIBRARY_PATH:-}"
# gfortran's backtrace after "Error termination." differs between builds:
# compared without it (as runNormStderr does in run_test.go).
normerr() { awk '/^Error termination\. Backtrace:/ {print "Error termination."; skip=1; next} skip && /^(#|\t|[ ]+at )/ {next} {skip=0; print}' "$1"; }
pass=0 fail=0 failed=()
for b in bin/*; do
	n=$(basename "$b")
	timeout 60 "$b" >"/tmp/$n.out" 2>"/tmp/$n.err"
	st=$?
	if cmp -s "/tmp/$n.out" "ref/$n.out" && cmp -s <(normerr "/tmp/$n.err") <(normerr "ref/$n.err") && [[ "$st" == "$(cat "ref/$n.status")" ]]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed+=("$n (status $st, want $(cat "ref/$n.status"))")
		{ echo "== $n"; diff "ref/$n.out" "/tmp/$n.out" | head -5; diff "ref/$n.err" "/tmp/$n.err" | head -5; } >>/tmp/gpu-failures.txt
	fi
done
# Residency: the bytes moved must not depend on the number of steps.
t1=$(FGPU_STATS=1 traffic/timestep_traffic 10 2>&1 >/dev/null | grep -o 'launches, [0-9]* bytes to device, [0-9]* bytes from device')
t2=$(FGPU_STATS=1 traffic/timestep_traffic 20 2>&1 >/dev/null | grep -o 'launches, [0-9]* bytes to device, [0-9]* bytes from device')
if [[ -n $t1 && "$t1" == "$t2" ]]; then traffic="same bytes for 10 and 20 steps ($t1)"; else traffic="FAILED: 10 steps: $t1; 20 steps: $t2"; fi
echo "GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
echo "passed $pass / $((pass + fail))"
echo "residency (A1-resident-buffers/timestep_traffic, FGPU_STATS): $traffic"
for f in "${failed[@]}"; do echo "FAILED: $f"; done
[[ -f /tmp/gpu-failures.txt ]] && head -60 /tmp/gpu-failures.txt
[[ -f skipped.txt ]] && { echo "not yet implemented on cuda (not built):"; cat skipped.txt; }
exit 0
EOS
chmod +x "$out/device.sh"
echo "built $built programs into $out (skipped $skipped); size $(du -sh "$out" | cut -f1)"
