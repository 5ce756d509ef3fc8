// random_game.cpp: the C random game through the C++ wrapper (examples/cpp/catan.hpp).
// Same seed and choice rule (at step s, id (s * 7919) % n), so it prints the same
// transcript as examples/c/random_game.c and the Rust example `transcript`. Before playing
// it checks the wrapper itself: errors become exceptions carrying the status, clones are
// independent, a moved-from Game throws instead of crashing.
//
//   usage: random_game_cpp [seed] [max_steps]
#include "catan.hpp"

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

int failures = 0;

void expect(bool ok, const std::string &what) {
  if (!ok) {
    std::cerr << "random_game_cpp: FAILED: " << what << "\n";
    failures++;
  }
}

catan_status status_of_apply(catan_cxx::Game &game, const std::string &json) {
  try {
    game.apply_json(json);
    return CATAN_STATUS_OK;
  } catch (const catan_cxx::Error &e) {
    std::cerr << "expected error: " << e.what() << "\n";
    return e.status();
  }
}

void check_wrapper() {
  try {
    catan_cxx::Game bad("{\"players\": 9}", 1);
    expect(false, "9 players accepted");
  } catch (const catan_cxx::Error &e) {
    expect(e.status() == CATAN_STATUS_INVALID_RULES, "9 players: INVALID_RULES");
    expect(e.detail_json().find("\"players\"") != std::string::npos,
           "detail names the field");
  }

  catan_cxx::Game game("{\"players\": 3, \"map\": \"beginner\"}", 5);
  expect(status_of_apply(game, "{\"type\":\"roll\"") == CATAN_STATUS_MALFORMED_JSON,
         "truncated JSON");
  expect(status_of_apply(game, "{\"type\":\"roll\",\"player\":0,\"x\":1}") ==
             CATAN_STATUS_UNKNOWN_FIELD,
         "unknown field");
  expect(status_of_apply(game, "{\"type\":\"roll\",\"player\":2}") ==
             CATAN_STATUS_NOT_YOUR_TURN,
         "out of turn");
  expect(status_of_apply(game, "{\"type\":\"roll\",\"player\":5}") ==
             CATAN_STATUS_NO_SUCH_PLAYER,
         "no such seat");
  expect(!game.is_legal("{\"type\":\"end_turn\",\"player\":0}"), "end before roll");
  expect(game.is_legal("{\"type\":\"roll\",\"player\":0}"), "roll is legal");

  std::string before = game.state_json();
  catan_cxx::Game copy = game.clone();
  copy.apply_json("{\"type\":\"roll\",\"player\":0}");
  expect(game.state_json() == before, "a clone is independent");
  expect(copy.state_json() != before, "the clone moved on");

  std::uint32_t id = game.index_for("{\"type\":\"roll\",\"player\":0}");
  expect(game.action_json_for_index(id) == "{\"type\":\"roll\",\"player\":0}", "id round trip");
  try {
    game.apply_index(static_cast<std::uint32_t>(game.legal_count()));
    expect(false, "id past the end accepted");
  } catch (const catan_cxx::Error &e) {
    expect(e.status() == CATAN_STATUS_ID_OUT_OF_RANGE, "ID_OUT_OF_RANGE");
  }

  // The seat-scoped calls: another seat's action is refused, events are redacted per seat.
  try {
    game.clone().apply_as(1, "{\"type\":\"roll\",\"player\":0}");
    expect(false, "seat 1 acted for seat 0");
  } catch (const catan_cxx::Error &e) {
    expect(e.status() == CATAN_STATUS_NOT_YOUR_SEAT, "NOT_YOUR_SEAT");
  }
  expect(game.legal_actions_for_json(1) == "[]", "seat 1 has nothing to decide");
  expect(game.legal_actions_for_json(0) == "[{\"type\":\"roll\",\"player\":0}]",
         "seat 0 rolls");
  std::string bought =
      "[{\"type\":\"development_card_bought\",\"player\":1,\"card\":\"knight\"}]";
  expect(catan_cxx::Game::events_for(bought, 1) == bought, "the buyer sees the card");
  expect(catan_cxx::Game::events_for(bought, 0).find("knight") == std::string::npos,
         "others do not");

  catan_cxx::Game moved = std::move(game);
  try {
    (void)game.winner();  // NOLINT(bugprone-use-after-move): on purpose
    expect(false, "moved-from game answered");
  } catch (const catan_cxx::Error &e) {
    expect(e.status() == CATAN_STATUS_NULL_ARGUMENT, "moved-from: NULL_ARGUMENT");
  }
  expect(moved.winner() == -1, "moved-to game works");
  expect(moved.board_json().find("\"hexes\"") != std::string::npos, "board JSON");
  expect(moved.rules_json().find("\"players\":3") != std::string::npos, "rules JSON");
}

}  // namespace

int main(int argc, char **argv) {
  std::uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 42;
  std::uint64_t max_steps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000;
  std::cerr << catan_cxx::version() << ", seed " << seed << "\n";

  check_wrapper();

  catan_cxx::Game game("{}", seed);
  std::vector<std::uint32_t> ids;
  std::uint64_t step = 0;
  while (game.winner() < 0 && step < max_steps) {
    game.legal_indices(ids);
    std::uint32_t id = ids[(step * 7919) % ids.size()];
    std::cout << game.apply_index(id) << "\n";
    step++;
  }
  std::cout << "{\"steps\":" << step << ",\"winner\":" << game.winner() << ",\"scores\":[";
  std::vector<int> scores = game.scores();
  for (std::size_t i = 0; i < scores.size(); i++) {
    std::cout << (i ? "," : "") << scores[i];
  }
  std::cout << "]}\n";
  return failures == 0 ? 0 : 1;
}
