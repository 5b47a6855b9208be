#version 450
// Fragment shader: texture sampling, alpha test with discard.
layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(set = 0, binding = 2) uniform sampler2D tex;
layout(location = 0) out vec4 o;
void main() {
  vec4 c = texture(tex, uv) * color;
  if (c.a < 0.1) discard;
  o = c;
}
