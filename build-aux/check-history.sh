#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-history.sh: the commits since SINCE keep CONTRIBUTING.md's rules:
# a subject of 72 characters at most, and a ChangeLog entry of their own
# (the commit changes ChangeLog).  Prints one line per commit that does
# not and exits 1; says so and exits 0 where there is no history to
# check (not a git checkout, or a shallow one without SINCE).
#
# Usage: sh build-aux/check-history.sh [SINCE] (default: the commit
# that set the rules, the first of the licence).
since=${1:-14ddae1}
if ! git rev-parse --git-dir > /dev/null 2>&1 \
   || ! git rev-parse -q --verify "$since^{commit}" > /dev/null; then
  echo "check-history: no history since $since to check"
  exit 0
fi
# Commits that landed against a rule; history is not rewritten, so they
# are named here with what they broke.
landed_long="09c1e57dfea438d7d626cc8712d53d7d80d857d7"  # subject of 87 characters (2026-11-30)
bad=0
for c in $(git rev-list --no-merges "$since^..HEAD"); do
  subject=$(git log -1 --format=%s "$c")
  # Characters, not bytes: "→" is one.
  len=$(printf '%s' "$subject" | LC_ALL=C.UTF-8 wc -m)
  if [ "$len" -gt 72 ] && ! echo "$landed_long" | grep -qw "$c"; then
    echo "$(git log -1 --format=%h "$c"): subject of $len characters: $subject"
    bad=1
  fi
  if ! git diff-tree --no-commit-id --name-only -r "$c" | grep -qx ChangeLog
  then
    echo "$(git log -1 --format=%h "$c"): no ChangeLog entry: $subject"
    bad=1
  fi
done
[ $bad = 0 ] && echo "check-history: $(git rev-list --no-merges --count "$since^..HEAD") commits since $since keep the rules"
exit $bad
