// Channel-order fix-up of 4-channel elements in place (for example BGRA <-> RGBA), for
// guest formats whose channel order the host format does not have. Channels are 8-bit
// (one uint per element) or 16-bit (two uints per element).
#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint words[]; };
layout(push_constant) uniform Params {
  uint count;          // elements
  uint channel_bytes;  // 1 or 2
  uint perm;           // destination channel c takes source channel (perm >> 2c) & 3
  uint base;           // word index of the first element
} pc;

void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 65535u * 64u;
  if (i >= pc.count) return;
  if (pc.channel_bytes == 1u) {
    uint w = words[pc.base + i], r = 0u;
    for (uint c = 0u; c < 4u; c++) r |= ((w >> (8u * ((pc.perm >> (2u * c)) & 3u))) & 0xFFu) << (8u * c);
    words[pc.base + i] = r;
  } else {
    uint a = words[pc.base + 2u * i], b = words[pc.base + 2u * i + 1u];
    uint ch[4] = uint[4](a & 0xFFFFu, a >> 16, b & 0xFFFFu, b >> 16);
    uint s0 = ch[pc.perm & 3u], s1 = ch[(pc.perm >> 2) & 3u];
    uint s2 = ch[(pc.perm >> 4) & 3u], s3 = ch[(pc.perm >> 6) & 3u];
    words[pc.base + 2u * i] = s0 | (s1 << 16);
    words[pc.base + 2u * i + 1u] = s2 | (s3 << 16);
  }
}
