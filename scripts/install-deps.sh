#!/usr/bin/env bash
# Installs the Debian 12 packages prospero needs to build, test and run.
# Only packages that are missing are installed; run as root or with sudo available.
set -euo pipefail

PACKAGES=(
  # build
  build-essential cmake ninja-build pkg-config python3
  # the format check (unit.clang_format)
  clang-format-14
  # guest SDK toolchain (clang/lld for x86_64-pc-freebsd12-elf) and the fuzzer runtime
  clang lld libclang-rt-14-dev
  # GPU ISA oracle (llvm-mc-19) for the shader front end tests, and the gfx1013 compiler
  # (llc-19: Debian 12 offers LLVM 13-16 and 19; 19 has the gfx1013 target) for real
  # compiler output in tests/gpu/shader_llc
  llvm-19
  # libraries
  libzydis-dev libcjson-dev libxxhash-dev libzstd-dev libssl-dev libpng-dev libsdl2-dev
  libcmocka-dev
  # guest debug info (symbols, DWARF lines) in crash reports: elfutils libdw + libelf
  libdw-dev
  # Vulkan: loader, headers, lavapipe (CPU device), shader tools
  # (glslang-tools: the GLSL baseline of bench/shader_spirv/bench_shader_gpu.c)
  libvulkan-dev mesa-vulkan-drivers vulkan-tools glslang-tools spirv-headers spirv-tools
  # the window test (gpu.window): an X server without a screen (xvfb-run) and Xlib for the
  # driver's screenshots
  xvfb xauth libx11-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
