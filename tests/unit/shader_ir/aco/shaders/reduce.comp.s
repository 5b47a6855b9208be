BB0:
	s_mov_b32 s0, s3                                            ; be800303
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_dwordx8 s[8:15], s[2:3], 0x80                        ; f40c0201 fa000080
	v_lshl_add_u32 v1, s0, 7, v0                                ; d7460001 04010e00
	v_bfe_u32 v2, v1, 0, 8                                      ; d5480002 02210101
	v_lshrrev_b32_e32 v3, 8, v1                                 ; 2c060288
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	image_load v1, v[2:3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm ; f0001108 00020102
	v_add_nc_u32_e32 v4, 1, v0                                  ; 4a080081
	v_cvt_f32_u32_e32 v4, v4                                    ; 7e080d04
	v_rcp_f32_e32 v4, v4                                        ; 7e085504
	v_lshlrev_b32_e32 v7, 2, v0                                 ; 340e0082
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_cvt_f32_u32_e32 v8, v1                                    ; 7e100d01
	v_mul_f32_e32 v4, v8, v4                                    ; 10080908
	s_or_saveexec_b64 s[4:5], -1                                ; be8425c1
	v_cndmask_b32_e64 v5, 0, v4, s[4:5]                         ; d5010005 00120880
	v_add_f32_dpp v5, v5, v5 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf fi:1 ; 060a0afa ff04b105
	v_add_f32_dpp v5, v5, v5 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf fi:1 ; 060a0afa ff044e05
	v_add_f32_dpp v5, v5, v5 row_half_mirror row_mask:0xf bank_mask:0xf fi:1 ; 060a0afa ff054105
	v_add_f32_dpp v5, v5, v5 row_mirror row_mask:0xf bank_mask:0xf fi:1 ; 060a0afa ff054005
	v_permlanex16_b32 v6, v5, 0, 0                              ; d7780006 02010105
	v_add_f32_e32 v5, v5, v6                                    ; 060a0d05
	v_readlane_b32 s1, v5, 0                                    ; d7600001 00010105
	v_add_f32_e32 v5, s1, v5                                    ; 060a0a01
	s_mov_b64 exec, s[4:5]                                      ; befe0404
	v_readlane_b32 s1, v5, 63                                   ; d7600001 00017f05
	v_cmp_ne_i32_e32 vcc, 0, v1                                 ; 7d0a0280
	s_bcnt1_i32_b64 s4, vcc                                     ; be84106a
	v_cvt_f32_u32_e32 v6, s4                                    ; 7e0c0c04
	v_add_f32_e32 v6, s1, v6                                    ; 060c0c01
	ds_write_b32 v7, v6                                         ; d8340000 00000607
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_barrier                                                   ; bf8a0000
	s_mov_b32 s1, 64                                            ; be8103c0
BB1:
	s_cmp_ge_u32 0, s1                                          ; bf090180
	s_cbranch_scc1 BB11                                         ; bf850015
BB4:
	s_mov_b64 s[4:5], exec                                      ; be84047e
	s_waitcnt_depctr 0xfffe                                     ; bfa3fffe
	(then repeated 1 times)
	v_cmpx_gt_u32_e32 s1, v0                                    ; 7da80001
	s_cbranch_execz BB10                                        ; bf88000a
BB5:
	v_add_lshl_u32 v6, s1, v0, 2                                ; d7470006 020a0001
	ds_read_b32 v6, v6                                          ; d8d80000 06000006
	ds_read_b32 v4, v7                                          ; d8d80000 04000007
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_add_f32_e32 v6, v4, v6                                    ; 060c0d04
	ds_write_b32 v7, v6                                         ; d8340000 00000607
BB10:
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mov_b64 exec, s[4:5]                                      ; befe0404
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_barrier                                                   ; bf8a0000
	s_lshr_b32 s1, s1, 1                                        ; 90018101
	s_branch BB1                                                ; bf82ffe9
BB11:
	s_mov_b64 s[4:5], exec                                      ; be84047e
	s_waitcnt_depctr 0xfffe                                     ; bfa3fffe
	v_cmpx_eq_i32_e32 0, v0                                     ; 7d240080
	s_cbranch_execz BB17                                        ; bf880009
BB12:
	v_mov_b32_e32 v0, 0                                         ; 7e000280
	ds_read_b32 v0, v0                                          ; d8d80000 00000000
	s_load_dwordx4 s[16:19], s[2:3], null                       ; f4080401 fa000000
	s_lshl_b32 s6, s0, 2                                        ; 8f068200
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	buffer_store_dword v0, off, s[16:19], s6 glc                ; e0704000 06040080
BB17:
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mov_b64 exec, s[4:5]                                      ; befe0404
	v_add_nc_u32_e32 v0, 1, v1                                  ; 4a000281
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	image_store v0, v[2:3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm ; f0201108 00020002
	s_endpgm                                                    ; bf810000
