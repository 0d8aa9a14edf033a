#!/usr/bin/env bash
# Runs fgpu's checks: go vet and all tests. Installs the tools the tests need
# (gfortran, cpp) first when they are missing and this runs as root; CI runs
# this through .ci/run with CI=true, where a test whose tool is missing fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v go >/dev/null 2>&1; then
    echo "scripts/test.sh: go is not in PATH (Go 1.26 is needed: https://go.dev/dl/)" >&2
    exit 1
fi

missing=()
command -v gfortran >/dev/null 2>&1 || missing+=(gfortran)
command -v cpp >/dev/null 2>&1 || missing+=(cpp)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
# nvcc 11.8 accepts g++ 6-11 as its host compiler: the toolkit depends on
# "g++-11 or clang-14 or ...", and installed in one command with clang (below)
# apt satisfies that with clang-14, which nvcc then refuses on every compile
# ("No supported gcc/g++ host compiler found"). Name g++-11 explicitly.
command -v nvcc >/dev/null 2>&1 || missing+=(g++-11 nvidia-cuda-toolkit)
command -v g++-11 >/dev/null 2>&1 || [[ " ${missing[*]} " == *" g++-11 "* ]] || missing+=(g++-11)
# make and CMake: fgpu as FC in build systems (cmd/fgpu/buildsys_test.go);
# objcopy and ar (binutils): objects that carry their sources.
command -v make >/dev/null 2>&1 || missing+=(make)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v objcopy >/dev/null 2>&1 || missing+=(binutils)
# Open MPI: MPI programs built with fgpu as FC of mpif90 and with
# --fc=mpif90, run under mpirun (cmd/fgpu/mpi_test.go).
command -v mpif90 >/dev/null 2>&1 || missing+=(libopenmpi-dev)
command -v mpirun >/dev/null 2>&1 || missing+=(openmpi-bin)
# clang: the Objective-C++ Metal runtime and the Metal host part, checked for
# syntax against a stand-in of Apple's headers (runtime/metal_test.go).
command -v clang >/dev/null 2>&1 || missing+=(clang)
if ((${#missing[@]} > 0)); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "scripts/test.sh: installing ${missing[*]}" >&2
        # nvcc (nvidia-cuda-toolkit) is in Debian's contrib and non-free
        # components, which the default sources do not list.
        if [[ " ${missing[*]} " == *" nvidia-cuda-toolkit "* && -f /etc/apt/sources.list.d/debian.sources && ! -f /etc/apt/sources.list.d/debian-nonfree.sources ]]; then
            sed 's/^Components: main$/Components: contrib non-free/' /etc/apt/sources.list.d/debian.sources \
                > /etc/apt/sources.list.d/debian-nonfree.sources
        fi
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    else
        echo "scripts/test.sh: missing ${missing[*]}; install with (nvidia-cuda-toolkit needs the contrib and non-free components):" >&2
        echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

go vet ./...
# The end-to-end and spec-test programs run in three modes of the CPU
# backend each (emit/e2e_test.go, spec-tests/run_test.go): separate memory,
# separate memory with the iterations shuffled (FGPU_CPU_ORDER=shuffle), and
# shared memory with the iterations reversed (FGPU_CPU_ORDER=reverse): a
# result that depends on the order of the iterations fails here.
go test -timeout 45m ./...
