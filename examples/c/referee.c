/*
 * referee.c: referees a game played at a physical table. The rules say
 * "chance": "external", so the engine draws nothing itself: every roll carries the dice
 * thrown at the table. Here the dice come from a fixed list (cycled) or, with "-", from
 * standard input as pairs "a b" (the game stops at end of input). The seats' choices
 * stand in for the players: at step s, the legal action at index (s * 7919) % n; steals
 * and card draws pick among the outcomes the engine lists. Each action's events are
 * printed as the table hears them: cards stolen or bought are not named.
 *
 * Before the first roll it shows how a referee rejects bad input: an impossible die, a
 * roll without dice, a roll by the wrong seat, and a malformed action, each with its
 * status and the engine's explanation. It exits non-zero if any status is not the one
 * expected, so it doubles as a test.
 *
 *   usage: referee [-] [max_steps]
 */
#include "catan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, catan_status status) {
  fprintf(stderr, "referee: %s failed: %s (%" PRIu32 "): %s\n", what,
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

/* Dice thrown at the table, used in turn when not reading standard input. */
static const int TABLE_DICE[][2] = {
    {3, 4}, {2, 6}, {5, 5}, {1, 3}, {6, 2}, {4, 4}, {3, 6}, {2, 3},
    {6, 5}, {1, 1}, {4, 5}, {2, 2}, {6, 3}, {5, 1}, {3, 3}, {4, 2},
    {6, 6}, {1, 4}, {5, 3}, {2, 4}, {4, 6}, {1, 6}, {3, 5}, {2, 5},
};
#define TABLE_DICE_LEN (sizeof TABLE_DICE / sizeof TABLE_DICE[0])

/* The next throw: from stdin, or the fixed list. Returns 0 at end of input. */
static int next_dice(int from_stdin, size_t *used, int dice[2]) {
  if (from_stdin) {
    return scanf("%d %d", &dice[0], &dice[1]) == 2;
  }
  dice[0] = TABLE_DICE[*used % TABLE_DICE_LEN][0];
  dice[1] = TABLE_DICE[*used % TABLE_DICE_LEN][1];
  (*used)++;
  return 1;
}

/* Applies `json`, expecting `want`; reports the engine's reason. */
static int expect_rejected(catan_game *game, const char *json,
                           catan_status want) {
  catan_status st = catan_game_apply_json(game, json, NULL);
  printf("rejected %s\n  -> %s: %s\n  -> %s\n", json, catan_status_message(st),
         catan_last_error(), catan_last_error_json());
  if (st != want) {
    fprintf(stderr, "referee: expected status %" PRIu32 ", got %" PRIu32 "\n",
            (uint32_t)want, (uint32_t)st);
    return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  int from_stdin = argc > 1 && strcmp(argv[1], "-") == 0;
  uint64_t max_steps = argc > 2 ? strtoull(argv[2], NULL, 10) : 50000;

  catan_game *game = NULL;
  CHECK(catan_game_new(
      "{\"players\": 4, \"map\": \"beginner\", \"chance\": \"external\"}", 1,
      &game));

  int ok = 1;
  int shown_errors = 0;
  size_t dice_used = 0;
  uint64_t step = 0;
  uint64_t rolls = 0;
  int32_t winner = -1;
  char json[160];

  while (winner < 0 && step < max_steps) {
    size_t n = 0;
    CHECK(catan_game_legal_count(game, &n));
    uint32_t id = (uint32_t)((step * 7919) % n);
    char *action = NULL;
    CHECK(catan_game_action_json_for_index(game, id, &action));

    int player = -1;
    int is_roll = sscanf(action, "{\"type\":\"roll\",\"player\":%d", &player) == 1;
    char *events = NULL;
    if (is_roll) {
      if (!shown_errors) {
        shown_errors = 1;
        snprintf(json, sizeof json,
                 "{\"type\":\"roll\",\"player\":%d,\"dice\":[7,1]}", player);
        ok &= expect_rejected(game, json, CATAN_STATUS_ILLEGAL_ACTION);
        snprintf(json, sizeof json, "{\"type\":\"roll\",\"player\":%d}", player);
        ok &= expect_rejected(game, json, CATAN_STATUS_ILLEGAL_ACTION);
        snprintf(json, sizeof json,
                 "{\"type\":\"roll\",\"player\":%d,\"dice\":[1,2]}",
                 (player + 1) % 4);
        ok &= expect_rejected(game, json, CATAN_STATUS_NOT_YOUR_TURN);
        ok &= expect_rejected(game, "{\"type\":\"roll\",\"player\":",
                              CATAN_STATUS_MALFORMED_JSON);
        ok &= expect_rejected(game, "{\"type\":\"teleport\",\"player\":0}",
                              CATAN_STATUS_UNKNOWN_ACTION_TYPE);
      }
      int dice[2];
      if (!next_dice(from_stdin, &dice_used, dice)) {
        catan_string_free(action);
        printf("end of dice input\n");
        break;
      }
      snprintf(json, sizeof json,
               "{\"type\":\"roll\",\"player\":%d,\"dice\":[%d,%d]}", player,
               dice[0], dice[1]);
      catan_status st = catan_game_apply_json(game, json, &events);
      if (st != CATAN_STATUS_OK) {
        /* Dice from outside may be nonsense: say so and take the next throw. */
        printf("bad throw %s: %s\n", json, catan_last_error());
        catan_string_free(action);
        step++;
        continue;
      }
      rolls++;
    } else {
      CHECK(catan_game_apply_index(game, id, &events));
    }
    /* What is announced to the table: a stolen or bought card stays with its owner
       (catan_events_for_json with -1, a spectator's view; each seat would get its own). */
    char *announced = NULL;
    CHECK(catan_events_for_json(events, -1, &announced));
    printf("%s -> %s\n", is_roll ? json : action, announced);
    catan_string_free(announced);
    catan_string_free(events);
    catan_string_free(action);
    step++;
    CHECK(catan_game_winner(game, &winner));
  }

  char *state = NULL;
  CHECK(catan_game_state_json(game, &state));
  printf("after %" PRIu64 " actions and %" PRIu64 " rolls: %s\n", step, rolls,
         state);
  catan_string_free(state);
  catan_game_free(game);
  if (!ok || !shown_errors) {
    fprintf(stderr, "referee: the rejections did not go as expected\n");
    return 1;
  }
  return 0;
}
