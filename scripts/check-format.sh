#!/bin/sh
# Checks that every file listed in .clang-format-files is formatted as the root .clang-format
# says. Usage: scripts/check-format.sh [CLANG_FORMAT [ROOT]] (default clang-format-14 and
# this repository; ROOT is for the script's own test), from any directory. Exit status 0 when all pass, 1 when one does not (its diff is printed), 2 when
# clang-format is missing.
set -u
cf=${1:-clang-format-14}
root=${2:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
if ! command -v "$cf" >/dev/null 2>&1; then
  echo "check-format: $cf not found (Debian package clang-format-14, scripts/install-deps.sh)"
  exit 2
fi
files=$(grep -v -e '^#' -e '^[[:space:]]*$' .clang-format-files)
count=$(printf '%s\n' "$files" | wc -l)
# shellcheck disable=SC2086 # one path per line, no spaces in the tree's paths
if "$cf" --style=file --dry-run -Werror $files >/dev/null 2>&1; then
  echo "check-format: $count files formatted"
  exit 0
fi
for f in $files; do
  if [ ! -f "$f" ]; then
    echo "check-format: $f is listed in .clang-format-files but does not exist"
  elif ! "$cf" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "check-format: $f is not formatted (fix: $cf -i $f):"
    "$cf" --style=file "$f" | diff -u "$f" - | head -40
  fi
done
exit 1
