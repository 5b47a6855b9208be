; Compute shader: buffer loads/stores, LDS, atomics, a loop, 64-bit and 16-bit math
; (compiled by llc-19 for gfx1013 at test time).
@lds = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_cs void @main(<4 x i32> inreg %buf, i32 inreg %n, <3 x i32> %tid) {
entry:
  %x = extractelement <3 x i32> %tid, i32 0
  %off = shl i32 %x, 2
  %v = call i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32> %buf, i32 %off, i32 0, i32 0)
  %p = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %x
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %old = atomicrmw add ptr addrspace(3) %p, i32 7 seq_cst
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 1, %entry ], [ %acc1, %loop ]
  %z = zext i32 %i to i64
  %m = mul i64 %acc, 6364136223846793005
  %acc1 = add i64 %m, %z
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %lo = trunc i64 %acc1 to i32
  %h = trunc i32 %old to i16
  %hf = bitcast i16 %h to half
  %hf2 = fmul half %hf, 0xH3C00
  %hb = bitcast half %hf2 to i16
  %he = zext i16 %hb to i32
  %r = xor i32 %lo, %he
  call void @llvm.amdgcn.raw.buffer.store.i32(i32 %r, <4 x i32> %buf, i32 %off, i32 0, i32 0)
  ret void
}
declare i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.i32(i32, <4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.s.barrier()
