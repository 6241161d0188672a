// CUDA's SIMD intrinsics end to end: every per-halfword and per-byte
// intrinsic (__vadd2 ... __vsubus4) and CUDA 12's three-way and add-then
// min/max family on int, unsigned and 16x2 words, with the __vib*
// predicates in registers and in shared memory, on words made of the lane
// edges (0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff and neighbours)
// and random words. Each result is checked against a host reference that
// computes every lane in 64-bit integers from the documented semantics
// (saturation, averages rounded half away from zero for the signed forms,
// 0xffff/0xff masks for __vcmp*, 1 per lane for __vset*, wrapping sums).
// Prints PASS.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define N 4096 /* inputs */
#define NFN 118
#define NPRED 8

__global__ void simd(const unsigned *in, unsigned *out, unsigned char *preds) {
  __shared__ bool flags[2 * 256];
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = threadIdx.x;
  unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
  int x = (int)a, y = (int)b, z = (int)c;
  unsigned *o = out + i;
  unsigned char *pr = preds + i;
  bool p = false;
  int k = 0, j = 0;
  o[N * k++] = __vabs2(a);
  o[N * k++] = __vabsss2(a);
  o[N * k++] = __vadd2(a, b);
  o[N * k++] = __vaddss2(a, b);
  o[N * k++] = __vaddus2(a, b);
  o[N * k++] = __vavgs2(a, b);
  o[N * k++] = __vavgu2(a, b);
  o[N * k++] = __vhaddu2(a, b);
  o[N * k++] = __vcmpeq2(a, b);
  o[N * k++] = __vcmpne2(a, b);
  o[N * k++] = __vcmpges2(a, b);
  o[N * k++] = __vcmpgeu2(a, b);
  o[N * k++] = __vcmpgts2(a, b);
  o[N * k++] = __vcmpgtu2(a, b);
  o[N * k++] = __vcmples2(a, b);
  o[N * k++] = __vcmpleu2(a, b);
  o[N * k++] = __vcmplts2(a, b);
  o[N * k++] = __vcmpltu2(a, b);
  o[N * k++] = __vabsdiffs2(a, b);
  o[N * k++] = __vabsdiffu2(a, b);
  o[N * k++] = __vmaxs2(a, b);
  o[N * k++] = __vmaxu2(a, b);
  o[N * k++] = __vmins2(a, b);
  o[N * k++] = __vminu2(a, b);
  o[N * k++] = __vseteq2(a, b);
  o[N * k++] = __vsetne2(a, b);
  o[N * k++] = __vsetges2(a, b);
  o[N * k++] = __vsetgeu2(a, b);
  o[N * k++] = __vsetgts2(a, b);
  o[N * k++] = __vsetgtu2(a, b);
  o[N * k++] = __vsetles2(a, b);
  o[N * k++] = __vsetleu2(a, b);
  o[N * k++] = __vsetlts2(a, b);
  o[N * k++] = __vsetltu2(a, b);
  o[N * k++] = __vsads2(a, b);
  o[N * k++] = __vsadu2(a, b);
  o[N * k++] = __vsub2(a, b);
  o[N * k++] = __vsubss2(a, b);
  o[N * k++] = __vsubus2(a, b);
  o[N * k++] = __vneg2(a);
  o[N * k++] = __vnegss2(a);
  o[N * k++] = __vabs4(a);
  o[N * k++] = __vabsss4(a);
  o[N * k++] = __vadd4(a, b);
  o[N * k++] = __vaddss4(a, b);
  o[N * k++] = __vaddus4(a, b);
  o[N * k++] = __vavgs4(a, b);
  o[N * k++] = __vavgu4(a, b);
  o[N * k++] = __vhaddu4(a, b);
  o[N * k++] = __vcmpeq4(a, b);
  o[N * k++] = __vcmpne4(a, b);
  o[N * k++] = __vcmpges4(a, b);
  o[N * k++] = __vcmpgeu4(a, b);
  o[N * k++] = __vcmpgts4(a, b);
  o[N * k++] = __vcmpgtu4(a, b);
  o[N * k++] = __vcmples4(a, b);
  o[N * k++] = __vcmpleu4(a, b);
  o[N * k++] = __vcmplts4(a, b);
  o[N * k++] = __vcmpltu4(a, b);
  o[N * k++] = __vabsdiffs4(a, b);
  o[N * k++] = __vabsdiffu4(a, b);
  o[N * k++] = __vmaxs4(a, b);
  o[N * k++] = __vmaxu4(a, b);
  o[N * k++] = __vmins4(a, b);
  o[N * k++] = __vminu4(a, b);
  o[N * k++] = __vseteq4(a, b);
  o[N * k++] = __vsetne4(a, b);
  o[N * k++] = __vsetges4(a, b);
  o[N * k++] = __vsetgeu4(a, b);
  o[N * k++] = __vsetgts4(a, b);
  o[N * k++] = __vsetgtu4(a, b);
  o[N * k++] = __vsetles4(a, b);
  o[N * k++] = __vsetleu4(a, b);
  o[N * k++] = __vsetlts4(a, b);
  o[N * k++] = __vsetltu4(a, b);
  o[N * k++] = __vsads4(a, b);
  o[N * k++] = __vsadu4(a, b);
  o[N * k++] = __vsub4(a, b);
  o[N * k++] = __vsubss4(a, b);
  o[N * k++] = __vsubus4(a, b);
  o[N * k++] = __vneg4(a);
  o[N * k++] = __vnegss4(a);
  o[N * k++] = __vimax_s32_relu(x, y);
  o[N * k++] = __vimin_s32_relu(x, y);
  o[N * k++] = __vimax3_s32(x, y, z);
  o[N * k++] = __vimin3_s32(x, y, z);
  o[N * k++] = __vimax3_s32_relu(x, y, z);
  o[N * k++] = __vimin3_s32_relu(x, y, z);
  o[N * k++] = __viaddmax_s32(x, y, z);
  o[N * k++] = __viaddmin_s32(x, y, z);
  o[N * k++] = __viaddmax_s32_relu(x, y, z);
  o[N * k++] = __viaddmin_s32_relu(x, y, z);
  o[N * k++] = __vibmax_s32(x, y, &p);
  pr[N * j++] = p;
  o[N * k++] = __vibmin_s32(x, y, &p);
  pr[N * j++] = p;
  o[N * k++] = __vimax_s16x2_relu(a, b);
  o[N * k++] = __vimin_s16x2_relu(a, b);
  o[N * k++] = __vimax3_s16x2(a, b, c);
  o[N * k++] = __vimin3_s16x2(a, b, c);
  o[N * k++] = __vimax3_s16x2_relu(a, b, c);
  o[N * k++] = __vimin3_s16x2_relu(a, b, c);
  o[N * k++] = __viaddmax_s16x2(a, b, c);
  o[N * k++] = __viaddmin_s16x2(a, b, c);
  o[N * k++] = __viaddmax_s16x2_relu(a, b, c);
  o[N * k++] = __viaddmin_s16x2_relu(a, b, c);
  o[N * k++] = __vibmax_s16x2(a, b, &flags[2 * t + 1], &flags[2 * t]);
  pr[N * j++] = 2 * flags[2 * t + 1] + flags[2 * t];
  o[N * k++] = __vibmin_s16x2(a, b, &flags[2 * t + 1], &flags[2 * t]);
  pr[N * j++] = 2 * flags[2 * t + 1] + flags[2 * t];
  o[N * k++] = __vimax3_u32(a, b, c);
  o[N * k++] = __vimin3_u32(a, b, c);
  o[N * k++] = __viaddmax_u32(a, b, c);
  o[N * k++] = __viaddmin_u32(a, b, c);
  o[N * k++] = __vibmax_u32(a, b, &p);
  pr[N * j++] = p;
  o[N * k++] = __vibmin_u32(a, b, &p);
  pr[N * j++] = p;
  o[N * k++] = __vimax3_u16x2(a, b, c);
  o[N * k++] = __vimin3_u16x2(a, b, c);
  o[N * k++] = __viaddmax_u16x2(a, b, c);
  o[N * k++] = __viaddmin_u16x2(a, b, c);
  o[N * k++] = __vibmax_u16x2(a, b, &flags[2 * t + 1], &flags[2 * t]);
  pr[N * j++] = 2 * flags[2 * t + 1] + flags[2 * t];
  o[N * k++] = __vibmin_u16x2(a, b, &flags[2 * t + 1], &flags[2 * t]);
  pr[N * j++] = 2 * flags[2 * t + 1] + flags[2 * t];
}

/* ---- The host reference ------------------------------------------------ */

typedef long long L;
typedef L (*lane_op)(L x, L y, L z, bool *pred);

struct spec {
  int w;    /* lane width: 8, 16, or 32 for the whole word */
  bool sgn; /* lanes read as signed */
  bool sum; /* the result is the sum of the lanes' values */
  lane_op op;
};
static spec lanes(int w, bool sgn, lane_op op) {
  return {w, sgn, false, op};
}
static spec sum(int w, bool sgn, lane_op op) {
  return {w, sgn, true, op};
}

static constexpr L smax(int w) {
  return (1LL << (w - 1)) - 1;
}
static constexpr L smin(int w) {
  return -(1LL << (w - 1));
}
static constexpr L umax(int w) {
  return (1LL << w) - 1;
}

/* v cut to w bits, read back signed or unsigned */
static L wrap(L v, int w, bool sgn) {
  L u = v & umax(w);
  return sgn && u > smax(w) ? u - (1LL << w) : u;
}

struct ref {
  const char *name;
  spec s;
};

/* In the order the kernel stores them. */
static const ref refs[NFN] = {
    {"__vabs2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x < 0 ? -x : x; })},
    {"__vabsss2", lanes(16, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::min(x < 0 ? -x : x, smax(16));
                        })},
    {"__vadd2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x + y; })},
    {"__vaddss2", lanes(16, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::clamp(x + y, smin(16), smax(16));
                        })},
    {"__vaddus2", lanes(16, false,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::min(x + y, umax(16));
                        })},
    {"__vavgs2", lanes(16, true,
                       [](L x, L y, L z, bool *q) -> L {
                         return x + y >= 0 ? (x + y + 1) / 2
                                           : -((1 - x - y) / 2);
                       })},
    {"__vavgu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return (x + y + 1) / 2; })},
    {"__vhaddu2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return (x + y) / 2; })},
    {"__vcmpeq2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x == y ? umax(16) : 0; })},
    {"__vcmpne2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x != y ? umax(16) : 0; })},
    {"__vcmpges2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x >= y ? umax(16) : 0; })},
    {"__vcmpgeu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x >= y ? umax(16) : 0; })},
    {"__vcmpgts2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x > y ? umax(16) : 0; })},
    {"__vcmpgtu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x > y ? umax(16) : 0; })},
    {"__vcmples2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x <= y ? umax(16) : 0; })},
    {"__vcmpleu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x <= y ? umax(16) : 0; })},
    {"__vcmplts2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x < y ? umax(16) : 0; })},
    {"__vcmpltu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x < y ? umax(16) : 0; })},
    {"__vabsdiffs2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vabsdiffu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vmaxs2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return std::max(x, y); })},
    {"__vmaxu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return std::max(x, y); })},
    {"__vmins2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return std::min(x, y); })},
    {"__vminu2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return std::min(x, y); })},
    {"__vseteq2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x == y; })},
    {"__vsetne2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x != y; })},
    {"__vsetges2",
     lanes(16, true, [](L x, L y, L z, bool *q) -> L { return x >= y; })},
    {"__vsetgeu2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x >= y; })},
    {"__vsetgts2",
     lanes(16, true, [](L x, L y, L z, bool *q) -> L { return x > y; })},
    {"__vsetgtu2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x > y; })},
    {"__vsetles2",
     lanes(16, true, [](L x, L y, L z, bool *q) -> L { return x <= y; })},
    {"__vsetleu2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x <= y; })},
    {"__vsetlts2",
     lanes(16, true, [](L x, L y, L z, bool *q) -> L { return x < y; })},
    {"__vsetltu2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x < y; })},
    {"__vsads2",
     sum(16, true,
         [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vsadu2",
     sum(16, false,
         [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vsub2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return x - y; })},
    {"__vsubss2", lanes(16, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::clamp(x - y, smin(16), smax(16));
                        })},
    {"__vsubus2",
     lanes(16, false,
           [](L x, L y, L z, bool *q) -> L { return std::max<L>(x - y, 0); })},
    {"__vneg2",
     lanes(16, false, [](L x, L y, L z, bool *q) -> L { return -x; })},
    {"__vnegss2",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L { return std::min(-x, smax(16)); })},
    {"__vabs4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x < 0 ? -x : x; })},
    {"__vabsss4", lanes(8, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::min(x < 0 ? -x : x, smax(8));
                        })},
    {"__vadd4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x + y; })},
    {"__vaddss4", lanes(8, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::clamp(x + y, smin(8), smax(8));
                        })},
    {"__vaddus4", lanes(8, false,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::min(x + y, umax(8));
                        })},
    {"__vavgs4", lanes(8, true,
                       [](L x, L y, L z, bool *q) -> L {
                         return x + y >= 0 ? (x + y + 1) / 2
                                           : -((1 - x - y) / 2);
                       })},
    {"__vavgu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return (x + y + 1) / 2; })},
    {"__vhaddu4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return (x + y) / 2; })},
    {"__vcmpeq4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x == y ? umax(8) : 0; })},
    {"__vcmpne4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x != y ? umax(8) : 0; })},
    {"__vcmpges4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x >= y ? umax(8) : 0; })},
    {"__vcmpgeu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x >= y ? umax(8) : 0; })},
    {"__vcmpgts4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x > y ? umax(8) : 0; })},
    {"__vcmpgtu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x > y ? umax(8) : 0; })},
    {"__vcmples4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x <= y ? umax(8) : 0; })},
    {"__vcmpleu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x <= y ? umax(8) : 0; })},
    {"__vcmplts4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x < y ? umax(8) : 0; })},
    {"__vcmpltu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x < y ? umax(8) : 0; })},
    {"__vabsdiffs4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vabsdiffu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vmaxs4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return std::max(x, y); })},
    {"__vmaxu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return std::max(x, y); })},
    {"__vmins4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return std::min(x, y); })},
    {"__vminu4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return std::min(x, y); })},
    {"__vseteq4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x == y; })},
    {"__vsetne4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x != y; })},
    {"__vsetges4",
     lanes(8, true, [](L x, L y, L z, bool *q) -> L { return x >= y; })},
    {"__vsetgeu4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x >= y; })},
    {"__vsetgts4",
     lanes(8, true, [](L x, L y, L z, bool *q) -> L { return x > y; })},
    {"__vsetgtu4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x > y; })},
    {"__vsetles4",
     lanes(8, true, [](L x, L y, L z, bool *q) -> L { return x <= y; })},
    {"__vsetleu4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x <= y; })},
    {"__vsetlts4",
     lanes(8, true, [](L x, L y, L z, bool *q) -> L { return x < y; })},
    {"__vsetltu4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x < y; })},
    {"__vsads4",
     sum(8, true,
         [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vsadu4",
     sum(8, false,
         [](L x, L y, L z, bool *q) -> L { return x > y ? x - y : y - x; })},
    {"__vsub4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return x - y; })},
    {"__vsubss4", lanes(8, true,
                        [](L x, L y, L z, bool *q) -> L {
                          return std::clamp(x - y, smin(8), smax(8));
                        })},
    {"__vsubus4",
     lanes(8, false,
           [](L x, L y, L z, bool *q) -> L { return std::max<L>(x - y, 0); })},
    {"__vneg4",
     lanes(8, false, [](L x, L y, L z, bool *q) -> L { return -x; })},
    {"__vnegss4",
     lanes(8, true,
           [](L x, L y, L z, bool *q) -> L { return std::min(-x, smax(8)); })},
    {"__vimax_s32_relu", lanes(32, true,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::max({x, y, L(0)});
                               })},
    {"__vimin_s32_relu", lanes(32, true,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::max(std::min(x, y), L(0));
                               })},
    {"__vimax3_s32", lanes(32, true,
                           [](L x, L y, L z, bool *q) -> L {
                             return std::max({x, y, z});
                           })},
    {"__vimin3_s32", lanes(32, true,
                           [](L x, L y, L z, bool *q) -> L {
                             return std::min({x, y, z});
                           })},
    {"__vimax3_s32_relu", lanes(32, true,
                                [](L x, L y, L z, bool *q) -> L {
                                  return std::max({x, y, z, L(0)});
                                })},
    {"__vimin3_s32_relu", lanes(32, true,
                                [](L x, L y, L z, bool *q) -> L {
                                  return std::max(std::min({x, y, z}), L(0));
                                })},
    {"__viaddmax_s32", lanes(32, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::max(wrap(x + y, 32, 1), z);
                             })},
    {"__viaddmin_s32", lanes(32, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::min(wrap(x + y, 32, 1), z);
                             })},
    {"__viaddmax_s32_relu",
     lanes(32, true,
           [](L x, L y, L z, bool *q) -> L {
             return std::max({wrap(x + y, 32, 1), z, L(0)});
           })},
    {"__viaddmin_s32_relu", lanes(32, true,
                                  [](L x, L y, L z, bool *q) -> L {
                                    return std::max(
                                        std::min(wrap(x + y, 32, 1), z), L(0));
                                  })},
    {"__vibmax_s32", lanes(32, true,
                           [](L x, L y, L z, bool *q) -> L {
                             return (*q = x >= y, std::max(x, y));
                           })},
    {"__vibmin_s32", lanes(32, true,
                           [](L x, L y, L z, bool *q) -> L {
                             return (*q = x <= y, std::min(x, y));
                           })},
    {"__vimax_s16x2_relu", lanes(16, true,
                                 [](L x, L y, L z, bool *q) -> L {
                                   return std::max({x, y, L(0)});
                                 })},
    {"__vimin_s16x2_relu", lanes(16, true,
                                 [](L x, L y, L z, bool *q) -> L {
                                   return std::max(std::min(x, y), L(0));
                                 })},
    {"__vimax3_s16x2", lanes(16, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::max({x, y, z});
                             })},
    {"__vimin3_s16x2", lanes(16, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::min({x, y, z});
                             })},
    {"__vimax3_s16x2_relu", lanes(16, true,
                                  [](L x, L y, L z, bool *q) -> L {
                                    return std::max({x, y, z, L(0)});
                                  })},
    {"__vimin3_s16x2_relu", lanes(16, true,
                                  [](L x, L y, L z, bool *q) -> L {
                                    return std::max(std::min({x, y, z}), L(0));
                                  })},
    {"__viaddmax_s16x2", lanes(16, true,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::max(wrap(x + y, 16, 1), z);
                               })},
    {"__viaddmin_s16x2", lanes(16, true,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::min(wrap(x + y, 16, 1), z);
                               })},
    {"__viaddmax_s16x2_relu",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L {
             return std::max({wrap(x + y, 16, 1), z, L(0)});
           })},
    {"__viaddmin_s16x2_relu",
     lanes(16, true,
           [](L x, L y, L z, bool *q) -> L {
             return std::max(std::min(wrap(x + y, 16, 1), z), L(0));
           })},
    {"__vibmax_s16x2", lanes(16, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return (*q = x >= y, std::max(x, y));
                             })},
    {"__vibmin_s16x2", lanes(16, true,
                             [](L x, L y, L z, bool *q) -> L {
                               return (*q = x <= y, std::min(x, y));
                             })},
    {"__vimax3_u32", lanes(32, false,
                           [](L x, L y, L z, bool *q) -> L {
                             return std::max({x, y, z});
                           })},
    {"__vimin3_u32", lanes(32, false,
                           [](L x, L y, L z, bool *q) -> L {
                             return std::min({x, y, z});
                           })},
    {"__viaddmax_u32", lanes(32, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::max(wrap(x + y, 32, 0), z);
                             })},
    {"__viaddmin_u32", lanes(32, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::min(wrap(x + y, 32, 0), z);
                             })},
    {"__vibmax_u32", lanes(32, false,
                           [](L x, L y, L z, bool *q) -> L {
                             return (*q = x >= y, std::max(x, y));
                           })},
    {"__vibmin_u32", lanes(32, false,
                           [](L x, L y, L z, bool *q) -> L {
                             return (*q = x <= y, std::min(x, y));
                           })},
    {"__vimax3_u16x2", lanes(16, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::max({x, y, z});
                             })},
    {"__vimin3_u16x2", lanes(16, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return std::min({x, y, z});
                             })},
    {"__viaddmax_u16x2", lanes(16, false,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::max(wrap(x + y, 16, 0), z);
                               })},
    {"__viaddmin_u16x2", lanes(16, false,
                               [](L x, L y, L z, bool *q) -> L {
                                 return std::min(wrap(x + y, 16, 0), z);
                               })},
    {"__vibmax_u16x2", lanes(16, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return (*q = x >= y, std::max(x, y));
                             })},
    {"__vibmin_u16x2", lanes(16, false,
                             [](L x, L y, L z, bool *q) -> L {
                               return (*q = x <= y, std::min(x, y));
                             })},
};

/* The reference result of r on (a, b, c); its predicates, lane k in bit k. */
static unsigned expect(const ref &r, unsigned a, unsigned b, unsigned c,
                       unsigned *pred) {
  int w = r.s.w;
  unsigned word = 0;
  L total = 0;
  *pred = 0;
  for (int k = 0; k < 32 / w; k++) {
    L x = wrap((L)(a >> (k * w)), w, r.s.sgn);
    L y = wrap((L)(b >> (k * w)), w, r.s.sgn);
    L z = wrap((L)(c >> (k * w)), w, r.s.sgn);
    bool p = false;
    L v = r.s.op(x, y, z, &p);
    *pred |= (unsigned)p << k;
    total += v;
    word |= (unsigned)((v & umax(w)) << (k * w));
  }
  return r.s.sum ? (unsigned)total : word;
}

static const unsigned edges[14] = {0,      1,      0x7f,   0x80,   0xff,
                                   0x100,  0x7ffe, 0x7fff, 0x8000, 0x8001,
                                   0xff7f, 0xff80, 0xfffe, 0xffff};

static unsigned edge_word(int i, int j) {
  return edges[i % 14] | edges[j % 14] << 16;
}

int main() {
  static unsigned in[3 * N], out[NFN * N];
  static unsigned char preds[NPRED * N];
  unsigned seed = 12345;
  for (int i = 0; i < N; i++) {
    if (i < 14 * 14 * 14) { /* every pair of edges in the low lanes */
      in[3 * i] = edge_word(i, i / 14 + 3 * i);
      in[3 * i + 1] = edge_word(i / 196, i / 14);
      in[3 * i + 2] = edge_word(i / 14, i / 3);
    } else {
      for (int k = 0; k < 3; k++) {
        seed = seed * 1664525u + 1013904223u;
        in[3 * i + k] = seed ^ (seed >> 15);
      }
      if (i & 1) /* neighbours in some lanes */
        in[3 * i + 1] = in[3 * i] ^ (0x01000100u >> (i & 8));
    }
  }
  unsigned *din, *dout;
  unsigned char *dpreds;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dpreds, sizeof preds);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  simd<<<N / 256, 256>>>(din, dout, dpreds);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(preds, dpreds, sizeof preds, cudaMemcpyDeviceToHost);
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dpreds);
  int bad = 0, j = 0;
  for (int k = 0; k < NFN; k++) {
    bool has_pred = refs[k].name[3] == 'i' && refs[k].name[4] == 'b';
    for (int i = 0; i < N; i++) {
      unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2], pred;
      unsigned want = expect(refs[k], a, b, c, &pred);
      unsigned got = out[k * N + i];
      unsigned gotp = has_pred ? preds[j * N + i] : pred;
      if ((got != want || gotp != pred) && bad++ < 10)
        printf("%s(0x%08x, 0x%08x, 0x%08x) = 0x%08x/%u, expected 0x%08x/%u\n",
               refs[k].name, a, b, c, got, gotp, want, pred);
    }
    j += has_pred;
  }
  if (j != NPRED)
    bad++;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
