#!/bin/sh
# Error paths of the prospero executable: each bad input gives its exit code and a clear
# message, never a crash. Usage: cli_errors.sh PROSPERO WORK_DIR SEED_FILE
set -u
prospero=$1 work=$2 seed=$3
rm -rf "$work" && mkdir -p "$work"
export XDG_DATA_HOME="$work/data"
fail=0

# expect CODE "PHRASE" ARGS... : runs prospero ARGS, checks the exit code and the log text
expect() {
  code=$1 phrase=$2
  shift 2
  "$prospero" "$@" >"$work/out" 2>"$work/err"
  rc=$?
  if [ "$rc" != "$code" ]; then
    echo "FAIL: prospero $*: exit $rc, expected $code"; cat "$work/err"; fail=1
  elif ! grep -q -- "$phrase" "$work/err"; then
    echo "FAIL: prospero $*: log lacks '$phrase'"; cat "$work/err"; fail=1
  else
    echo "ok: prospero $* -> $code ($phrase)"
  fi
}

expect 64 "unknown option" --bogus
expect 64 "--game PATH is required"
expect 64 "needs an argument" --game
expect 64 "unknown level" --log-level loud --game "$work"
expect 64 "no HLE library named" --trace-hle libNothing --game "$work"
expect 65 "No such file" --game "$work/missing"
expect 65 "has no eboot.bin" --game "$work"
expect 64 "--guest-log: cannot open" --guest-log "$work/no/such/dir/log.txt" --game "$work"

mkdir -p "$work/garbage"
printf 'this is not an executable at all' >"$work/garbage/eboot.bin"
expect 65 "not an ELF or SELF file" --game "$work/garbage"

# the seed executable with its first SELF segment marked encrypted / compressed
mkdir -p "$work/enc" "$work/comp"
cp "$seed" "$work/enc/eboot.bin"
cp "$seed" "$work/comp/eboot.bin"
# segment 0 properties (u64 at 0x20): 0x800 (blocked) | 0x2 (encrypted), or | 0x8 (compressed)
printf '\002\010' | dd of="$work/enc/eboot.bin" bs=1 seek=32 conv=notrunc 2>/dev/null
printf '\010\010' | dd of="$work/comp/eboot.bin" bs=1 seek=32 conv=notrunc 2>/dev/null
expect 65 "is encrypted" --game "$work/enc"
expect 65 "is compressed" --game "$work/comp"

mkdir -p "$work/badparam/sce_sys"
cp "$seed" "$work/badparam/eboot.bin"
printf '{"titleId": "PPSA01234", "kernel": {"flexibleMemorySize": "lots"}}' \
  >"$work/badparam/sce_sys/param.json"
expect 65 "flexibleMemorySize" --game "$work/badparam"
printf '{"titleId": ' >"$work/badparam/sce_sys/param.json"
expect 65 "not valid JSON" --game "$work/badparam"

expect 64 "too many guest arguments" --game "$work/enc" -- $(seq 1 300)

# a fixed-address executable linked into the host window (seeds.c: seed-static-3-*)
mkdir -p "$work/window"
cp "$(dirname "$seed")/seed-static-3-2" "$work/window/eboot.bin"
expect 65 "collides with the host window 0x880000000-0x900000000" --game "$work/window"

mkdir -p "$work/badsfo/sce_sys"
cp "$seed" "$work/badsfo/eboot.bin"
printf 'PSF?' >"$work/badsfo/sce_sys/param.sfo"
expect 65 "not a system file object" --game "$work/badsfo"

exit $fail
