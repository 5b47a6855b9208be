// The C++ part of the demo: freestanding C++ (no exceptions, RTTI or standard library)
// with virtual calls, a constructor run before main and a destructor run at exit
// (registered through __cxa_atexit against the executable's __dso_handle).
#include <stdio.h>

namespace {

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const = 0;
};

struct Rect final : Shape {
  Rect(int w, int h) : w_(w), h_(h) {}
  int area() const override { return w_ * h_; }
  int w_, h_;
};

struct Square final : Shape {
  explicit Square(int s) : s_(s) {}
  int area() const override { return s_ * s_; }
  int s_;
};

struct Announcer {
  Announcer() : constructed(true) {}
  ~Announcer() { printf("C++ static destructor ran at exit\n"); }
  bool constructed;
};

Announcer announcer;

}  // namespace

extern "C" int demo_cxx_total_area(void) {
  static const Rect r(3, 4);
  static const Square s(5);
  const Shape *shapes[] = {&r, &s};
  int total = 0;
  for (const Shape *p : shapes) total += p->area();
  return total;
}

extern "C" int demo_cxx_static_constructed(void) { return announcer.constructed ? 1 : 0; }
