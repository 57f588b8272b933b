# train.awk -- the training workload of gawk's use, pgo and feedback
# variants in pathprof's benchmark harness (bench/bench.sh).
#
# Usage: gawk -f train.awk FILE     (FILE from bench/drivers/gen-data)
#
# Unlike bench.awk on purpose, so that a build trained with it is judged
# on a workload it was not trained on: it counts the kinds of line by
# their first character, totals the log lines' bytes per status with
# $NF-relative fields, rewrites prose with gsub and toupper, and sorts
# with asort/asorti rather than PROCINFO["sorted_in"].

{ kind[substr($0, 1, 1) ~ /[0-9]/ ? "digit" : "letter"]++ }

/ HTTP\/1\.1 / {
  per_status[$(NF - 2)] += $(NF - 1)
  method[$3]++
  next
}

/^[0-9]+,/ {
  n = split($0, f, ",")
  if (f[n] == 1)
    flagged[f[2]]++
  cents += int(f[4] * 100) % 97
  next
}

/^[0-9a-f]+:/ {
  odd = 0
  for (i = 2; i <= NF; i++)
    if (index("13579bdf", substr($i, 2, 1)))
      odd++
  oddbytes += odd
  next
}

{
  line = $0
  vowels += gsub(/[aeiou]/, "", line)
  caps += length(toupper(substr($0, 1, 10)))
  for (i = 1; i <= NF; i += 2)
    first[substr($i, 1, 1)]++
}

END {
  printf "digit %d letter %d vowels %d caps %d cents %d oddbytes %d\n",
    kind["digit"], kind["letter"], vowels, caps, cents, oddbytes
  n = asorti(per_status, st)
  for (i = 1; i <= n; i++)
    printf "status %s %d\n", st[i], per_status[st[i]]
  n = asorti(method, m)
  for (i = 1; i <= n; i++)
    printf "method %s %d\n", m[i], method[m[i]]
  n = asort(first, counts)
  printf "initials %d, rarest %d, commonest %d\n", n, counts[1], counts[n]
  printf "flagged words %d\n", length(flagged)
}
