#!/usr/bin/env bash
# make test: type check, dependency advisories, then jest in three passes (the main suite in parallel; the
# image builds alone, as they take both cores; then the tests that stop and start shared servers, one at a
# time), and one closing count.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p var
# Lets jest load ESM-only packages (file-type) from CommonJS test code, as Node itself does.
export NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning ${NODE_OPTIONS:-}"
npm run --silent typecheck || exit 1
bash scripts/audit.sh || exit 1
# The browser tests (web/test) drive the built app: build it first.
npm run --silent build --workspace web || exit 1
jest --selectProjects main --json --outputFile=var/jest-main.json
main=$?
jest --selectProjects images --forceExit --json --outputFile=var/jest-images.json
images=$?
# --forceExit: results are written first; a handle left open by a killed process must not hang CI.
jest --selectProjects disruptive --runInBand --forceExit --json --outputFile=var/jest-disruptive.json
disruptive=$?
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const file of ["var/jest-main.json", "var/jest-images.json", "var/jest-disruptive.json"]) {
    if (!fs.existsSync(file)) { failed += 1; continue; }
    const result = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += result.numPassedTests;
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
'
[ "$main" -eq 0 ] && [ "$images" -eq 0 ] && [ "$disruptive" -eq 0 ]
