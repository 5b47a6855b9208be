BB0:
	s_mov_b64 s[0:1], exec                                      ; be80047e
	s_wqm_b64 exec, s[0:1]                                      ; befe0a00
	s_mov_b32 s4, s3                                            ; be840303
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_dwordx4 s[8:11], s[2:3], 0x10                        ; f4080201 fa000010
	s_mov_b32 m0, s4                                            ; befc0304
	v_interp_p1_f32_e32 v2, v0, attr0.y                         ; c8080100
	v_interp_p2_f32_e32 v2, v1, attr0.y                         ; c8090101
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_buffer_load_dword s4, s[8:11], null                       ; f4200104 fa000000
	v_interp_p1_f32_e32 v3, v0, attr0.x                         ; c80c0000
	v_interp_p2_f32_e32 v3, v1, attr0.x                         ; c80d0001
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_cmp_lt_f32_e32 vcc, s4, v3                                ; 7c020604
	s_and_saveexec_b64 s[4:5], vcc                              ; be84246a
BB1:
	v_interp_p1_f32_e32 v4, v0, attr0.z                         ; c8100200
	v_interp_p2_f32_e32 v4, v1, attr0.z                         ; c8110201
	v_mul_f32_e32 v4, 2.0, v4                                   ; 100808f4
	v_interp_p1_f32_e32 v5, v0, attr0.w                         ; c8140300
	v_interp_p2_f32_e32 v5, v1, attr0.w                         ; c8150301
	v_mul_f32_e32 v5, 2.0, v5                                   ; 100a0af4
	v_interp_p1_f32_e32 v6, v0, attr1.x                         ; c8180400
	v_interp_p2_f32_e32 v6, v1, attr1.x                         ; c8190401
	v_mul_f32_e32 v6, 2.0, v6                                   ; 100c0cf4
	v_interp_p1_f32_e32 v0, v0, attr1.y                         ; c8000500
	v_interp_p2_f32_e32 v0, v1, attr1.y                         ; c8010501
	v_mul_f32_e32 v0, 2.0, v0                                   ; 100000f4
BB3:
	s_andn2_b64 exec, s[4:5], exec                              ; 8afe7e04
	s_cbranch_execz BB10                                        ; bf88001a
BB4:
	s_buffer_load_dword s4, s[8:11], 0x4                        ; f4200104 fa000004
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_cmp_nlt_f32_e32 vcc, s4, v2                               ; 7c1c0404
	s_and_saveexec_b64 s[4:5], vcc                              ; be84246a
	s_cbranch_execz BB7                                         ; bf88000c
BB5:
	s_clause 0x1                                                ; bfa10001
	s_load_dwordx8 s[16:23], s[2:3], 0x20                       ; f40c0401 fa000020
	s_load_dwordx4 s[12:15], s[2:3], 0x70                       ; f4080301 fa000070
	v_mov_b32_e32 v0, v3                                        ; 7e000303
	v_mov_b32_e32 v1, v2                                        ; 7e020302
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	image_sample v[4:7], v[0:1], s[16:23], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D ; f0800f08 00640400
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_mov_b32_e32 v0, v7                                        ; 7e000307
BB7:
	s_andn2_b64 exec, s[4:5], exec                              ; 8afe7e04
BB8:
	v_interp_p1_f32_e32 v6, v0, attr2.x                         ; c8180800
	v_interp_p2_f32_e32 v6, v1, attr2.x                         ; c8190801
	v_interp_p1_f32_e32 v4, v0, attr1.z                         ; c8100600
	v_interp_p2_f32_e32 v4, v1, attr1.z                         ; c8110601
	v_interp_p1_f32_e32 v5, v0, attr1.w                         ; c8140700
	v_interp_p2_f32_e32 v5, v1, attr1.w                         ; c8150701
	v_mov_b32_e32 v0, 1.0                                       ; 7e0002f2
BB10:
BB12:
	s_mov_b64 exec, s[0:1]                                      ; befe0400
	s_mov_b32 s0, 0x3e800000                                    ; be8003ff 3e800000
	s_mov_b32 s1, 0                                             ; be810380
	s_mov_b64 s[4:5], exec                                      ; be84047e
BB13:
	s_buffer_load_dword s6, s[8:11], 0x10                       ; f4200184 fa000010
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_cmp_ge_i32 s1, s6                                         ; bf030601
	s_cbranch_scc1 BB25                                         ; bf85001f
BB16:
	s_clause 0x1                                                ; bfa10001
	s_load_dwordx8 s[16:23], s[2:3], 0x20                       ; f40c0401 fa000020
	s_load_dwordx4 s[12:15], s[2:3], 0x70                       ; f4080301 fa000070
	s_buffer_load_dword s6, s[8:11], 0x14                       ; f4200184 fa000014
	v_cvt_f32_i32_e32 v1, s1                                    ; 7e020a01
	s_and_b32 s7, s1, 3                                         ; 87078301
	v_cvt_f32_i32_e32 v7, s7                                    ; 7e0e0a07
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_mad_f32 v1, s6, v1, v3                                    ; d5410001 040e0206
	image_sample_l v[8:11], [v1, v2, v7], s[16:23], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D ; f0900f0a 00640801 00000702
	s_buffer_load_dword s6, s[8:11], 0x8                        ; f4200184 fa000008
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_mac_f32_e32 v4, s0, v8                                    ; 3e081000
	v_mac_f32_e32 v5, s0, v9                                    ; 3e0a1200
	v_mac_f32_e32 v6, s0, v10                                   ; 3e0c1400
	v_mac_f32_e32 v0, s0, v11                                   ; 3e001600
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_cmp_lt_f32_e32 vcc, s6, v0                                ; 7c020006
	s_and_saveexec_b64 s[6:7], vcc                              ; be86246a
BB17:
	s_andn2_b64 s[6:7], s[6:7], exec                            ; 8a867e06
	s_cbranch_scc0 BB25                                         ; bf840003
BB24:
	s_mov_b64 exec, s[6:7]                                      ; befe0406
	s_add_u32 s1, s1, 1                                         ; 80018101
	s_branch BB13                                               ; bf82ffdc
BB25:
	s_mov_b64 exec, s[4:5]                                      ; befe0404
	s_buffer_load_dword s0, s[8:11], 0xc                        ; f4200004 fa00000c
	v_add_f32_e32 v1, v4, v5                                    ; 06020b04
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_cmp_gt_f32_e32 vcc, s0, v1                                ; 7c080200
	s_andn2_b64 exec, exec, vcc                                 ; 8afe6a7e
	s_cbranch_scc0 BB26                                         ; bf84000d
	v_med3_f32 v4, 0, 1.0, v4                                   ; d5570004 0411e480
	v_med3_f32 v5, 0, 1.0, v5                                   ; d5570005 0415e480
	v_med3_f32 v1, 0, 1.0, v6                                   ; d5570001 0419e480
	v_med3_f32 v0, 0, 1.0, v0                                   ; d5570000 0401e480
	v_cvt_pkrtz_f16_f32_e32 v2, v4, v5                          ; 5e040b04
	v_cvt_pkrtz_f16_f32_e32 v0, v1, v0                          ; 5e000101
	exp mrt0 v2, v2, v0, v0 done compr vm                       ; f8001c0f 80800002
	s_endpgm                                                    ; bf810000
BB26:
	exp null off, off, off, off done vm                         ; f8001890 80808080
	s_endpgm                                                    ; bf810000
