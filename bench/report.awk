# SPDX-License-Identifier: GPL-3.0-or-later
# report.awk -- the benchmark's tables: results.md and results.json from
# the raw measurements bench.sh leaves in its result directory.
#
# Usage: awk -v programs="bzip2 lua" -v variants="plain gcov pathprof" \
#          -v results=DIR -v warmup=N -v md=FILE -v json=FILE \
#          -f report.awk /dev/null
#
# Reads DIR/meta.tsv (KEY TAB VALUE) and per program DIR/NAME/status
# ("ok" or "failed: why"), stats.tsv (KEY TAB VALUE), times.tsv and
# compile.tsv (VARIANT TAB ROUND TAB WALL TAB USER TAB SYS TAB MAXRSS, the
# peak resident set in KiB, absent in results older than it; rounds up to
# WARMUP are not counted).  Ratios are ratios of medians to plain's; the
# overhead ratio of a pathprof variant is (ratio - 1) / (gcov's ratio - 1),
# shown only when gcov's overhead is at least 1%; geometric means are over
# the programs measured.  Works with mawk and gawk (no gawk extensions).

function read_kv(file, arr, prefix,   line, k) {
  while ((getline line < file) > 0) {
    k = index(line, "\t")
    if (k > 0) arr[prefix substr(line, 1, k - 1)] = substr(line, k + 1)
  }
  close(file)
}

# Reads a times file into T[p, v, "n"], T[p, v, i, "wall"|"cpu"|"rss"]
# and T[p, v, "nrss"] (the runs with a peak resident set), leaving out the
# rounds up to SKIP.
function read_times(file, p, T, skip,   line, f, key) {
  while ((getline line < file) > 0) {
    split(line, f, "\t")
    if (f[2] + 0 <= skip + 0) continue
    key = p SUBSEP f[1]
    T[key, "n"]++
    T[key, T[key, "n"], "wall"] = f[3] + 0
    T[key, T[key, "n"], "cpu"] = f[4] + f[5]
    if (f[6] != "") { T[key, T[key, "n"], "rss"] = f[6] + 0; T[key, "nrss"]++ }
  }
  close(file)
}

# The median of T[p, v, 1..n, what]; "" when there is none (for "rss":
# when a run has none).
function med(T, p, v, what,   n, i, j, a, t) {
  n = T[p SUBSEP v, "n"] + 0
  if (n == 0 || (what == "rss" && T[p SUBSEP v, "nrss"] + 0 < n)) return ""
  for (i = 1; i <= n; i++) a[i] = T[p SUBSEP v, i, what]
  for (i = 2; i <= n; i++) {
    t = a[i]
    for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
    a[j + 1] = t
  }
  if (n % 2) return a[(n + 1) / 2]
  return (a[n / 2] + a[n / 2 + 1]) / 2
}

function minmax_spread(T, p, v, what,   n, i, lo, hi, x, m) {
  n = T[p SUBSEP v, "n"] + 0
  if (n < 2) return ""
  lo = hi = T[p SUBSEP v, 1, what]
  for (i = 2; i <= n; i++) {
    x = T[p SUBSEP v, i, what]
    if (x < lo) lo = x
    if (x > hi) hi = x
  }
  m = med(T, p, v, what)
  return m > 0 ? (hi - lo) / m : ""
}

# A JSON string.  Character by character: what gsub makes of backslashes
# in its replacement differs between awks.
function jstr(s,   out, i, c) {
  out = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "\\" || c == "\"") out = out "\\" c
    else if (c == "\t") out = out "\\t"
    else if (c == "\n") out = out "\\n"
    else if (c == "\r") out = out "\\r"
    else if (c < " ") out = out sprintf("\\u%04x", index("\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037", c))
    else out = out c
  }
  return "\"" out "\""
}

function jnum(x) {
  if (x == "") return "null"
  x += 0
  return x == int(x) ? sprintf("%.0f", x) : sprintf("%.6g", x)
}

# A JSON array of T[p, v, 1..n, what]: seconds, or KiB for "rss" (null
# when a run has none).
function jarray(T, p, v, what,   n, i, s) {
  n = T[p SUBSEP v, "n"] + 0
  if (what == "rss" && T[p SUBSEP v, "nrss"] + 0 < n) return "null"
  s = "["
  for (i = 1; i <= n; i++)
    s = s (i > 1 ? ", " : "") (what == "rss" ? sprintf("%.0f", T[p SUBSEP v, i, what]) : sprintf("%.6f", T[p SUBSEP v, i, what]))
  return s "]"
}

function fmt_ratio(r) { return r == "" ? "—" : sprintf("%.2f×", r) }
function fmt_s(x) { return x == "" ? "—" : sprintf("%.2f s", x) }
function fmt_kib(b) { return b == "" ? "—" : sprintf("%.1f", b / 1024) }
function fmt_mib(k) { return k == "" ? "—" : sprintf("%.1f MiB", k / 1024) }

# A measure of set SET as the tables show it.
function fmt_value(set, x) {
  if (set == "instr") return x == "" ? "—" : sprintf("%.0f M", x / 1e6)
  if (set == "mem") return fmt_mib(x)
  return fmt_s(x)
}

function ratio(a, b) { return (a == "" || b == "" || b + 0 <= 0) ? "" : a / b }

# (r - 1) / (g - 1), or "" when gcov's overhead is under 1%.
function overhead(r, g) {
  if (r == "" || g == "" || g - 1 < 0.01) return ""
  return (r - 1) / (g - 1)
}

# MAKEOVERRIDES writes "VAR=a\ b": shown as VAR="a b".
function show_command(c,   n, w, i, out, k) {
  gsub(/\\ /, "\001", c)
  n = split(c, w, " ")
  out = ""
  for (i = 1; i <= n; i++) {
    # Where this machine keeps the cache, not what was measured: no
    # machine's path goes into the document.
    if (w[i] ~ /^BENCH_CACHE=/)
      continue
    if (index(w[i], "\001")) {
      gsub(/\001/, " ", w[i])
      k = index(w[i], "=")
      w[i] = k ? substr(w[i], 1, k) "\"" substr(w[i], k + 1) "\"" : "\"" w[i] "\""
    }
    out = out (out != "" ? " " : "") w[i]
  }
  return out
}

function geomean(sum, n) { return n > 0 ? exp(sum / n) : "" }

function stat(p, key) { return (p SUBSEP key) in S ? S[p SUBSEP key] : "" }

# One Markdown table of ratios for measure WHAT (wall|cpu|rss) of set SET
# (run|compile|instr|mem: run times, compile times, instructions, peak
# resident set of the runs).  Run times and peak memory show each
# variant's median next to its ratio; no overhead ÷ gcov's for memory.
function ratio_table(set, what,   p, i, v, line, m0, r, g, o, head, sep, gsum, gn) {
  head = "| program | plain |"
  sep = "|---|---:|"
  for (i = 2; i <= nv; i++) { head = head " " V[i] " |"; sep = sep "---:|" }
  if (gcov != "" && set != "mem")
    for (i = 2; i <= nv; i++)
      if (kind[V[i]] == "pathprof") {
	head = head " " V[i] " overhead ÷ gcov's |"; sep = sep "---:|"
      }
  if (set == "run") { head = head " spread |"; sep = sep "---:|" }
  print head > md
  print sep > md
  for (pi = 1; pi <= np; pi++) {
    p = P[pi]
    if (status[p] != "ok") continue
    m0 = value(set, p, "plain", what)
    if (m0 == "") continue
    line = "| " p " | " fmt_value(set, m0) " |"
    for (i = 2; i <= nv; i++) {
      v = V[i]
      r = ratio(value(set, p, v, what), m0)
      line = line " " fmt_ratio(r) ((set == "run" || set == "mem") && r != "" ? " (" fmt_value(set, value(set, p, v, what)) ")" : "") " |"
      if (r != "") { gsum[v] += log(r); gn[v]++ }
    }
    if (gcov != "" && set != "mem") {
      g = ratio(value(set, p, gcov, what), m0)
      for (i = 2; i <= nv; i++)
	if (kind[V[i]] == "pathprof") {
	  o = overhead(ratio(value(set, p, V[i], what), m0), g)
	  line = line " " (o == "" ? "—" : sprintf("%.1f", o)) " |"
	}
    }
    if (set == "run") {
      r = ""
      for (i = 1; i <= nv; i++) {
	o = minmax_spread(RT, p, V[i], what)
	if (o != "" && (r == "" || o > r)) r = o
      }
      line = line " " (r == "" ? "—" : sprintf("%.0f%%", r * 100)) " |"
    }
    print line > md
  }
  line = "| **geometric mean** | |"
  for (i = 2; i <= nv; i++) {
    v = V[i]
    line = line " **" fmt_ratio(geomean(gsum[v], gn[v])) "** |"
  }
  if (gcov != "" && set != "mem")
    for (i = 2; i <= nv; i++)
      if (kind[V[i]] == "pathprof") {
	o = overhead(geomean(gsum[V[i]], gn[V[i]]), geomean(gsum[gcov], gn[gcov]))
	line = line " **" (o == "" ? "—" : sprintf("%.1f", o)) "** |"
      }
  if (set == "run") line = line " |"
  print line > md
  for (i = 2; i <= nv; i++) {
    v = V[i]
    G[set, what, v] = geomean(gsum[v], gn[v])
    G[set, what, v, "n"] = gn[v] + 0
  }
}

# The measure of program p, variant v: median run time or peak resident
# set, median compile time, or instruction count.
function value(set, p, v, what) {
  if (set == "run" || set == "mem") return med(RT, p, v, what)
  if (set == "compile") return med(CT, p, v, what)
  return stat(p, "instructions." v)
}

BEGIN {
  np = split(programs, P, " ")
  nv = split(variants, V, " ")
  gcov = ""
  for (i = 1; i <= nv; i++) {
    v = V[i]
    # pgo and feedback: optimised, not instrumented (no overhead).
    kind[v] = v == "plain" ? "plain" : (v ~ /^gcov/ ? "gcov" : (v == "pgo" || v == "feedback" ? "optimised" : "pathprof"))
    if (v == "gcov") gcov = v
  }
  if (gcov == "") for (i = 1; i <= nv; i++) if (kind[V[i]] == "gcov") { gcov = V[i]; break }
  first_pp = ""
  for (i = 1; i <= nv; i++) if (kind[V[i]] == "pathprof") { first_pp = V[i]; break }

  read_kv(results "/meta.tsv", M, "")
  any_compile = 0; any_instr = 0; any_rss = 0; nok = 0
  for (pi = 1; pi <= np; pi++) {
    p = P[pi]
    status[p] = "failed: no result"
    if ((getline line < (results "/" p "/status")) > 0) status[p] = line
    close(results "/" p "/status")
    read_kv(results "/" p "/stats.tsv", S, p SUBSEP)
    read_times(results "/" p "/times.tsv", p, RT, warmup)
    read_times(results "/" p "/compile.tsv", p, CT, 0)
    if (status[p] == "ok") {
      nok++
      if (CT[p SUBSEP "plain", "n"] > 0) any_compile = 1
      if (stat(p, "instructions.plain") != "") any_instr = 1
      if (med(RT, p, "plain", "rss") != "") any_rss = 1
    }
  }

  # ---------------------------------------------------------- Markdown
  seconds = M["seconds"] + 0
  took = seconds >= 3600 ? sprintf("%d h %02d min", seconds / 3600, (seconds % 3600) / 60) \
	 : sprintf("%d min %02d s", seconds / 60, seconds % 60)
  printf "" > md
  print "### Run of " M["date"] > md
  print "" > md
  print "- Machine: " M["nproc"] " × " M["cpu"] " (nproc " M["nproc"] "), " M["kernel"] ", " M["cc"] "." > md
  print "- pathprof: " M["pathprof"] "." > md
  print "- Command: `" show_command(M["command"]) "` — took " took "." > md
  print "- Every variant built with `" M["cflags"] "`; " M["warmup"] " warm-up round(s), then " M["runs"] " counted runs per variant, alternating " variants " in each round." > md
  print "- Load average (1, 5, 15 min): " M["load_start"] " at the start, " M["load_end"] " at the end (" M["nproc"] " CPUs)." > md
  print "" > md

  print "Programs and workloads:" > md
  print "" > md
  for (pi = 1; pi <= np; pi++) {
    p = P[pi]
    print "- **" p "** (" (stat(p, "package") != "" ? "Debian " stat(p, "package") " " stat(p, "version") : stat(p, "version") != "" ? stat(p, "version") : "Debian ?") "): " stat(p, "about") > md
  }
  print "" > md
  for (pi = 1; pi <= np; pi++) {
    p = P[pi]
    if (status[p] != "ok") print "**" p ": " status[p] "** — not in the tables." > md
  }
  if (nok < np) print "" > md

  if (nok > 0) {
    print "#### Run time, wall clock" > md
    print "" > md
    print "Median of the counted runs: plain's, and each variant's ratio to it (with its median).  Spread: the largest (max − min) / median over the variants' runs." > md
    print "" > md
    ratio_table("run", "wall")
    print "" > md
    print "#### Run time, CPU (user + sys)" > md
    print "" > md
    print "The same runs, the CPU time the kernel charged to the program: less sensitive than wall time to other processes on a shared machine, not immune (caches, frequency)." > md
    print "" > md
    ratio_table("run", "cpu")
    print "" > md
    if (any_rss) {
      print "#### Peak memory (resident set)" > md
      print "" > md
      print "The same runs: the median over the counted runs of the largest resident set of any one process of the run (`ru_maxrss` from `wait4`), plain's and each variant's ratio to it (with its median).  Counters and path descriptions count only in the pages a run touches." > md
      print "" > md
      ratio_table("mem", "rss")
      print "" > md
    }
    if (any_instr) {
      print "#### Instructions (cachegrind, one run per variant)" > md
      print "" > md
      ratio_table("instr", "instr")
      print "" > md
    }
    if (any_compile) {
      print "#### Compile time of the largest translation unit" > md
      print "" > md
      print "The translation unit whose plain compilation took longest in the build, compiled on its own with the command line of each variant's build: median CPU time (user + sys) of " M["compile_runs"] " compilations per variant, alternating." > md
      print "" > md
      head = "| program | file | size | preprocessed |"; sep = "|---|---|---:|---:|"
      for (i = 1; i <= nv; i++) { head = head " " V[i] " |"; sep = sep "---:|" }
      print head > md
      print sep > md
      for (pi = 1; pi <= np; pi++) {
	p = P[pi]
	if (status[p] != "ok" || CT[p SUBSEP "plain", "n"] == 0) continue
	m0 = med(CT, p, "plain", "cpu")
	line = "| " p " | " stat(p, "tu") " | " sprintf("%.0f KiB", stat(p, "tu_bytes") / 1024) \
	  " | " (stat(p, "tu_preprocessed_bytes") != "" ? sprintf("%.0f KiB", stat(p, "tu_preprocessed_bytes") / 1024) : "—") " | " fmt_s(m0) " |"
	for (i = 2; i <= nv; i++) {
	  r = ratio(med(CT, p, V[i], "cpu"), m0)
	  line = line " " fmt_ratio(r) " |"
	  if (r != "") { csum[V[i]] += log(r); cn[V[i]]++ }
	}
	print line > md
      }
      line = "| **geometric mean** | | | | |"
      for (i = 2; i <= nv; i++) {
	G["compile", "cpu", V[i]] = geomean(csum[V[i]], cn[V[i]])
	line = line " **" fmt_ratio(G["compile", "cpu", V[i]]) "** |"
      }
      print line > md
      print "" > md
    }
    if (first_pp != "") {
      v = first_pp
      print "#### What " v " adds" > md
      print "" > md
      print "Functions: instrumented (the compiler's `-fplugin-arg-pathprof-verbose` notes, one per function and translation unit), with hashed counters (more potential paths than `max-array`), with paths cut, and left out with a warning; executed in one run (`pathprof-dump --json`).  Hashed share: the part of the run's path executions counted in the runtime's hash table rather than a dense array.  Counters: the bytes of `__pathprof_counters.*` (" v ") and `__gcov0.*` (gcov) in the executable (`nm -S`).  Profiles: the bytes one run writes.  Code: the growth of the executable's `.text` section over plain's; the path descriptions (`__pathprof_meta.*`, read-only data) are counted apart." > md
      print "" > md
      print "| program | functions | hashed | hashed share | cut | not instr. | executed functions / paths | counters KiB | gcov counters KiB | meta KiB | .pathprof KiB | .gcda KiB | .text growth " v " / gcov |" > md
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" > md
      for (pi = 1; pi <= np; pi++) {
	p = P[pi]
	if (status[p] != "ok") continue
	t0 = stat(p, "text.plain")
	tp = stat(p, "text." v)
	tg = gcov != "" ? stat(p, "text." gcov) : ""
	he = stat(p, "hashed_executions." v); te = stat(p, "executions." v)
	print "| " p " | " stat(p, "functions." v) " | " stat(p, "hashed." v) \
	  " | " (te > 0 ? sprintf("%.1f%%", 100 * he / te) : "—") " | " stat(p, "cut." v) \
	  " | " stat(p, "not_instrumented." v) " | " stat(p, "json_executed_functions." v) " / " stat(p, "json_executed_paths." v) \
	  " | " fmt_kib(stat(p, "counters." v)) " | " (gcov != "" ? fmt_kib(stat(p, "counters." gcov)) : "—") \
	  " | " fmt_kib(stat(p, "meta." v)) " | " fmt_kib(stat(p, "profile_bytes." v)) " | " (gcov != "" ? fmt_kib(stat(p, "profile_bytes." gcov)) : "—") \
	  " | " (t0 > 0 && tp != "" ? sprintf("%.2f×", tp / t0) : "—") " / " (t0 > 0 && tg != "" ? sprintf("%.2f×", tg / t0) : "—") " |" > md
      }
      print "" > md
      hashed_any = 0
      for (pi = 1; pi <= np; pi++) {
	p = P[pi]
	if (status[p] != "ok") continue
	file = results "/" p "/hashed." v
	te = stat(p, "executions." v) + 0
	line = ""; shown = 0; idle = 0
	while ((getline l < file) > 0) {
	  split(l, f, "\t")
	  if (f[3] + 0 == 0) { idle++; continue }
	  if (++shown > 6) { rest++; continue }
	  line = line (line == "" ? "" : "; ") "`" f[1] "` " f[2] " paths, " \
	    (te > 0 ? sprintf("%.1f%%", 100 * f[3] / te) : "?")
	}
	close(file)
	if (shown > 6) line = line sprintf("; %d more", shown - 6)
	if (idle > 0) line = line (line == "" ? "" : "; ") sprintf("%d not executed", idle)
	if (line == "") continue
	if (!hashed_any) {
	  print "Functions with hashed counters: potential paths, share of the run's path executions." > md
	  print "" > md
	}
	hashed_any = 1
	print "- " p ": " line > md
      }
      if (hashed_any) print "" > md
    }
  }

  # ---------------------------------------------------------- JSON
  printf "{\n  \"version\": 1,\n" > json
  printf "  \"date\": %s,\n", jstr(M["date"]) > json
  printf "  \"machine\": {\"nproc\": %s, \"cpu\": %s, \"kernel\": %s, \"compiler\": %s, \"load_start\": %s, \"load_end\": %s},\n", \
    jnum(M["nproc"]), jstr(M["cpu"]), jstr(M["kernel"]), jstr(M["cc"]), jstr(M["load_start"]), jstr(M["load_end"]) > json
  printf "  \"pathprof\": %s,\n  \"command\": %s,\n  \"seconds\": %d,\n", jstr(M["pathprof"]), jstr(show_command(M["command"])), seconds > json
  printf "  \"settings\": {\"cflags\": %s, \"runs\": %s, \"warmup\": %s, \"compile_runs\": %s, \"cachegrind\": %s, \"variants\": [", \
    jstr(M["cflags"]), jnum(M["runs"]), jnum(M["warmup"]), jnum(M["compile_runs"]), (M["cachegrind"] == 1 ? "true" : "false") > json
  for (i = 1; i <= nv; i++) printf "%s%s", (i > 1 ? ", " : ""), jstr(V[i]) > json
  printf "]},\n  \"programs\": [\n" > json
  for (pi = 1; pi <= np; pi++) {
    p = P[pi]
    printf "    {\"name\": %s, \"package\": %s, \"version\": %s, \"about\": %s, \"workload\": %s, \"status\": %s,\n", \
      jstr(p), jstr(stat(p, "package")), jstr(stat(p, "version")), jstr(stat(p, "about")), jstr(stat(p, "workload")), jstr(status[p]) > json
    printf "     \"variants\": {" > json
    for (i = 1; i <= nv; i++) {
      v = V[i]
      m0w = med(RT, p, "plain", "wall"); m0c = med(RT, p, "plain", "cpu")
      mw = med(RT, p, v, "wall"); mc = med(RT, p, v, "cpu")
      printf "%s\n       %s: {\"wall\": %s, \"cpu\": %s, \"median_wall\": %s, \"median_cpu\": %s, \"ratio_wall\": %s, \"ratio_cpu\": %s", \
	(i > 1 ? "," : ""), jstr(v), jarray(RT, p, v, "wall"), jarray(RT, p, v, "cpu"), jnum(mw), jnum(mc), \
	jnum(ratio(mw, m0w)), jnum(ratio(mc, m0c)) > json
      printf ",\n         \"peak_rss_kib\": %s, \"median_peak_rss_kib\": %s, \"ratio_peak_rss\": %s", \
	jarray(RT, p, v, "rss"), jnum(med(RT, p, v, "rss")), jnum(ratio(med(RT, p, v, "rss"), med(RT, p, "plain", "rss"))) > json
      if (kind[v] == "pathprof" && gcov != "")
	printf ", \"overhead_vs_gcov_wall\": %s, \"overhead_vs_gcov_cpu\": %s", \
	  jnum(overhead(ratio(mw, m0w), ratio(med(RT, p, gcov, "wall"), m0w))), \
	  jnum(overhead(ratio(mc, m0c), ratio(med(RT, p, gcov, "cpu"), m0c))) > json
      printf ",\n         \"compile\": {\"wall\": %s, \"cpu\": %s, \"median_wall\": %s, \"median_cpu\": %s, \"ratio_cpu\": %s, \"median_peak_rss_kib\": %s}", \
	jarray(CT, p, v, "wall"), jarray(CT, p, v, "cpu"), jnum(med(CT, p, v, "wall")), jnum(med(CT, p, v, "cpu")), \
	jnum(ratio(med(CT, p, v, "cpu"), med(CT, p, "plain", "cpu"))), jnum(med(CT, p, v, "rss")) > json
      printf ",\n         \"instructions\": %s, \"text_bytes\": %s", jnum(stat(p, "instructions." v)), jnum(stat(p, "text." v)) > json
      if (kind[v] != "plain")
	printf ", \"counter_bytes\": %s, \"profile_bytes\": %s", jnum(stat(p, "counters." v)), jnum(stat(p, "profile_bytes." v)) > json
      if (kind[v] == "pathprof") {
	printf ", \"meta_bytes\": %s", jnum(stat(p, "meta." v)) > json
	printf ",\n         \"executions\": %s, \"hashed_executions\": %s", jnum(stat(p, "executions." v)), jnum(stat(p, "hashed_executions." v)) > json
	printf ",\n         \"functions\": %s, \"probes\": %s, \"hashed\": %s, \"cut\": %s, \"not_instrumented\": %s,\n         \"profile_functions\": %s, \"executed_functions\": %s, \"executed_paths\": %s, \"truncated_functions\": %s", \
	  jnum(stat(p, "functions." v)), jnum(stat(p, "probes." v)), jnum(stat(p, "hashed." v)), jnum(stat(p, "cut." v)), \
	  jnum(stat(p, "not_instrumented." v)), \
	  jnum(stat(p, "json_functions." v)), jnum(stat(p, "json_executed_functions." v)), \
	  jnum(stat(p, "json_executed_paths." v)), jnum(stat(p, "json_truncated." v)) > json
	# Potential paths are written as the compiler printed them: they can
	# pass 2^53, which an awk number would round.
	printf ",\n         \"hashed_functions\": [" > json
	file = results "/" p "/hashed." v
	n = 0
	while ((getline l < file) > 0) {
	  split(l, f, "\t")
	  printf "%s{\"name\": %s, \"potential_paths\": %s, \"executions\": %s}", (n++ ? ", " : ""), jstr(f[1]), f[2], f[3] > json
	}
	close(file)
	printf "]" > json
      }
      printf "}" > json
    }
    printf "},\n     \"largest_tu\": %s, \"largest_tu_bytes\": %s, \"largest_tu_preprocessed_bytes\": %s}%s\n", \
      jstr(stat(p, "tu")), jnum(stat(p, "tu_bytes")), jnum(stat(p, "tu_preprocessed_bytes")), (pi < np ? "," : "") > json
  }
  printf "  ],\n  \"geometric_means\": {" > json
  first = 1
  for (i = 2; i <= nv; i++) {
    v = V[i]
    printf "%s\n    %s: {\"programs\": %d, \"wall\": %s, \"cpu\": %s, \"peak_rss\": %s, \"instructions\": %s, \"compile_cpu\": %s", \
      (first ? "" : ","), jstr(v), G["run", "wall", v, "n"], jnum(G["run", "wall", v]), jnum(G["run", "cpu", v]), \
      jnum(G["mem", "rss", v]), jnum(G["instr", "instr", v]), jnum(G["compile", "cpu", v]) > json
    if (kind[v] == "pathprof" && gcov != "")
      printf ", \"overhead_vs_gcov_wall\": %s, \"overhead_vs_gcov_cpu\": %s", \
	jnum(overhead(G["run", "wall", v], G["run", "wall", gcov])), jnum(overhead(G["run", "cpu", v], G["run", "cpu", gcov])) > json
    printf "}" > json
    first = 0
  }
  printf "\n  }\n}\n" > json
  close(md); close(json)
}
