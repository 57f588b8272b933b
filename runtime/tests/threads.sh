#!/bin/sh
# Threads: 8 threads run the same two paths of step (and the hot loop
# path of worker) at the same time, 1000000 times each.  Compiled with
# update=atomic, the counts are exactly 8 x a one-thread run's, with
# dense counters and with the runtime's hash table (max-array=1).
# Compiled with update=single (GCC's default), increments race: the loss
# is measured and printed (a "note:" line), never asserted, as it depends
# on the machine and its load (doc/runtime.md, "Threads").
. "$(dirname "$0")/lib.shinc"

iterations=1000000
for mode in atomic single; do
  for storage in dense hashed; do
    name=$mode-$storage
    extra=
    [ "$storage" = hashed ] && extra=-fplugin-arg-pathprof-max-array=1
    if ! cc_plugin "$work/p-$name" -fplugin-arg-pathprof-update=$mode $extra \
         "$inst/threads.c" -o "$work/threads-$name" \
         "$PATHPROF_BUILD/libpathprof.a" -lpthread; then
      fail "build threads ($name)" "no errors" "$(cat "$work/cc.log")"
      continue
    fi
    PATHPROF_PREFIX=$work/one-$name "$work/threads-$name" 1 $iterations
    "$work/threads-$name" 8 $iterations
    rc=$?
    same "$name: 8 threads exit 0" 0 "$rc"
    one=$(profile_tsv "$work/one-$name" -f step -f worker)
    eight=$(profile_tsv "$work/p-$name" -f step -f worker)
    expected=$(printf '%s\n' "$one" | scale_tsv 8)
    if [ "$mode" = atomic ]; then
      same "$name: 8 threads count exactly 8 x one thread's paths" \
        "$expected" "$eight"
    else
      [ -n "$eight" ] && pass "$name: 8 threads write a profile" \
        || fail "$name: 8 threads write a profile" "path counts" "nothing"
      want=$(printf '%s\n' "$expected" | awk '{ s += $3 } END { print s }')
      got=$(printf '%s\n' "$eight" | awk '{ s += $3 } END { print s + 0 }')
      echo "note: update=single, $storage counters, 8 threads:" \
        "$got of $want path ends counted ($(awk -v w="$want" -v g="$got" \
        'BEGIN { printf "%.1f", 100 * (w - g) / w }')% lost)"
    fi
  done
done
finish
