#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Make sure `make fuzz` can build its libFuzzer targets: clang (FUZZ_CC,
# default clang-14) and its sanitizer and libFuzzer run-time libraries
# (Debian's libclang-rt-14-dev).  As root, missing Debian packages are
# installed; otherwise we stop and print the command to run.
set -u
cc=${FUZZ_CC:-clang-14}
version=$(echo "$cc" | sed -n 's/^.*clang-\([0-9][0-9]*\)$/\1/p')
version=${version:-14}

# Whether $cc links a fuzz target with ASan and UBSan.
links ()
{
  dir=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-fuzz-deps.XXXXXX") || return 1
  printf '%s\n' '#include <stddef.h>' \
    'int LLVMFuzzerTestOneInput (const unsigned char *d, size_t n)' \
    '{ return 0; }' > "$dir/t.c"
  "$cc" -fsanitize=fuzzer,address,undefined "$dir/t.c" -o "$dir/t" \
    >/dev/null 2>&1
  rc=$?
  rm -rf "$dir"
  return $rc
}

missing=
if ! command -v "$cc" >/dev/null 2>&1; then
  missing="clang-$version libclang-rt-$version-dev"
elif ! links; then
  missing="libclang-rt-$version-dev"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "pathprof: installing $missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086
  if ! apt-get install -y -q $missing >/dev/null 2>&1; then
    apt-get update -q >/dev/null 2>&1
    apt-get install -y -q $missing >&2 || {
      echo "pathprof: could not install $missing" >&2
      exit 1
    }
  fi
  links && exit 0
  echo "pathprof: $cc still cannot link a fuzz target" >&2
  exit 1
fi
echo "pathprof: missing packages: $missing" >&2
echo "pathprof: run: sudo apt-get install $missing" >&2
exit 1
