#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The HTML report in a real browser: headless Chromium loads the report of
# the wordcount example (examples/wordcount, built here with the plugin
# and run twice), a script on the page clicks a path of count_stream as a
# reader would (the page's "#test-click=ID" hook, dump/html/pathprof.js)
# and writes what is lit into the page, and the dumped DOM is checked:
# exactly the path's lines of wordcount.c are highlighted, with a visible
# background, a line off the path is not, and the branch outcomes sit at
# their lines; the same path chosen with Enter and cleared with Esc; on
# the function page, the CFG drawn by the page's script from the layout
# in the page (no SVG in the file), and the path's blocks and coloured
# edges lit on it; the index, with a function whose name is long and has
# no space (as tests' generated names), fits a window 1400 pixels wide.
# The expected lines and outcomes come from pathprof-dump --tsv.
#
# Screenshots are kept: $PATHPROF_BUILD/html-test/screenshot.png (the
# source page with the path chosen), function.png (the CFG page) and
# index.png (the index at 1400 pixels); the report itself is
# $PATHPROF_BUILD/html-test/report.
#
# Skips (one SKIP: line) only when chromium is not installed: .ci/run
# installs it.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
export LC_ALL=C

if ! command -v chromium > /dev/null 2>&1; then
  echo "SKIP: html-browser: chromium not installed (apt-get install chromium)"
  exit 0
fi

out=$PATHPROF_BUILD/html-test
rm -rf "$out"
mkdir -p "$out"

# chromium_run ARG...: headless Chromium, without network or a profile
# of the user's; a fresh user data directory each time.
chromium_run () {
  udd=$(mktemp -d "$work/chromium-XXXXXX")
  timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$udd" "$@" 2> "$work/chromium.err"
}
# test_result URL: the lines the page's test hook wrote.
test_result () {
  chromium_run --dump-dom "$1" \
    | sed -n '/<pre id="pp-test-result">/,/<\/pre>/p' \
    | sed -e 's/.*<pre id="pp-test-result">//' -e 's/<\/pre>.*//'
}
# field NAME: the value of NAME= in $work/result.
field () { sed -n "s/^$1=//p" "$work/result"; }
# words TEXT: one word a line, sorted (numbers numerically), unique.
words () { printf '%s\n' "$1" | tr ' ' '\n' | sed '/^$/d' | sort -n -u; }

# The example, profiled.
src=$src/examples/wordcount
cc_plugin "$work/prof" -O2 -g "$src/wordcount.c" -o "$work/wordcount" \
  "$PATHPROF_BUILD/libpathprof.a" \
  || { fail "build wordcount" "success" "$(tail -3 "$work/cc.log")"; finish; }
"$work/wordcount" "$src/input.txt" > /dev/null \
  && "$work/wordcount" -k "$src/input.txt" > /dev/null \
  || { fail "run wordcount" "exit 0" "failure"; finish; }
# A function of a long name without a space, in a program of its own.
long_name=a_function_whose_name_is_as_long_as_the_names_that_test_frameworks_generate_for_their_cases_and_has_no_space_to_wrap_at
cat > "$work/long.c" <<EOF
int $long_name (int x) { return x > 2 ? 2 * x : x + 1; }
int main (int argc, char **argv) { (void) argv; return $long_name (argc) == 7; }
EOF
cc_plugin "$work/prof" -O2 -g "$work/long.c" -o "$work/long" \
  "$PATHPROF_BUILD/libpathprof.a" && "$work/long" \
  || { fail "build and run long.c" "success" "$(tail -3 "$work/cc.log")"; finish; }
"$dump" --html -o "$out/report" "$work/prof" 2> "$work/dump.err" \
  && pass "--html: report written" \
  || { fail "--html" "exit 0" "$(cat "$work/dump.err")"; finish; }
# wordcount.c's page, as the index links it.
page=$out/report/$(grep -o 'href="src-[^"]*wordcount\.c\.html"' \
  "$out/report/index.html" | head -1 | sed 's/href="\(.*\)"/\1/')
[ -f "$page" ] && pass "source page: $(basename "$page")" \
  || { fail "source page" "$page" "$(ls "$out/report")"; finish; }

# The hottest path of count_stream with more than one branch outcome:
# its number, lines and outcomes, from --tsv.
"$dump" --tsv -f count_stream "$work/prof" | sort -t '	' -k3,3nr -k2,2n \
  | awk -F '\t' 'NF >= 7 && split($7, o, " ") > 1 { print; exit }' \
  > "$work/path.tsv"
id=$(cut -f2 "$work/path.tsv")
want_lines=$(words "$(cut -f6 "$work/path.tsv")")
want_badges=$(cut -f7 "$work/path.tsv" | tr ' ' '\n' | sort)
[ -n "$id" ] && [ -n "$want_lines" ] || { fail "path from --tsv" "a path" "none"; finish; }
# Its row's id in the pages: f<function index>p<path>.
row=$(grep -o "data-path=f[0-9]*p$id>" "$out/report/fn-count_stream.html" \
  | head -1 | sed 's/data-path=\(.*\)>/\1/')
[ -n "$row" ] && pass "path $id has a row ($row)" \
  || { fail "row of path $id" "data-path" "none"; finish; }
# A counted line of count_stream the path does not take.
off=$("$dump" --lines -f count_stream "$work/prof" | cut -f3 \
  | while read -r n; do
      printf '%s\n' "$want_lines" | grep -qx "$n" || { echo "$n"; break; }
    done)

# Click.
start=$(date +%s)
test_result "file://$page#test-click=$row" > "$work/result"
[ -s "$work/result" ] && pass "click: the page's script ran" \
  || { fail "click" "a test result" "nothing ($(tail -3 "$work/chromium.err"))"; finish; }
[ "$(field selected)" = true ] && pass "click: the row is selected" \
  || fail "click: row selected" true "$(field selected)"
[ "$(field focusable)" = "0 button" ] \
  && pass "click: the row is a button reached by Tab" \
  || fail "click: row focusable" "0 button" "$(field focusable)"
got_lines=$(words "$(field highlighted)")
[ "$got_lines" = "$want_lines" ] \
  && pass "click: exactly the path's lines are highlighted" \
  || fail "click: highlighted lines" "$(echo $want_lines)" "$(echo $got_lines)"
if [ -n "$off" ] && words "$(field not-highlighted)" | grep -qx "$off"; then
  pass "click: line $off, off the path, is not highlighted"
else
  fail "click: line off the path" "line ${off:-?} not highlighted" "$(field highlighted)"
fi
lit=$(field lit-background); plain=$(field plain-background)
[ -n "$lit" ] && [ "$lit" != "$plain" ] \
  && pass "click: highlighted lines have their own background ($lit)" \
  || fail "click: highlight visible" "a background other than '$plain'" "'$lit'"
got_badges=$(field badges | tr ' ' '\n' | sort)
[ "$got_badges" = "$want_badges" ] \
  && pass "click: branch outcomes at their lines" \
  || fail "click: outcomes" "$(echo $want_badges)" "$(echo $got_badges)"
case $(field chosen) in
  *"path #"*) pass "click: the chosen path is named" ;;
  *) fail "click: chosen box" "path #N" "$(field chosen)" ;;
esac

# Keyboard: Enter chooses, Esc clears.
test_result "file://$page#test-key=$row" > "$work/result"
got_lines=$(words "$(field highlighted)")
[ "$got_lines" = "$want_lines" ] && pass "Enter: the path's lines" \
  || fail "Enter: highlighted lines" "$(echo $want_lines)" "$(echo $got_lines)"
[ "$(field after-escape)" = 0 ] && pass "Esc: everything cleared" \
  || fail "Esc: cleared" 0 "$(field after-escape)"

# The function page: the path on the CFG.
test_result "file://$out/report/fn-count_stream.html#test-click=$row" \
  > "$work/result"
if command -v dot > /dev/null 2>&1; then
  nodes=$(field cfg-nodes)
  [ -n "$nodes" ] && pass "CFG: the path's blocks lit ($nodes)" \
    || fail "CFG: lit blocks" "some" "none"
  [ "$(field cfg-opacity)" = "1 0.28" ] \
    && pass "CFG: other blocks dimmed" \
    || fail "CFG: opacity (on, off)" "1 0.28" "$(field cfg-opacity)"
  # Drawn in the page: every node of the layout, and the CFG edges.
  set -- $(field cfg-drawn)
  if ! grep -q '<svg' "$out/report/fn-count_stream.html" && [ "${1:-0}" -gt 0 ] \
     && [ "$1" = "$2" ] && [ "${3:-0}" -gt 0 ]; then
    pass "CFG: drawn by the script from the page's layout ($1 nodes, $3 edges)"
  else
    fail "CFG: drawn from the layout" "N N M, no <svg> in the file" \
      "$(field cfg-drawn); $(grep -c '<svg' "$out/report/fn-count_stream.html") <svg"
  fi
  # The chosen path (rank 1) is coloured on the picture: its copies lit.
  set -- $(field cfg-coloured)
  [ "${1:-0}" -gt 0 ] && [ "$1" = "$2" ] \
    && pass "CFG: the path's coloured edges lit ($2)" \
    || fail "CFG: coloured edges lit" "N N" "$(field cfg-coloured)"
else
  grep -q 'id="no-picture"' "$out/report/fn-count_stream.html" \
    && pass "CFG: without Graphviz, the page says so" \
    || fail "CFG: no-picture note" "present" "absent"
fi

# The index at 1400 pixels: nothing past the right edge (the functions'
# table ran past it when a name could not wrap).
chromium_run --window-size=1400,900 --dump-dom \
  "file://$out/report/index.html#test-layout" \
  | sed -n '/<pre id="pp-test-result">/,/<\/pre>/p' \
  | sed -e 's/.*<pre id="pp-test-result">//' -e 's/<\/pre>.*//' > "$work/result"
grep -q "$long_name" "$out/report/index.html" \
  || fail "index: the long name" "listed" "not found"
[ -n "$(field page)" ] && [ "$(field page)" -le "$(field window)" ] \
  && pass "index: fits 1400 pixels ($(field page) of $(field window))" \
  || fail "index at 1400 pixels" "page width <= $(field window)" \
    "$(field page) ($(field widest): $(field columns))"

# Screenshots, to look at.
chromium_run --window-size=1200,1700 --screenshot="$out/screenshot.png" \
  "file://$page#test-click=$row" > /dev/null
chromium_run --window-size=1200,1000 --screenshot="$out/function.png" \
  "file://$out/report/fn-count_stream.html#test-click=$row" > /dev/null
chromium_run --window-size=1400,900 --screenshot="$out/index.png" \
  "file://$out/report/index.html" > /dev/null
for png in screenshot.png function.png index.png; do
  if [ "$(head -c 4 "$out/$png" 2>/dev/null | tail -c 3)" = PNG ]; then
    pass "screenshot: $out/$png"
  else
    fail "screenshot $png" "a PNG" "$(tail -3 "$work/chromium.err")"
  fi
done
echo "note: browser checks took $(( $(date +%s) - start ))s"
finish
