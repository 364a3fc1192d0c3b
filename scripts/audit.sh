#!/usr/bin/env bash
# npm audit for high/critical advisories in production dependencies, where the registry's audit
# endpoint answers. Where it does not, say so: test/dependency-advisories.test.ts still checks the floor.
set -uo pipefail
out=$(npm audit --omit=dev --audit-level=high 2>&1)
code=$?
if grep -qE "audit endpoint returned an error|ENOAUDIT|Method Not Allowed" <<<"$out"; then
  echo "npm audit: the registry's audit endpoint is not reachable from this machine; skipped (advisory floor is tested)"
  exit 0
fi
echo "$out" | grep -v "Unknown user config"
exit $code
