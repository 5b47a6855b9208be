#!/usr/bin/env bash
# Regenerates the ACO test shaders in tests/unit/shader_ir/aco/shaders/: compiles the GLSL
# sources there with glslangValidator, builds them into Vulkan pipelines on RADV's null
# device (RADV_FORCE_FAMILY=navi10, GFX10.1 like the PS5: no GPU needed) with
# scripts/aco_capture.c, and stores each stage's GFX10 dwords (.bin) and RADV's disassembly
# (.s) next to the source, plus MANIFEST (one line per binary: name, stage, wave size,
# dwords, executable name, the RADV environment used, the GLSL source).
#
# Needs: clang, libvulkan-dev, mesa-vulkan-drivers (RADV with ACO; tested with Debian 12's
# Mesa 22.3.6), glslang-tools. Usage: scripts/gen-aco-shaders.sh [FAMILY]   (default navi10)
# The binaries depend on the Mesa version: after regenerating, update the expectations in
# tests/unit/shader_ir/aco/test_aco_shaders.c (the test fails on any unlisted binary).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
dir="$here/../tests/unit/shader_ir/aco/shaders"
family="${1:-navi10}"
icd=/usr/share/vulkan/icd.d/radeon_icd.x86_64.json
[ -f "$icd" ] || { echo "gen-aco-shaders: $icd missing (install mesa-vulkan-drivers)" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
${CC:-clang} -std=c11 -O1 -Wall -Wextra -Werror "$here/aco_capture.c" -lvulkan -o "$tmp/aco_capture"

spv() { glslangValidator --target-env vulkan1.1 -V "$dir/$1" -o "$tmp/$1.spv" >/dev/null; echo "$tmp/$1.spv"; }

manifest="$tmp/MANIFEST"
{
  echo "# name stage wave dwords \"executable\" env source  (written by scripts/gen-aco-shaders.sh)"
} > "$manifest"

# capture ENV SRC1 OUT1 [SRC2 OUT2]: one pipeline (a compute shader, or vertex + fragment);
# OUT "-" compiles the stage without storing it. ENV: extra RADV variables (or "-").
capture() {
  local env="$1"; shift
  local args=() srcs=()
  while [ $# -gt 0 ]; do
    local src="$1" out="$2"; shift 2
    args+=("${src##*.}" "$(spv "$src")" "$([ "$out" = - ] && echo - || echo "$dir/$out")")
    srcs+=("$src")
  done
  local lines
  # shellcheck disable=SC2086
  lines="$(env VK_ICD_FILENAMES="$icd" RADV_FORCE_FAMILY="$family" $([ "$env" = - ] || echo "$env") \
           "$tmp/aco_capture" "${args[@]}")"
  while read -r name rest; do
    [ -n "$name" ] || continue
    local stage="${rest%% *}" src=""
    for s in "${srcs[@]}"; do [ "${s##*.}" = "$stage" ] && src="$s"; done
    echo "$name $rest $env $src" >> "$manifest"
  done <<< "$lines"
}

# Defaults on GFX10.1: wave64 everywhere, vertex shaders as NGG (primitive shaders).
capture -                        mesh.vert mesh.vert         textured.frag textured.frag
capture -                        mesh.vert -                 branches.frag branches.frag
capture -                        mesh.vert -                 loops.frag loops.frag
capture -                        lds_atomics.comp lds_atomics.comp
capture -                        reduce.comp reduce.comp
# Other shapes ACO emits: legacy (non-NGG) vertex shader, wave32 pixel and compute shaders
# (reduce.comp stays wave64 with cswave32: RADV keeps wave64 for subgroup operations).
capture RADV_DEBUG=nongg         mesh.vert mesh_legacy.vert  textured.frag -
capture RADV_PERFTEST=pswave32   mesh.vert -                 branches.frag branches_w32.frag
capture RADV_PERFTEST=cswave32   lds_atomics.comp lds_atomics_w32.comp

cp "$manifest" "$dir/MANIFEST"
echo "gen-aco-shaders: $(grep -vc '^#' "$dir/MANIFEST") binaries in $dir ($family)"
