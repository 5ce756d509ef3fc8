//! [`Game`]: a validated game state with atomic [`Game::apply`], complete legal-action
//! enumeration and per-seat views.

use crate::action::Action;
use crate::bits::{EdgeNibbles, NodeNibbles};
use crate::board::{Board, EdgeId, HexId, NodeId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::layouts::{self, MapKind};
use crate::rng::Rng;
use crate::rules::{ChanceMode, Rules, RulesError};
use crate::types::{
    ByDevCard, DevCard, Harbor, Piece, Player, PlayerSet, Resource, Resources, MAX_PLAYERS,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub(crate) const NONE: u8 = u8::MAX;
pub(crate) const CITY: u8 = 8;

/// Cost of a road (`seeds/000` "Building Costs").
pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
/// Cost of a settlement.
pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
/// Cost of a city.
pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);
/// Cost of a development card.
pub const DEV_CARD_COST: Resources = Resources::new(0, 0, 1, 1, 1);

/// The stage a game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-up: the current player places a settlement (`seeds/000` "Set-up Phase").
    SetupSettlement,
    /// Set-up: the current player places a road at the settlement just placed.
    SetupRoad,
    /// Start of a turn: roll (a development card may be played first).
    Roll,
    /// After a 7: players over the limit discard, all at once.
    Discard,
    /// After a 7: the current player moves the robber.
    MoveRobber,
    /// Trade and build, play a card, end the turn.
    Main,
    /// Placing the free roads of Road Building.
    RoadBuilding,
    /// The game is won; nothing is legal.
    GameOver,
}

impl Phase {
    pub(crate) const fn waiting_for(self) -> &'static str {
        match self {
            Phase::SetupSettlement => "waiting for a set-up settlement",
            Phase::SetupRoad => "waiting for a set-up road",
            Phase::Roll => "roll the dice first",
            Phase::Discard => "waiting for discards",
            Phase::MoveRobber => "the robber must be moved",
            Phase::Main => "the dice are already rolled",
            Phase::RoadBuilding => "place the Road Building roads first",
            Phase::GameOver => "the game is over",
        }
    }
}

/// What the game waits for, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// Place a set-up settlement.
    SetupSettlement {
        /// Who.
        player: Player,
        /// 0 for the first round, 1 for the second.
        round: u8,
    },
    /// Place a set-up road at `node`.
    SetupRoad {
        /// Who.
        player: Player,
        /// The settlement just placed.
        node: NodeId,
    },
    /// Roll (or play a development card first).
    Roll {
        /// Who.
        player: Player,
    },
    /// Several players discard at once.
    Discard {
        /// Who still has to.
        #[serde(with = "crate::seat::player_list")]
        players: PlayerSet,
        /// How many each must return.
        amounts: [u8; MAX_PLAYERS],
    },
    /// Move the robber.
    MoveRobber {
        /// Who.
        player: Player,
    },
    /// Trade, build, play, end the turn.
    Main {
        /// Who.
        player: Player,
    },
    /// Place free roads.
    RoadBuilding {
        /// Who.
        player: Player,
        /// Roads still to place.
        left: u8,
    },
    /// Players answer an open offer; the offerer may confirm or withdraw at any time.
    TradeResponses {
        /// The offerer.
        player: Player,
        /// Who has not answered yet.
        #[serde(with = "crate::seat::player_list")]
        pending: PlayerSet,
    },
    /// Finished.
    GameOver {
        /// The winner.
        winner: Player,
    },
}

/// One seat's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Seat {
    pub hand: Resources,
    pub dev: ByDevCard<u8>,
    pub new_dev: ByDevCard<u8>,
    pub knights: u8,
    pub roads: u8,
    pub settlements: u8,
    pub cities: u8,
    pub road_len: u8,
    pub harbors: u8,
    pub harbors_at_start: u8,
}

/// Answer of one player to an open offer.
pub(crate) mod answer {
    pub const NOT_ASKED: u8 = 0;
    pub const PENDING: u8 = 1;
    pub const ACCEPTED: u8 = 2;
    pub const REJECTED: u8 = 3;
    pub const COUNTERED: u8 = 4;
}

/// An open domestic-trade offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offer {
    pub from: u8,
    pub to: Option<u8>,
    pub give: Resources,
    pub get: Resources,
    pub answers: [u8; MAX_PLAYERS],
    /// Counter terms, from the answering player's side: (gives, gets).
    pub counters: [(Resources, Resources); MAX_PLAYERS],
}

pub(crate) const F_ROLLED: u8 = 1;
pub(crate) const F_DEV_PLAYED: u8 = 2;
pub(crate) const F_BUILT: u8 = 4;

/// A game in progress: always valid, changed only by [`Game::apply`] (all or nothing).
///
/// Cloning copies a fixed-size state and bumps the board's reference count.
/// [`Clone::clone_from`] into a game on the same board (tree search's scratch copy) copies
/// the state alone, without touching the reference count.
///
/// ```
/// use catan_rules::{Game, Rules};
/// let mut game = Game::new(Rules::default(), 7).unwrap();
/// let mut legal = Vec::new();
/// // Play the set-up phase by always taking the first legal placement.
/// while game.turn() == 0 {
///     game.legal_actions(&mut legal);
///     game.apply(legal[0]).unwrap();
/// }
/// assert_eq!(game.pieces_on_board(catan_rules::Player(0)), (2, 2, 0));
/// assert_eq!(game.phase(), catan_rules::Phase::Roll);
/// ```
#[derive(Debug)]
pub struct Game {
    pub(crate) board: Arc<Board>,
    pub(crate) rules: Rules,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    pub(crate) current: u8,
    pub(crate) turn: u16,
    pub(crate) flags: u8,
    pub(crate) dice: [u8; 2],
    pub(crate) robber: u8,
    pub(crate) setup_step: u8,
    pub(crate) setup_node: u8,
    pub(crate) road_building_left: u8,
    pub(crate) winner: u8,
    pub(crate) longest_road: u8,
    pub(crate) largest_army: u8,
    pub(crate) bank: Resources,
    pub(crate) deck: ByDevCard<u8>,
    pub(crate) discard: [u8; MAX_PLAYERS],
    pub(crate) offer: Option<Offer>,
    pub(crate) seats: [Seat; MAX_PLAYERS],
    /// Node owners: 0 empty, `p + 1` a settlement of `p`, `p + 1 | CITY` a city.
    pub(crate) nodes: NodeNibbles,
    /// Edge owners: 0 empty, `p + 1` a road of `p`.
    pub(crate) edges: EdgeNibbles,
}

impl Clone for Game {
    #[inline]
    fn clone(&self) -> Game {
        Game {
            board: Arc::clone(&self.board),
            ..*self
        }
    }

    /// Copies `src` into `self`; the board's reference count is touched only when the two
    /// games are on different boards.
    #[inline]
    fn clone_from(&mut self, src: &Game) {
        // Listed in full so that a new field cannot be forgotten here.
        let Game {
            board,
            rules,
            rng,
            phase,
            current,
            turn,
            flags,
            dice,
            robber,
            setup_step,
            setup_node,
            road_building_left,
            winner,
            longest_road,
            largest_army,
            bank,
            deck,
            discard,
            offer,
            seats,
            nodes,
            edges,
        } = src;
        if !Arc::ptr_eq(&self.board, board) {
            self.board = Arc::clone(board);
        }
        self.rules = *rules;
        self.rng = *rng;
        self.phase = *phase;
        self.current = *current;
        self.turn = *turn;
        self.flags = *flags;
        self.dice = *dice;
        self.robber = *robber;
        self.setup_step = *setup_step;
        self.setup_node = *setup_node;
        self.road_building_left = *road_building_left;
        self.winner = *winner;
        self.longest_road = *longest_road;
        self.largest_army = *largest_army;
        self.bank = *bank;
        self.deck = *deck;
        self.discard = *discard;
        self.offer = *offer;
        self.seats = *seats;
        self.nodes = *nodes;
        self.edges = *edges;
    }
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        (Arc::ptr_eq(&self.board, &o.board) || *self.board == *o.board)
            && self.rules == o.rules
            && self.rng == o.rng
            && self.phase == o.phase
            && self.current == o.current
            && self.turn == o.turn
            && self.flags == o.flags
            && self.dice == o.dice
            && self.robber == o.robber
            && self.setup_step == o.setup_step
            && self.setup_node == o.setup_node
            && self.road_building_left == o.road_building_left
            && self.winner == o.winner
            && self.longest_road == o.longest_road
            && self.largest_army == o.largest_army
            && self.bank == o.bank
            && self.deck == o.deck
            && self.discard == o.discard
            && self.offer == o.offer
            && self.seats == o.seats
            && self.nodes == o.nodes
            && self.edges == o.edges
    }
}
impl Eq for Game {}

/// Why a new game could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NewGameError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The map is invalid.
    #[error(transparent)]
    Board(#[from] crate::board::BoardErrors),
}

#[inline]
fn opt(p: u8) -> Option<Player> {
    (p != NONE).then_some(Player(p))
}

impl Game {
    // ------------------------------------------------------------------ construction

    /// A new game on the map named by `rules.map`, with all chance drawn from `seed`.
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, NewGameError> {
        rules.validate()?;
        let mut rng = Rng::new(seed);
        let spec = match rules.map {
            MapKind::Beginner => layouts::beginner(),
            MapKind::Variable => layouts::variable(&mut rng),
            MapKind::Random => layouts::random(&mut rng),
        };
        let board = Arc::new(Board::new(spec)?);
        let mut g = Game::blank(rules, board, rng);
        if rules.map == MapKind::Beginner {
            g.place_beginner_pieces(&mut ());
        }
        Ok(g)
    }

    /// A new game on a given board, starting with the set-up phase.
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played.
    pub fn with_board(rules: Rules, board: Arc<Board>, seed: u64) -> Result<Game, NewGameError> {
        rules.validate()?;
        Ok(Game::blank(rules, board, Rng::new(seed)))
    }

    pub(crate) fn blank(rules: Rules, board: Arc<Board>, rng: Rng) -> Game {
        let robber = board.robber_start().map_or(NONE, |h| h.0);
        Game {
            board,
            rules,
            rng,
            phase: Phase::SetupSettlement,
            current: 0,
            turn: 0,
            flags: 0,
            dice: [0, 0],
            robber,
            setup_step: 0,
            setup_node: NONE,
            road_building_left: 0,
            winner: NONE,
            longest_road: NONE,
            largest_army: NONE,
            bank: Resources::splat(rules.bank_per_resource()),
            deck: ByDevCard(rules.dev_deck()),
            discard: [0; MAX_PLAYERS],
            offer: None,
            seats: [Seat::default(); MAX_PLAYERS],
            nodes: NodeNibbles::ZERO,
            edges: EdgeNibbles::ZERO,
        }
    }

    fn place_beginner_pieces<S: EventSink>(&mut self, sink: &mut S) {
        let seats = layouts::beginner_seats(self.rules.players);
        for (i, bp) in seats.iter().enumerate() {
            let p = i as u8;
            for (at, corner) in [bp.settlement, bp.starred] {
                let n = self
                    .board
                    .node_at(at, corner)
                    .expect("beginner settlement on the board");
                self.put_settlement(p, n);
                sink.push(Event::SettlementBuilt {
                    player: Player(p),
                    node: n,
                });
            }
            for (at, side) in bp.roads {
                let e = self
                    .board
                    .edge_at(at, side)
                    .expect("beginner road on the board");
                self.edges.set(e.index(), p + 1);
                self.seats[i].roads += 1;
                sink.push(Event::RoadBuilt {
                    player: Player(p),
                    edge: e,
                });
            }
            let star = self
                .board
                .node_at(bp.starred.0, bp.starred.1)
                .expect("starred node");
            self.give_starting_resources(p, star, sink);
        }
        for p in 0..self.rules.players {
            self.seats[p as usize].road_len = self.road_length(p);
        }
        self.setup_step = 2 * self.rules.players;
        sink.push(Event::SetupFinished);
        self.start_turn(0, sink);
    }

    // ------------------------------------------------------------------ queries

    /// The rules of this game.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board (shared by clones).
    #[inline]
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.rules.players
    }
    /// Whether `other` is on the very same board (one is a copy of the other, however
    /// distant) with as many players, so that one
    /// [`ActionSpace`](crate::action_space::ActionSpace) serves both: a cached space
    /// survives [`Clone::clone_from`] exactly when this holds.
    ///
    /// ```
    /// use catan_rules::{Game, Rules};
    /// let game = Game::new(Rules::default(), 1).unwrap();
    /// assert!(game.shares_action_space(&game.clone()));
    /// assert!(!game.shares_action_space(&Game::new(Rules::default(), 1).unwrap()));
    /// ```
    #[inline]
    pub fn shares_action_space(&self, other: &Game) -> bool {
        Arc::ptr_eq(&self.board, &other.board) && self.rules.players == other.rules.players
    }
    /// The current phase.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> Player {
        Player(self.current)
    }
    /// Turn number: 0 during set-up, then 1, 2, ...
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turn
    }
    /// The winner, once the game is over.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        opt(self.winner)
    }
    /// The last dice rolled this turn, if any.
    pub fn dice(&self) -> Option<[u8; 2]> {
        (self.dice[0] != 0).then_some(self.dice)
    }
    /// Where the robber stands (`None`: off the board).
    pub fn robber(&self) -> Option<HexId> {
        (self.robber != NONE).then_some(HexId(self.robber))
    }
    /// Cards left in the bank.
    pub fn bank(&self) -> Resources {
        self.bank
    }
    /// Development cards left in the deck, by kind (hidden from players: see
    /// [`Game::view`]).
    pub fn deck(&self) -> ByDevCard<u8> {
        self.deck
    }
    /// A player's hand.
    pub fn hand(&self, p: Player) -> Resources {
        self.seats[p.index()].hand
    }
    /// A player's development cards: (playable, bought this turn).
    pub fn development_cards(&self, p: Player) -> (ByDevCard<u8>, ByDevCard<u8>) {
        let s = &self.seats[p.index()];
        (s.dev, s.new_dev)
    }
    /// Knights a player has played.
    pub fn knights_played(&self, p: Player) -> u8 {
        self.seats[p.index()].knights
    }
    /// A player's longest road (trail) length.
    pub fn road_length(&self, p: u8) -> u8 {
        crate::roads::longest_road(self, p)
    }
    /// A player's cached road length (kept up to date incrementally).
    pub fn longest_road_of(&self, p: Player) -> u8 {
        self.seats[p.index()].road_len
    }
    /// Who holds Longest Road.
    pub fn longest_road_holder(&self) -> Option<Player> {
        opt(self.longest_road)
    }
    /// Who holds Largest Army.
    pub fn largest_army_holder(&self) -> Option<Player> {
        opt(self.largest_army)
    }
    /// Pieces a player has on the board: (roads, settlements, cities).
    pub fn pieces_on_board(&self, p: Player) -> (u8, u8, u8) {
        let s = &self.seats[p.index()];
        (s.roads, s.settlements, s.cities)
    }
    /// The owner of a node's building and whether it is a city.
    #[inline]
    pub fn building(&self, n: NodeId) -> Option<(Player, bool)> {
        let v = self.nodes.get(n.index());
        (v != 0).then(|| (Player((v & 7) - 1), v & CITY != 0))
    }
    /// The owner of an edge's road.
    #[inline]
    pub fn road(&self, e: EdgeId) -> Option<Player> {
        let v = self.edges.get(e.index());
        (v != 0).then(|| Player(v - 1))
    }
    /// Whether a development card has been played this turn.
    pub fn development_card_played(&self) -> bool {
        self.flags & F_DEV_PLAYED != 0
    }
    /// Whether the dice have been rolled this turn.
    pub fn rolled(&self) -> bool {
        self.flags & F_ROLLED != 0
    }
    /// Cards each player still has to discard.
    pub fn discards_owed(&self) -> [u8; MAX_PLAYERS] {
        self.discard
    }
    /// The seeded generator's state.
    pub fn rng(&self) -> Rng {
        self.rng
    }

    /// Victory points that everyone can see: buildings and special cards.
    pub fn public_points(&self, p: Player) -> u8 {
        let s = &self.seats[p.index()];
        let mut v = s.settlements + 2 * s.cities;
        if self.longest_road == p.0 {
            v += 2;
        }
        if self.largest_army == p.0 {
            v += 2;
        }
        v
    }

    /// All victory points, hidden VP cards included (`RULINGS` 5).
    pub fn points(&self, p: Player) -> u8 {
        let s = &self.seats[p.index()];
        self.public_points(p) + s.dev[DevCard::VictoryPoint] + s.new_dev[DevCard::VictoryPoint]
    }

    /// Points of every seat (hidden cards included).
    pub fn scores(&self) -> Vec<u8> {
        (0..self.rules.players)
            .map(|p| self.points(Player(p)))
            .collect()
    }

    /// The harbours a player can use for a maritime trade now (`RULINGS` 1: in strict
    /// phases, not one built this turn).
    pub fn harbors(&self, p: Player) -> u8 {
        let s = &self.seats[p.index()];
        if self.rules.strict_phases {
            s.harbors_at_start
        } else {
            s.harbors
        }
    }

    /// The best maritime rate a player has for giving `r`.
    pub fn best_rate(&self, p: Player, r: Resource) -> u8 {
        Game::rate_for(self.harbors(p), r)
    }

    /// The best maritime rate for giving `r` with the harbors `h` (bits of [`Harbor`]).
    #[inline]
    pub(crate) fn rate_for(h: u8, r: Resource) -> u8 {
        if h & Harbor::for_resource(r).bit() != 0 {
            2
        } else if h & Harbor::Generic.bit() != 0 {
            3
        } else {
            4
        }
    }

    fn rate_available(&self, p: Player, r: Resource, rate: u8) -> bool {
        let h = self.harbors(p);
        match rate {
            4 => true,
            3 => h & Harbor::Generic.bit() != 0,
            2 => h & Harbor::for_resource(r).bit() != 0,
            _ => false,
        }
    }

    /// The player who placed the `step`-th set-up settlement (snake order, `RULINGS` 8).
    pub(crate) fn setup_player(&self, step: u8) -> u8 {
        let n = self.rules.players;
        if step < n {
            step
        } else {
            2 * n - 1 - step
        }
    }

    /// What the game waits for.
    pub fn decision(&self) -> Decision {
        let player = Player(self.current);
        match self.phase {
            Phase::GameOver => Decision::GameOver {
                winner: Player(self.winner),
            },
            Phase::SetupSettlement => Decision::SetupSettlement {
                player,
                round: self.setup_step / self.rules.players,
            },
            Phase::SetupRoad => Decision::SetupRoad {
                player,
                node: NodeId(self.setup_node),
            },
            Phase::Roll => Decision::Roll { player },
            Phase::Discard => Decision::Discard {
                players: self.discarders(),
                amounts: self.discard,
            },
            Phase::MoveRobber => Decision::MoveRobber { player },
            Phase::RoadBuilding => Decision::RoadBuilding {
                player,
                left: self.road_building_left,
            },
            Phase::Main => match &self.offer {
                Some(o) => Decision::TradeResponses {
                    player,
                    pending: Self::pending(o),
                },
                None => Decision::Main { player },
            },
        }
    }

    fn discarders(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for p in 0..self.rules.players {
            if self.discard[p as usize] > 0 {
                s = s.with(Player(p));
            }
        }
        s
    }

    fn pending(o: &Offer) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for (p, &a) in o.answers.iter().enumerate() {
            if a == answer::PENDING {
                s = s.with(Player(p as u8));
            }
        }
        s
    }

    /// Everyone who may act now (several during discards and trade answers).
    pub fn to_act(&self) -> PlayerSet {
        match self.decision() {
            Decision::GameOver { .. } => PlayerSet::EMPTY,
            Decision::Discard { players, .. } => players,
            Decision::TradeResponses { player, pending } => pending.with(player),
            _ => PlayerSet::EMPTY.with(Player(self.current)),
        }
    }

    // ------------------------------------------------------------------ apply

    /// Applies an action: all of it, or — on error — nothing (the state is left
    /// bit-identical). Returns the events it caused.
    ///
    /// # Errors
    /// The [`RuleError`] naming the rule the action breaks.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        self.apply_with(action, &mut ev)?;
        Ok(ev)
    }

    /// Like [`Game::apply`], writing events into a sink (a reusable `Vec<Event>`, or `()` to
    /// drop them: the allocation-free path for simulations).
    ///
    /// # Errors
    /// As [`Game::apply`]; nothing is written to the sink on error.
    #[inline]
    pub fn apply_with<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        self.check(&action)?;
        self.execute(action, sink);
        Ok(())
    }

    /// Applies an action already known to be legal in this exact state (one just listed by
    /// [`Game::legal_actions`], or accepted by [`Game::is_legal`]) without checking it again:
    /// the fast path for playouts. Debug builds still check and panic on an illegal action;
    /// release builds do not, and an illegal action then leaves the game in an unspecified
    /// (memory-safe) state. Use [`Game::apply_with`] for anything that comes from outside.
    #[inline]
    pub fn apply_legal<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        debug_assert_eq!(self.check(&action), Ok(()), "apply_legal: {action:?}");
        self.execute(action, sink);
    }

    /// Whether `action` is legal now: exactly when [`Game::apply`] would succeed.
    #[inline]
    pub fn is_legal(&self, action: &Action) -> bool {
        self.check(action).is_ok()
    }

    /// Checks an action without applying it.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        if self.phase == Phase::GameOver {
            return Err(RuleError::GameOver);
        }
        let player = action.player();
        if player.0 >= self.rules.players {
            return Err(RuleError::NoSuchPlayer { player });
        }
        let p = player.0;
        let ps = &self.seats[p as usize];
        let external = self.rules.chance == ChanceMode::External;

        // Who may act.
        match self.phase {
            Phase::Discard => {
                return match *action {
                    Action::Discard { resources, .. } => {
                        let need = self.discard[p as usize];
                        if need == 0 {
                            return Err(RuleError::NotYourTurn { player });
                        }
                        let given = resources.total();
                        if given != need as u32 {
                            return Err(RuleError::WrongDiscard {
                                need,
                                given: given.min(255) as u8,
                            });
                        }
                        if !ps.hand.contains(&resources) {
                            return Err(RuleError::NotEnoughResources { need: resources });
                        }
                        Ok(())
                    }
                    _ if p != self.current => Err(RuleError::NotYourTurn { player }),
                    _ => Err(self.wrong_phase(action)),
                };
            }
            _ if self.offer.is_some() => return self.check_trade_answer(action),
            _ if p != self.current => return Err(RuleError::NotYourTurn { player }),
            _ => {}
        }

        match *action {
            Action::Roll { dice, .. } => {
                if self.phase != Phase::Roll {
                    return Err(self.wrong_phase(action));
                }
                match (dice, external) {
                    (None, true) => Err(RuleError::OutcomeRequired),
                    (Some(_), false) => Err(RuleError::OutcomeNotAllowed),
                    (Some([a, b]), true) if !(1..=6).contains(&a) || !(1..=6).contains(&b) => {
                        Err(RuleError::ImpossibleOutcome {
                            reason: "each die shows 1 to 6",
                        })
                    }
                    _ => Ok(()),
                }
            }
            Action::BuildSettlement { node, .. } => {
                let setup = self.phase == Phase::SetupSettlement;
                if !setup && self.phase != Phase::Main {
                    return Err(self.wrong_phase(action));
                }
                if node.index() >= self.board.nodes().len() {
                    return Err(RuleError::NoSuchNode { node });
                }
                if ps.settlements >= self.rules.pieces().1 {
                    return Err(RuleError::NoPieceLeft {
                        piece: Piece::Settlement,
                    });
                }
                if !setup && !ps.hand.contains(&SETTLEMENT_COST) {
                    return Err(RuleError::NotEnoughResources {
                        need: SETTLEMENT_COST,
                    });
                }
                self.check_settlement_site(p, node, setup)
            }
            Action::BuildRoad { edge, .. } => {
                let free = match self.phase {
                    Phase::SetupRoad | Phase::RoadBuilding => true,
                    Phase::Main => false,
                    _ => return Err(self.wrong_phase(action)),
                };
                if edge.index() >= self.board.edges().len() {
                    return Err(RuleError::NoSuchEdge { edge });
                }
                if ps.roads >= self.rules.pieces().0 {
                    return Err(RuleError::NoPieceLeft { piece: Piece::Road });
                }
                if !free && !ps.hand.contains(&ROAD_COST) {
                    return Err(RuleError::NotEnoughResources { need: ROAD_COST });
                }
                if self.edges.get(edge.index()) != 0 {
                    return Err(RuleError::EdgeOccupied { edge });
                }
                if self.phase == Phase::SetupRoad {
                    let n = NodeId(self.setup_node);
                    if !self.board.edge(edge).nodes.contains(&n) {
                        return Err(RuleError::SetupRoadNotAtSettlement { node: n });
                    }
                    return Ok(());
                }
                if !self.road_connects(p, edge) {
                    return Err(RuleError::RoadNotConnected { edge });
                }
                Ok(())
            }
            Action::BuildCity { node, .. } => {
                if self.phase != Phase::Main {
                    return Err(self.wrong_phase(action));
                }
                if node.index() >= self.board.nodes().len() {
                    return Err(RuleError::NoSuchNode { node });
                }
                if self.nodes.get(node.index()) != p + 1 {
                    return Err(RuleError::NotYourSettlement { node });
                }
                if ps.cities >= self.rules.pieces().2 {
                    return Err(RuleError::NoPieceLeft { piece: Piece::City });
                }
                if !ps.hand.contains(&CITY_COST) {
                    return Err(RuleError::NotEnoughResources { need: CITY_COST });
                }
                Ok(())
            }
            Action::BuyDevelopmentCard { card, .. } => {
                if self.phase != Phase::Main {
                    return Err(self.wrong_phase(action));
                }
                if self.deck.total() == 0 {
                    return Err(RuleError::DeckEmpty);
                }
                if !ps.hand.contains(&DEV_CARD_COST) {
                    return Err(RuleError::NotEnoughResources {
                        need: DEV_CARD_COST,
                    });
                }
                match (card, external) {
                    (None, true) => Err(RuleError::OutcomeRequired),
                    (Some(_), false) => Err(RuleError::OutcomeNotAllowed),
                    (Some(c), true) if self.deck[c] == 0 => Err(RuleError::ImpossibleOutcome {
                        reason: "that card is not left in the deck",
                    }),
                    _ => Ok(()),
                }
            }
            Action::Discard { .. } => Err(self.wrong_phase(action)),
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            } => {
                if self.phase != Phase::MoveRobber {
                    return Err(self.wrong_phase(action));
                }
                self.check_robber(p, hex, victim, resource)
            }
            Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            } => {
                self.check_card(p, DevCard::Knight, action)?;
                self.check_robber(p, hex, victim, resource)
            }
            Action::PlayRoadBuilding { .. } => self.check_card(p, DevCard::RoadBuilding, action),
            Action::PlayMonopoly { .. } => self.check_card(p, DevCard::Monopoly, action),
            Action::PlayYearOfPlenty { resources, .. } => {
                self.check_card(p, DevCard::YearOfPlenty, action)?;
                let need = self.bank.total().min(2) as u8;
                let given = resources.total();
                if given != need as u32 {
                    return Err(RuleError::WrongYearOfPlenty {
                        need,
                        given: given.min(255) as u8,
                    });
                }
                if let Some(r) = Resource::ALL
                    .into_iter()
                    .find(|&r| resources[r] > self.bank[r])
                {
                    return Err(RuleError::BankEmpty { resource: r });
                }
                Ok(())
            }
            Action::MaritimeTrade {
                give, get, rate, ..
            } => {
                self.check_trading(action)?;
                if give == get {
                    return Err(RuleError::InvalidTrade {
                        reason: "give and get the same resource",
                    });
                }
                if !self.rate_available(player, give, rate) {
                    return Err(RuleError::RateUnavailable { give, rate });
                }
                let mut need = Resources::EMPTY;
                need[give] = rate;
                if !ps.hand.contains(&need) {
                    return Err(RuleError::NotEnoughResources { need });
                }
                if self.bank[get] == 0 {
                    return Err(RuleError::BankEmpty { resource: get });
                }
                Ok(())
            }
            Action::OfferTrade { to, give, get, .. } => {
                self.check_trading(action)?;
                if let Some(t) = to {
                    if t.0 >= self.rules.players {
                        return Err(RuleError::NoSuchPlayer { player: t });
                    }
                    if t == player {
                        return Err(RuleError::InvalidTrade {
                            reason: "cannot trade with yourself",
                        });
                    }
                }
                check_terms(&give, &get)?;
                if !ps.hand.contains(&give) {
                    return Err(RuleError::NotEnoughResources { need: give });
                }
                Ok(())
            }
            Action::CounterOffer { .. }
            | Action::AcceptTrade { .. }
            | Action::RejectTrade { .. }
            | Action::ConfirmTrade { .. }
            | Action::CancelTrade { .. } => Err(RuleError::NoOpenOffer),
            Action::EndTurn { .. } => {
                if self.phase != Phase::Main {
                    return Err(self.wrong_phase(action));
                }
                Ok(())
            }
        }
    }

    fn wrong_phase(&self, a: &Action) -> RuleError {
        let reason = if self.offer.is_some() {
            "a trade offer is open"
        } else {
            self.phase.waiting_for()
        };
        RuleError::WrongPhase {
            action: a.kind(),
            reason,
        }
    }

    /// Whether the current player may trade now (main phase; in strict phases only before
    /// the first build, `RULINGS` 1).
    pub(crate) fn trading_open(&self) -> bool {
        self.phase == Phase::Main && !(self.rules.strict_phases && self.flags & F_BUILT != 0)
    }

    fn check_trading(&self, a: &Action) -> Result<(), RuleError> {
        if self.phase != Phase::Main {
            return Err(self.wrong_phase(a));
        }
        if self.rules.strict_phases && self.flags & F_BUILT != 0 {
            return Err(RuleError::TradeAfterBuild);
        }
        Ok(())
    }

    fn check_trade_answer(&self, action: &Action) -> Result<(), RuleError> {
        let o = self.offer.as_ref().expect("open offer");
        let player = action.player();
        let p = player.index();
        let hand = &self.seats[p].hand;
        let answering = || {
            if o.answers[p] == answer::PENDING {
                Ok(())
            } else {
                Err(RuleError::CannotAnswer { player })
            }
        };
        match *action {
            Action::AcceptTrade { .. } => {
                answering()?;
                if !hand.contains(&o.get) {
                    return Err(RuleError::NotEnoughResources { need: o.get });
                }
                Ok(())
            }
            Action::RejectTrade { .. } => answering(),
            Action::CounterOffer { give, get, .. } => {
                answering()?;
                check_terms(&give, &get)?;
                if !hand.contains(&give) {
                    return Err(RuleError::NotEnoughResources { need: give });
                }
                Ok(())
            }
            Action::ConfirmTrade { with, .. } => {
                if player.0 != o.from {
                    return Err(RuleError::NotYourTurn { player });
                }
                if with.0 >= self.rules.players {
                    return Err(RuleError::NoSuchPlayer { player: with });
                }
                let (mine, theirs) = match o.answers[with.index()] {
                    answer::ACCEPTED => (o.give, o.get),
                    answer::COUNTERED => {
                        let (g, r) = o.counters[with.index()];
                        (r, g)
                    }
                    _ => return Err(RuleError::NotAccepted { partner: with }),
                };
                // Hands are checked again at confirmation (`RULINGS` 17).
                if !hand.contains(&mine) {
                    return Err(RuleError::NotEnoughResources { need: mine });
                }
                let other = &self.seats[with.index()].hand;
                if !other.contains(&theirs) {
                    return Err(RuleError::NotEnoughResources { need: theirs });
                }
                Ok(())
            }
            Action::CancelTrade { .. } => {
                if player.0 != o.from {
                    return Err(RuleError::NotYourTurn { player });
                }
                Ok(())
            }
            _ if player.0 == o.from => Err(self.wrong_phase(action)),
            _ => Err(RuleError::NotYourTurn { player }),
        }
    }

    fn check_card(&self, p: u8, card: DevCard, a: &Action) -> Result<(), RuleError> {
        if self.phase != Phase::Roll && self.phase != Phase::Main {
            return Err(self.wrong_phase(a));
        }
        let s = &self.seats[p as usize];
        if self.flags & F_DEV_PLAYED != 0 {
            return Err(RuleError::CardAlreadyPlayed);
        }
        if s.dev[card] == 0 {
            return Err(if s.new_dev[card] > 0 {
                RuleError::CardBoughtThisTurn { card }
            } else {
                RuleError::NoSuchCard { card }
            });
        }
        Ok(())
    }

    pub(crate) fn check_settlement_site(
        &self,
        p: u8,
        node: NodeId,
        setup: bool,
    ) -> Result<(), RuleError> {
        if self.nodes.get(node.index()) != 0 {
            return Err(RuleError::NodeOccupied { node });
        }
        let info = self.board.node(node);
        let [a, b, c] = info.neighbors_padded();
        if self.nodes.get(a as usize) | self.nodes.get(b as usize) | self.nodes.get(c as usize) != 0
        {
            return Err(RuleError::DistanceRule { node });
        }
        if !setup && !info.edges().any(|e| self.edges.get(e.index()) == p + 1) {
            return Err(RuleError::SettlementNotConnected { node });
        }
        Ok(())
    }

    /// Whether a road on `edge` would join `p`'s network: at an end that is `p`'s building,
    /// or an end free of opponents' buildings where `p` has another road.
    #[inline]
    pub(crate) fn road_connects(&self, p: u8, edge: EdgeId) -> bool {
        let tag = p + 1;
        for n in self.board.edge(edge).nodes {
            let v = self.nodes.get(n.index());
            if v != 0 {
                if v & 7 == tag {
                    return true;
                }
                continue;
            }
            if self
                .board
                .node(n)
                .edges()
                .any(|e| e != edge && self.edges.get(e.index()) == tag)
            {
                return true;
            }
        }
        false
    }

    pub(crate) fn robber_victims(&self, p: u8, hex: HexId) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for n in self.board.hex(hex).nodes() {
            let v = self.nodes.get(n.index());
            if v != 0 {
                let q = (v & 7) - 1;
                if q != p && self.seats[q as usize].hand.total() > 0 {
                    s = s.with(Player(q));
                }
            }
        }
        s
    }

    pub(crate) fn hex_protected(&self, p: u8, hex: HexId) -> bool {
        self.board.hex(hex).nodes().any(|n| {
            let v = self.nodes.get(n.index());
            v != 0 && (v & 7) - 1 != p && self.public_points(Player((v & 7) - 1)) < 3
        })
    }

    pub(crate) fn robber_targets_unprotected(&self, p: u8) -> bool {
        self.board
            .land_hexes()
            .any(|h| h.0 != self.robber && !self.hex_protected(p, h))
    }

    fn check_robber(
        &self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        if hex.index() >= self.board.hexes().len() || !self.board.hex(hex).terrain.is_land() {
            return Err(RuleError::NoSuchHex { hex });
        }
        if hex.0 == self.robber {
            return Err(RuleError::RobberMustMove);
        }
        if self.rules.friendly_robber
            && self.hex_protected(p, hex)
            && self.robber_targets_unprotected(p)
        {
            return Err(RuleError::RobberProtectedHex { hex });
        }
        let victims = self.robber_victims(p, hex);
        match victim {
            None if !victims.is_empty() => return Err(RuleError::VictimRequired),
            Some(v) if v.0 >= self.rules.players || !victims.contains(v) => {
                return Err(RuleError::InvalidVictim { victim: v })
            }
            _ => {}
        }
        let external = self.rules.chance == ChanceMode::External;
        match (victim, resource, external) {
            (Some(_), None, true) => Err(RuleError::OutcomeRequired),
            (_, Some(_), false) => Err(RuleError::OutcomeNotAllowed),
            (None, Some(_), true) => Err(RuleError::ImpossibleOutcome {
                reason: "nothing is stolen here",
            }),
            (Some(v), Some(r), true) if self.seats[v.index()].hand[r] == 0 => {
                Err(RuleError::ImpossibleOutcome {
                    reason: "the victim holds no such card",
                })
            }
            _ => Ok(()),
        }
    }

    // ------------------------------------------------------------------ execute

    fn execute<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        let p = action.player().0;
        match action {
            Action::Roll { dice, .. } => {
                let d = dice.unwrap_or_else(|| [self.rng.die(), self.rng.die()]);
                self.roll(d, sink);
            }
            Action::BuildSettlement { node, .. } => {
                if self.phase == Phase::SetupSettlement {
                    self.put_settlement(p, node);
                    sink.push(Event::SettlementBuilt {
                        player: Player(p),
                        node,
                    });
                    if self.setup_step >= self.rules.players {
                        self.give_starting_resources(p, node, sink);
                    }
                    self.setup_node = node.0;
                    self.phase = Phase::SetupRoad;
                    self.after_settlement(p, node, sink);
                    return;
                }
                self.pay(p, &SETTLEMENT_COST);
                self.put_settlement(p, node);
                self.flags |= F_BUILT;
                sink.push(Event::SettlementBuilt {
                    player: Player(p),
                    node,
                });
                self.after_settlement(p, node, sink);
            }
            Action::BuildRoad { edge, .. } => {
                match self.phase {
                    Phase::Main => {
                        self.pay(p, &ROAD_COST);
                        self.flags |= F_BUILT;
                    }
                    Phase::RoadBuilding => self.road_building_left -= 1,
                    _ => {}
                }
                self.edges.set(edge.index(), p + 1);
                self.seats[p as usize].roads += 1;
                sink.push(Event::RoadBuilt {
                    player: Player(p),
                    edge,
                });
                let before = self.seats[p as usize].road_len;
                self.seats[p as usize].road_len =
                    crate::roads::longest_after_road(self, p, edge, before);
                self.update_longest_road(sink);
                match self.phase {
                    Phase::SetupRoad => {
                        self.setup_step += 1;
                        self.setup_node = NONE;
                        if self.setup_step == 2 * self.rules.players {
                            sink.push(Event::SetupFinished);
                            self.start_turn(0, sink);
                            return;
                        }
                        self.current = self.setup_player(self.setup_step);
                        self.phase = Phase::SetupSettlement;
                        return;
                    }
                    Phase::RoadBuilding
                        if self.road_building_left == 0 || !self.has_road_spot(p) =>
                    {
                        self.road_building_left = 0;
                        self.phase = self.after_card_phase();
                    }
                    _ => {}
                }
            }
            Action::BuildCity { node, .. } => {
                self.pay(p, &CITY_COST);
                {
                    let i = node.index();
                    self.nodes.set(i, self.nodes.get(i) | CITY);
                }
                let s = &mut self.seats[p as usize];
                s.settlements -= 1;
                s.cities += 1;
                self.flags |= F_BUILT;
                sink.push(Event::CityBuilt {
                    player: Player(p),
                    node,
                });
            }
            Action::BuyDevelopmentCard { card, .. } => {
                self.pay(p, &DEV_CARD_COST);
                let c = card.unwrap_or_else(|| {
                    DevCard::ALL[self.rng.weighted(&self.deck.0).expect("deck not empty")]
                });
                self.deck[c] -= 1;
                self.seats[p as usize].new_dev[c] += 1;
                self.flags |= F_BUILT;
                sink.push(Event::DevelopmentCardBought {
                    player: Player(p),
                    card: Some(c),
                });
            }
            Action::Discard { resources, .. } => {
                self.seats[p as usize].hand.sub(&resources);
                self.bank.add(&resources);
                self.discard[p as usize] = 0;
                sink.push(Event::Discarded {
                    player: Player(p),
                    resources,
                });
                if self.discard.iter().all(|&d| d == 0) {
                    self.phase = Phase::MoveRobber;
                }
            }
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            } => {
                self.move_robber(p, hex, victim, resource, sink);
                self.phase = Phase::Main;
            }
            Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            } => {
                self.play_card(p, DevCard::Knight, sink);
                self.move_robber(p, hex, victim, resource, sink);
                self.seats[p as usize].knights += 1;
                let k = self.seats[p as usize].knights;
                let holder = self.largest_army;
                if k >= 3
                    && holder != p
                    && (holder == NONE || k > self.seats[holder as usize].knights)
                {
                    self.largest_army = p;
                    sink.push(Event::LargestArmyChanged {
                        from: opt(holder),
                        to: Player(p),
                        knights: k,
                    });
                }
            }
            Action::PlayRoadBuilding { .. } => {
                self.play_card(p, DevCard::RoadBuilding, sink);
                let left = self
                    .rules
                    .pieces()
                    .0
                    .saturating_sub(self.seats[p as usize].roads)
                    .min(2);
                if left > 0 && self.has_road_spot(p) {
                    self.road_building_left = left;
                    self.phase = Phase::RoadBuilding;
                }
            }
            Action::PlayYearOfPlenty { resources, .. } => {
                self.play_card(p, DevCard::YearOfPlenty, sink);
                self.bank.sub(&resources);
                self.seats[p as usize].hand.add(&resources);
                sink.push(Event::YearOfPlentyTaken {
                    player: Player(p),
                    resources,
                });
            }
            Action::PlayMonopoly { resource, .. } => {
                self.play_card(p, DevCard::Monopoly, sink);
                let mut taken = [0u8; MAX_PLAYERS];
                let mut total = 0u8;
                let n = self.rules.players as usize;
                for (q, (t, seat)) in taken
                    .iter_mut()
                    .zip(self.seats.iter_mut())
                    .enumerate()
                    .take(n)
                {
                    if q != p as usize {
                        *t = std::mem::take(&mut seat.hand[resource]);
                        total += *t;
                    }
                }
                self.seats[p as usize].hand[resource] += total;
                sink.push(Event::MonopolyTaken {
                    player: Player(p),
                    resource,
                    taken,
                });
            }
            Action::MaritimeTrade {
                give, get, rate, ..
            } => {
                let s = &mut self.seats[p as usize];
                s.hand[give] -= rate;
                s.hand[get] += 1;
                self.bank[give] += rate;
                self.bank[get] -= 1;
                sink.push(Event::MaritimeTraded {
                    player: Player(p),
                    give,
                    get,
                    rate,
                });
            }
            Action::OfferTrade { to, give, get, .. } => {
                let mut answers = [answer::NOT_ASKED; MAX_PLAYERS];
                for q in 0..self.rules.players {
                    if q != p && to.is_none_or(|t| t.0 == q) {
                        answers[q as usize] = answer::PENDING;
                    }
                }
                self.offer = Some(Offer {
                    from: p,
                    to: to.map(|t| t.0),
                    give,
                    get,
                    answers,
                    counters: [(Resources::EMPTY, Resources::EMPTY); MAX_PLAYERS],
                });
                sink.push(Event::TradeOffered {
                    player: Player(p),
                    to,
                    give,
                    get,
                });
            }
            Action::AcceptTrade { .. } => {
                self.answer(p, answer::ACCEPTED);
                sink.push(Event::TradeAccepted { player: Player(p) });
            }
            Action::RejectTrade { .. } => {
                self.answer(p, answer::REJECTED);
                sink.push(Event::TradeRejected { player: Player(p) });
                let o = self.offer.as_ref().expect("open offer");
                if o.answers
                    .iter()
                    .all(|&a| a == answer::NOT_ASKED || a == answer::REJECTED)
                {
                    sink.push(Event::TradeClosed {
                        player: Player(o.from),
                    });
                    self.offer = None;
                }
            }
            Action::CounterOffer { give, get, .. } => {
                self.answer(p, answer::COUNTERED);
                self.offer.as_mut().expect("open offer").counters[p as usize] = (give, get);
                sink.push(Event::TradeCountered {
                    player: Player(p),
                    give,
                    get,
                });
            }
            Action::ConfirmTrade { with, .. } => {
                let o = self.offer.take().expect("open offer");
                let (gave, got) = if o.answers[with.index()] == answer::ACCEPTED {
                    (o.give, o.get)
                } else {
                    let (g, r) = o.counters[with.index()];
                    (r, g)
                };
                let me = &mut self.seats[p as usize].hand;
                me.sub(&gave);
                me.add(&got);
                let them = &mut self.seats[with.index()].hand;
                them.sub(&got);
                them.add(&gave);
                sink.push(Event::Traded {
                    player: Player(p),
                    partner: with,
                    gave,
                    got,
                });
            }
            Action::CancelTrade { .. } => {
                self.offer = None;
                sink.push(Event::TradeClosed { player: Player(p) });
            }
            Action::EndTurn { .. } => {
                sink.push(Event::TurnEnded { player: Player(p) });
                let next = (self.current + 1) % self.rules.players;
                self.start_turn(next, sink);
                return;
            }
        }
        self.check_win(sink);
    }

    fn answer(&mut self, p: u8, a: u8) {
        self.offer.as_mut().expect("open offer").answers[p as usize] = a;
    }

    fn pay(&mut self, p: u8, cost: &Resources) {
        self.seats[p as usize].hand.sub(cost);
        self.bank.add(cost);
    }

    fn play_card<S: EventSink>(&mut self, p: u8, card: DevCard, sink: &mut S) {
        self.seats[p as usize].dev[card] -= 1;
        self.flags |= F_DEV_PLAYED;
        sink.push(Event::DevelopmentCardPlayed {
            player: Player(p),
            card,
        });
    }

    fn after_card_phase(&self) -> Phase {
        if self.flags & F_ROLLED != 0 {
            Phase::Main
        } else {
            Phase::Roll
        }
    }

    pub(crate) fn put_settlement(&mut self, p: u8, node: NodeId) {
        self.nodes.set(node.index(), p + 1);
        let s = &mut self.seats[p as usize];
        s.settlements += 1;
        if let Some(h) = self.board.node(node).harbor {
            s.harbors |= h.bit();
        }
    }

    fn give_starting_resources<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        let mut got = Resources::EMPTY;
        for h in self.board.node(node).hexes() {
            if let Some(r) = self.board.hex(h).terrain.resource() {
                if self.bank[r] > got[r] {
                    got[r] += 1;
                }
            }
        }
        self.bank.sub(&got);
        self.seats[p as usize].hand.add(&got);
        sink.push(Event::StartingResources {
            player: Player(p),
            resources: got,
        });
    }

    /// A settlement may break opponents' roads through `node` (`seeds/000` "Longest Road").
    fn after_settlement<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        let mut touched = 0u8;
        for e in self.board.node(node).edges() {
            let v = self.edges.get(e.index());
            if v != 0 && v != p + 1 {
                touched |= 1 << (v - 1);
            }
        }
        if touched == 0 {
            return;
        }
        for q in 0..self.rules.players {
            if touched & (1 << q) != 0 {
                self.seats[q as usize].road_len = self.road_length(q);
            }
        }
        self.update_longest_road(sink);
    }

    /// Longest Road after any change (`seeds/000` "Longest Road", special case; `RULINGS`
    /// 15).
    fn update_longest_road<S: EventSink>(&mut self, sink: &mut S) {
        let n = self.rules.players as usize;
        let max = self.seats[..n]
            .iter()
            .map(|s| s.road_len)
            .max()
            .unwrap_or(0);
        let holder = self.longest_road;
        if holder != NONE {
            let hl = self.seats[holder as usize].road_len;
            if hl >= 5 && hl == max {
                return;
            }
        }
        let mut leaders = self.seats[..n]
            .iter()
            .enumerate()
            .filter(|(_, s)| s.road_len == max);
        let unique = match (leaders.next(), leaders.next()) {
            (Some((i, _)), None) if max >= 5 => i as u8,
            _ => NONE,
        };
        if unique != holder {
            self.longest_road = unique;
            sink.push(Event::LongestRoadChanged {
                from: opt(holder),
                to: opt(unique),
                length: if unique == NONE { 0 } else { max },
            });
        }
    }

    fn roll<S: EventSink>(&mut self, d: [u8; 2], sink: &mut S) {
        self.dice = d;
        self.flags |= F_ROLLED;
        let total = d[0] + d[1];
        sink.push(Event::DiceRolled {
            player: Player(self.current),
            dice: d,
            total,
        });
        if total == 7 {
            let mut any = false;
            for p in 0..self.rules.players as usize {
                let t = self.seats[p].hand.total();
                if t > self.rules.discard_limit as u32 {
                    self.discard[p] = (t / 2) as u8;
                    any = true;
                }
            }
            if any {
                sink.push(Event::DiscardsRequired {
                    amounts: self.discard,
                });
                self.phase = Phase::Discard;
            } else {
                self.phase = Phase::MoveRobber;
            }
            return;
        }
        self.produce(total, sink);
        self.phase = Phase::Main;
    }

    /// Production with the supply-shortage rule (`seeds/000` "Resource Production";
    /// `RULINGS` 6).
    fn produce<S: EventSink>(&mut self, total: u8, sink: &mut S) {
        // `all[v & 7]` collects what a corner holding `v` earns: `all[0]` the empty corners'
        // nothing, `all[p + 1]` player `p`'s share. No branch on who holds a corner.
        let mut all = [Resources::EMPTY; MAX_PLAYERS + 1];
        let board = &*self.board;
        for &h in board.hexes_with_number(total) {
            let hex = board.hex(h);
            let Some(r) = hex.terrain.resource() else {
                continue;
            };
            let corners = hex.land_corners();
            if h.0 == self.robber {
                if corners.iter().any(|&n| self.nodes.get(n as usize) != 0) {
                    sink.push(Event::RobberBlocked { hex: h });
                }
                continue;
            }
            for n in corners {
                let v = self.nodes.get(n as usize);
                // 0 for an empty corner, 1 for a settlement, 2 for a city.
                all[(v & 7) as usize][r] += (v != 0) as u8 + (v >> 3);
            }
        }
        let owed = &mut all[1..];
        let n = self.rules.players as usize;
        let mut need_all = Resources::EMPTY;
        for o in &owed[..n] {
            need_all.add(o);
        }
        if self.bank.contains(&need_all) {
            // The usual case: the bank pays everyone in full.
            for (p, o) in owed[..n].iter().enumerate() {
                // Adding nothing changes nothing: only the event needs the test.
                self.bank.sub(o);
                self.seats[p].hand.add(o);
                if !o.is_empty() {
                    sink.push(Event::ResourcesProduced {
                        player: Player(p as u8),
                        resources: *o,
                    });
                }
            }
            return;
        }
        for r in Resource::ALL {
            let mut need = 0u32;
            let mut claimants = 0u8;
            let mut last = 0usize;
            for (p, o) in owed[..n].iter().enumerate() {
                if o[r] > 0 {
                    need += o[r] as u32;
                    claimants += 1;
                    last = p;
                }
            }
            if need == 0 || need <= self.bank[r] as u32 {
                continue;
            }
            if claimants == 1 {
                owed[last][r] = self.bank[r];
                sink.push(Event::Shortage {
                    resource: r,
                    claimants,
                    paid: Some(Player(last as u8)),
                });
            } else {
                for o in owed[..n].iter_mut() {
                    o[r] = 0;
                }
                sink.push(Event::Shortage {
                    resource: r,
                    claimants,
                    paid: None,
                });
            }
        }
        for (p, o) in owed[..n].iter().enumerate() {
            if !o.is_empty() {
                self.bank.sub(o);
                self.seats[p].hand.add(o);
                sink.push(Event::ResourcesProduced {
                    player: Player(p as u8),
                    resources: *o,
                });
            }
        }
    }

    fn move_robber<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.robber = hex.0;
        sink.push(Event::RobberMoved {
            player: Player(p),
            hex,
        });
        if let Some(v) = victim {
            let r = resource.unwrap_or_else(|| {
                Resource::ALL[self
                    .rng
                    .weighted(&self.seats[v.index()].hand.0)
                    .expect("victim has cards")]
            });
            self.seats[v.index()].hand[r] -= 1;
            self.seats[p as usize].hand[r] += 1;
            sink.push(Event::Stole {
                thief: Player(p),
                victim: v,
                resource: Some(r),
            });
        }
    }

    fn start_turn<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.current = p;
        self.turn += 1;
        self.flags = 0;
        self.dice = [0, 0];
        self.phase = Phase::Roll;
        let s = &mut self.seats[p as usize];
        for c in DevCard::ALL {
            s.dev[c] += std::mem::take(&mut s.new_dev[c]);
        }
        // Only the current player's harbours change during a turn, so every seat's are
        // settled here; refreshing them all keeps the state canonical (a saved position
        // restores it exactly). Only the current player's are ever read (`RULINGS` 1).
        for s in self.seats.iter_mut() {
            s.harbors_at_start = s.harbors;
        }
        sink.push(Event::TurnStarted {
            player: Player(p),
            turn: self.turn,
        });
        // Points reached on another player's turn win now (`RULINGS` 4).
        self.check_win(sink);
    }

    /// A player wins on their own turn as soon as they hold the target (`RULINGS` 4).
    fn check_win<S: EventSink>(&mut self, sink: &mut S) {
        if matches!(
            self.phase,
            Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver
        ) {
            return;
        }
        let points = self.points(Player(self.current));
        if points >= self.rules.vp_target {
            self.winner = self.current;
            self.phase = Phase::GameOver;
            self.offer = None;
            sink.push(Event::GameWon {
                player: Player(self.current),
                points,
            });
        }
    }

    pub(crate) fn has_road_spot(&self, p: u8) -> bool {
        !self.road_spots(p).is_empty()
    }
}

fn check_terms(give: &Resources, get: &Resources) -> Result<(), RuleError> {
    if give.is_empty() || get.is_empty() {
        return Err(RuleError::InvalidTrade {
            reason: "each side must give at least one card",
        });
    }
    if give.overlaps(get) {
        return Err(RuleError::InvalidTrade {
            reason: "the same resource on both sides",
        });
    }
    Ok(())
}
