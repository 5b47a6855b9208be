#!/bin/sh
# guest.seccomp: runs the guest with --seccomp, then with --seccomp --strict-syscalls, and
# checks stdout, the exit code and the log of each run.
# Usage: run.sh PROSPERO GAME EXPECTED_STDOUT EXPECTED_STRICT_STDOUT WORK_DIR
set -u
prospero=$1 game=$2 expected=$3 expected_strict=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
export XDG_DATA_HOME="$work/data"
fail=0
check() { # NAME EXPECTED_RC EXPECTED_STDOUT RC REGEX...
  name=$1 want=$2 exp=$3 rc=$4
  shift 4
  [ "$rc" = "$want" ] || { echo "FAIL $name: exit $rc, expected $want"; fail=1; }
  cmp -s "$work/$name.stdout" "$exp" ||
    { echo "FAIL $name: stdout differs"; diff -u "$exp" "$work/$name.stdout"; fail=1; }
  for re in "$@"; do
    grep -q -- "$re" "$work/$name.stderr" || { echo "FAIL $name: log lacks /$re/"; fail=1; }
  done
  [ $fail = 0 ] || tail -n 30 "$work/$name.stderr"
}
"$prospero" --seccomp --game "$game" >"$work/default.stdout" 2>"$work/default.stderr"
check default 0 "$expected" $? "seccomp safety net on" \
  "guest system call 2 (fork) has no handler: returning ENOSYS" "syscalls trapped 0"
n=$(grep -c "guest system call 2 (fork) has no handler" "$work/default.stderr")
[ "$n" = 1 ] || { echo "FAIL default: the call with no row was logged $n times, expected once"; fail=1; }
"$prospero" --seccomp --strict-syscalls --game "$game" >"$work/strict.stdout" 2>"$work/strict.stderr"
check strict 134 "$expected_strict" $? \
  "guest system call 2 (fork) at pc 0x9[0-9a-f]* = eboot.bin+0x[0-9a-f]*, caught by the seccomp safety net" \
  "--strict-syscalls"
exit $fail
