#!/usr/bin/env bash
# Fetches the five "unseen documents" PDFs that eval/unseen.json asks about from Debian 12
# packages (apt-get download + dpkg-deb -x; no network but the Debian mirror is needed) into
# the folder given (default ../unseen-corpus). See eval/unseen-corpus.md for what they are.
set -euo pipefail
out="${1:-../unseen-corpus}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
fetch() { # package, path inside the package, target file name
  apt-get download "$1" >/dev/null
  dpkg-deb -x "$(ls "$1"_*.deb | head -1)" "x-$1"
  cp "x-$1$2" "$out/$3"
}
out="$(cd "$out" && pwd)"
fetch libopencsd-doc '/usr/share/doc/libopencsd-dev/specs/ARM Trace and Debug Snapshot file format 0v2.pdf' arm-debug-trace-snapshot-format-0v2.pdf
fetch shared-mime-info /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf shared-mime-info-spec-0.21.pdf
fetch developers-reference /usr/share/developers-reference/developers-reference.pdf debian-developers-reference-12.18.pdf
fetch cvs /usr/share/doc/cvs/cvs-paper.pdf cvs-ii-parallelizing-software-development.pdf
fetch r-cran-jsonlite /usr/lib/R/site-library/jsonlite/doc/json-mapping.pdf jsonlite-json-mapping-1403.2805v1.pdf
ls -l "$out"
