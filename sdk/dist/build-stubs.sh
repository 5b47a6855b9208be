#!/bin/sh
# build-stubs.sh TABLE_CMD STUBGEN OUTDIR CLANG LLD
# Writes OUTDIR/nids.tsv (the HLE export table: TABLE_CMD's output, or the file TABLE_CMD
# names when it is not executable) and OUTDIR/stubs/<module>.so, one link-time stub shared
# object per HLE module with soname <module>.prx.
set -eu
table_cmd=$1 stubgen=$2 out=$3 clang=$4 lld=$5
mkdir -p "$out"
if [ -x "$table_cmd" ] && [ ! -d "$table_cmd" ]; then
  "$table_cmd" > "$out/nids.tsv.tmp"
else
  cp "$table_cmd" "$out/nids.tsv.tmp"
fi
[ -s "$out/nids.tsv.tmp" ] || { echo "build-stubs: the HLE table is empty" >&2; exit 1; }
rm -rf "$out/stubs.tmp"
mkdir -p "$out/stubs.tmp"
"$stubgen" "$out/nids.tsv.tmp" "$out/stubs.tmp"
while read -r m; do
  "$clang" --target=x86_64-pc-freebsd12-elf -c "$out/stubs.tmp/$m.s" -o "$out/stubs.tmp/$m.o"
  "$lld" -shared -soname "$m.prx" --hash-style=sysv -o "$out/stubs.tmp/$m.so" \
    "$out/stubs.tmp/$m.o"
  rm -f "$out/stubs.tmp/$m.o"
done < "$out/stubs.tmp/modules.txt"
rm -rf "$out/stubs"
mv "$out/stubs.tmp" "$out/stubs"
mv "$out/nids.tsv.tmp" "$out/nids.tsv"
