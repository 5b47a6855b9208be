// 16-bit depth <-> 32-bit float depth, for hosts that keep D16 surfaces as D32:
// promote: unorm16 -> float (value / 65535); demote: float -> unorm16 (clamped, rounded).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Depth16 { uint16_t d16[]; };
layout(std430, binding = 1) buffer Depth32 { float d32[]; };
layout(push_constant) uniform Params {
  uint count;
  uint demote;   // 0: d16 -> d32, 1: d32 -> d16
  uint base16;   // element index of the first d16 value
  uint base32;   // element index of the first d32 value
} pc;

void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 65535u * 64u;
  if (i >= pc.count) return;
  if (pc.demote == 0u)
    d32[pc.base32 + i] = float(uint(d16[pc.base16 + i])) / 65535.0;
  else
    d16[pc.base16 + i] = uint16_t(uint(clamp(d32[pc.base32 + i], 0.0, 1.0) * 65535.0 + 0.5));
}
