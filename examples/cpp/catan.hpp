// catan.hpp: a small C++17 RAII wrapper over the catan C ABI (include/catan.h).
//
// catan_cxx::Game owns one catan_game handle (unique ownership: movable, not copyable; use
// clone() for an independent copy) and frees it in its destructor. Every failing call
// throws catan_cxx::Error carrying the status code, its message and the library's detail
// (catan_last_error / catan_last_error_json, copied at the time of the failure). Strings
// returned by the library are copied into std::string and freed at once.
//
// The namespace is catan_cxx, not catan: C99's <complex.h> already owns the name catan
// (the complex arc tangent), and g++ rejects a namespace of that name.
//
// Like the handle it wraps, a Game is not thread-safe; separate Games are independent.
#ifndef CATAN_HPP
#define CATAN_HPP

#include "catan.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace catan_cxx {

/// A failed call: the status, and the library's detail.
class Error : public std::runtime_error {
 public:
  explicit Error(catan_status status)
      : std::runtime_error(std::string(catan_status_message(status)) + ": " +
                           catan_last_error()),
        status_(status),
        detail_json_(catan_last_error_json()) {}

  /// The status code (never CATAN_STATUS_OK).
  catan_status status() const noexcept { return status_; }
  /// catan_last_error_json() at the time of the failure.
  const std::string &detail_json() const noexcept { return detail_json_; }

 private:
  catan_status status_;
  std::string detail_json_;
};

namespace detail {

inline void check(catan_status status) {
  if (status != CATAN_STATUS_OK) {
    throw Error(status);
  }
}

struct StringFree {
  void operator()(char *s) const noexcept { catan_string_free(s); }
};

/// Takes ownership of a library string, copies it, frees it.
inline std::string take(char *s) {
  std::unique_ptr<char, StringFree> owned(s);
  return owned ? std::string(owned.get()) : std::string();
}

struct GameFree {
  void operator()(catan_game *g) const noexcept { catan_game_free(g); }
};

}  // namespace detail

/// The library's version string.
inline std::string version() { return catan_version(); }

/// A game: owns one catan_game handle.
class Game {
 public:
  /// A new game from rules JSON ("{}" is the standard 4-player game) and a seed.
  Game(const std::string &rules_json, std::uint64_t seed) {
    catan_game *g = nullptr;
    detail::check(catan_game_new(rules_json.c_str(), seed, &g));
    handle_.reset(g);
  }

  Game(Game &&) noexcept = default;
  Game &operator=(Game &&) noexcept = default;
  Game(const Game &) = delete;
  Game &operator=(const Game &) = delete;
  ~Game() = default;

  /// An independent copy in the same state.
  Game clone() const {
    catan_game *g = nullptr;
    detail::check(catan_game_clone(get(), &g));
    return Game(g);
  }

  /// Puts this game in `src`'s state without allocating (a tree search's scratch copy).
  void copy_from(const Game &src) { detail::check(catan_game_copy_from(get(), src.get())); }

  /// Applies an action given as JSON; returns the events as a JSON array.
  std::string apply_json(const std::string &action_json) {
    char *events = nullptr;
    detail::check(catan_game_apply_json(get(), action_json.c_str(), &events));
    return detail::take(events);
  }

  /// Applies the legal action at this index of the legal-action list; returns the events
  /// as a JSON array.
  std::string apply_index(std::uint32_t id) {
    char *events = nullptr;
    detail::check(catan_game_apply_index(get(), id, &events));
    return detail::take(events);
  }

  /// Applies the legal action at this index, without building the events.
  void apply_index_quiet(std::uint32_t id) {
    detail::check(catan_game_apply_index(get(), id, nullptr));
  }

  /// Whether an action (JSON) is legal now. Throws only for malformed JSON.
  bool is_legal(const std::string &action_json) const {
    catan_status st = catan_game_check_json(get(), action_json.c_str());
    switch (st) {
      case CATAN_STATUS_OK:
        return true;
      case CATAN_STATUS_ILLEGAL_ACTION:
      case CATAN_STATUS_NOT_YOUR_TURN:
      case CATAN_STATUS_NO_SUCH_PLAYER:
      case CATAN_STATUS_GAME_OVER:
        return false;
      default:
        throw Error(st);
    }
  }

  /// The number of legal actions (valid indices are 0 .. n-1).
  std::size_t legal_count() const {
    std::size_t n = 0;
    detail::check(catan_game_legal_count(get(), &n));
    return n;
  }

  /// The legal-action list's indices, into a reused vector (no allocation once it is large
  /// enough).
  void legal_indices(std::vector<std::uint32_t> &ids) const {
    std::size_t n = 0;
    ids.resize(ids.capacity());
    catan_status st = catan_game_legal_indices(get(), ids.data(), ids.size(), &n);
    if (st == CATAN_STATUS_BUFFER_TOO_SMALL) {
      ids.resize(n);  // n is the number needed
      st = catan_game_legal_indices(get(), ids.data(), ids.size(), &n);
    }
    detail::check(st);
    ids.resize(n);
  }

  /// The legal-action list's indices.
  std::vector<std::uint32_t> legal_indices() const {
    std::vector<std::uint32_t> ids;
    legal_indices(ids);
    return ids;
  }

  /// The action at this index of the legal-action list, as JSON.
  std::string action_json_for_index(std::uint32_t id) const {
    char *s = nullptr;
    detail::check(catan_game_action_json_for_index(get(), id, &s));
    return detail::take(s);
  }

  /// The index in the legal-action list of an action given as JSON.
  std::uint32_t index_for(const std::string &action_json) const {
    std::uint32_t id = 0;
    detail::check(catan_game_index_for_action_json(get(), action_json.c_str(), &id));
    return id;
  }

  /// Every legal action, as a JSON array (element i has index i).
  std::string legal_actions_json() const {
    char *s = nullptr;
    detail::check(catan_game_legal_actions_json(get(), &s));
    return detail::take(s);
  }

  /// Applies an action that seat `seat` sent (another seat's action throws with
  /// CATAN_STATUS_NOT_YOUR_SEAT); returns every event, unredacted: send each seat
  /// `events_for(events, seat)`.
  std::string apply_as(int seat, const std::string &action_json) {
    char *events = nullptr;
    detail::check(catan_game_apply_as_json(get(), seat, action_json.c_str(), &events));
    return detail::take(events);
  }

  /// Seat `seat`'s legal actions, as a JSON array: safe to show that seat.
  std::string legal_actions_for_json(int seat) const {
    char *s = nullptr;
    detail::check(catan_game_legal_actions_for_json(get(), seat, &s));
    return detail::take(s);
  }

  /// Events (a JSON array) as seat `viewer` may see them (-1: a spectator).
  static std::string events_for(const std::string &events_json, int viewer) {
    char *s = nullptr;
    detail::check(catan_events_for_json(events_json.c_str(), viewer, &s));
    return detail::take(s);
  }

  /// Who must act and the pending decision, as JSON.
  std::string state_json() const {
    char *s = nullptr;
    detail::check(catan_game_state_json(get(), &s));
    return detail::take(s);
  }

  /// The board, as JSON.
  std::string board_json() const {
    char *s = nullptr;
    detail::check(catan_game_board_json(get(), &s));
    return detail::take(s);
  }

  /// The rules, as JSON.
  std::string rules_json() const {
    char *s = nullptr;
    detail::check(catan_game_rules_json(get(), &s));
    return detail::take(s);
  }

  /// The winner's seat, or -1.
  int winner() const {
    std::int32_t w = -1;
    detail::check(catan_game_winner(get(), &w));
    return w;
  }

  /// Seats that may act now, as a bit mask.
  std::uint32_t to_act() const {
    std::uint32_t mask = 0;
    detail::check(catan_game_to_act(get(), &mask));
    return mask;
  }

  /// Victory points by seat, hidden cards included.
  std::vector<int> scores() const {
    std::uint8_t buf[8];
    std::size_t n = 0;
    detail::check(catan_game_scores(get(), buf, sizeof buf, &n));
    return std::vector<int>(buf, buf + n);
  }

  /// The raw handle, still owned by this Game.
  catan_game *get() const noexcept { return handle_.get(); }

 private:
  explicit Game(catan_game *g) : handle_(g) {}

  std::unique_ptr<catan_game, detail::GameFree> handle_;
};

}  // namespace catan_cxx

#endif  // CATAN_HPP
