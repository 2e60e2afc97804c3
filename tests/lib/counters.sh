# The one set of result counters every test script uses. Source it; it defines PASS, FAIL and
# three functions, nothing else.
#   pass MESSAGE   counts a check that held and prints "PASS: MESSAGE"
#   fail MESSAGE   counts a check that did not and prints "FAIL: MESSAGE"
#   finish         prints the closing "N passed, N failed" line that scripts/test.sh sums, and
#                  exits: 0 only when nothing failed
PASS=0
FAIL=0
pass() { PASS=$((PASS + 1)); echo "PASS: $*"; }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}
