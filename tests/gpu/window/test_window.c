/* The window (src/gpu/display) under an X server (Xvfb, started by xvfb-run in ctest):
 * prospero runs the test guest (guest.c: a 1280x720 frame flipped at every vblank) with a
 * window; this driver finds the window, checks the title bar (title id and frames per
 * second), takes a screenshot of the window from the X server and compares it pixel by pixel
 * with the frame computed from window_pattern(), resizes the window and checks the letterbox
 * (black bars, the frame's aspect kept), presses the close button (WM_DELETE_WINDOW) and
 * checks that prospero ends with status 0 and says so in its log. A second run with
 * --fullscreen must cover the screen.
 *   test_window PROSPERO GAME_DIR LOG_DIR
 * Exit 77 (skip): no X display. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <errno.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "window_pattern.h"

static Display *dpy;
static int failures;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fputc('\n', stderr);                                 \
      failures++;                                          \
    }                                                      \
  } while (0)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void sleep_ms(int ms) {
  struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000};
  nanosleep(&t, NULL);
}

static char *window_title(Window w) {
  char *name = NULL;
  Atom net_name = XInternAtom(dpy, "_NET_WM_NAME", False),
       utf8 = XInternAtom(dpy, "UTF8_STRING", False);
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;
  if (XGetWindowProperty(dpy, w, net_name, 0, 256, False, utf8, &type, &format, &n, &after,
                         &data) == Success &&
      data) {
    name = strdup((char *)data);
    XFree(data);
    return name;
  }
  if (XFetchName(dpy, w, &name) && name) {
    char *copy = strdup(name);
    XFree(name);
    return copy;
  }
  return NULL;
}

/* The first window under ROOT whose title starts with "prospero - ". */
static Window find_window(Window root) {
  Window r, parent, *kids = NULL, found = 0;
  unsigned n = 0;
  if (!XQueryTree(dpy, root, &r, &parent, &kids, &n)) return 0;
  for (unsigned i = 0; i < n && !found; i++) {
    char *t = window_title(kids[i]);
    if (t && !strncmp(t, "prospero - ", 11)) found = kids[i];
    free(t);
    if (!found) found = find_window(kids[i]);
  }
  if (kids) XFree(kids);
  return found;
}

static int shift_of(unsigned long mask) {
  int s = 0;
  while (mask && !(mask & 1)) {
    mask >>= 1;
    s++;
  }
  return s;
}

static uint32_t rgb_at(XImage *img, int x, int y) {
  unsigned long p = XGetPixel(img, x, y);
  uint32_t r = (uint32_t)((p & img->red_mask) >> shift_of(img->red_mask));
  uint32_t g = (uint32_t)((p & img->green_mask) >> shift_of(img->green_mask));
  uint32_t b = (uint32_t)((p & img->blue_mask) >> shift_of(img->blue_mask));
  return r << 16 | g << 8 | b;
}

static void window_size(Window w, unsigned *ww, unsigned *wh) {
  XWindowAttributes a;
  XGetWindowAttributes(dpy, w, &a);
  *ww = (unsigned)a.width;
  *wh = (unsigned)a.height;
}

static int x_error(Display *d, XErrorEvent *e) {
  char text[256];
  XGetErrorText(d, e->error_code, text, sizeof text);
  fprintf(stderr, "X error: %s (request %d)\n", text, e->request_code);
  return 0;
}

/* Frame mismatches of a 1:1 screenshot, or -1 when it cannot be taken. */
static long compare_frame(Window w) {
  XWindowAttributes a;
  XGetWindowAttributes(dpy, w, &a);
  if (a.map_state != IsViewable) fprintf(stderr, "  window not viewable (%d)\n", a.map_state);
  XImage *img = XGetImage(dpy, w, 0, 0, WINDOW_W, WINDOW_H, AllPlanes, ZPixmap);
  if (!img) return -1;
  long bad = 0;
  for (uint32_t y = 0; y < WINDOW_H; y++)
    for (uint32_t x = 0; x < WINDOW_W; x++) {
      uint32_t want = window_pattern(x, y) & 0xffffff, got = rgb_at(img, (int)x, (int)y);
      if (got != want && bad++ < 5)
        fprintf(stderr, "  pixel (%u,%u): %06x, want %06x\n", x, y, got, want);
    }
  XDestroyImage(img);
  return bad;
}

static pid_t start(const char *prospero, const char *game, const char *log, bool fullscreen) {
  pid_t pid = fork();
  if (pid == 0) {
    const char *argv[8];
    int n = 0;
    argv[n++] = prospero;
    argv[n++] = "--log-file";
    argv[n++] = log;
    if (fullscreen) argv[n++] = "--fullscreen";
    argv[n++] = "--game";
    argv[n++] = game;
    argv[n] = NULL;
    unlink(log);
    execv(prospero, (char *const *)argv);
    _exit(127);
  }
  return pid;
}

/* Waits for PID up to SECONDS; its wait status, or -1 (then it is killed). */
static int wait_exit(pid_t pid, double seconds) {
  double end = now() + seconds;
  int st;
  while (now() < end) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid) return st;
    sleep_ms(20);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &st, 0);
  return -1;
}

static Window wait_window(double seconds) {
  double end = now() + seconds;
  while (now() < end) {
    Window w = find_window(DefaultRootWindow(dpy));
    if (w) return w;
    sleep_ms(50);
  }
  return 0;
}

static bool file_has(const char *path, const char *text) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  char line[1024];
  bool found = false;
  while (!found && fgets(line, sizeof line, f)) found = strstr(line, text) != NULL;
  fclose(f);
  return found;
}

static void close_window(Window w) {
  XEvent ev = {0};
  ev.xclient.type = ClientMessage;
  ev.xclient.window = w;
  ev.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", False);
  ev.xclient.format = 32;
  ev.xclient.data.l[0] = (long)XInternAtom(dpy, "WM_DELETE_WINDOW", False);
  ev.xclient.data.l[1] = CurrentTime;
  XSendEvent(dpy, w, False, NoEventMask, &ev);
  XFlush(dpy);
}

static void windowed_run(const char *prospero, const char *game, const char *log) {
  pid_t pid = start(prospero, game, log, false);
  Window w = wait_window(60);
  CHECK(w, "no prospero window appeared");
  if (!w) {
    wait_exit(pid, 0);
    return;
  }
  /* the title: "prospero - TITLEID - N fps" once a second of frames has passed */
  regex_t re;
  regcomp(&re, "^prospero - [A-Z]{4}[0-9]{5} - ([0-9]+) fps$", REG_EXTENDED);
  char *title = NULL;
  bool titled = false;
  for (double end = now() + 20; !titled && now() < end; sleep_ms(100)) {
    free(title);
    title = window_title(w);
    regmatch_t m[2];
    titled = title && regexec(&re, title, 2, m, 0) == 0 && atoi(title + m[1].rm_so) > 0;
  }
  CHECK(titled, "title '%s' never showed the title id and a frame rate", title ? title : "");
  free(title);
  regfree(&re);
  unsigned ww, wh;
  window_size(w, &ww, &wh);
  CHECK(ww == 1280 && wh == 720, "window is %ux%u, want 1280x720", ww, wh);
  long bad = compare_frame(w);
  CHECK(bad == 0, "screenshot differs from the frame in %ld pixels", bad);

  /* resized square (at the origin: a screenshot must lie on the screen): the frame keeps
   * its aspect, centred between black bars */
  XMoveResizeWindow(dpy, w, 0, 0, 800, 800);
  XSync(dpy, False);
  bool boxed = false;
  for (double end = now() + 10; !boxed && now() < end; sleep_ms(100)) {
    window_size(w, &ww, &wh);
    if (ww != 800 || wh != 800) continue;
    XImage *img = XGetImage(dpy, w, 0, 0, 800, 800, AllPlanes, ZPixmap);
    if (!img) continue;
    /* 800 * 720 / 1280 = 450 rows at y 175..624 */
    boxed = rgb_at(img, 400, 100) == 0 && rgb_at(img, 10, 174) == 0 && rgb_at(img, 790, 625) == 0 &&
            rgb_at(img, 400, 700) == 0 && (rgb_at(img, 400, 400) & 0xff) >= 0x3c &&
            (rgb_at(img, 2, 176) & 0xff) >= 0x3c && (rgb_at(img, 797, 623) & 0xff) >= 0x3c;
    XDestroyImage(img);
  }
  CHECK(boxed, "after a resize to 800x800 the frame is not letterboxed at rows 175..624");

  close_window(w);
  int st = wait_exit(pid, 20);
  CHECK(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
        "prospero did not end with status 0 after the close button (wait status %d)", st);
  CHECK(file_has(log, "window closed: ending the guest (exit status 0)"),
        "the log does not say the window was closed (%s)", log);
}

static void fullscreen_run(const char *prospero, const char *game, const char *log) {
  pid_t pid = start(prospero, game, log, true);
  Window w = wait_window(60);
  CHECK(w, "no prospero window appeared with --fullscreen");
  unsigned sw = (unsigned)DisplayWidth(dpy, DefaultScreen(dpy)),
           sh = (unsigned)DisplayHeight(dpy, DefaultScreen(dpy)), ww = 0, wh = 0;
  for (double end = now() + 10; w && now() < end && (ww != sw || wh != sh); sleep_ms(100))
    window_size(w, &ww, &wh);
  CHECK(ww == sw && wh == sh, "--fullscreen window is %ux%u, the screen %ux%u", ww, wh, sw, sh);
  if (w) close_window(w);
  int st = wait_exit(pid, 20);
  CHECK(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
        "--fullscreen run did not end with status 0 (wait status %d)", st);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: test_window PROSPERO GAME_DIR LOG_DIR\n");
    return 2;
  }
  dpy = XOpenDisplay(NULL);
  if (!dpy) {
    printf("SKIP: no X display (run under xvfb-run)\n");
    return 77;
  }
  XSetErrorHandler(x_error);
  char log[4096];
  snprintf(log, sizeof log, "%s/window.log", argv[3]);
  windowed_run(argv[1], argv[2], log);
  snprintf(log, sizeof log, "%s/fullscreen.log", argv[3]);
  fullscreen_run(argv[1], argv[2], log);
  XCloseDisplay(dpy);
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  else printf("window: screenshot, title, letterbox, close, fullscreen: ok\n");
  return failures ? 1 : 0;
}
