BB0:
	v_cvt_i32_f32_e32 v2, v2                                    ; 7e041102
	v_cvt_i32_f32_e32 v3, v3                                    ; 7e061103
	v_mul_lo_u32 v4, 0x466f45d, v2                              ; d5690004 000204ff 0466f45d
	v_mul_lo_u32 v5, 0x127409f, v3                              ; d5690005 000206ff 0127409f
	v_xor3_b32 v4, v5, s5, v4                                   ; d5780004 04100b05
	v_lshrrev_b64 v[5:6], 0, 0                                  ; d7000005 00010080
	v_lshrrev_b64 v[7:8], 0, 0                                  ; d7000007 00010080
	s_mov_b64 s[0:1], exec                                      ; be80047e
	s_mov_b32 s5, 0                                             ; be850380
BB1:
	s_cmp_ge_i32 s5, s3                                         ; bf030305
	s_cbranch_scc1 BB32                                         ; bf85003e
BB4:
	s_mov_b32 s7, 0                                             ; be870380
	s_mov_b64 s[8:9], exec                                      ; be88047e
BB5:
	s_cmp_ge_i32 s7, s4                                         ; bf030407
	s_cbranch_scc1 BB23                                         ; bf85002f
BB8:
	v_mul_lo_u32 v4, 0x19660d, v4                               ; d5690004 000208ff 0019660d
	v_add_nc_u32_e32 v4, 0x3c6ef35f, v4                         ; 4a0808ff 3c6ef35f
	v_and_b32_e32 v9, 7, v4                                     ; 36120887
	s_mov_b64 s[10:11], exec                                    ; be8a047e
	s_waitcnt_depctr 0xfffe                                     ; bfa3fffe
	(then repeated 2 times)
	v_cmpx_ne_i32_e32 0, v9                                     ; 7d2a1280
	s_cbranch_execz BB17                                        ; bf880020
BB9:
	s_mov_b32 s12, s2                                           ; be8c0302
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_clause 0x1                                                ; bfa10001
	s_load_dwordx8 s[16:23], s[12:13], 0x20                     ; f40c0406 fa000020
	s_load_dwordx4 s[12:15], s[12:13], null                     ; f4080306 fa000000
	v_add_nc_u32_e32 v10, s7, v2                                ; 4a140407
	v_add_nc_u32_e32 v11, s5, v3                                ; 4a160605
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	image_load v[12:15], v[10:11], s[16:23] dmask:0xf dim:SQ_RSRC_IMG_2D unorm ; f0001f08 00040c0a
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mul_i32 s16, s5, s4                                       ; 93100405
	s_add_u32 s16, s16, s7                                      ; 80100710
	s_and_b32 s16, s16, 63                                      ; 8710bf10
	s_lshl_b32 s16, s16, 2                                      ; 8f108210
	s_buffer_load_dword s12, s[12:15], s16                      ; f4200306 20000000
	s_waitcnt vmcnt(0) lgkmcnt(0)                               ; bf8c0070
	v_mac_f32_e32 v5, s12, v12                                  ; 3e0a180c
	v_mac_f32_e32 v6, s12, v13                                  ; 3e0c1a0c
	v_mac_f32_e32 v7, s12, v14                                  ; 3e0e1c0c
	v_mac_f32_e32 v8, s12, v15                                  ; 3e101e0c
	s_mov_b64 s[12:13], exec                                    ; be8c047e
	s_waitcnt_depctr 0xfffe                                     ; bfa3fffe
	(then repeated 2 times)
	v_cmpx_lt_f32_e32 4.0, v5                                   ; 7c220af6
BB10:
	s_andn2_b64 s[12:13], s[12:13], exec                        ; 8a8c7e0c
	s_andn2_b64 s[10:11], s[10:11], exec                        ; 8a8a7e0a
	s_cbranch_scc0 BB23                                         ; bf840003
BB17:
BB22:
	s_mov_b64 exec, s[10:11]                                    ; befe040a
	s_add_u32 s7, s7, 1                                         ; 80078107
	s_branch BB5                                                ; bf82ffcf
BB23:
	s_mov_b64 exec, s[8:9]                                      ; befe0408
	s_mov_b64 s[8:9], exec                                      ; be88047e
	s_waitcnt_depctr 0xfffe                                     ; bfa3fffe
	(then repeated 1 times)
	v_cmpx_lt_f32_e32 0x41000000, v6                            ; 7c220cff 41000000
BB24:
	s_andn2_b64 s[8:9], s[8:9], exec                            ; 8a887e08
	s_cbranch_scc0 BB32                                         ; bf840003
BB31:
	s_mov_b64 exec, s[8:9]                                      ; befe0408
	s_add_u32 s5, s5, 1                                         ; 80058105
	s_branch BB1                                                ; bf82ffc0
BB32:
	s_mov_b64 exec, s[0:1]                                      ; befe0400
	s_mov_b32 m0, s6                                            ; befc0306
	v_interp_p1_f32_e32 v4, v0, attr0.z                         ; c8100200
	v_interp_p2_f32_e32 v4, v1, attr0.z                         ; c8110201
	v_interp_p1_f32_e32 v2, v0, attr0.w                         ; c8080300
	v_interp_p2_f32_e32 v2, v1, attr0.w                         ; c8090301
	v_interp_p1_f32_e32 v3, v0, attr1.x                         ; c80c0400
	v_interp_p2_f32_e32 v3, v1, attr1.x                         ; c80d0401
	v_mul_f32_e32 v3, v7, v3                                    ; 10060707
	v_interp_p1_f32_e32 v7, v0, attr1.y                         ; c81c0500
	v_interp_p2_f32_e32 v7, v1, attr1.y                         ; c81d0501
	v_mul_f32_e32 v7, v8, v7                                    ; 100e0f08
	v_interp_p1_f32_e32 v8, v0, attr0.x                         ; c8200000
	v_interp_p2_f32_e32 v8, v1, attr0.x                         ; c8210001
	v_mac_f32_e32 v8, v5, v4                                    ; 3e100905
	v_interp_p1_f32_e32 v0, v0, attr0.y                         ; c8000100
	v_interp_p2_f32_e32 v0, v1, attr0.y                         ; c8010101
	v_mac_f32_e32 v0, v6, v2                                    ; 3e000506
	v_cvt_pkrtz_f16_f32_e32 v2, v8, v0                          ; 5e040108
	v_cvt_pkrtz_f16_f32_e32 v0, v3, v7                          ; 5e000f03
	exp mrt0 v2, v2, v0, v0 done compr vm                       ; f8001c0f 80800002
	s_endpgm                                                    ; bf810000
