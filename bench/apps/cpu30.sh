#!/bin/bash
# bench/apps/cpu30.sh: fgpu --gpu=cpu against gfortran on the build machine
# (issue 30, bench/apps/README.md), from the batch gpu.sh built: 1 thread
# against gfortran -O3, 2 threads against gfortran -O3 -fopenmp; 3 runs
# interleaved, medians. Usage: bash bench/apps/gpu.sh && bash bench/apps/cpu30.sh
cd "$(dirname "${BASH_SOURCE[0]}")/../../bench-apps-batch"
out=$(mktemp -d)
for r in 1 2 3; do
  for th in 1 2; do
    for p in stencil:2048:20 flow:512:256:5 transpose_tile:4096:5; do
      IFS=: read -r name a b c <<<"$p"
      args="$a $b $c"
      if [[ $th == 1 ]]; then gfb=${name}_gf; else gfb=${name}_gomp; fi
      OMP_NUM_THREADS=$th bin/${name}_cpu $args >> $out/${name}_cpu_$th.out 2>&1
      OMP_NUM_THREADS=$th bin/$gfb $args >> $out/${name}_gf_$th.out 2>&1
    done
  done
done
med() { grep "^RESULT" "$1" | grep -- "$2" | sed -E "s/.* $3=([^ ]+).*/\1/" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for th in 1 2; do
  for v in plain tiled; do echo "stencil $v th=$th GB/s: fgpu $(med $out/stencil_cpu_$th.out variant=$v gbs) gfortran $(med $out/stencil_gf_$th.out variant=$v gbs)"; done
  echo "flow th=$th s/step: fgpu $(med $out/flow_cpu_$th.out app=flow seconds_per_step) gfortran $(med $out/flow_gf_$th.out app=flow seconds_per_step)"
  echo "transpose_tile th=$th GB/s: fgpu $(med $out/transpose_tile_cpu_$th.out variant=tile gbs) gfortran $(med $out/transpose_tile_gf_$th.out variant=tile gbs)"
done
grep -c PASSED $out/*.out | tr '\n' ' '; echo
