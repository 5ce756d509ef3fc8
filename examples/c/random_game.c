/*
 * random_game.c: plays one seeded game of catan to the end through the C ABI, choosing at
 * step s the legal action with id (s * 7919) % n, and prints one JSON array of events per
 * action, then a summary line. Same seed and choice rule as the Rust example
 * `transcript`, so the two outputs must be identical (scripts/test checks it).
 *
 *   usage: random_game [seed] [max_steps] [players]
 *
 * `players` is 2 to 6 (default 4); 5 and 6 play the 5-6 player extension (its island and
 * the Special Build Phase).
 *
 * Build: cargo build --release -p catan-ffi
 *        cc -std=c11 -Iinclude examples/c/random_game.c target/release/libcatan.a \
 *           -lpthread -ldl -lm -o random_game
 */
#include "catan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints what failed and exits. */
static void die(const char *what, catan_status status) {
  fprintf(stderr, "random_game: %s failed: %s (%" PRIu32 "): %s\n", what,
          catan_status_message(status), (uint32_t)status, catan_last_error());
  exit(1);
}

#define CHECK(call)                                                            \
  do {                                                                         \
    catan_status check_status_ = (call);                                       \
    if (check_status_ != CATAN_STATUS_OK) {                                    \
      die(#call, check_status_);                                               \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 42;
  uint64_t max_steps = argc > 2 ? strtoull(argv[2], NULL, 10) : 20000;
  unsigned long players_arg = argc > 3 ? strtoul(argv[3], NULL, 10) : 4;

  char rules[64];
  snprintf(rules, sizeof rules, "{\"players\": %lu}", players_arg);
  catan_game *game = NULL;
  CHECK(catan_game_new(rules, seed, &game));
  fprintf(stderr, "%s, seed %" PRIu64 "\n", catan_version(), seed);

  /* The id buffer starts small on purpose: the BUFFER_TOO_SMALL path grows it. */
  size_t cap = 4;
  uint32_t *ids = malloc(cap * sizeof *ids);
  if (ids == NULL) {
    return 1;
  }

  uint64_t step = 0;
  int32_t winner = -1;
  CHECK(catan_game_winner(game, &winner));
  while (winner < 0 && step < max_steps) {
    size_t n = 0;
    catan_status st = catan_game_legal_indices(game, ids, cap, &n);
    if (st == CATAN_STATUS_BUFFER_TOO_SMALL) {
      /* n holds the number of ids needed. */
      uint32_t *bigger = realloc(ids, n * sizeof *ids);
      if (bigger == NULL) {
        free(ids);
        return 1;
      }
      ids = bigger;
      cap = n;
      CHECK(catan_game_legal_indices(game, ids, cap, &n));
    } else if (st != CATAN_STATUS_OK) {
      die("catan_game_legal_indices", st);
    }
    if (n == 0) {
      fprintf(stderr, "random_game: no legal action but no winner\n");
      return 1;
    }

    uint32_t id = ids[(step * 7919) % n];
    char *events = NULL;
    CHECK(catan_game_apply_index(game, id, &events));
    puts(events);
    catan_string_free(events);

    step++;
    CHECK(catan_game_winner(game, &winner));
  }

  uint8_t scores[6];
  size_t players = 0;
  CHECK(catan_game_scores(game, scores, sizeof scores, &players));
  printf("{\"steps\":%" PRIu64 ",\"winner\":%" PRId32 ",\"scores\":[", step,
         winner);
  for (size_t i = 0; i < players; i++) {
    printf(i ? ",%u" : "%u", (unsigned)scores[i]);
  }
  printf("]}\n");

  char *state = NULL;
  CHECK(catan_game_state_json(game, &state));
  fprintf(stderr, "final state: %s\n", state);
  catan_string_free(state);

  free(ids);
  catan_game_free(game);
  return 0;
}
