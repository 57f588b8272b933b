# bench.awk -- a CPU-heavy gawk workload for pathprof's benchmark harness.
#
# Usage: gawk -f bench.awk FILE     (FILE from bench/drivers/gen-data)
#
# Splits and classifies every line of a mixed log/prose/CSV/hex file and
# keeps statistics in associative arrays: field splitting, regular
# expressions, string functions, arithmetic and gawk's sorted array
# traversal.  Prints a deterministic summary (arrays are traversed in a
# defined order), so the output of every build of gawk can be compared.

BEGIN { hexsum = 0; lines = 0 }

{ lines++ }

# A log line: "TIME IP METHOD PATH HTTP/1.1 STATUS BYTES AGENT".
$1 ~ /^[0-9]+$/ && NF >= 8 {
  status[$6]++
  bytes[$3] += $7
  split($2, ip, ".")
  subnet[ip[2]]++
  n = split($4, part, /[\/?=]/)
  for (i = 1; i <= n; i++)
    if (part[i] != "" && part[i] !~ /^[0-9]+$/)
      segment[part[i]]++
  if (match($8, /"([a-z]+)-([a-z]+)\/([0-9]+)\.([0-9]+)"/, m))
    agent[m[1] " " m[2]] += m[3] * 100 + m[4]
  next
}

# A hex dump line: "xxxxxxxx: b0 b1 ... b15".
/^[0-9a-f]+:/ {
  for (i = 2; i <= NF; i++)
    hexsum = (hexsum * 31 + strtonum("0x" $i)) % 1000000007
  next
}

# A CSV record: "id,word,word,amount,flag".
/^[0-9]+,/ {
  split($0, f, ",")
  total[f[3]] += f[4]
  flagged += f[5]
  next
}

# Prose.
{
  line = tolower($0)
  sentences++
  if (line ~ /\?$/)
    questions++
  gsub(/[.?]/, "", line)
  nw = split(line, w, " ")
  for (i = 1; i <= nw; i++) {
    words[w[i]]++
    wlen[length(w[i])]++
    if (w[i] ~ /^[bcdfg][aeiouy][bcdfg][aeiouy]$/)
      echo++
  }
  rev = ""
  for (i = nw; i > 0; i--)
    rev = rev substr(w[i], 1, 2)
  revlen += length(rev)
  s = sprintf("%s|%d|%x", w[1], nw, length(line))
  h = (h * 7 + length(s) + index(s, "a")) % 1000003
}

END {
  print "lines", lines, "sentences", sentences, "questions", questions
  print "hexsum", hexsum, "flagged", flagged, "echo", echo, "revlen", revlen, "h", h

  PROCINFO["sorted_in"] = "@ind_num_asc"
  for (k in status) printf "status %s %d\n", k, status[k]
  for (k in wlen) printf "wordlen %d %d\n", k, wlen[k]
  for (k in subnet) printf "subnet %s %d\n", k, subnet[k]

  PROCINFO["sorted_in"] = "@ind_str_asc"
  for (k in bytes) printf "bytes %s %d\n", k, bytes[k]

  PROCINFO["sorted_in"] = "@val_num_desc"
  shown = 0
  for (k in words) { if (++shown > 25) break; printf "word %s %d\n", k, words[k] }
  shown = 0
  for (k in segment) { if (++shown > 15) break; printf "segment %s %d\n", k, segment[k] }
  shown = 0
  for (k in agent) { if (++shown > 10) break; printf "agent %s %d\n", k, agent[k] }
  shown = 0
  for (k in total) { if (++shown > 10) break; printf "total %s %.2f\n", k, total[k] }
  printf "distinct words %d segments %d agents %d\n", length(words), length(segment), length(agent)
}
