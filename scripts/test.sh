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
if ((${#missing[@]} > 0)); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "scripts/test.sh: installing ${missing[*]}" >&2
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    else
        echo "scripts/test.sh: missing ${missing[*]}; install with:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

go vet ./...
go test -timeout 45m ./...
