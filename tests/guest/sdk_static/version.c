/* Version data some SELF writers append after the last segment (PT_SCE_VERSION). */
__attribute__((section(".sce_version"), used)) static const char version[16] = "prospero-test";
