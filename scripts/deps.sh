#!/usr/bin/env bash
# Installs the Debian packages ptosim builds with, when they are missing. As root it runs apt-get; otherwise it
# prints the command to run and stops.
set -euo pipefail

packages=(cmake ninja-build g++ clang-19 libclang-rt-19-dev libgtest-dev libgmock-dev libbenchmark-dev libhwy-dev libcli11-dev librapidcheck-dev libopenblas-dev
          # the Python package (docs/python.md): built with pybind11 for Debian's python3, tested with pytest
          python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-matplotlib)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    echo "ptosim: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || true
    apt-get install -y -qq "${missing[@]}"
else
    echo "ptosim: missing Debian packages: ${missing[*]}" >&2
    echo "run: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
