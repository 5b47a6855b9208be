/* prospero-mkself: standard ELF -> Sony ELF / fake-signed SELF. See usage(). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mkself.h"
#include "mkself_internal.h"

static void usage(FILE *f) {
  fputs("usage: prospero-mkself [options] -o OUT INPUT\n"
        "       prospero-mkself --check [--prx] INPUT\n"
        "Converts a position-independent ELF linked by ld.lld into a Sony ELF and wraps it\n"
        "into a fake-signed SELF.\n"
        "  --prx             INPUT is a shared object: write a PRX module (e_type 0xFE18)\n"
        "  --elf             write the plain Sony ELF instead of a SELF\n"
        "  --ps4             write a PS4-form SELF (ELF ABI version 0); default is PS5\n"
        "  --wrap            INPUT is a finished executable (e.g. a static ET_EXEC linked\n"
        "                    with a linker script, as the public PS5 homebrew SDK builds\n"
        "                    apps): wrap it as is; with --ps4 only the SELF header is PS4's\n"
        "  --self-block-size N   block size of the SELF data entries (default 16384)\n"
        "  --self-version-data   append the PT_SCE_VERSION bytes after the last segment\n"
        "  --module NAME     module name (default: OUT's base name without extension)\n"
        "  --filename NAME   original file name recorded in the file (default: OUT's base name)\n"
        "  --nids FILE       NID table (prospero-hle-export output); repeatable\n"
        "  --needed-elf FILE a guest PRX (standard ELF, before conversion) linked against;\n"
        "                    its exports become imports of the module named by its DT_SONAME\n"
        "  --app-version N   --fw-version N   --paid N   SELF extended-info fields\n"
        "  --check           only re-parse INPUT (a Sony ELF or SELF) the way the loader does\n",
        f);
}

static bool read_file(const char *path, uint8_t **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "prospero-mkself: cannot open %s: %s\n", path, strerror(errno));
    return false;
  }
  struct mkself_buf b = {0};
  uint8_t chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (mkself_buf_append(&b, chunk, n) == SIZE_MAX) {
      fclose(f);
      mkself_buf_free(&b);
      fprintf(stderr, "prospero-mkself: out of memory reading %s\n", path);
      return false;
    }
  }
  bool ok = !ferror(f);
  fclose(f);
  if (!ok) {
    fprintf(stderr, "prospero-mkself: cannot read %s\n", path);
    mkself_buf_free(&b);
    return false;
  }
  *data = b.data;
  *size = b.size;
  return true;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* Module name of a guest PRX: its DT_SONAME without extension, else its file name's. */
static void prx_module_name(const uint8_t *data, size_t size, const char *path, char *out,
                            size_t cap) {
  struct mkself_elf e;
  struct mkself_dyn d;
  const char *name = base_name(path);
  char err[64];
  if (mkself_elf_open(&e, data, size, err, sizeof err) &&
      mkself_elf_read_dynamic(&e, &d, err, sizeof err) && d.soname) {
    const char *s = mkself_dyn_str(&d, d.soname);
    if (s && *s) name = s;
  }
  snprintf(out, cap, "%s", name);
  char *dot = strchr(out, '.');
  if (dot && dot != out) *dot = '\0';
}

static bool write_output(const char *out_path, const struct mkself_buf *result) {
  FILE *f = fopen(out_path, "wb");
  if (!f || fwrite(result->data, 1, result->size, f) != result->size) {
    fprintf(stderr, "prospero-mkself: cannot write %s: %s\n", out_path, strerror(errno));
    if (f) fclose(f);
    remove(out_path);
    return false;
  }
  if (fclose(f) != 0) {
    fprintf(stderr, "prospero-mkself: cannot write %s\n", out_path);
    remove(out_path);
    return false;
  }
  return true;
}

static bool parse_u64(const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || !*s || *end) return false;
  *v = x;
  return true;
}

int main(int argc, char **argv) {
  struct mkself_options opt = {.form = MKSELF_FORM_SELF_PS5};
  const char *out_path = NULL, *in_path = NULL;
  bool check = false, wrap = false;
  const char *nids[16], *needed[64];
  unsigned nid_count = 0, needed_count = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--prx")) {
      opt.prx = true;
    } else if (!strcmp(a, "--elf")) {
      opt.form = MKSELF_FORM_ELF;
    } else if (!strcmp(a, "--ps4")) {
      opt.form = MKSELF_FORM_SELF_PS4;
    } else if (!strcmp(a, "--ps5")) {
      opt.form = MKSELF_FORM_SELF_PS5;
    } else if (!strcmp(a, "-o") && has_value) {
      out_path = argv[++i];
    } else if (!strcmp(a, "--module") && has_value) {
      opt.module_name = argv[++i];
    } else if (!strcmp(a, "--filename") && has_value) {
      opt.original_filename = argv[++i];
    } else if (!strcmp(a, "--nids") && has_value && nid_count < 16) {
      nids[nid_count++] = argv[++i];
    } else if (!strcmp(a, "--needed-elf") && has_value && needed_count < 64) {
      needed[needed_count++] = argv[++i];
    } else if (!strcmp(a, "--wrap")) {
      wrap = true;
    } else if (!strcmp(a, "--self-version-data")) {
      opt.self_version_data = true;
    } else if (!strcmp(a, "--self-block-size") && has_value) {
      uint64_t bs;
      if (!parse_u64(argv[++i], &bs) || bs < 4096 || bs > (128u << 20) || (bs & (bs - 1))) {
        fprintf(stderr, "prospero-mkself: --self-block-size needs a power of two, 4 KiB..128 MiB\n");
        return 64;
      }
      opt.self_block_log2 = (unsigned)__builtin_ctzll(bs);
    } else if (!strcmp(a, "--check")) {
      check = true;
    } else if ((!strcmp(a, "--app-version") || !strcmp(a, "--fw-version") ||
                !strcmp(a, "--paid")) && has_value) {
      uint64_t *dst = !strcmp(a, "--paid") ? &opt.paid
                      : !strcmp(a, "--app-version") ? &opt.app_version : &opt.fw_version;
      if (!parse_u64(argv[++i], dst)) {
        fprintf(stderr, "prospero-mkself: %s needs a number\n", a);
        return 64;
      }
    } else if (a[0] != '-' && !in_path) {
      in_path = a;
    } else {
      fprintf(stderr, "prospero-mkself: unexpected argument '%s'\n", a);
      usage(stderr);
      return 64;
    }
  }
  char err[512];
  if (check) {
    const char *check_path = in_path;
    if (!check_path) {
      usage(stderr);
      return 64;
    }
    uint8_t *data;
    size_t size;
    if (!read_file(check_path, &data, &size)) return 1;
    bool ok = mkself_check(data, size, opt.prx, err, sizeof err);
    free(data);
    if (!ok) {
      fprintf(stderr, "prospero-mkself: %s: %s\n", check_path, err);
      return 1;
    }
    return 0;
  }
  if (!out_path || !in_path) {
    usage(stderr);
    return 64;
  }
  char module[256];
  if (!opt.module_name) {
    snprintf(module, sizeof module, "%s", base_name(out_path));
    char *dot = strchr(module, '.');
    if (dot && dot != module) *dot = '\0';
    opt.module_name = module;
  }
  if (!opt.original_filename) opt.original_filename = base_name(out_path);

  int rc = 1;
  struct mkself_nid_map map = {0};
  struct mkself_buf sony = {0}, self = {0};
  uint8_t *input = NULL;
  size_t input_size = 0;
  for (unsigned i = 0; i < nid_count; i++) {
    uint8_t *t;
    size_t n;
    if (!read_file(nids[i], &t, &n)) goto done;
    bool ok = mkself_nid_map_add_tsv(&map, (const char *)t, n, err, sizeof err);
    free(t);
    if (!ok) {
      fprintf(stderr, "prospero-mkself: %s: %s\n", nids[i], err);
      goto done;
    }
  }
  for (unsigned i = 0; i < needed_count; i++) {
    uint8_t *t;
    size_t n;
    char name[128];
    if (!read_file(needed[i], &t, &n)) goto done;
    prx_module_name(t, n, needed[i], name, sizeof name);
    bool ok = mkself_nid_map_add_elf(&map, t, n, name, err, sizeof err);
    free(t);
    if (!ok) {
      fprintf(stderr, "prospero-mkself: %s: %s\n", needed[i], err);
      goto done;
    }
  }
  if (!read_file(in_path, &input, &input_size)) goto done;
  if (wrap) {
    if (opt.form == MKSELF_FORM_ELF) {
      fprintf(stderr, "prospero-mkself: --wrap writes a SELF: --elf makes no sense with it\n");
      goto done;
    }
    if (!mkself_wrap_self(input, input_size, opt.form, &opt, &self, err, sizeof err) ||
        !mkself_check_wrapped(self.data, self.size, err, sizeof err)) {
      fprintf(stderr, "prospero-mkself: %s: %s\n", in_path, err);
      goto done;
    }
    if (!write_output(out_path, &self)) goto done;
    rc = 0;
    goto done;
  }
  if (!mkself_convert(input, input_size, &map, &opt, &sony, err, sizeof err)) {
    fprintf(stderr, "prospero-mkself: %s: %s\n", in_path, err);
    goto done;
  }
  struct mkself_buf *result = &sony;
  if (opt.form != MKSELF_FORM_ELF) {
    if (!mkself_wrap_self(sony.data, sony.size, opt.form, &opt, &self, err, sizeof err)) {
      fprintf(stderr, "prospero-mkself: %s: %s\n", in_path, err);
      goto done;
    }
    result = &self;
  }
  if (!mkself_check(result->data, result->size, opt.prx, err, sizeof err)) {
    fprintf(stderr, "prospero-mkself: %s: the result would be rejected: %s\n", in_path, err);
    goto done;
  }
  if (!write_output(out_path, result)) goto done;
  rc = 0;
done:
  free(input);
  mkself_buf_free(&sony);
  mkself_buf_free(&self);
  mkself_nid_map_free(&map);
  return rc;
}
