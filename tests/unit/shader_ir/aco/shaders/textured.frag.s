BB0:
	s_mov_b64 s[0:1], exec                                      ; be80047e
	s_wqm_b64 exec, s[0:1]                                      ; befe0a00
	s_mov_b32 s4, s3                                            ; be840303
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_clause 0x1                                                ; bfa10001
	s_load_dwordx8 s[8:15], s[2:3], 0x20                        ; f40c0201 fa000020
	s_load_dwordx4 s[16:19], s[2:3], 0x70                       ; f4080401 fa000070
	s_mov_b32 m0, s4                                            ; befc0304
	v_interp_p1_f32_e32 v2, v0, attr0.y                         ; c8080100
	v_interp_p2_f32_e32 v2, v1, attr0.y                         ; c8090101
	v_interp_p1_f32_e32 v3, v0, attr0.x                         ; c80c0000
	v_interp_p2_f32_e32 v3, v1, attr0.x                         ; c80d0001
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	image_sample v[4:7], [v3, v2], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D ; f0800f0a 00820403 00000002
	v_interp_p1_f32_e32 v2, v0, attr0.z                         ; c8080200
	v_interp_p2_f32_e32 v2, v1, attr0.z                         ; c8090201
	v_interp_p1_f32_e32 v3, v0, attr0.w                         ; c80c0300
	v_interp_p2_f32_e32 v3, v1, attr0.w                         ; c80d0301
	v_interp_p1_f32_e32 v8, v0, attr1.x                         ; c8200400
	v_interp_p2_f32_e32 v8, v1, attr1.x                         ; c8210401
	v_interp_p1_f32_e32 v0, v0, attr1.y                         ; c8000500
	v_interp_p2_f32_e32 v0, v1, attr1.y                         ; c8010501
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_mul_f32_e32 v4, v4, v2                                    ; 10080504
	v_mul_f32_e32 v5, v5, v3                                    ; 100a0705
	v_mul_f32_e32 v6, v6, v8                                    ; 100c1106
	v_mul_f32_e32 v0, v7, v0                                    ; 10000107
	v_cmp_gt_f32_e32 vcc, 0x3dcccccd, v0                        ; 7c0800ff 3dcccccd
	s_andn2_b64 exec, s[0:1], vcc                               ; 8afe6a00
	s_cbranch_scc0 BB1                                          ; bf840005
	v_cvt_pkrtz_f16_f32_e32 v1, v4, v5                          ; 5e020b04
	v_cvt_pkrtz_f16_f32_e32 v0, v6, v0                          ; 5e000106
	exp mrt0 v1, v1, v0, v0 done compr vm                       ; f8001c0f 80800001
	s_endpgm                                                    ; bf810000
BB1:
	exp null off, off, off, off done vm                         ; f8001890 80808080
	s_endpgm                                                    ; bf810000
