/* prospero-tile: offsets and facts of a GFX10 tiled surface.
 *
 *   prospero-tile offsets --mode N --bpe B --width W --height H [--levels COUNT --level L]
 *                         -o OUT
 *       writes the byte offset of every element of level L from the surface base, as
 *       little-endian u32, row-major (y outer, x inner): the form of the golden offset maps.
 *   prospero-tile info (same arguments, no -o)
 *       prints the surface facts, one "name value" per line (levels as levelN.fact).
 *
 * N is a GFX10 swizzle-mode value (decimal, 0x.., or a name such as SW_64KB_R_X), B the
 * bytes per element. Optional: --depth D (array layers; with --3d, z slices), --3d,
 * --fragments F. Exit status 0 on success, 2 on bad arguments, 1 on I/O errors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/tiling/tiling.h"
#include "gpu/tiling/tiling_meta.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: prospero-tile offsets --mode N --bpe B --width W --height H\n"
          "                             [--levels COUNT] [--level L] [--depth D] [--3d]\n"
          "                             [--fragments F] [--slice S] -o OUT\n"
          "       prospero-tile info    --mode N --bpe B --width W --height H [--levels COUNT]\n"
          "                             [--depth D] [--3d] [--fragments F]\n");
}

static bool parse_u32(const char *opt, const char *text, uint32_t *out) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(text ? text : "", &end, 0);
  if (!text || !*text || *end || errno || v > 0xFFFFFFFFul) {
    fprintf(stderr, "prospero-tile: %s needs a number, got '%s'\n", opt, text ? text : "");
    return false;
  }
  *out = (uint32_t)v;
  return true;
}

static int cmd_info(const struct tiling_layout *l) {
  const struct tiling_surface *s = &l->surface;
  printf("mode %u %s\n", s->mode, tiling_mode_name(s->mode));
  printf("bpe %u\n", s->bpe);
  printf("width %u\nheight %u\ndepth %u\nlevels %u\nfragments %u\n", s->width, s->height,
         s->depth, s->levels, s->fragments);
  printf("size %llu\n", (unsigned long long)l->size);
  printf("alignment %u\n", l->base_align);
  printf("block_width %u\nblock_height %u\nblock_depth %u\n", l->block_width,
         l->block_height, l->block_depth);
  printf("pitch %u\npadded_height %u\n", l->pitch, l->padded_height);
  printf("slice_size %llu\n", (unsigned long long)l->slice_size);
  printf("first_tail_level %u\n", l->first_tail_level);
  /* Metadata a target of this kind may carry (render targets: DCC/CMASK/FMASK; depth:
   * HTILE). Logged refusals are silenced: they only mean "not applicable". */
  struct tiling_meta m;
  struct tiling_layout fm;
  if (s->mode == TILING_SW_64KB_R_X && tiling_meta_dcc(l, true, &m))
    printf("dcc_size %llu\ndcc_alignment %u\n", (unsigned long long)m.size, m.align);
  if (s->mode == TILING_SW_64KB_R_X && tiling_meta_cmask(l, &m))
    printf("cmask_size %llu\ncmask_alignment %u\n", (unsigned long long)m.size, m.align);
  if (s->fragments > 1 && s->mode == TILING_SW_64KB_R_X && tiling_meta_fmask(l, &fm))
    printf("fmask_size %llu\nfmask_alignment %u\n", (unsigned long long)fm.size,
           fm.base_align);
  if (s->mode == TILING_SW_64KB_Z_X && s->dim == TILING_DIM_2D && tiling_meta_htile(l, &m))
    printf("htile_size %llu\nhtile_alignment %u\n", (unsigned long long)m.size, m.align);
  for (uint32_t i = 0; i < s->levels; i++) {
    const struct tiling_level *lv = &l->level[i];
    printf("level%u.offset %llu\n", i, (unsigned long long)lv->offset);
    printf("level%u.width %u\nlevel%u.height %u\n", i, lv->width, i, lv->height);
    printf("level%u.pitch %u\nlevel%u.padded_height %u\n", i, lv->pitch, i,
           lv->padded_height);
    printf("level%u.padded_size %llu\n", i,
           (unsigned long long)lv->pitch * lv->padded_height * s->bpe);
    printf("level%u.in_tail %s\n", i, lv->in_tail ? "yes" : "no");
    if (lv->in_tail)
      printf("level%u.tail_offset %u\nlevel%u.tail_x %u\nlevel%u.tail_y %u\n", i,
             lv->tail_offset, i, lv->tail_x, i, lv->tail_y);
  }
  return 0;
}

static int cmd_offsets(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                       const char *out_path) {
  if (!out_path) {
    fprintf(stderr, "prospero-tile: offsets needs -o OUT\n");
    return 2;
  }
  if (level >= l->surface.levels) {
    fprintf(stderr, "prospero-tile: --level %u but the surface has %u levels\n", level,
            l->surface.levels);
    return 2;
  }
  const struct tiling_level *lv = &l->level[level];
  uint32_t slices = l->surface.dim == TILING_DIM_3D ? lv->depth : l->surface.depth;
  if (slice >= slices) {
    fprintf(stderr, "prospero-tile: --slice %u but the level has %u slices\n", slice, slices);
    return 2;
  }
  if (l->size > 0xFFFFFFFFull) {
    fprintf(stderr, "prospero-tile: surface of %llu bytes does not fit u32 offsets\n",
            (unsigned long long)l->size);
    return 2;
  }
  FILE *f = fopen(out_path, "wb");
  if (!f) {
    fprintf(stderr, "prospero-tile: cannot create %s: %s\n", out_path, strerror(errno));
    return 1;
  }
  uint8_t *row = malloc((size_t)lv->width * 4);
  bool ok = row != NULL;
  for (uint32_t y = 0; ok && y < lv->height; y++) {
    for (uint32_t x = 0; x < lv->width; x++) {
      uint32_t off = (uint32_t)tiling_element_offset(l, level, x, y, slice, 0);
      row[4 * x] = (uint8_t)off;
      row[4 * x + 1] = (uint8_t)(off >> 8);
      row[4 * x + 2] = (uint8_t)(off >> 16);
      row[4 * x + 3] = (uint8_t)(off >> 24);
    }
    ok = fwrite(row, 4, lv->width, f) == lv->width;
  }
  free(row);
  if (fclose(f) != 0) ok = false;
  if (!ok) {
    fprintf(stderr, "prospero-tile: write to %s failed\n", out_path);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const char *cmd = argv[1];
  bool is_offsets = !strcmp(cmd, "offsets");
  if (!is_offsets && strcmp(cmd, "info")) {
    fprintf(stderr, "prospero-tile: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
  }
  struct tiling_surface s = {.levels = 1, .depth = 1, .fragments = 1, .dim = TILING_DIM_2D};
  bool have_mode = false, have_bpe = false, have_w = false, have_h = false;
  uint32_t level = 0, slice = 0;
  const char *out = NULL;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    bool ok = true;
    if (!strcmp(a, "--mode")) {
      ok = v && tiling_mode_parse(v, &s.mode);
      if (!ok) fprintf(stderr, "prospero-tile: unknown swizzle mode '%s'\n", v ? v : "");
      have_mode = true;
      i++;
    } else if (!strcmp(a, "--bpe")) {
      ok = parse_u32(a, v, &s.bpe), have_bpe = true, i++;
    } else if (!strcmp(a, "--width")) {
      ok = parse_u32(a, v, &s.width), have_w = true, i++;
    } else if (!strcmp(a, "--height")) {
      ok = parse_u32(a, v, &s.height), have_h = true, i++;
    } else if (!strcmp(a, "--levels")) {
      ok = parse_u32(a, v, &s.levels), i++;
    } else if (!strcmp(a, "--level")) {
      ok = parse_u32(a, v, &level), i++;
    } else if (!strcmp(a, "--depth")) {
      ok = parse_u32(a, v, &s.depth), i++;
    } else if (!strcmp(a, "--slice")) {
      ok = parse_u32(a, v, &slice), i++;
    } else if (!strcmp(a, "--fragments")) {
      ok = parse_u32(a, v, &s.fragments), i++;
    } else if (!strcmp(a, "--3d")) {
      s.dim = TILING_DIM_3D;
    } else if (!strcmp(a, "-o")) {
      ok = v != NULL, out = v, i++;
      if (!ok) fprintf(stderr, "prospero-tile: -o needs a file name\n");
    } else {
      fprintf(stderr, "prospero-tile: unknown option '%s'\n", a);
      ok = false;
    }
    if (!ok) return 2;
  }
  if (!have_mode || !have_bpe || !have_w || !have_h) {
    fprintf(stderr, "prospero-tile: --mode, --bpe, --width and --height are required\n");
    usage(stderr);
    return 2;
  }
  struct tiling_layout l;
  if (!tiling_compute_layout(&s, &l)) {
    fprintf(stderr, "prospero-tile: invalid surface (see the message above)\n");
    return 2;
  }
  return is_offsets ? cmd_offsets(&l, level, slice, out) : cmd_info(&l);
}
