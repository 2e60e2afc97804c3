# The one set of result counters every test script uses. Source it; it defines PASS, FAIL and
# four functions, nothing else.
#   pass MESSAGE   counts a check that held and prints "PASS: MESSAGE"
#   fail MESSAGE   counts a check that did not and prints "FAIL: MESSAGE"
#                  (COUNTERS_QUIET=1: pass prints nothing and fail prints on standard error,
#                  for a script whose standard output is a report, e.g. a table of figures)
#   skip MESSAGE   a check that could not run here prints "SKIP: MESSAGE" (why); scripts/test.sh
#                  counts it as a failure when CI=true
#   finish         prints the closing "N passed, N failed" line that scripts/test.sh sums, and
#                  exits: 0 only when nothing failed
PASS=0
FAIL=0
pass() {
	PASS=$((PASS + 1))
	[ "${COUNTERS_QUIET:-}" = 1 ] || echo "PASS: $*"
}
fail() {
	FAIL=$((FAIL + 1))
	if [ "${COUNTERS_QUIET:-}" = 1 ]; then echo "FAIL: $*" >&2; else echo "FAIL: $*"; fi
}
skip() { echo "SKIP: $*"; }
finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}
