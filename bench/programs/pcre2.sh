# SPDX-License-Identifier: GPL-3.0-or-later
# pcre2 -- Perl-compatible regular expressions, 8-bit library and its
# pcre2grep (Debian: pcre2).
#
# Configured once with plain tools (for src/config.h and src/pcre2.h;
# no JIT, so matching runs in pcre2_match's interpreter, which is C),
# then each variant compiles the library's files and pcre2grep.c by hand
# as NON-AUTOTOOLS-BUILD describes.  The workload counts the matches of
# ten patterns (back references, lookaround, alternations, repeats) over
# a generated 20 MB file; the counts must equal the plain build's.

package=pcre2
binary=pcre2grep
about="\`pcre2grep -c\` with ten patterns (back references, lookaround, repeats) over a generated 20 MB file, no JIT; the counts compared"

recipe_prepare () {
  cp -a "$1/." "$2/" || return 1
  cd "$2" && ./configure --disable-jit --disable-shared --disable-pcre2grep-libz \
    --disable-pcre2grep-libbz2 --disable-pcre2grep-callout CC="$CC" CFLAGS="$CFLAGS" \
    && cp src/pcre2_chartables.c.dist src/pcre2_chartables.c
}

recipe_build () {
  src=$1/src out=$2
  for f in pcre2_auto_possess pcre2_chartables pcre2_compile pcre2_config \
	   pcre2_context pcre2_convert pcre2_dfa_match pcre2_error pcre2_extuni \
	   pcre2_find_bracket pcre2_jit_compile pcre2_maketables pcre2_match \
	   pcre2_match_data pcre2_newline pcre2_ord2utf pcre2_pattern_info \
	   pcre2_script_run pcre2_serialize pcre2_string_utils pcre2_study \
	   pcre2_substitute pcre2_substring pcre2_tables pcre2_ucd \
	   pcre2_ucptables pcre2_valid_utf pcre2_xclass pcre2grep; do
    $CC $CFLAGS -DHAVE_CONFIG_H -DPCRE2_CODE_UNIT_WIDTH=8 -I"$src" \
      -c "$src/$f.c" -o "$out/$f.o" || return 1
  done
  $CC $CFLAGS -o "$out/pcre2grep" "$out"/*.o $LDLIBS
}

recipe_input () {
  "$BENCH_DRIVERS/gen-data" 20000000 > "$1/input.txt"
}

recipe_run () {
  g="\"$1/pcre2grep\"" f="\"$2/input.txt\""
  cat <<SCRIPT
$g -c 'GET /[a-z]+/[a-z]*(ba|ko)[a-z]*\\?' $f > counts.txt
$g -c -i '\\b(\\w+)\\s+\\1\\b' $f >> counts.txt
$g -c '(?:[0-9a-f]{2} ){8}0[0-9a-f] 0[0-9a-f]' $f >> counts.txt
$g -c '[A-Z][a-z]+(?: [a-z]+){3,}\\?' $f >> counts.txt
$g -c '^\\d+,(\\w+),\\w*\\1' $f >> counts.txt
$g -c '"(\\w+)-(?!\\1)\\w+/[5-9]\\.\\d+"' $f >> counts.txt
$g -c '(\\w)(\\w)\\w?\\2\\1' $f >> counts.txt
$g -c -v '[aeiou]{2}|^\\d{10} 10\\.[0-3]\\.\\d+\\.\\d+ (GET|HEAD)' $f >> counts.txt
$g -c '(?<=[aeiou])[bcd][aeiou](?=[^aeiou ])' $f >> counts.txt
$g -c -i '(\\w+) \\w+ \\1' $f >> counts.txt
SCRIPT
}

# The use variant's training (bench.sh, train_profile): five other
# patterns (alternation, classes, a back reference, lookahead, a lazy
# repeat) over a 2 MB file of another seed (exit status 1: no line
# matched, not a failure).
recipe_train_input () {
  "$BENCH_DRIVERS/gen-data" 2000000 7 > "$1/train.txt"
}

recipe_train () {
  g="\"$1/pcre2grep\"" f="\"$2/train.txt\""
  cat <<SCRIPT
$g -c '(POST|PUT|DELETE) /[a-z]+' $f > train-counts.txt || [ \$? -eq 1 ]
$g -c -i '[xyz][^aeiou ]{3}' $f >> train-counts.txt || [ \$? -eq 1 ]
$g -c '(\\d)\\d*\\1\\.' $f >> train-counts.txt || [ \$? -eq 1 ]
$g -c '\\w+(?=,\\d)' $f >> train-counts.txt || [ \$? -eq 1 ]
$g -c '"[^"]*?-[^"]*?"' $f >> train-counts.txt || [ \$? -eq 1 ]
SCRIPT
}

recipe_check () {
  [ "$(wc -l < counts.txt)" -eq 10 ] || { echo "pcre2grep printed $(wc -l < counts.txt) counts, not 10" >&2; return 1; }
  cat counts.txt
}
