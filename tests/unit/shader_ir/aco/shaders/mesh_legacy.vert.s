BB0:
	s_setprio 3                                                 ; bf8f0003
	s_mov_b32 s0, s3                                            ; be800303
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_dwordx4 s[8:11], s[2:3], null                        ; f4080201 fa000000
	v_add_nc_u32_e32 v0, s0, v0                                 ; 4a000000
	v_and_b32_e32 v1, 1, v0                                     ; 36020081
	v_ashrrev_i32_e32 v2, 1, v0                                 ; 30040081
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_clause 0x2                                                ; bfa10002
	buffer_load_dwordx4 v[4:7], v0, s[8:11], 0 idxen            ; e0382000 80020400
	buffer_load_dwordx3 v[8:10], v0, s[8:11], 0 idxen offset:16 ; e03c2010 80020800
	buffer_load_dwordx4 v[12:15], v0, s[8:11], 0 idxen offset:32 ; e0382020 80020c00
	s_movk_i32 s5, 0x8000                                       ; b0058000
	s_load_dwordx4 s[0:3], s[4:5], 0x10                         ; f4080002 fa000010
	s_waitcnt lgkmcnt(0)                                        ; bf8cc07f
	s_buffer_load_dwordx4 s[4:7], s[0:3], 0x30                  ; f4280100 fa000030
	s_waitcnt_depctr 0xffe3                                     ; bfa3ffe3
	s_clause 0x7                                                ; bfa10007
	s_buffer_load_dwordx4 s[8:11], s[0:3], 0x20                 ; f4280200 fa000020
	s_buffer_load_dwordx4 s[12:15], s[0:3], 0x10                ; f4280300 fa000010
	s_buffer_load_dwordx4 s[16:19], s[0:3], null                ; f4280400 fa000000
	s_buffer_load_dwordx4 s[20:23], s[0:3], 0x60                ; f4280500 fa000060
	s_buffer_load_dwordx4 s[24:27], s[0:3], 0x50                ; f4280600 fa000050
	s_buffer_load_dwordx4 s[28:31], s[0:3], 0x40                ; f4280700 fa000040
	s_buffer_load_dwordx4 s[32:35], s[0:3], 0x80                ; f4280800 fa000080
	s_buffer_load_dwordx4 s[0:3], s[0:3], 0x90                  ; f4280000 fa000090
	s_waitcnt vmcnt(2) lgkmcnt(0)                               ; bf8c0072
	v_mul_f32_e32 v0, s4, v7                                    ; 10000e04
	v_mul_f32_e32 v3, s5, v7                                    ; 10060e05
	v_mul_f32_e32 v11, s6, v7                                   ; 10160e06
	v_mul_f32_e32 v7, s7, v7                                    ; 100e0e07
	v_mac_f32_e32 v0, s8, v6                                    ; 3e000c08
	v_mac_f32_e32 v3, s9, v6                                    ; 3e060c09
	v_mac_f32_e32 v11, s10, v6                                  ; 3e160c0a
	v_mac_f32_e32 v7, s11, v6                                   ; 3e0e0c0b
	v_mac_f32_e32 v0, s12, v5                                   ; 3e000a0c
	v_mac_f32_e32 v3, s13, v5                                   ; 3e060a0d
	v_mac_f32_e32 v11, s14, v5                                  ; 3e160a0e
	v_mac_f32_e32 v7, s15, v5                                   ; 3e0e0a0f
	v_mac_f32_e32 v0, s16, v4                                   ; 3e000810
	v_mac_f32_e32 v3, s17, v4                                   ; 3e060811
	v_mac_f32_e32 v11, s18, v4                                  ; 3e160812
	v_mac_f32_e32 v7, s19, v4                                   ; 3e0e0813
	exp pos0 v0, v3, v11, v7 done vm                            ; f80018cf 070b0300
	v_cvt_f32_i32_e32 v1, v1                                    ; 7e020b01
	v_cvt_f32_i32_e32 v2, v2                                    ; 7e040b02
	s_mov_b32 s4, 0x3f4ccccd                                    ; be8403ff 3f4ccccd
	s_waitcnt vmcnt(1)                                          ; bf8c3f71
	v_mul_f32_e32 v6, s20, v10                                  ; 100c1414
	v_mul_f32_e32 v4, s21, v10                                  ; 10081415
	v_mul_f32_e32 v5, s22, v10                                  ; 100a1416
	v_mac_f32_e32 v6, s24, v9                                   ; 3e0c1218
	v_mac_f32_e32 v4, s25, v9                                   ; 3e081219
	v_mac_f32_e32 v5, s26, v9                                   ; 3e0a121a
	v_mac_f32_e32 v6, s28, v8                                   ; 3e0c101c
	v_mac_f32_e32 v4, s29, v8                                   ; 3e08101d
	v_mac_f32_e32 v5, s30, v8                                   ; 3e0a101e
	v_mul_f32_e32 v10, v5, v5                                   ; 10140b05
	v_mac_f32_e32 v10, v4, v4                                   ; 3e140904
	v_mac_f32_e32 v10, v6, v6                                   ; 3e140d06
	v_rsq_f32_e32 v10, v10                                      ; 7e145d0a
	v_mul_f32_e32 v6, v6, v10                                   ; 100c1506
	v_mul_f32_e32 v4, v4, v10                                   ; 10081504
	v_mul_f32_e32 v5, v5, v10                                   ; 100a1505
	v_mul_f32_e32 v5, s34, v5                                   ; 100a0a22
	v_mad_f32 v4, s33, -v4, -v5                                 ; d5410004 c4160821
	v_mad_f32 v6, s32, -v6, v4                                  ; d5410006 44120c20
	v_max_f32_e32 v6, 0, v6                                     ; 200c0c80
	v_madak_f32 v6, s4, v6, 0x3e4ccccd                          ; 420c0c04 3e4ccccd
	v_mul_f32_e32 v4, s0, v6                                    ; 10080c00
	v_mul_f32_e32 v5, s1, v6                                    ; 100a0c01
	v_mul_f32_e32 v10, s2, v6                                   ; 10140c02
	v_mul_f32_e32 v6, s3, v6                                    ; 100c0c03
	s_waitcnt vmcnt(0)                                          ; bf8c3f70
	v_mac_f32_e32 v12, v1, v14                                  ; 3e181d01
	v_mac_f32_e32 v13, v2, v15                                  ; 3e1a1f02
	exp param0 v12, v13, v4, v5                                 ; f800020f 05040d0c
	exp param1 v10, v6, off, off                                ; f8000213 8080060a
	s_endpgm                                                    ; bf810000
