/* Hot paths of the C ABI, for instruction counts before and after a change (callgrind):
   random base games stepped by index (legal_indices + apply_index), by JSON
   (legal_actions_json + apply_json without events), and Card Games by JSON. The choices
   come from a fixed LCG, whose final state is printed: two builds that print the same
   number made the same choices in the same games.

   gcc -O2 -std=c11 -Iinclude bench/c_hot_paths.c target/release/libcatan.a \
       -lpthread -ldl -lm -o target/c_hot_paths
   valgrind --tool=callgrind target/c_hot_paths index 20   (or: json 3, cards 3) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catan.h"
static uint64_t x = 42;
static uint32_t pick(uint32_t n) { x = x * 6364136223846793005ULL + 1442695040888963407ULL; return (uint32_t)(x >> 33) % n; }
/* The k-th element of a JSON array of objects without nested objects (every action of
   both games is one). */
static char *nth(const char *arr, uint32_t k) {
  const char *p = arr + 1; uint32_t i = 0;
  while (*p) { const char *q = strchr(p, '}'); if (i == k) { size_t n = (size_t)(q - p + 1); char *o = malloc(n + 1); memcpy(o, p, n); o[n] = 0; return o; } i++; p = q + 2; }
  return NULL;
}
static uint32_t count(const char *arr) { uint32_t n = 0; for (const char *p = arr; *p; p++) if (*p == '}') n++; return n; }
int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: c_hot_paths index|json|cards GAMES\n");
    return 2;
  }
  const char *mode = argv[1]; int games = atoi(argv[2]);
  uint32_t idx[4096]; size_t len;
  for (int g = 0; g < games; g++) {
    if (!strcmp(mode, "index")) {
      catan_game *h; catan_game_new("{\"map\":\"random\"}", (uint64_t)g + 1, &h);
      int32_t w = -1; int steps = 0;
      while (w < 0 && steps++ < 200000) {
        catan_game_legal_indices(h, idx, 4096, &len);
        catan_game_apply_index(h, idx[pick((uint32_t)len)], NULL);
        catan_game_winner(h, &w);
      }
      catan_game_free(h);
    } else if (!strcmp(mode, "json") || !strcmp(mode, "cards")) {
      int cards = !strcmp(mode, "cards");
      catan_game *h = NULL; catan_cards_game *c = NULL;
      if (cards) catan_cards_new("{}", (uint64_t)g + 1, &c); else catan_game_new("{\"map\":\"random\"}", (uint64_t)g + 1, &h);
      int32_t w = -1; int steps = 0;
      while (w < 0 && steps++ < (cards ? 3000 : 1500)) {
        char *legal;
        if (cards) catan_cards_legal_actions_json(c, &legal); else catan_game_legal_actions_json(h, &legal);
        char *a = nth(legal, pick(count(legal)));
        if (cards) catan_cards_apply_json(c, a, NULL); else catan_game_apply_json(h, a, NULL);
        free(a); catan_string_free(legal);
        if (cards) catan_cards_winner(c, &w); else catan_game_winner(h, &w);
      }
      if (cards) catan_cards_free(c); else catan_game_free(h);
    }
  }
  printf("ok %llu\n", (unsigned long long)x);
  return 0;
}
