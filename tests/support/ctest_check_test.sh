#!/bin/sh
# unit.ctest_check: scripts/ctest-check.py holds a run to its skip policy. A throw-away ctest
# directory with one passing and one skipping (exit 77) test is run under each policy, and a
# host_timing test's skip is refused like any other under none (no exception by label).
# Usage: ctest_check_test.sh SCRIPT WORK_DIR
set -u
script=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
cat > "$work/CTestTestfile.cmake" <<'T'
add_test(t.pass "sh" "-c" "exit 0")
set_tests_properties(t.pass PROPERTIES LABELS "unit")
add_test(t.skip "sh" "-c" "echo SKIP: no device; exit 77")
set_tests_properties(t.skip PROPERTIES LABELS "unit;gpu" SKIP_RETURN_CODE 77)
T
fail() { echo "FAIL: $*"; exit 1; }

# none: the skip fails the run and is listed
python3 "$script" "$work" none > "$work/none.log" 2>&1 && fail "policy none accepted a skip"
grep -q "SKIP POLICY BROKEN" "$work/none.log" || fail "policy none: no verdict"
grep -q "^    t.skip$" "$work/none.log" || fail "policy none: the skipped test is not listed"
grep -Eq "^  unit +2 tests +1 passed +1 skipped +0 failed" "$work/none.log" ||
  fail "policy none: wrong per-label table"
grep -Eq "^  gpu +1 tests +0 passed +1 skipped" "$work/none.log" || fail "no gpu row"

# a required tier without tests fails the run
printf 't.skip\tx\n' > "$work/nosan-tests.tsv"
python3 "$script" "$work" nosan --require=unit,fuzz > "$work/tier.log" 2>&1 &&
  fail "a missing tier passed"
grep -q "TIER MISSING (no test with label fuzz)" "$work/tier.log" || fail "no tier verdict"
python3 "$script" "$work" nosan --require=unit,gpu > "$work/tier2.log" 2>&1 ||
  fail "present tiers refused"

# nosan: allowed only when the build declares the test NOSAN, whose reason is printed
: > "$work/nosan-tests.tsv"
python3 "$script" "$work" nosan > "$work/nosan1.log" 2>&1 && fail "nosan accepted an undeclared skip"
printf 't.skip\tno device under the sanitizers\n' > "$work/nosan-tests.tsv"
python3 "$script" "$work" nosan > "$work/nosan2.log" 2>&1 || fail "nosan refused a declared skip"
grep -q "t.skip: no device under the sanitizers" "$work/nosan2.log" || fail "NOSAN list not printed"

# host_timing: a real-time test's starvation skip breaks policy none like any other skip
mkdir -p "$work/timing" && cat > "$work/timing/CTestTestfile.cmake" <<'T'
add_test(t.pass "sh" "-c" "exit 0")
set_tests_properties(t.pass PROPERTIES LABELS "unit")
add_test(t.cadence "sh" "-c" "echo SKIP: host starvation; exit 77")
set_tests_properties(t.cadence PROPERTIES LABELS "guest;host_timing" SKIP_RETURN_CODE 77)
T
python3 "$script" "$work/timing" none > "$work/timing.log" 2>&1 &&
  fail "policy none accepted a host_timing skip"
grep -q "^    t.cadence$" "$work/timing.log" || fail "the host_timing skip is not listed as broken"
python3 "$script" "$work/timing" any > "$work/timing-any.log" 2>&1 ||
  fail "policy any refused a host_timing skip"

# a failing test keeps ctest's failure status
cat >> "$work/CTestTestfile.cmake" <<'T'
add_test(t.fail "sh" "-c" "exit 3")
set_tests_properties(t.fail PROPERTIES LABELS "unit")
T
python3 "$script" "$work" any > "$work/any.log" 2>&1 && fail "a failing test passed"
grep -Eq "^  unit +3 tests +1 passed +1 skipped +1 failed" "$work/any.log" || fail "no failure row"
echo "ctest-check: policies none, nosan and any behave"
