#!/bin/sh
# Collects the goal lines of a `make bench` log (ctest -V output; line format in
# bench/bench_goal.h) into a table. Usage: scripts/bench-summary.sh LOG
log=${1:?usage: bench-summary.sh LOG}
goals=$(sed -E 's/^[0-9]+: //' "$log" |
  grep -E '^bench\.[A-Za-z0-9_]+: .* \(goal .*\): goal (met|NOT met)$')
echo "== benchmark goals"
printf '%s\n' "$goals" | grep . |
  sed -E 's/^(bench\.[A-Za-z0-9_]+): (.*) \(goal (.*)\): goal (met|NOT met)$/\4|\1|\2|\3/' |
  awk -F'|' '{ printf "  %-8s %-18s %s  (goal %s)\n", $1, $2, $3, $4 }'
met=$(printf '%s\n' "$goals" | grep -c ': goal met$')
notmet=$(printf '%s\n' "$goals" | grep -c ': goal NOT met$')
echo "  $met met, $notmet NOT met"
# benchmarks that did not run to their figure
strip='s/^ *[0-9]+\/[0-9]+ //'
grep -E 'Test +#[0-9]+: .*(\*\*\*Skipped|Not Run)' "$log" | sed -E "$strip; s/^/  skipped: /"
grep -E 'Test +#[0-9]+: .*\*\*\*(Failed|Timeout|Exception)' "$log" |
  sed -E "$strip; s/^/  FAILED: /"
exit 0
