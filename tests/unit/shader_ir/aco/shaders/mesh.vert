#version 450
// Vertex shader: matrix transform from a uniform buffer, per-vertex lighting, varyings.
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 normal;
layout(location = 2) in vec4 texcoord;
layout(set = 0, binding = 1) uniform Scene {
  mat4 mvp;
  mat4 model;
  vec4 light_dir;
  vec4 tint;
};
layout(location = 0) out vec2 o_uv;
layout(location = 1) out vec4 o_color;
layout(location = 2) out vec3 o_normal;
void main() {
  gl_Position = mvp * position;
  vec3 n = normalize(mat3(model) * normal.xyz);
  float diffuse = max(dot(n, -light_dir.xyz), 0.0);
  o_uv = texcoord.xy + vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1) * texcoord.zw;
  o_color = tint * (0.2 + 0.8 * diffuse);
  o_normal = n;
}
