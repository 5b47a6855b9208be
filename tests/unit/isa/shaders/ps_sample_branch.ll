; Pixel shader: image sample, compare, branch, sqrt (compiled by llc-19 for gfx1013 at test time).
define amdgpu_ps <4 x float> @main(<8 x i32> inreg %rsrc, <4 x i32> inreg %samp, float %u, float %v, float %w) {
  %c = call <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32 15, float %u, float %v, <8 x i32> %rsrc, <4 x i32> %samp, i1 false, i32 0, i32 0)
  %x = extractelement <4 x float> %c, i32 0
  %y = fmul float %x, %w
  %cmp = fcmp ogt float %y, 0.5
  br i1 %cmp, label %a, label %b
a:
  %z = call float @llvm.sqrt.f32(float %y)
  %r1 = insertelement <4 x float> %c, float %z, i32 1
  ret <4 x float> %r1
b:
  %q = fadd float %y, 3.0
  %r2 = insertelement <4 x float> %c, float %q, i32 2
  ret <4 x float> %r2
}
declare <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare float @llvm.sqrt.f32(float)
