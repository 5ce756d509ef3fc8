/*
 * cards.c: plays seeded games of the Catan Card Game (1996, two players) through the C
 * ABI with the fixed integer action space, in the same shapes as the base game's calls: at
 * each step it fills the legal mask (64-bit words, as catan_game_legal_mask) and applies
 * one legal id (a simple deterministic choice), then prints the winner, the points, the
 * tokens and a round trip of the position. Also shows errors: an illegal action leaves the
 * game unchanged and says why.
 *
 *   usage: cards [seed] [games]
 *
 * Build: cargo build --release -p catan-ffi
 *        cc -std=c11 -Iinclude examples/c/cards.c target/release/libcatan.a \
 *           -lpthread -ldl -lm -o cards
 */
#include "catan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, catan_status status) {
  fprintf(stderr, "cards: %s failed: %s (%" PRIu32 "): %s\n", what,
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

/* One game to the end; returns the number of actions. */
static uint64_t play(uint64_t seed, uint64_t *mask, size_t words) {
  catan_cards_game *game = NULL;
  CHECK(catan_cards_new("{}", seed, &game));

  /* A refused action: typed error, game unchanged. */
  catan_status st =
      catan_cards_apply_json(game, "{\"type\":\"end_turn\",\"player\":0}", NULL);
  if (st == CATAN_STATUS_OK) {
    fprintf(stderr, "cards: end_turn before the opening was accepted\n");
    exit(1);
  }

  uint64_t x = seed * 2654435761u + 1, steps = 0;
  int32_t winner = -1;
  while (winner < 0 && steps < 200000) {
    size_t len = 0;
    CHECK(catan_cards_legal_mask(game, mask, words, &len));
    uint32_t n = 0;
    for (size_t w = 0; w < len; w++) {
      for (uint64_t b = mask[w]; b != 0; b &= b - 1) {
        n++;
      }
    }
    if (n == 0) {
      fprintf(stderr, "cards: no legal action\n");
      exit(1);
    }
    x = x * 6364136223846793005u + 1442695040888963407u;
    uint32_t k = (uint32_t)((x >> 33) % n);
    uint32_t id = 0;
    for (uint32_t i = 0; i < (uint32_t)len * 64; i++) {
      if ((mask[i / 64] >> (i % 64) & 1) && k-- == 0) {
        id = i;
        break;
      }
    }
    CHECK(catan_cards_apply_id(game, id, NULL));
    CHECK(catan_cards_winner(game, &winner));
    steps++;
  }
  uint8_t points[2];
  size_t seats = 0;
  CHECK(catan_cards_scores(game, points, 2, &seats));
  int32_t knight = -1, mill = -1;
  CHECK(catan_cards_token_holders(game, &knight, &mill));

  /* The position round-trips; a seat's view is JSON too. */
  char *pos = NULL, *view = NULL, *svg = NULL;
  CHECK(catan_cards_position_json(game, &pos));
  catan_cards_game *back = NULL;
  CHECK(catan_cards_from_position_json(pos, &back));
  char *pos2 = NULL;
  CHECK(catan_cards_position_json(back, &pos2));
  if (strcmp(pos, pos2) != 0) {
    fprintf(stderr, "cards: the position did not round-trip\n");
    exit(1);
  }
  CHECK(catan_cards_view_json(game, 0, &view));
  CHECK(catan_cards_svg(game, &svg));
  printf("seed %" PRIu64 ": seat %" PRId32 " wins %u-%u after %" PRIu64
         " actions (Knight token %" PRId32 ", Mill token %" PRId32
         "; view %zu bytes, svg %zu bytes)\n",
         seed, winner, (unsigned)points[0], (unsigned)points[1], steps, knight, mill,
         strlen(view), strlen(svg));
  catan_string_free(pos);
  catan_string_free(pos2);
  catan_string_free(view);
  catan_string_free(svg);
  catan_cards_free(back);
  catan_cards_free(game);
  return steps;
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
  uint64_t games = argc > 2 ? strtoull(argv[2], NULL, 10) : 3;
  /* The mask's size comes from a game, as for catan_game_legal_mask. */
  catan_cards_game *probe = NULL;
  CHECK(catan_cards_new("{}", seed, &probe));
  size_t space = 0;
  CHECK(catan_cards_action_space_len(probe, &space));
  size_t words = (space + 63) / 64;
  uint64_t *mask = malloc(words * sizeof *mask);
  if (mask == NULL) {
    return 1;
  }
  /* The catalogue names the card numbers of views and events. */
  char *catalogue = NULL;
  CHECK(catan_cards_catalogue_json(probe, &catalogue));
  printf("%zu action ids; the catalogue is %zu bytes of JSON\n", space,
         strlen(catalogue));
  catan_string_free(catalogue);
  catan_cards_free(probe);
  /* A malformed position is refused with every problem named. */
  catan_cards_game *bad = NULL;
  if (catan_cards_from_position_json("{\"format\":\"nope\"}", &bad) == CATAN_STATUS_OK) {
    return 1;
  }
  for (uint64_t g = 0; g < games; g++) {
    play(seed + g, mask, words);
  }
  free(mask);
  return 0;
}
