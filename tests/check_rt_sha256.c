/*
 * check_rt_sha256: cu2clrt's SHA-256 (rt_sha256.c, compiled into this test:
 * the runtime's internal symbols are hidden), which names and verifies the
 * entries of the program cache. Digests of the FIPS 180-2 example messages,
 * and the same digest whatever the pieces the input arrives in.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rt_sha256.h"

static void digest_hex(const void *data, size_t len, size_t piece,
                       char hex[65]) {
  rt_sha256 h;
  unsigned char d[32];
  rt_sha256_init(&h);
  for (size_t at = 0; at < len; at += piece)
    rt_sha256_update(&h, (const char *)data + at,
                     len - at < piece ? len - at : piece);
  rt_sha256_final(&h, d);
  rt_sha256_hex(d, hex);
}

START_TEST(test_examples) {
  static const struct {
    const char *message, *digest;
  } cases[] = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc",
       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  char hex[65];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    digest_hex(cases[i].message, strlen(cases[i].message), 64, hex);
    ck_assert_str_eq(hex, cases[i].digest);
  }
}
END_TEST

/* A million 'a', whole and in pieces that straddle the 64-byte blocks. */
START_TEST(test_million_a) {
  enum { N = 1000000 };
  char *a = malloc(N);
  ck_assert_ptr_nonnull(a);
  memset(a, 'a', N);
  static const size_t pieces[] = {N, 1, 63, 64, 65, 1000};
  for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
    char hex[65];
    digest_hex(a, N, pieces[i], hex);
    ck_assert_str_eq(
        hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  }
  free(a);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_sha256");
  TCase *core = tcase_create("Core");
  tcase_add_test(core, test_examples);
  tcase_add_test(core, test_million_a);
  suite_add_tcase(s, core);
  return s;
}

int main(void) {
  SRunner *r = srunner_create(suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
