/* A PRX loaded at process start (the executable links against it): its TLS sits in the
 * static TLS area, so the executable reaches it with initial-exec accesses (lld relaxes them
 * to R_X86_64_TPOFF64 in a PIE) and modtls.prx imports it (DTPMOD64/DTPOFF64 against an
 * imported symbol). */
__thread int st_tls = 77;
__thread int st_zero;

int *st_tls_here(void) { return &st_tls; }
