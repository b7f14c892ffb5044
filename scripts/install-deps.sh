#!/bin/sh
# Installs the Debian packages specmc needs to build, test and benchmark, if any are missing.
# Runs apt-get as root, or through sudo; does nothing (and needs no privileges) when all are
# present. Called by `make run`, `make test` and `make bench`; `install-deps.sh tsan` adds what
# `make test SANITIZE=thread` needs (clang, its sanitizer runtimes and LLVM's OpenMP runtime with
# Archer), `install-deps.sh fuzz` what `make fuzz` needs (the same: clang, libFuzzer and
# the sanitizer runtimes, which libclang-rt-dev holds and clang only recommends, and libomp),
# `install-deps.sh slurm` what `make test-slurm` needs (slurm-wlm and munge), and
# `install-deps.sh bench` what `make bench` needs beyond the rest (libsimgrid-dev, for the
# SimGrid peer of the FIFO model).
set -eu

PACKAGES="gcc g++ make pkg-config git
libhdf5-dev hdf5-tools libinih-dev libgsl-dev
libcriterion-dev libpcg-cpp-dev libopenmpi-dev openmpi-bin
python3 python3-numpy python3-scipy python3-h5py python3-simpy python3-pandas
python3-matplotlib python3-pytest"
case "${1:-}" in
    tsan|fuzz) PACKAGES="$PACKAGES clang libclang-rt-dev libomp-dev" ;;
    slurm) PACKAGES="$PACKAGES slurm-wlm munge" ;;
    bench) PACKAGES="$PACKAGES libsimgrid-dev time" ;;
esac

missing=""
for p in $PACKAGES; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

echo "specmc: installing missing Debian packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "specmc: need root or sudo to install:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
