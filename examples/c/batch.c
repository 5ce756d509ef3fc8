/*
 * batch.c: the fast integer paths of the C ABI.
 *
 *  1. One game through fixed action ids: catan_game_legal_mask gives a bitset over
 *     catan_game_action_space_len ids; a random set bit is applied with
 *     catan_game_apply_id.
 *  2. A batch of games stepped together (catan_batch_new / _observe / _step), each step
 *     one random legal id per game, counting finished games and wins per seat. The
 *     masks leave domestic trade offers out (the default; catan_batch_set_offers puts
 *     them in, and random games with them take tens of thousands of steps).
 *  3. catan_simulate: random games summarised as JSON, on two threads.
 *
 *   usage: batch [games] [steps]
 *
 * Build: cargo build --release -p catan-ffi
 *        cc -std=c11 -Iinclude examples/c/batch.c target/release/libcatan.a \
 *           -lpthread -ldl -lm -o batch
 */
#include "catan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, catan_status status) {
  fprintf(stderr, "batch: %s failed: %s (%" PRIu32 "): %s\n", what,
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

/* A small deterministic generator (64-bit LCG, high bits). */
static uint32_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(*state >> 33);
}

/* A uniformly chosen set bit of `mask` (`words` words), or UINT32_MAX if none. */
static uint32_t random_set_bit(const uint64_t *mask, size_t words,
                               uint64_t *state) {
  size_t count = 0;
  for (size_t w = 0; w < words; w++) {
    uint64_t b = mask[w];
    while (b != 0) {
      count++;
      b &= b - 1;
    }
  }
  if (count == 0) {
    return UINT32_MAX;
  }
  size_t k = next_random(state) % count;
  for (size_t w = 0; w < words; w++) {
    for (uint32_t bit = 0; bit < 64; bit++) {
      if ((mask[w] >> bit) & 1u) {
        if (k == 0) {
          return (uint32_t)(w * 64 + bit);
        }
        k--;
      }
    }
  }
  return UINT32_MAX;
}

static void one_game(void) {
  catan_game *game = NULL;
  CHECK(catan_game_new("{\"players\": 3}", 11, &game));
  size_t len = 0;
  CHECK(catan_game_action_space_len(game, &len));
  size_t words = (len + 63) / 64;
  uint64_t *mask = calloc(words, sizeof *mask);
  if (mask == NULL) {
    exit(1);
  }
  uint64_t state = 1;
  int32_t winner = -1;
  int steps = 0;
  while (winner < 0 && steps < 20000) {
    size_t got = 0;
    CHECK(catan_game_legal_mask(game, mask, words, &got));
    uint32_t id = random_set_bit(mask, got, &state);
    if (id == UINT32_MAX) {
      break; /* cannot happen while the game is on: every legal action has an id */
    }
    if (steps == 0) {
      char *json = NULL;
      CHECK(catan_game_action_json_for_id(game, id, &json));
      uint32_t back = 0;
      CHECK(catan_game_id_for_action_json(game, json, &back));
      printf("first action: %s (id %" PRIu32 ")\n", json, back);
      catan_string_free(json);
      if (back != id) {
        fprintf(stderr, "batch: id round trip failed\n");
        exit(1);
      }
    }
    CHECK(catan_game_apply_id(game, id, NULL));
    CHECK(catan_game_winner(game, &winner));
    steps++;
  }
  /* An id outside the space is rejected and changes nothing. */
  if (catan_game_apply_id(game, (uint32_t)len, NULL) !=
      CATAN_STATUS_ID_OUT_OF_RANGE) {
    fprintf(stderr, "batch: an out-of-range id was accepted\n");
    exit(1);
  }
  printf("one game: %zu fixed ids, %d actions, winner %" PRId32 "\n", len,
         steps, winner);
  free(mask);
  catan_game_free(game);
}

static void batch(size_t games, size_t steps) {
  catan_batch *b = NULL;
  CHECK(catan_batch_new("{}", 1, games, 2, &b));
  size_t n = 0, words = 0, obs_len = 0, space = 0;
  CHECK(catan_batch_sizes(b, &n, &words, &obs_len, &space));
  uint64_t *masks = calloc(n * words, sizeof *masks);
  int16_t *obs = calloc(n * obs_len, sizeof *obs);
  uint32_t *ids = calloc(n, sizeof *ids);
  int8_t *winners = calloc(n, sizeof *winners);
  uint8_t *done = calloc(n, sizeof *done);
  float *rewards = calloc(n, sizeof *rewards);
  if (!masks || !obs || !ids || !winners || !done || !rewards) {
    exit(1);
  }
  uint64_t state = 7;
  size_t finished = 0;
  size_t wins[6] = {0};
  for (size_t s = 0; s < steps; s++) {
    CHECK(catan_batch_observe(b, masks, n * words, obs, n * obs_len));
    for (size_t i = 0; i < n; i++) {
      ids[i] = random_set_bit(masks + i * words, words, &state);
    }
    CHECK(catan_batch_step(b, ids, n, winners, done, rewards));
    for (size_t i = 0; i < n; i++) {
      if (done[i]) {
        finished++;
        if (winners[i] >= 0 && winners[i] < 6) {
          wins[winners[i]]++;
        }
      }
    }
  }
  /* A wrong length is rejected; nothing changes. */
  if (catan_batch_step(b, ids, n + 1, winners, done, NULL) !=
      CATAN_STATUS_WRONG_LENGTH) {
    fprintf(stderr, "batch: a wrong length was accepted\n");
    exit(1);
  }
  printf("batch: %zu games x %zu steps, %zu ids, %zu words/mask, %zu values/obs,"
         " %zu games finished, wins by seat %zu %zu %zu %zu\n",
         n, steps, space, words, obs_len, finished, wins[0], wins[1], wins[2],
         wins[3]);
  printf("game 0 observation head:");
  for (size_t k = 0; k < 20 && k < obs_len; k++) {
    printf(" %d", obs[k]);
  }
  printf("\n");
  free(masks);
  free(obs);
  free(ids);
  free(winners);
  free(done);
  free(rewards);
  catan_batch_free(b);
}

static void simulate(void) {
  char *json = NULL;
  CHECK(catan_simulate("{\"map\": \"beginner\"}", 4, 1, 2, false, &json));
  printf("simulate: %zu bytes of JSON, starting %.60s...\n", strlen(json), json);
  catan_string_free(json);
}

int main(int argc, char **argv) {
  size_t games = argc > 1 ? strtoull(argv[1], NULL, 10) : 16;
  size_t steps = argc > 2 ? strtoull(argv[2], NULL, 10) : 3000;
  one_game();
  batch(games, steps);
  simulate();
  return 0;
}
