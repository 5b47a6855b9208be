#version 450
// Compute shader: LDS tile, barriers, a loop over LDS with a buffer-supplied trip count,
// LDS and buffer atomics, a single-lane write.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint count; uint maximum; uint data[]; };
shared uint tile[64];
shared uint total;
void main() {
  uint i = gl_LocalInvocationIndex;
  if (i == 0) total = 0;
  tile[i] = data[gl_GlobalInvocationID.x];
  barrier();
  uint acc = 0;
  for (uint k = 0; k < count; k++) acc += tile[(i + k) & 63u];
  atomicAdd(total, acc);
  atomicMax(maximum, acc);
  barrier();
  if (i == 0) data[gl_WorkGroupID.x] = total;
}
