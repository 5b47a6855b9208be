BB0:
	v_cmp_eq_i32_e32 vcc, 0, v0                                 ; 7d040080
	s_and_saveexec_b64 s[0:1], vcc                              ; be80246a
	s_cbranch_execz BB6                                         ; bf880003
BB1:
	v_mov_b32_e32 v1, 0                                         ; 7e020280
	ds_write_b32 v1, v1                                         ; d8340000 00000101
BB6:
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mov_b64 exec, s[0:1]                                      ; befe0400
	s_mov_b32 s0, s3                                            ; be800303
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_dwordx4 s[4:7], s[2:3], null                         ; f4080101 fa000000
	v_lshl_add_u32 v1, s0, 6, v0                                ; d7460001 04010c00
	v_lshlrev_b32_e32 v1, 2, v1                                 ; 34020282
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	buffer_load_dword v1, v1, s[4:7], 0 offen offset:8          ; e0301008 80010101
	v_lshlrev_b32_e32 v2, 2, v0                                 ; 34040082
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	ds_write_b32 v2, v1 offset:4                                ; d8340004 00000102
	v_mov_b32_e32 v1, 0                                         ; 7e020280
	s_mov_b32 s1, 0                                             ; be810380
BB7:
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	buffer_load_dword v2, off, s[4:7], 0                        ; e0300000 80010280
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_readfirstlane_b32 s2, v2                                  ; 7e040502
	s_cmp_ge_u32 s1, s2                                         ; bf090201
	s_cbranch_scc1 BB11                                         ; bf85000a
BB10:
	v_add_nc_u32_e32 v2, s1, v0                                 ; 4a040001
	v_and_b32_e32 v2, 63, v2                                    ; 360404bf
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 34040482
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	ds_read_b32 v2, v2 offset:4                                 ; d8d80004 02000002
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	v_add_nc_u32_e32 v1, v1, v2                                 ; 4a020501
	s_add_u32 s1, s1, 1                                         ; 80018101
	s_branch BB7                                                ; bf82ffef
BB11:
	s_or_saveexec_b64 s[2:3], -1                                ; be8225c1
	v_cndmask_b32_e64 v0, 0, v1, s[2:3]                         ; d5010000 000a0280
	v_add_nc_u32_dpp v0, v0, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf fi:1 ; 4a0000fa ff04b100
	v_add_nc_u32_dpp v0, v0, v0 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf fi:1 ; 4a0000fa ff044e00
	v_add_nc_u32_dpp v0, v0, v0 row_half_mirror row_mask:0xf bank_mask:0xf fi:1 ; 4a0000fa ff054100
	v_add_nc_u32_dpp v0, v0, v0 row_mirror row_mask:0xf bank_mask:0xf fi:1 ; 4a0000fa ff054000
	v_permlanex16_b32 v2, v0, 0, 0                              ; d7780002 02010100
	v_add_nc_u32_e32 v0, v0, v2                                 ; 4a000500
	v_readlane_b32 s1, v0, 0                                    ; d7600001 00010100
	v_add_nc_u32_e32 v0, s1, v0                                 ; 4a000001
	s_mov_b64 exec, s[2:3]                                      ; befe0402
	v_readlane_b32 s1, v0, 63                                   ; d7600001 00017f00
	s_ff1_i32_b64 s2, exec                                      ; be82147e
	s_lshl_b64 s[2:3], 1, s2                                    ; 8f820281
	s_and_saveexec_b64 s[8:9], s[2:3]                           ; be882402
	s_cbranch_execz BB17                                        ; bf880005
BB12:
	v_mov_b32_e32 v0, s1                                        ; 7e000201
	v_mov_b32_e32 v2, 0                                         ; 7e040280
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	ds_add_u32 v2, v0                                           ; d8000000 00000002
BB17:
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mov_b64 exec, s[8:9]                                      ; befe0408
	s_or_saveexec_b64 s[8:9], -1                                ; be8825c1
	v_cndmask_b32_e64 v0, 0, v1, s[8:9]                         ; d5010000 00220280
	v_max_u32_dpp v0, v0, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf fi:1 ; 280000fa ff04b100
	v_max_u32_dpp v0, v0, v0 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf fi:1 ; 280000fa ff044e00
	v_max_u32_dpp v0, v0, v0 row_half_mirror row_mask:0xf bank_mask:0xf fi:1 ; 280000fa ff054100
	v_max_u32_dpp v0, v0, v0 row_mirror row_mask:0xf bank_mask:0xf fi:1 ; 280000fa ff054000
	v_permlanex16_b32 v2, v0, 0, 0                              ; d7780002 02010100
	v_max_u32_e32 v0, v0, v2                                    ; 28000500
	v_readlane_b32 s1, v0, 0                                    ; d7600001 00010100
	v_max_u32_e32 v0, s1, v0                                    ; 28000001
	s_mov_b64 exec, s[8:9]                                      ; befe0408
	v_readlane_b32 s1, v0, 63                                   ; d7600001 00017f00
	s_and_saveexec_b64 s[2:3], s[2:3]                           ; be822402
	s_cbranch_execz BB23                                        ; bf880004
BB18:
	v_mov_b32_e32 v0, s1                                        ; 7e000201
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	buffer_atomic_umax v0, off, s[4:7], 0 offset:4              ; e0e00004 80010080
BB23:
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_mov_b64 exec, s[2:3]                                      ; befe0402
	s_and_saveexec_b64 s[2:3], vcc                              ; be82246a
	s_cbranch_execz BB29                                        ; bf880008
BB24:
	v_mov_b32_e32 v0, 0                                         ; 7e000280
	s_waitcnt_vscnt null, 0x0                                   ; bbfd0000
	ds_read_b32 v0, v0                                          ; d8d80000 00000000
	s_lshl_b32 s0, s0, 2                                        ; 8f008200
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	buffer_store_dword v0, off, s[4:7], s0 offset:8             ; e0700008 00010080
BB29:
	s_endpgm                                                    ; bf810000
