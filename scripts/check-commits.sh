#!/usr/bin/env bash
# make lint: every commit since the one that started the rule ("Add knip to the dev dependencies") has a
# subject of at most 72 characters, a blank line, then a body, so `git log --oneline` can be scanned.
# Outside a git checkout, or in a shallow clone that lacks that commit, there is nothing to check.
set -euo pipefail
cd "$(dirname "$0")/.."
FIRST=8594191
MAX=72
if ! git rev-parse --git-dir >/dev/null 2>&1 || ! git cat-file -e "$FIRST^{commit}" 2>/dev/null; then
  echo "check-commits: no history back to $FIRST here, skipped"
  exit 0
fi
bad=0
while IFS= read -r -d '' hash && IFS= read -r -d '' subject && IFS= read -r -d '' body; do
  if [ "${#subject}" -gt "$MAX" ]; then
    echo "commit ${hash:0:7}: subject of ${#subject} characters (at most $MAX): $subject"
    bad=1
  fi
  if [ -z "${body//[[:space:]]/}" ]; then
    echo "commit ${hash:0:7}: no body (a blank line after the subject, then what and why): $subject"
    bad=1
  fi
done < <(git log -z --no-merges --format='%H%x00%s%x00%b' "$FIRST^..HEAD")
exit "$bad"
