#version 450
// Fragment shader: divergent if/else chains, a loop with a uniform trip count and a
// divergent break, explicit-LOD sampling inside the loop, discard in a branch.
layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(location = 2) in vec3 normal;
layout(set = 0, binding = 1) uniform Params {
  vec4 threshold;
  int taps;
  float step_size;
};
layout(set = 0, binding = 2) uniform sampler2D tex;
layout(location = 0) out vec4 o;
void main() {
  vec4 acc = vec4(0.0);
  if (uv.x > threshold.x) {
    acc = color * 2.0;
  } else if (uv.y > threshold.y) {
    acc = vec4(normal, 1.0);
  } else {
    acc = texture(tex, uv);
  }
  for (int i = 0; i < taps; i++) {
    vec4 s = textureLod(tex, uv + vec2(float(i) * step_size, 0.0), float(i & 3));
    acc += s * 0.25;
    if (acc.w > threshold.z) break;
  }
  if (acc.x + acc.y < threshold.w) discard;
  o = clamp(acc, 0.0, 1.0);
}
