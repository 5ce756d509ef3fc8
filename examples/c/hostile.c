/*
 * hostile.c: hostile calls into the C ABI, built with AddressSanitizer and
 * UndefinedBehaviorSanitizer by scripts/test. Seeded and bounded (a few seconds).
 *
 * Every entry point gets NULL pointers, random bytes, mutated and truncated actions,
 * seats and ids out of range, huge counts and huge strings. After every call it checks:
 *  - the status is a known code, and CATAN_STATUS_OK exactly when the call should succeed
 *    as far as can be told from outside (NULL and size limits);
 *  - on failure no output was written and the game is unchanged (its position JSON is
 *    byte-identical);
 *  - the last error is short (at most 2 KB), whatever the size of the input;
 *  - a seat-scoped call given another seat's action answers CATAN_STATUS_NOT_YOUR_SEAT.
 *
 *   usage: hostile [iterations] [seed]   (defaults: 3000, 1)
 */
#include "catan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t next(void) {
  rng_state += 0x9E3779B97F4A7C15ull;
  uint64_t z = rng_state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }

static int failures = 0;

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "hostile: line %d: ", __LINE__);                         \
      fprintf(stderr, __VA_ARGS__);                                            \
      fprintf(stderr, "\n");                                                   \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static int known(catan_status st) { return (uint32_t)st <= CATAN_STATUS_OUT_OF_MEMORY; }

static char *position(const catan_game *g) {
  char *s = NULL;
  if (catan_game_position_json(g, &s) != CATAN_STATUS_OK) {
    fprintf(stderr, "hostile: position_json failed: %s\n", catan_last_error());
    exit(2);
  }
  return s;
}

static void check_error_bounded(catan_status st) {
  EXPECT(known(st), "unknown status %" PRIu32, (uint32_t)st);
  if (st != CATAN_STATUS_OK) {
    EXPECT(strlen(catan_last_error()) <= 2048, "last error of %zu bytes",
           strlen(catan_last_error()));
    EXPECT(strlen(catan_last_error_json()) <= 4096, "last error JSON of %zu bytes",
           strlen(catan_last_error_json()));
  }
}

static const char *TYPES[] = {
    "roll", "end_turn", "build_road", "build_settlement", "build_city",
    "buy_development_card", "discard", "move_robber", "play_knight",
    "play_road_building", "finish_road_building", "play_year_of_plenty", "play_monopoly",
    "maritime_trade",
    "offer_trade", "counter_offer", "accept_trade", "reject_trade", "confirm_trade",
    "cancel_trade", "teleport"};

static const char *FIELDS[] = {"edge", "node", "hex", "victim", "resource", "resources",
                               "give", "get", "rate", "to", "with", "dice", "card"};

static const char *VALUES[] = {"0", "1", "-1", "255", "256", "65535", "4294967296",
                               "1e99", "\"ore\"", "\"gold\"", "null", "true", "[]",
                               "[1,2]", "[7,1]", "{}", "{\"brick\":1}",
                               "{\"ore\":200,\"grain\":200}", "\"knight\"", "\"\\u0000\""};

/* A random, mostly well-formed action. */
static void random_action(char *buf, size_t cap, int players) {
  const char *type = TYPES[below((uint32_t)(sizeof TYPES / sizeof TYPES[0]))];
  int n = snprintf(buf, cap, "{\"type\":\"%s\",\"player\":%d", type,
                   (int)below((uint32_t)players + 2) - (below(8) == 0 ? 1 : 0));
  int fields = (int)below(4);
  for (int i = 0; i < fields && n < (int)cap - 64; i++) {
    n += snprintf(buf + n, cap - (size_t)n, ",\"%s\":%s", FIELDS[below(13)], VALUES[below(20)]);
  }
  snprintf(buf + n, cap - (size_t)n, "}");
}

/* Random bytes, NUL-terminated, sometimes cut from a valid action. */
static void random_bytes(char *buf, size_t len) {
  for (size_t i = 0; i < len; i++) {
    buf[i] = (char)(1 + below(255));
  }
  buf[len] = 0;
}

int main(int argc, char **argv) {
  long iterations = argc > 1 ? atol(argv[1]) : 3000;
  rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  const char *rules[] = {"{}", "{\"players\":3,\"map\":\"beginner\"}",
                         "{\"players\":2,\"chance\":\"external\"}",
                         "{\"players\":4,\"strict_phases\":true,\"friendly_robber\":true}"};

  /* Size limits: a string one byte over the limit, huge counts. */
  size_t big = CATAN_MAX_INPUT_BYTES + 1;
  char *huge = malloc(big + 1);
  if (!huge) return 2;
  memset(huge, 'x', big);
  huge[big] = 0;
  catan_game *g = NULL;
  catan_status st = catan_game_new(huge, 1, &g);
  EXPECT(st == CATAN_STATUS_TOO_LARGE && g == NULL, "huge rules: %" PRIu32, (uint32_t)st);
  check_error_bounded(st);
  catan_batch *b = NULL;
  st = catan_batch_new("{}", 1, (size_t)-1, 2001, &b);
  EXPECT(st == CATAN_STATUS_TOO_LARGE && b == NULL, "huge batch: %" PRIu32, (uint32_t)st);
  char *out = NULL;
  st = catan_simulate("{}", (size_t)-1, 1, 2001, false, &out);
  EXPECT(st == CATAN_STATUS_TOO_LARGE && out == NULL, "huge simulate: %" PRIu32, (uint32_t)st);
  st = catan_simulate("{\"discard_limit\":0}", 60, 1, 1, false, &out);
  EXPECT(st == CATAN_STATUS_INVALID_RULES && out == NULL, "discard limit 0: %" PRIu32,
         (uint32_t)st);
  st = catan_batch_new("{}", 1, 4, 2001, &b);
  EXPECT(st == CATAN_STATUS_OK, "batch of 4 with 2001 threads: %" PRIu32, (uint32_t)st);
  catan_batch_free(b);

  /* NULL everywhere. */
  EXPECT(catan_game_new(NULL, 1, &g) == CATAN_STATUS_NULL_ARGUMENT, "NULL rules");
  EXPECT(catan_game_new("{}", 1, NULL) == CATAN_STATUS_NULL_ARGUMENT, "NULL out");
  EXPECT(catan_game_apply_json(NULL, "{}", NULL) == CATAN_STATUS_NULL_ARGUMENT, "NULL game");
  EXPECT(catan_game_check_as_json(NULL, 0, "{}") == CATAN_STATUS_NULL_ARGUMENT, "NULL game");
  EXPECT(catan_events_for_json(NULL, 0, &out) == CATAN_STATUS_NULL_ARGUMENT, "NULL events");
  EXPECT(catan_game_legal_mask_for(NULL, 0, NULL, 0, NULL) == CATAN_STATUS_NULL_ARGUMENT,
         "NULL mask");
  catan_game_free(NULL);
  catan_string_free(NULL);

  char action[512];
  char bytes[300];
  uint64_t calls = 0;
  for (long it = 0; it < iterations; it++) {
    if (it % 500 == 0) {
      catan_game_free(g);
      g = NULL;
      st = catan_game_new(rules[below(4)], next(), &g);
      if (st != CATAN_STATUS_OK) {
        fprintf(stderr, "hostile: new game: %s\n", catan_last_error());
        return 2;
      }
    }
    char *before = position(g);
    size_t players_n = 0;
    uint8_t scores[8];
    catan_game_scores(g, scores, 8, &players_n);
    int players = (int)players_n;

    /* One hostile call, chosen at random. */
    int kind = (int)below(12);
    int seat = (int)below((uint32_t)players + 3) - 1;
    char *text = action;
    if (kind < 2) {
      random_bytes(bytes, below(sizeof bytes - 1));
      text = bytes;
    } else {
      random_action(action, sizeof action, players);
      if (below(6) == 0) action[below((uint32_t)strlen(action))] = 0; /* truncated */
    }
    char *ev = (char *)0x1; /* written only on success */
    uint64_t words[64];
    size_t len = 12345;
    uint32_t id = 77;
    switch (kind % 6) {
      case 0:
        st = catan_game_apply_json(g, text, &ev);
        break;
      case 1:
        st = catan_game_check_json(g, text);
        break;
      case 2:
        st = catan_game_apply_as_json(g, seat, text, &ev);
        break;
      case 3:
        st = catan_game_check_as_json(g, seat, text);
        break;
      case 4:
        st = catan_game_legal_mask_for(g, seat, words, below(2) ? 64 : below(3), &len);
        break;
      default:
        switch (below(5)) {
          case 0:
            st = catan_game_apply_id(g, (uint32_t)next(), &ev);
            break;
          case 1:
            st = catan_game_apply_index(g, below(1000), &ev);
            break;
          case 2:
            st = catan_game_id_for_action_json(g, text, &id);
            break;
          case 3:
            st = catan_events_for_json(text, seat, &ev);
            break;
          default:
            st = catan_game_legal_actions_for_json(g, seat, &ev);
            break;
        }
    }
    calls++;
    check_error_bounded(st);
    if (st == CATAN_STATUS_OK) {
      if (ev != (char *)0x1) catan_string_free(ev);
    } else {
      EXPECT(ev == (char *)0x1, "an output was written on failure (%" PRIu32 ")",
             (uint32_t)st);
      EXPECT(id == 77, "id written on failure");
      if (st != CATAN_STATUS_BUFFER_TOO_SMALL) EXPECT(len == 12345, "length written on failure");
      char *after = position(g);
      EXPECT(strcmp(before, after) == 0, "a failed call changed the game (%" PRIu32 ")",
             (uint32_t)st);
      catan_string_free(after);
    }
    catan_string_free(before);

    /* Another seat's action through the seat-scoped calls: always NOT_YOUR_SEAT. */
    if (players > 1) {
      int actor = (int)below((uint32_t)players);
      int asker = (actor + 1 + (int)below((uint32_t)players - 1)) % players;
      snprintf(action, sizeof action, "{\"type\":\"buy_development_card\",\"player\":%d}", actor);
      st = catan_game_check_as_json(g, asker, action);
      EXPECT(st == CATAN_STATUS_NOT_YOUR_SEAT, "seat %d asking for seat %d: %" PRIu32, asker,
             actor, (uint32_t)st);
      EXPECT(strstr(catan_last_error_json(), "have") == NULL, "an error names a hand");
      calls++;
    }

    /* Keep the game moving: one legal action by index. */
    size_t n = 0;
    if (catan_game_legal_count(g, &n) == CATAN_STATUS_OK && n > 0) {
      st = catan_game_apply_index(g, below((uint32_t)n), NULL);
      EXPECT(st == CATAN_STATUS_OK, "a listed action failed: %s", catan_last_error());
    } else {
      catan_game_free(g);
      g = NULL;
      st = catan_game_new(rules[below(4)], next(), &g);
      if (st != CATAN_STATUS_OK) return 2;
    }
  }
  catan_game_free(g);
  free(huge);
  printf("hostile: %" PRIu64 " hostile calls, %d failures\n", calls, failures);
  return failures ? 1 : 0;
}
