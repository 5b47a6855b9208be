#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Compute shader: subgroup reduction and ballot, a shared-memory reduction tree (loop with
// barriers), storage image load/store, a float division.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) buffer Out { float result[]; };
layout(set = 0, binding = 3, r32ui) uniform uimage2D counts;
shared float partial[128];
void main() {
  uint i = gl_LocalInvocationIndex;
  ivec2 p = ivec2(gl_GlobalInvocationID.x & 255u, gl_GlobalInvocationID.x >> 8);
  uint c = imageLoad(counts, p).x;
  float v = float(c) / float(i + 1u);
  float s = subgroupAdd(v);
  uvec4 nonzero = subgroupBallot(c != 0u);
  partial[i] = s + float(subgroupBallotBitCount(nonzero));
  barrier();
  for (uint stride = 64u; stride > 0u; stride >>= 1) {
    if (i < stride) partial[i] += partial[i + stride];
    barrier();
  }
  if (i == 0u) result[gl_WorkGroupID.x] = partial[0];
  imageStore(counts, p, uvec4(c + 1u));
}
