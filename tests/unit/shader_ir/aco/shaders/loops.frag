#version 450
// Fragment shader: nested loops with continue and divergent break, integer arithmetic
// on the fragment position, texelFetch, a storage buffer read with a computed index.
layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(set = 0, binding = 0) readonly buffer Weights { float w[]; };
layout(set = 0, binding = 2) uniform sampler2D tex;
layout(push_constant) uniform Push { int rows; int cols; uint seed; };
layout(location = 0) out vec4 o;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  uint h = seed ^ uint(p.x * 73856093) ^ uint(p.y * 19349663);
  vec4 sum = vec4(0.0);
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      h = h * 1664525u + 1013904223u;
      if ((h & 7u) == 0u) continue;
      sum += texelFetch(tex, p + ivec2(x, y), 0) * w[(y * cols + x) & 63];
      if (sum.x > 4.0) break;
    }
    if (sum.y > 8.0) break;
  }
  o = sum * color + vec4(uv, 0.0, 0.0);
}
