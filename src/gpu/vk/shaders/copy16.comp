// The simplest compute copy: one 16-byte unit per invocation between two storage buffers.
// The benchmarks use it as the baseline of a plain lane-parallel compute copy (on lavapipe
// well below vkCmdCopyBuffer, and below tiler_region.comp); no tiler code depends on it.
#version 450

layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer Src { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Dst { uvec4 dst[]; };

layout(push_constant) uniform Params {
  uint count; // 16-byte units
} pc;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < pc.count) dst[i] = src[i];
}
