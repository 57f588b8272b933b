#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/path-coverage.sh -- pathprof and GCC 15's -fpath-coverage side by side: what
# each reports for the same runs and what each costs against a plain build.
#
# Run as root inside a Debian sid chroot that has gcc-15, g++-15,
# gfortran-15, gcc-15-plugin-dev and make (valgrind, time, dpkg-dev and
# python3 are installed by the setup phase when missing), in a clone of
# pathprof: the one build-aux/gcc-chroot.sh makes, e.g. from the top of
# the clone on the host (doc/manual.md, "pathprof and GCC 15's
# -fpath-coverage"):
#
#   sh build-aux/gcc-chroot.sh 15 --prepare
#   D=${PATHPROF_CHROOTS:-/var/cache/pathprof-chroots}/sid
#   mkdir -p $D/mnt/pathprof-pathcov
#   mount --bind . $D/mnt/pathprof-pathcov; mount -t proc proc $D/proc
#   chroot $D bash /mnt/pathprof-pathcov/bench/path-coverage.sh [PHASE...]
#   umount $D/mnt/pathprof-pathcov $D/proc
#
#   bash bench/path-coverage.sh [PHASE...]   (default: every phase, in order)
#
# Environment (defaults in brackets):
#   TREE    the pathprof clone                      [this script's]
#   WORK    builds, inputs, runs                    [$TREE/build/pathcov/work]
#   OUT     raw outputs and the tables              [$TREE/build/pathcov/out]
#   REPS    timed runs per variant, median taken    [7]
#   CREPS   timed full builds per variant, median   [3]
#
# Phases:
#   setup    build pathprof for GCC 15 (BUILD=build-gcc15), fetch bzip2's
#            Debian source (apt-get source; a deb-src line for the suite of
#            the system's own deb line is added when missing), make inputs
#   build    build both programs at -O0 and -O2 in four variants:
#              plain     -OL -g
#              gcov      -OL -g --coverage                 (reference: edges)
#              pathcov   -OL -g --coverage -fpath-coverage (GCC 15)
#              pathprof  -OL -g -specs=pathprof.specs      (pathprof)
#            keeps each compilation's diagnostics (the prime-path limit
#            warnings) and their sizes (phase sizes)
#   sizes    `size` of each program and of its own objects
#   flags    what GCC 15's flags need and what gcov reports (no counts):
#            checked on wordcount -O2 (OUT/gcc-flags-check.txt)
#   cover    the coverage runs (the same runs for pathcov and pathprof),
#            gcov-15's prime-path reports, pathprof-dump's listings, and a
#            per-function table of both
#   insn     instructions of the cost runs under cachegrind (I refs)
#   wall     wall time of the cost runs: REPS rounds, variants alternated
#   ctime    compile time: CREPS rounds of full builds, variants alternated
#   rtime    time and memory of the report tools (gcov-15 --prime-paths,
#            pathprof-dump), and the size of gcov's prime-path listings and
#            JSON for bzip2, on the profiles of the coverage runs
#   limit    -fpath-coverage-limit: bzip2.c at -O2 with the default and a
#            ten times higher limit (functions instrumented, compile time)
#   report   the tables (OUT/results.md) from the raw measurements
#
# The timed phases (wall, ctime, rtime, limit) want an otherwise idle machine;
# the others may run at low priority:
#   nice -n 19 bash bench/path-coverage.sh setup build flags cover insn
#   bash bench/path-coverage.sh wall ctime rtime limit report
#
# Programs and runs:
#   wordcount  examples/wordcount of the tree.
#              coverage runs: the demo's (examples/Makefile, `make demo`):
#                wordcount input.txt; wordcount -k input.txt
#              cost runs: the same two modes on a 16 MB text from the
#                bench's gen-data (bench/drivers/gen-data.c, seed 1)
#   bzip2      Debian's bzip2 1.0.8 (apt-get source bzip2), its eight C
#              files compiled as bench/programs/bzip2.sh does
#              coverage runs = cost runs: bzip2 -9 of a 4 MB gen-data text,
#                bzip2 -d of the result, compared with the input
set -u
LC_ALL=C
export LC_ALL

TREE=${TREE:-$(cd "$(dirname "$0")/.." && pwd)}
WORK=${WORK:-$TREE/build/pathcov/work}
OUT=${OUT:-$TREE/build/pathcov/out}
REPS=${REPS:-7}
CREPS=${CREPS:-3}

CC=gcc-15
GCOV=gcov-15
B=$TREE/build-gcc15
SPECS=$B/pathprof.specs
DUMP=$B/pathprof-dump

PROGS="wordcount bzip2"
OPTS="O0 O2"
VARIANTS="plain gcov pathcov pathprof"

GCOV_MEM=8388608   # KB of address space for each gcov run (ulimit -v)
WC_MB=16        # wordcount's cost input, MB
BZ_MB=4         # bzip2's input, MB

mkdir -p "$WORK" "$OUT"

die () { echo "bench/path-coverage.sh: $*" >&2; exit 1; }
now () { date +%s%N; }

# ---------------------------------------------------------------- programs

# sources PROG: the C files of PROG, one per line
sources () {
  case $1 in
    wordcount) echo "$TREE/examples/wordcount/wordcount.c" ;;
    bzip2) for f in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
             echo "$WORK/src/bzip2-1.0.8/$f.c"; done ;;
  esac
}

extra_cflags () {
  case $1 in
    bzip2) echo "-D_FILE_OFFSET_BITS=64" ;;
  esac
}

vflags () {     # compile flags of a variant
  case $1 in
    plain) echo "" ;;
    gcov) echo "--coverage" ;;
    pathcov) echo "--coverage -fpath-coverage" ;;
    pathprof) echo "-specs=$SPECS" ;;
  esac
}

vlflags () {    # link flags of a variant
  case $1 in
    plain) echo "" ;;
    gcov|pathcov) echo "--coverage" ;;
    pathprof) echo "-specs=$SPECS" ;;
  esac
}

bdir () { echo "$WORK/build/$1/$2/$3"; }     # PROG OPT VARIANT

# build PROG OPT VARIANT LOG: compile every source with -c into the build
# directory and link; diagnostics into LOG.  One .o per source, so that
# gcov's .gcda/.gcno and pathprof's .pathprof are named after the object.
build () {
  local prog=$1 opt=$2 v=$3 log=$4 d src o objs=""
  d=$(bdir "$prog" "$opt" "$v")
  rm -rf "$d"; mkdir -p "$d"
  : > "$log"
  for src in $(sources "$prog"); do
    o=$d/$(basename "$src" .c).o
    echo "+ $CC -$opt -g $(vflags "$v") $(extra_cflags "$prog") -c $src -o $o" >> "$log"
    $CC -"$opt" -g $(vflags "$v") $(extra_cflags "$prog") -c "$src" -o "$o" 2>> "$log" \
      || { cat "$log" >&2; return 1; }
    objs="$objs $o"
  done
  echo "+ $CC $(vlflags "$v") -o $d/$prog$objs" >> "$log"
  $CC $(vlflags "$v") -o "$d/$prog" $objs 2>> "$log" || { cat "$log" >&2; return 1; }
}

clean_profiles () {   # PROG OPT VARIANT
  local d; d=$(bdir "$1" "$2" "$3")
  rm -f "$d"/*.gcda "$d"/*.pathprof
}

# The runs.  RUNNER is a command prefix ("" or valgrind ...) given as the
# words after BIN; each function runs in the current directory.
# cover_runs PROG BIN: the coverage runs; cost_runs PROG BIN RUNNER...:
# the measured runs.
cover_runs () {
  local prog=$1 bin=$2
  case $prog in
    wordcount)
      "$bin" "$WORK/inputs/input.txt" > wc1.out &&
      "$bin" -k "$WORK/inputs/input.txt" > wc2.out ;;
    bzip2) cost_runs bzip2 "$bin" ;;
  esac
}

cost_runs () {
  local prog=$1 bin=$2; shift 2
  case $prog in
    wordcount)
      "$@" "$bin" "$WORK/inputs/wc-big.txt" > wc1.out &&
      "$@" "$bin" -k "$WORK/inputs/wc-big.txt" > wc2.out ;;
    bzip2)
      "$@" "$bin" -9 -c "$WORK/inputs/bz-in.txt" > c.bz2 &&
      "$@" "$bin" -d -c c.bz2 > rt.txt &&
      cmp rt.txt "$WORK/inputs/bz-in.txt" ;;
  esac
}

# ---------------------------------------------------------------- setup

phase_setup () {
  echo "== setup"
  # the tools this script needs besides the chroot's compilers (as root)
  local missing=""
  command -v valgrind > /dev/null || missing="$missing valgrind"
  [ -x /usr/bin/time ] || missing="$missing time"
  command -v dpkg-source > /dev/null || missing="$missing dpkg-dev"
  command -v python3 > /dev/null || missing="$missing python3"
  if [ -n "$missing" ]; then
    apt-get -o Acquire::Check-Valid-Until=false update > "$WORK/apt-update.log" 2>&1
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing \
      > "$WORK/apt-install.log" 2>&1 || die "apt-get install$missing failed: $WORK/apt-install.log"
  fi
  (cd "$TREE" && make CC=gcc-15 CXX=g++-15 FC=gfortran-15 BUILD=build-gcc15 \
     > "$WORK/make-pathprof.log" 2>&1) || die "building pathprof failed: $WORK/make-pathprof.log"
  [ -f "$SPECS" ] || die "no $SPECS"
  if [ ! -d "$WORK/src/bzip2-1.0.8" ]; then
    if ! apt-cache showsrc bzip2 2>/dev/null | grep -q '^Package:'; then
      # a deb-src twin of the system's first deb line (URI and suite read
      # from the system, none written here)
      line=$(grep -h '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -1)
      [ -n "$line" ] || die "no deb line to derive a deb-src line from"
      echo "deb-src${line#deb}" > /etc/apt/sources.list.d/pathcov-src.list
      apt-get -o Acquire::Check-Valid-Until=false update > "$WORK/apt-update.log" 2>&1
    fi
    mkdir -p "$WORK/src"
    (cd "$WORK/src" && apt-get source bzip2 > "$WORK/apt-source.log" 2>&1) \
      || die "apt-get source bzip2 failed: $WORK/apt-source.log"
  fi
  mkdir -p "$WORK/inputs"
  cp "$TREE/examples/wordcount/input.txt" "$WORK/inputs/input.txt"
  $CC -O2 -o "$WORK/gen-data" "$TREE/bench/drivers/gen-data.c"
  "$WORK/gen-data" $((WC_MB * 1000000)) 1 > "$WORK/inputs/wc-big.txt"
  "$WORK/gen-data" $((BZ_MB * 1000000)) 1 > "$WORK/inputs/bz-in.txt"
  {
    echo "# tools"
    $CC --version | head -1
    $GCOV --version | head -1
    valgrind --version
    if command -v git > /dev/null 2>&1; then
      echo "pathprof: $(cd "$TREE" && git -c safe.directory='*' log -1 --format='%H %s')"
    else   # no git in the chroot: the commit HEAD names
      h=$(cat "$TREE/.git/HEAD"); case $h in ref:*) r=${h#ref: }; h=$(cat "$TREE/.git/$r" 2>/dev/null || grep " $r\$" "$TREE/.git/packed-refs" | cut -d' ' -f1);; esac
      echo "pathprof: commit $h"
    fi
    echo "bzip2 source: $(cd "$WORK/src" && ls *.dsc)"
    uname -srm
    echo "cores: $(nproc)"
    echo "inputs:"
    (cd "$WORK/inputs" && sha256sum input.txt wc-big.txt bz-in.txt && wc -c input.txt wc-big.txt bz-in.txt)
  } > "$OUT/environment.txt"
  $GCOV --help > "$OUT/gcov-15-help.txt" 2>&1
  $CC -v --help 2>/dev/null | grep -B1 -A8 -e '-fpath-coverage' -e 'Wcoverage-too-many-paths' \
    > "$OUT/gcc-15-help-path-coverage.txt"
  $CC -Q --help=common 2>/dev/null | grep -e 'path-coverage' >> "$OUT/gcc-15-help-path-coverage.txt"
}

# ---------------------------------------------------------------- build

phase_build () {
  echo "== build"
  mkdir -p "$OUT/build-logs"
  for prog in $PROGS; do for opt in $OPTS; do for v in $VARIANTS; do
    echo "   $prog -$opt $v"
    build "$prog" "$opt" "$v" "$OUT/build-logs/$prog-$opt-$v.log" || die "build $prog $opt $v"
  done; done; done
  phase_sizes
  # the functions GCC gave up on (-Wcoverage-too-many-paths)
  grep -H -B1 'giving up path coverage' "$OUT"/build-logs/*-pathcov.log \
    | grep 'In function' | sed 's/\.log-/.log: /' > "$OUT/pathcov-skipped.txt" || true
  # the runtime's share: an empty program in each variant
  local e="$WORK/empty"; mkdir -p "$e"; echo 'int main (void) { return 0; }' > "$e/empty.c"
  printf 'variant\ttext\tdata\tbss\n' > "$OUT/size-empty.tsv"
  for v in $VARIANTS; do
    $CC -O2 $(vflags "$v") -c "$e/empty.c" -o "$e/empty-$v.o" && $CC $(vlflags "$v") -o "$e/empty-$v" "$e/empty-$v.o"
    size "$e/empty-$v" | awk -v v="$v" 'NR == 2 { print v "\t" $1 "\t" $2 "\t" $3 }' >> "$OUT/size-empty.tsv"
  done
}

# sizes: `size` of each program (text, data, bss as size(1) counts them:
# its "text" includes .rodata, where pathprof keeps its path descriptions)
# and, summed over the program's own objects (no runtime library), their
# text, data and bss and their code alone (the .text sections, size -A)
phase_sizes () {
  local sz="$OUT/size.tsv" d
  printf 'prog\topt\tvariant\ttext\tdata\tbss\tobj_text\tobj_data\tobj_bss\tobj_code\n' > "$sz"
  for prog in $PROGS; do for opt in $OPTS; do for v in $VARIANTS; do
    d=$(bdir "$prog" "$opt" "$v")
    read -r t da bs _ < <(size "$d/$prog" | awk 'NR == 2')
    read -r ot od ob < <(size "$d"/*.o | awk 'NR > 1 { t += $1; d += $2; b += $3 } END { print t, d, b }')
    oc=$(size -A "$d"/*.o | awk '$1 ~ /^\.text/ { c += $2 } END { print c }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$opt" "$v" "$t" "$da" "$bs" "$ot" "$od" "$ob" "$oc" >> "$sz"
  done; done; done
  # per object: code (.text*), read-only data (.rodata*), .bss
  local so="$OUT/size-objects.tsv"
  printf 'prog\topt\tvariant\tobject\ttext\trodata\tbss\n' > "$so"
  for prog in $PROGS; do for opt in $OPTS; do for v in $VARIANTS; do
    d=$(bdir "$prog" "$opt" "$v")
    for o in "$d"/*.o; do
      size -A "$o" | awk -v p="$prog" -v opt="$opt" -v v="$v" -v o="$(basename "$o")" '
        $1 ~ /^\.text/ { t += $2 } $1 ~ /^\.rodata/ { r += $2 } $1 == ".bss" { b += $2 }
        END { printf "%s\t%s\t%s\t%s\t%d\t%d\t%d\n", p, opt, v, o, t, r, b }' >> "$so"
    done
  done; done; done
}

# ---------------------------------------------------------------- cover

phase_cover () {
  echo "== cover"
  local cdir="$OUT/cover"; mkdir -p "$cdir"
  for prog in $PROGS; do for opt in $OPTS; do for v in pathcov pathprof; do
    d=$(bdir "$prog" "$opt" "$v")
    clean_profiles "$prog" "$opt" "$v"
    r="$WORK/runs/cover-$prog-$opt-$v"; rm -rf "$r"; mkdir -p "$r"
    (cd "$r" && cover_runs "$prog" "$d/$prog") || die "coverage run $prog $opt $v failed"
    cat "$r"/wc*.out > "$cdir/$prog-$opt-$v.program-output" 2>/dev/null || true
    p="$cdir/$prog-$opt-$v"
    if [ "$v" = pathcov ]; then
      # gcov's reports, one per source, run where the objects are.  Memory
      # capped: gcov -j -e (the JSON with every prime path) of bzip2's
      # files outgrew the machine's 24 GB and was OOM-killed.
      : > "$p.gcov-summary.txt"; : > "$p.gcov-lines.txt"; : > "$p.gcov-source.txt"
      for src in $(sources "$prog"); do
        o=$d/$(basename "$src" .c).o j=$(basename "$src" .c).gcov.json.gz
        (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -n -f --prime-paths -o "$o" "$src") >> "$p.gcov-summary.txt" 2>&1
        # JSON without -e: each function's covered_prime_paths (its
        # total_prime_paths is 0 without -e, see the wordcount pair below)
        (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -j -o "$o" "$src" > /dev/null 2>&1 &&
         mv "$j" "$cdir/$prog-$opt-$(basename "$src" .c).no-e.gcov.json.gz") || echo "gcov -j failed: $src" >> "$p.gcov-summary.txt"
        if [ "$prog" = wordcount ]; then
          (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -t --prime-paths-lines=both -o "$o" "$src") >> "$p.gcov-lines.txt" 2>&1
          (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -t --prime-paths-source=both -o "$o" "$src") >> "$p.gcov-source.txt" 2>&1
          (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -j -e -o "$o" "$src" > /dev/null 2>&1 &&
           mv "$j" "$cdir/$prog-$opt-$(basename "$src" .c).gcov.json.gz") || true
        elif [ "$(basename "$src")" = blocksort.c ]; then
          # one function of bzip2 in full: mainGtU, the suffix comparison
          (ulimit -v $GCOV_MEM; cd "$d" && $GCOV -t --include='^mainGtU$' --prime-paths-lines=both -o "$o" "$src") \
            > "$p.gcov-lines-mainGtU.txt" 2>&1
        fi
        rm -f "$d"/*.gcov "$d"/*.gcov.json.gz
      done
      rm -f "$p.gcov-source.txt.tmp"
      [ -s "$p.gcov-lines.txt" ] || rm -f "$p.gcov-lines.txt" "$p.gcov-source.txt"
    else
      $DUMP --coverage "$d" > "$p.dump-coverage.txt" 2>&1
      $DUMP --json "$d" | gzip -9 > "$p.dump.json.gz"
      $DUMP -n 30 "$d" > "$p.dump-top.txt" 2>&1
      if [ "$prog" = wordcount ]; then
        for f in classify count_stream print_counts main; do
          $DUMP -f "$f" --all "$d" > "$p.dump-all-$f.txt" 2>&1
          $DUMP -f "$f" --untested --all "$d" > "$p.dump-untested-$f.txt" 2>&1
        done
      else
        $DUMP --untested -n 3 "$d" > "$p.dump-untested.txt" 2>&1
        $DUMP -f mainGtU --all "$d" > "$p.dump-all-mainGtU.txt" 2>&1
        $DUMP -f mainGtU --untested --all "$d" > "$p.dump-untested-mainGtU.txt" 2>&1
      fi
    fi
  done; done; done
  phase_table
}

# table: the per-function table of both tools (OUT/paths-per-function.tsv)
# from the reports of phase cover
phase_table () {
  python3 - "$OUT" <<'PY'
import gzip, json, os, re, sys
out = sys.argv[1]
cdir = os.path.join(out, "cover")
rows = []
for prog in ("wordcount", "bzip2"):
    for opt in ("O0", "O2"):
        # totals from gcov -f --prime-paths: "Function 'F'" then, unless GCC
        # gave up on F, "Prime paths covered:P% of N"; a file's functions
        # come before its "File 'NAME'" line.  Keys: (source file, function)
        # (bzip2.c and bzlib.c each have a static myfeof).
        total = {}
        cur = None; pending = {}
        for line in open(os.path.join(cdir, "%s-%s-pathcov.gcov-summary.txt" % (prog, opt))):
            m = re.match(r"Function '(.*)'", line)
            if m:
                cur = m.group(1); pending[cur] = "gave up"; continue
            m = re.match(r"Prime paths covered:([0-9.]+)% of ([0-9]+)", line)
            if m and cur is not None:
                pending[cur] = int(m.group(2)); cur = None
            m = re.match(r"File '(.*)'", line)
            if m:
                for k, v in pending.items():
                    total[(os.path.basename(m.group(1)), k)] = v
                pending = {}; cur = None
        covered = {}; calls = {}
        for fn in sorted(os.listdir(cdir)):
            if fn.startswith("%s-%s-" % (prog, opt)) and fn.endswith(".no-e.gcov.json.gz"):
                d = json.load(gzip.open(os.path.join(cdir, fn)))
                for f in d["files"]:
                    for x in f["functions"]:
                        k = (os.path.basename(f["file"]), x["name"])
                        covered[k] = x["covered_prime_paths"]
                        calls[k] = x["execution_count"]
        pp = {}
        d = json.load(gzip.open(os.path.join(cdir, "%s-%s-pathprof.dump.json.gz" % (prog, opt))))
        for f in d["functions"]:
            pp[(os.path.basename(f["file"]), f["name"])] = (f["potential_paths"], f.get("executed_paths", 0), f.get("executions", 0))
        for key in sorted(set(total) | set(pp), key=lambda k: (k[1], k[0])):
            t = total.get(key, "")
            c = covered.get(key, "") if t != "gave up" else ""
            b = pp.get(key)
            rows.append((prog, opt, key[1] + " (" + key[0] + ")", t, c, calls.get(key, ""),
                         b[0] if b else "", b[1] if b else "", b[2] if b else ""))
with open(os.path.join(out, "paths-per-function.tsv"), "w") as w:
    w.write("prog\topt\tfunction\tprime_paths\tprime_covered\tgcov_calls\tbl_paths\tbl_executed\tbl_executions\n")
    for r in rows:
        w.write("\t".join(str(x) for x in r) + "\n")
PY
}

# ---------------------------------------------------------------- flags

# flags: what GCC 15 needs and what gcov gives, checked on wordcount -O2
phase_flags () {
  echo "== flags"
  local f="$OUT/gcc-flags-check.txt" t="$WORK/flags" src="$TREE/examples/wordcount/wordcount.c"
  rm -rf "$t"; mkdir -p "$t"; : > "$f"
  {
    echo "## 1. -fprofile-arcs -fpath-coverage, without -ftest-coverage (which --coverage implies)"
    echo "+ $CC -O2 -fprofile-arcs -fpath-coverage -c wordcount.c -o a.o; $CC -fprofile-arcs a.o -o a; ./a -k input.txt"
    (cd "$t" && $CC -O2 -fprofile-arcs -fpath-coverage -c "$src" -o a.o && $CC -fprofile-arcs a.o -o a &&
     ./a -k "$WORK/inputs/input.txt" > /dev/null && echo "files: $(ls | tr '\n' ' ')" &&
     echo "+ $GCOV --prime-paths -o a.o wordcount.c" && $GCOV -n --prime-paths -o a.o "$src" 2>&1)
    echo
    echo "## 2. --coverage -fpath-coverage: one run (wordcount -k input.txt), then a second identical run"
    (cd "$t" && $CC -O2 --coverage -fpath-coverage -c "$src" -o b.o && $CC --coverage b.o -o b &&
     echo "files: $(ls | tr '\n' ' ')" &&
     ./b -k "$WORK/inputs/input.txt" > /dev/null && $GCOV -t --prime-paths-lines=both -o b.o "$src" > one.txt 2>&1 &&
     ./b -k "$WORK/inputs/input.txt" > /dev/null && $GCOV -t --prime-paths-lines=both -o b.o "$src" > two.txt 2>&1 &&
     echo "+ diff <(gcov after one run) <(gcov after two runs), prime-path lines only" &&
     diff <(grep -E '^(path|paths) ' one.txt) <(grep -E '^(path|paths) ' two.txt) && echo "(no difference)";
     echo "+ the line counts do change, e.g. line 37:"; grep -E ':   37:' one.txt two.txt)
    echo
    echo "## 3. gcov -j: what the JSON says of prime paths, without and with -e"
    (cd "$t" && $GCOV -j -o b.o "$src" > /dev/null 2>&1 &&
     python3 -c 'import gzip,json,sys; d=json.load(gzip.open(sys.argv[1])); [print("  -j   ", x["name"], {k: x[k] for k in ("total_prime_paths", "covered_prime_paths")}, "paths listed:", len(x["prime_path_coverage"])) for x in d["files"][0]["functions"]]' wordcount.gcov.json.gz &&
     $GCOV -j -e -o b.o "$src" > /dev/null 2>&1 &&
     python3 -c 'import gzip,json,sys; d=json.load(gzip.open(sys.argv[1])); [print("  -j -e", x["name"], {k: x[k] for k in ("total_prime_paths", "covered_prime_paths")}, "paths listed:", len(x["prime_path_coverage"]), "keys of a listed path:", sorted(x["prime_path_coverage"][0]) if x["prime_path_coverage"] else "-") for x in d["files"][0]["functions"]]' wordcount.gcov.json.gz)
    echo
    echo "## 4. the same two runs with pathprof: counts add up"
    (cd "$t" && $CC -O2 -specs="$SPECS" -c "$src" -o c.o && $CC -specs="$SPECS" c.o -o c &&
     ./c -k "$WORK/inputs/input.txt" > /dev/null && $DUMP -f classify --all c.pathprof > one-pp.txt &&
     ./c -k "$WORK/inputs/input.txt" > /dev/null && $DUMP -f classify --all c.pathprof > two-pp.txt &&
     echo "+ pathprof-dump -f classify --all, after one run:" && cat one-pp.txt &&
     echo "+ after two runs:" && cat two-pp.txt)
    echo
    echo "## 5. both in one build: --coverage -fpath-coverage -specs=pathprof.specs (one run, -k)"
    (cd "$t" && $CC -O2 --coverage -fpath-coverage -specs="$SPECS" -c "$src" -o e.o &&
     $CC --coverage -specs="$SPECS" e.o -o e && ./e -k "$WORK/inputs/input.txt" > /dev/null &&
     echo "files: $(ls e.* | tr '\n' ' ')" &&
     echo "+ $GCOV -f --prime-paths (compare the totals with part 2's build without the plugin)" &&
     $GCOV -n -f --prime-paths -o e.o "$src" | grep -e Function -e 'Prime paths' &&
     echo "+ without the plugin:" && $GCOV -n -f --prime-paths -o b.o "$src" | grep -e Function -e 'Prime paths' &&
     echo "+ $DUMP --coverage e.pathprof" && $DUMP --coverage e.pathprof)
  } >> "$f" 2>&1
}

# ---------------------------------------------------------------- insn

phase_insn () {
  echo "== insn"
  local f="$OUT/instructions.tsv" cg="$OUT/cachegrind"; mkdir -p "$cg"
  printf 'prog\topt\tvariant\tinstructions\n' > "$f"
  for prog in $PROGS; do for opt in $OPTS; do for v in $VARIANTS; do
    d=$(bdir "$prog" "$opt" "$v")
    clean_profiles "$prog" "$opt" "$v"
    r="$WORK/runs/insn-$prog-$opt-$v"; rm -rf "$r"; mkdir -p "$r"
    log="$cg/$prog-$opt-$v.log"
    (cd "$r" && cost_runs "$prog" "$d/$prog" \
       valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
       --log-fd=9 9>>"$log") || die "cachegrind run $prog $opt $v failed"
    n=$(awk '/I *refs:/ { gsub(",", "", $NF); s += $NF } END { print s }' "$log")
    printf '%s\t%s\t%s\t%s\n' "$prog" "$opt" "$v" "$n" >> "$f"
    echo "   $prog -$opt $v: $n"
  done; done; done
}

# ---------------------------------------------------------------- wall

phase_wall () {
  echo "== wall"
  local raw="$OUT/wall-raw.tsv"
  printf 'prog\topt\tvariant\trep\tseconds\n' > "$raw"
  for prog in $PROGS; do for opt in $OPTS; do
    for rep in $(seq 1 "$REPS"); do for v in $VARIANTS; do
      d=$(bdir "$prog" "$opt" "$v")
      clean_profiles "$prog" "$opt" "$v"
      r="$WORK/runs/wall-$prog-$opt-$v"; rm -rf "$r"; mkdir -p "$r"
      t0=$(now)
      (cd "$r" && cost_runs "$prog" "$d/$prog") || die "timed run $prog $opt $v failed"
      t1=$(now)
      printf '%s\t%s\t%s\t%s\t%s\n' "$prog" "$opt" "$v" "$rep" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')" >> "$raw"
      # the outputs must not depend on the variant
      if [ "$prog" = wordcount ]; then cat "$r"/wc1.out "$r"/wc2.out | sha256sum | cut -c1-16; else sha256sum < "$r/c.bz2" | cut -c1-16; fi \
        >> "$WORK/runs/outputs-$prog-$opt.txt"
    done; done
    [ "$(sort -u "$WORK/runs/outputs-$prog-$opt.txt" | wc -l)" = 1 ] || die "outputs of $prog -$opt differ between variants"
    rm -f "$WORK/runs/outputs-$prog-$opt.txt"
  done; done
}

# ---------------------------------------------------------------- ctime

phase_ctime () {
  echo "== ctime"
  local raw="$OUT/compile-raw.tsv"
  printf 'prog\topt\tvariant\trep\tseconds\n' > "$raw"
  mkdir -p "$WORK/ctime-logs"
  for prog in $PROGS; do for opt in $OPTS; do
    for rep in $(seq 1 "$CREPS"); do for v in $VARIANTS; do
      t0=$(now)
      build "$prog" "$opt" "$v" "$WORK/ctime-logs/$prog-$opt-$v.log" || die "build $prog $opt $v"
      t1=$(now)
      printf '%s\t%s\t%s\t%s\t%s\n' "$prog" "$opt" "$v" "$rep" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')" >> "$raw"
    done; done
  done; done
  # per file, -O2, one round: where pathcov's compile time goes
  local pf="$OUT/compile-per-file.tsv"
  printf 'prog\topt\tvariant\tfile\tseconds\tmaxrss_kb\n' > "$pf"
  for opt in $OPTS; do for v in plain pathcov pathprof; do
    for src in $(sources bzip2); do
      o=$WORK/ctime-$v.o
      /usr/bin/time -f '%e %M' -o "$WORK/ctime.t" \
        $CC -"$opt" -g $(vflags "$v") $(extra_cflags bzip2) -c "$src" -o "$o" 2>/dev/null
      printf 'bzip2\t%s\t%s\t%s\t%s\t%s\n' "$opt" "$v" "$(basename "$src")" $(cat "$WORK/ctime.t") >> "$pf"
      rm -f "$o" "${o%.o}.gcno"
    done
  done; done
}

# rtime: the report tools' time and memory, on the profiles of the
# coverage runs (made again here: ctime's builds removed them)
phase_rtime () {
  echo "== rtime"
  for prog in $PROGS; do for opt in $OPTS; do for v in pathcov pathprof; do
    clean_profiles "$prog" "$opt" "$v"
    r="$WORK/runs/rtime-$prog-$opt-$v"; rm -rf "$r"; mkdir -p "$r"
    (cd "$r" && cover_runs "$prog" "$(bdir "$prog" "$opt" "$v")/$prog") || die "coverage run $prog $opt $v failed"
  done; done; done
  report_time
}

# report_time: how long the report tools take on the profiles left by the
# last runs (gcov-15 -f --prime-paths over every source; pathprof-dump's
# coverage table and its default listing, the 20 hottest paths)
report_time () {
  local rt="$OUT/report-time.tsv" prog opt d srcs
  printf 'prog\topt\tcommand\tseconds\tmaxrss_kb\n' > "$rt"
  for prog in $PROGS; do for opt in $OPTS; do
    d=$(bdir "$prog" "$opt" pathcov); srcs=$(sources "$prog" | tr '\n' ' ')
    /usr/bin/time -f '%e\t%M' -o "$WORK/rt.t" sh -c "ulimit -v $GCOV_MEM; cd $d && for s in $srcs; do $GCOV -n -f --prime-paths -o $d/\$(basename \$s .c).o \$s; done" > /dev/null 2>&1
    printf '%s\t%s\tgcov-15 -n -f --prime-paths\t%s\n' "$prog" "$opt" "$(cat "$WORK/rt.t")" >> "$rt"
    d=$(bdir "$prog" "$opt" pathprof)
    /usr/bin/time -f '%e\t%M' -o "$WORK/rt.t" "$DUMP" --coverage "$d" > /dev/null 2>&1
    printf '%s\t%s\tpathprof-dump --coverage\t%s\n' "$prog" "$opt" "$(cat "$WORK/rt.t")" >> "$rt"
    /usr/bin/time -f '%e\t%M' -o "$WORK/rt.t" "$DUMP" "$d" > /dev/null 2>&1
    printf '%s\t%s\tpathprof-dump\t%s\n' "$prog" "$opt" "$(cat "$WORK/rt.t")" >> "$rt"
    /usr/bin/time -f '%e\t%M' -o "$WORK/rt.t" "$DUMP" --untested "$d" > /dev/null 2>&1
    printf '%s\t%s\tpathprof-dump --untested\t%s\n' "$prog" "$opt" "$(cat "$WORK/rt.t")" >> "$rt"
  done; done
  # bzip2: the listing of the uncovered prime paths (its size only), and
  # gcov -j -e per file (the JSON with the paths), each capped at 8 GB
  local ls="$OUT/gcov-listing-bzip2.tsv"
  printf 'opt\tcommand\tfile\tseconds\tmaxrss_kb\texit\tbytes\n' > "$ls"
  for opt in $OPTS; do
    d=$(bdir bzip2 "$opt" pathcov)
    for src in $(sources bzip2); do
      o=$d/$(basename "$src" .c).o
      (ulimit -v $GCOV_MEM; cd "$d" && /usr/bin/time -f '%e\t%M\t%x' -o "$WORK/rt.t" \
        $GCOV -t --prime-paths-lines=uncovered -o "$o" "$src" 2>/dev/null | wc -c > "$WORK/rt.n")
      printf '%s\tgcov-15 -t --prime-paths-lines=uncovered\t%s\t%s\t%s\n' "$opt" "$(basename "$src")" "$(tail -1 "$WORK/rt.t")" "$(cat "$WORK/rt.n")" >> "$ls"
      (ulimit -v $GCOV_MEM; cd "$d" && /usr/bin/time -f '%e\t%M\t%x' -o "$WORK/rt.t" \
        $GCOV -j -e -o "$o" "$src" > /dev/null 2>&1)
      j=$d/$(basename "$src" .c).gcov.json.gz
      printf '%s\tgcov-15 -j -e\t%s\t%s\t%s\n' "$opt" "$(basename "$src")" "$(tail -1 "$WORK/rt.t")" "$(stat -c %s "$j" 2>/dev/null || echo -)" >> "$ls"
      rm -f "$j" "$d"/*.gcov
    done
  done
}

# ---------------------------------------------------------------- limit

phase_limit () {
  echo "== limit"
  local f="$OUT/limit.txt" src="$WORK/src/bzip2-1.0.8/bzip2.c" o="$WORK/limit.o"
  : > "$f"
  for lim in 250000 2500000; do
    echo "## gcc-15 -O2 -g --coverage -fpath-coverage -fpath-coverage-limit=$lim -c bzip2.c" >> "$f"
    # capped: 8 GB of address space, 15 minutes
    (ulimit -v $GCOV_MEM; /usr/bin/time -f 'time: %e s, peak memory %M KB, exit %x' -a -o "$f" \
      timeout 900 $CC -O2 -g --coverage -fpath-coverage -fpath-coverage-limit=$lim -D_FILE_OFFSET_BITS=64 \
      -c "$src" -o "$o" 2>&1 | grep -e 'In function' -e 'giving up' -e 'rror' >> "$f")
    [ -f "$o" ] && size "$o" >> "$f"
    rm -f "$o" "${o%.o}.gcno"
  done
}

# ---------------------------------------------------------------- report

phase_report () {
  echo "== report"
  python3 - "$OUT" <<'PY'
import csv, os, statistics, sys
out = sys.argv[1]
def tsv(name):
    p = os.path.join(out, name)
    if not os.path.exists(p):
        return []
    with open(p) as f:
        return list(csv.DictReader(f, delimiter="\t"))
V = ["plain", "gcov", "pathcov", "pathprof"]
lines = ["# Measurements (generated by bench/path-coverage.sh report)", ""]
insn = {(r["prog"], r["opt"], r["variant"]): int(r["instructions"]) for r in tsv("instructions.tsv")}
wall = {}
for r in tsv("wall-raw.tsv"):
    wall.setdefault((r["prog"], r["opt"], r["variant"]), []).append(float(r["seconds"]))
comp = {}
for r in tsv("compile-raw.tsv"):
    comp.setdefault((r["prog"], r["opt"], r["variant"]), []).append(float(r["seconds"]))
size = {(r["prog"], r["opt"], r["variant"]): r for r in tsv("size.tsv")}
def ratio(x, y):
    return "%.2f×" % (x / y) if y else "-"
for prog in ("wordcount", "bzip2"):
    lines += ["## %s" % prog, "",
              "| opt | variant | instructions | × plain | wall s (median) | × plain | program text+data B | × plain | bss B | objects' code B | × plain | compile s (median) | × plain |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for opt in ("O0", "O2"):
        for v in V:
            k = (prog, opt, v); p = (prog, opt, "plain")
            i = insn.get(k); ip = insn.get(p)
            w = statistics.median(wall[k]) if k in wall else None
            wp = statistics.median(wall[p]) if p in wall else None
            c = statistics.median(comp[k]) if k in comp else None
            cp = statistics.median(comp[p]) if p in comp else None
            s = size.get(k); sp = size.get(p)
            st = int(s["text"]) + int(s["data"]) if s else None
            spt = int(sp["text"]) + int(sp["data"]) if sp else None
            ot = int(s["obj_code"]) if s else None
            opt_ = int(sp["obj_code"]) if sp else None
            bss = int(s["bss"]) if s else None
            lines.append("| -%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                opt, v,
                "{:,}".format(i) if i else "-", ratio(i, ip) if i and ip else "-",
                "%.3f" % w if w else "-", ratio(w, wp) if w and wp else "-",
                "{:,}".format(st) if st else "-", ratio(st, spt) if st and spt else "-",
                "{:,}".format(bss) if bss is not None else "-",
                "{:,}".format(ot) if ot else "-", ratio(ot, opt_) if ot and opt_ else "-",
                "%.2f" % c if c else "-", ratio(c, cp) if c and cp else "-"))
    lines.append("")
    for opt in ("O0", "O2"):
        for v in V:
            k = (prog, opt, v)
            if k in wall:
                lines.append("wall runs %s -%s %s: %s" % (prog, opt, v, " ".join("%.3f" % x for x in wall[k])))
            if k in comp:
                lines.append("compiles %s -%s %s: %s" % (prog, opt, v, " ".join("%.2f" % x for x in comp[k])))
    lines.append("")
pf = tsv("paths-per-function.tsv")
if pf:
    lines += ["## Paths per function", "",
              "| program | opt | function | prime paths | covered | B-L paths | executed | executions |",
              "|---|---|---|---:|---:|---:|---:|---:|"]
    tot = {}
    for r in pf:
        lines.append("| %s | -%s | %s | %s | %s | %s | %s | %s |" % (r["prog"], r["opt"], r["function"],
            r["prime_paths"], r["prime_covered"], r["bl_paths"], r["bl_executed"], r["bl_executions"]))
        t = tot.setdefault((r["prog"], r["opt"]), [0, 0, 0, 0, 0, 0, 0, 0, 0])
        for j, key in enumerate(("prime_paths", "prime_covered", "bl_paths", "bl_executed")):
            if r[key].isdigit():
                t[j] += int(r[key])
        if r["prime_paths"] == "gave up":
            t[4] += 1
        if r["prime_paths"] == "":
            t[6] += 1
        t[5] += 1
        if r["prime_paths"].isdigit() and r["bl_paths"].isdigit():
            t[7] += int(r["bl_paths"]); t[8] += int(r["bl_executed"])
    lines += ["", "Totals (prime paths: of the functions GCC instrumented; B-L paths: of all functions)", "",
              "| program | opt | functions | no gcov record (inlined before GCC's pass) | GCC gave up on | prime paths | covered | B-L paths | executed | B-L paths of the functions with prime paths | executed |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for (prog, opt), t in tot.items():
        lines.append("| %s | -%s | %d | %d | %d | %d | %d (%.2f%%) | %d | %d (%.4f%%) | %d | %d (%.2f%%) |" % (prog, opt, t[5], t[6], t[4], t[0], t[1],
            100.0 * t[1] / t[0] if t[0] else 0, t[2], t[3], 100.0 * t[3] / t[2] if t[2] else 0,
            t[7], t[8], 100.0 * t[8] / t[7] if t[7] else 0))
    lines.append("")
with open(os.path.join(out, "results.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
}

phases=${*:-setup build flags cover insn wall ctime rtime limit report}
for ph in $phases; do
  case $ph in
    setup|build|sizes|flags|cover|table|insn|wall|ctime|rtime|limit|report) "phase_$ph" ;;
    *) die "unknown phase $ph" ;;
  esac
done
