#!/bin/sh
# guest.seccomp: runs the guest with --seccomp (prospero_guest_test cannot pass emulator
# options) and checks stdout, the exit code and the report.
# Usage: run.sh PROSPERO GAME EXPECTED_STDOUT WORK_DIR
set -u
prospero=$1 game=$2 expected=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
export XDG_DATA_HOME="$work/data"
"$prospero" --seccomp --game "$game" >"$work/stdout" 2>"$work/stderr"
rc=$?
fail=0
[ "$rc" = 134 ] || { echo "FAIL: exit $rc, expected 134"; fail=1; }
cmp -s "$work/stdout" "$expected" || { echo "FAIL: stdout differs"; diff -u "$expected" "$work/stdout"; fail=1; }
for re in "seccomp safety net on" \
          "guest system call 20 (FreeBSD getpid) at pc 0x9[0-9a-f]* = eboot.bin+0x[0-9a-f]*, caught by the seccomp safety net" \
          "syscalls trapped 0"; do
  grep -q -- "$re" "$work/stderr" || { echo "FAIL: log lacks /$re/"; fail=1; }
done
[ $fail = 0 ] || tail -n 30 "$work/stderr"
exit $fail
