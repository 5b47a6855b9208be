/* The cube map edge table (ir_cube.h) against the Vulkan specification's cube map face
 * selection: the major axis and the sc, tc, ma of each face, written here from the
 * specification's table ("Cube Map Face Selection"). A texel beyond a face's edge is a
 * direction past the face's square; projected from the cube's centre onto the face whose
 * axis is then the major one, it falls on the texel the table must name (the texel centres
 * of the row next to the edge map strictly inside the neighbour's first row: along the edge
 * a centre moves by less than half a texel). Corners give the three texels that meet. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/shader/ir/ir_cube.h"

/* per face: the major axis direction M, and S, T with sc = S·r, tc = T·r (Vulkan's table:
 * +X sc = -rz tc = -ry; -X sc = +rz tc = -ry; +Y sc = +rx tc = +rz; -Y sc = +rx tc = -rz;
 * +Z sc = +rx tc = -ry; -Z sc = -rx tc = -ry) */
static const int faces[6][3][3] = {
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},   {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},
};

static double dot(const int a[3], const double r[3]) {
  return a[0] * r[0] + a[1] * r[1] + a[2] * r[2];
}

/* Vulkan's face selection: the largest magnitude, z before y before x on ties */
static unsigned select_face(const double r[3]) {
  double ax = fabs(r[0]), ay = fabs(r[1]), az = fabs(r[2]);
  unsigned a = az >= ax && az >= ay ? 2 : ay >= ax ? 1 : 0;
  return 2 * a + (r[a] < 0);
}

/* the texel the centre of texel (I, J) of FACE (possibly beyond it) projects to */
static struct ir_cube_texel project(unsigned face, int i, int j, int n) {
  double a = (2.0 * i + 1) / n - 1, b = (2.0 * j + 1) / n - 1, r[3];
  for (unsigned k = 0; k < 3; k++)
    r[k] = faces[face][0][k] + a * faces[face][1][k] + b * faces[face][2][k];
  unsigned g = select_face(r);
  double ma = fabs(dot(faces[g][0], r));
  double s = (dot(faces[g][1], r) / ma + 1) / 2, t = (dot(faces[g][2], r) / ma + 1) / 2;
  return (struct ir_cube_texel){g, (int32_t)floor(s * n), (int32_t)floor(t * n)};
}

static void assert_texel(struct ir_cube_texel got, struct ir_cube_texel want) {
  assert_int_equal(got.face, want.face);
  assert_int_equal(got.i, want.i);
  assert_int_equal(got.j, want.j);
}

/* every texel one beyond each edge of each face, faces of 1 to 9 texels */
static void edges_follow_face_selection(void **state) {
  (void)state;
  for (int n = 1; n <= 9; n++)
    for (unsigned f = 0; f < 6; f++)
      for (int k = 0; k < n; k++) {
        const int at[4][2] = {{-1, k}, {n, k}, {k, -1}, {k, n}};
        for (unsigned e = 0; e < 4; e++) {
          struct ir_cube_texel t[3];
          assert_int_equal(ir_cube_texels(f, at[e][0], at[e][1], n, t), 1);
          assert_texel(t[0], project(f, at[e][0], at[e][1], n));
          assert_true(t[0].face != f && t[0].i >= 0 && t[0].i < n && t[0].j >= 0 && t[0].j < n);
        }
      }
}

/* inside the face: the texel itself */
static void inside_is_itself(void **state) {
  (void)state;
  for (unsigned f = 0; f < 6; f++)
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++) {
        struct ir_cube_texel t[3];
        assert_int_equal(ir_cube_texels(f, i, j, 4, t), 1);
        assert_texel(t[0], (struct ir_cube_texel){f, i, j});
      }
}

/* a corner: the face's corner texel, the texel across the i edge, the one across the j
 * edge — three different faces meeting at one cube corner */
static void corners_give_three_texels(void **state) {
  (void)state;
  for (int n = 1; n <= 6; n++)
    for (unsigned f = 0; f < 6; f++)
      for (unsigned c = 0; c < 4; c++) {
        int i = c & 1 ? n : -1, j = c & 2 ? n : -1, ic = c & 1 ? n - 1 : 0, jc = c & 2 ? n - 1 : 0;
        struct ir_cube_texel t[3];
        assert_int_equal(ir_cube_texels(f, i, j, n, t), 3);
        assert_texel(t[0], (struct ir_cube_texel){f, ic, jc});
        assert_texel(t[1], project(f, i, jc, n));
        assert_texel(t[2], project(f, ic, j, n));
        assert_true(t[1].face != f && t[2].face != f && t[1].face != t[2].face);
        /* the two neighbours' texels are corner texels of their faces too */
        for (unsigned k = 1; k < 3; k++)
          assert_true((t[k].i == 0 || t[k].i == n - 1) && (t[k].j == 0 || t[k].j == n - 1));
      }
}

/* the axes table the translator's cube derivatives use (ir_cube_axes): M, S, T of each face
 * as Vulkan's table gives them */
static void axes_follow_face_selection(void **state) {
  (void)state;
  for (unsigned f = 0; f < 6; f++)
    for (unsigned m = 0; m < 3; m++) {
      const struct ir_cube_axis *a = &ir_cube_axes[f][m];
      assert_true(a->axis < 3 && (a->sign == 1 || a->sign == -1));
      for (unsigned k = 0; k < 3; k++) assert_int_equal(faces[f][m][k], k == a->axis ? a->sign : 0);
    }
}

/* crossing an edge and back: the neighbour's edge leads back to the face */
static void edges_are_mutual(void **state) {
  (void)state;
  for (unsigned f = 0; f < 6; f++)
    for (unsigned e = 0; e < 4; e++) {
      unsigned g = ir_cube_steps[f][e].face;
      unsigned back = 0;
      for (unsigned k = 0; k < 4; k++) back += ir_cube_steps[g][k].face == f;
      assert_int_equal(back, 1);
      assert_true(g != f && g != (f ^ 1)); /* never itself or the opposite face */
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(edges_follow_face_selection), cmocka_unit_test(inside_is_itself),
      cmocka_unit_test(corners_give_three_texels),   cmocka_unit_test(edges_are_mutual),
      cmocka_unit_test(axes_follow_face_selection),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
