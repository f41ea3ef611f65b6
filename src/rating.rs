//! Player rating (docs/rating.md): what a rated player's play was worth to
//! the house, computed from the hands the ledger recorded while they were
//! seated, never typed in. The ledger reads the rows
//! (`Ledger::rating_play`, as `crate::rated_play`'s data) and this module
//! adds them up, purely; `Rater::rate_player` and `Rater::rated_play` ask
//! a ledger for them.
//!
//! Money stays whole units. Theoretical win is an expectation: it is summed
//! in f64 (a statistic, not a transfer, as the expected hold is) and given
//! rounded to a unit.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::ids::TableId;
use crate::ledger::{Ledger, LedgerError, PinEntry, PlayerError};
use crate::simulate::Strategy;

pub use crate::period::Period;
pub use crate::rated_play::{PlayedHand, Player, Session, SessionPlay};

/// The figures of a rating, house perspective, whole table units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// Hands played (voided hands not counted).
    pub hands: u64,
    /// Total wagered over those hands.
    pub wagered: u64,
    /// Wagered ÷ hands, rounded to a unit (0 with no hands).
    pub average_bet: u64,
    /// The largest wager of one hand.
    pub largest_bet: u64,
    /// What the house won from the player (negative: the player won),
    /// every transfer and reversal counted.
    pub actual_win: i64,
    /// Theoretical win: Rocket Σ wager × the exact house edge for the
    /// hand's decks under the assumed strategy; Starboard the rake, shared
    /// pro rata to what the player paid into each pot. Rounded to a unit.
    pub theo: i64,
    /// Time on game, seconds.
    pub seconds: i64,
    /// Hands per hour of time on game, rounded (0 with no time).
    pub decisions_per_hour: u64,
}

/// A session's rating slip: the session and its figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SessionRating {
    /// The session.
    #[serde(flatten)]
    pub session: Session,
    /// Its figures.
    #[serde(flatten)]
    pub rating: Rating,
}

/// A player's rating over a period: the total and each session's slip.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRating {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The figures over every session.
    #[serde(flatten)]
    pub rating: Rating,
    /// Each session's slip, in the order they began.
    pub sessions: Vec<SessionRating>,
    /// What the Rocket hands show against the edge and the best play for
    /// the cards left (docs/game-protection.md); absent when not worked
    /// out (no Rocket hand, or a rating across the floor).
    #[serde(rename = "protection", skip_serializing_if = "Option::is_none")]
    pub protection: Option<crate::protection::Profile>,
}

impl Rating {
    /// The sum of `ratings`: counts, money and time added (theo as the sum
    /// of the rounded theos), the largest bet the largest, the averages
    /// worked out again.
    pub fn sum<'a>(ratings: impl IntoIterator<Item = &'a Rating>) -> Rating {
        let mut total = Rating::default();
        for r in ratings {
            total.hands += r.hands;
            total.wagered += r.wagered;
            total.largest_bet = total.largest_bet.max(r.largest_bet);
            total.actual_win += r.actual_win;
            total.theo += r.theo;
            total.seconds += r.seconds;
        }
        total.average_bet = rounded_ratio(total.wagered, total.hands);
        total.decisions_per_hour = rounded_ratio(total.hands * 3600, total.seconds.max(0) as u64);
        total
    }
}

/// The rated play of a period: every rated player with a session in it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedPlayReport {
    /// The period.
    #[serde(skip)]
    pub period: Period,
    /// The strategy Rocket players are assumed to follow for theo.
    pub strategy: Strategy,
    /// Each player's rating, by card number.
    pub players: Vec<PlayerRating>,
    /// When it was made.
    pub printed_at: DateTime<Utc>,
}

/// One table's rated play over a report's period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRating {
    /// The table's id.
    pub table_id: TableId,
    /// Its name.
    pub table: String,
    /// Its game.
    pub game: GameKind,
    /// Rated players who sat there.
    pub players: usize,
    /// Their sessions there.
    pub sessions: usize,
    /// The figures, summed over those sessions.
    pub rating: Rating,
}

impl RatedPlayReport {
    /// The figures over every player.
    pub fn total(&self) -> Rating {
        Rating::sum(self.players.iter().map(|p| &p.rating))
    }

    /// The rated play by table, in table order.
    pub fn by_table(&self) -> Vec<TableRating> {
        let mut tables: Vec<(TableRating, Vec<&str>, Vec<Rating>)> = Vec::new();
        for player in &self.players {
            for slip in &player.sessions {
                let s = &slip.session;
                let entry = match tables.iter().position(|(t, _, _)| t.table_id == s.table_id) {
                    Some(i) => &mut tables[i],
                    None => {
                        tables.push((
                            TableRating {
                                table_id: s.table_id,
                                table: s.table.clone(),
                                game: s.game,
                                players: 0,
                                sessions: 0,
                                rating: Rating::default(),
                            },
                            Vec::new(),
                            Vec::new(),
                        ));
                        tables.last_mut().expect("just pushed")
                    }
                };
                if !entry.1.contains(&s.card.as_str()) {
                    entry.1.push(&s.card);
                }
                entry.2.push(slip.rating);
            }
        }
        let mut rows: Vec<TableRating> = tables
            .into_iter()
            .map(|(mut table, cards, ratings)| {
                table.players = cards.len();
                table.sessions = ratings.len();
                table.rating = Rating::sum(&ratings);
                table
            })
            .collect();
        rows.sort_by_key(|t| t.table_id);
        rows
    }
}

/// Adds up ratings: one per session, and the total over all of them.
pub struct Rater {
    strategy: Strategy,
    edges: Vec<(Decks, f64)>,
}

impl Rater {
    /// A rater assuming Rocket players follow `strategy` (the house's
    /// setting; the best play by default).
    pub fn new(strategy: Strategy) -> Rater {
        Rater {
            strategy,
            edges: Vec::new(),
        }
    }

    /// The strategy Rocket players are assumed to follow.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Rocket's house edge per unit bet for `decks` (from the par sheet).
    pub fn rocket_edge(&mut self, decks: Decks) -> f64 {
        if let Some(&(_, edge)) = self.edges.iter().find(|(d, _)| *d == decks) {
            return edge;
        }
        let edge = crate::par::rocket_figures(decks, self.strategy).house_edge;
        self.edges.push((decks, edge));
        edge
    }

    /// The rating of `plays` over `period` (their hands already the ones
    /// that started inside it); sessions still open run to `now`.
    pub fn rate(&mut self, plays: &[SessionPlay], period: Period, now: DateTime<Utc>) -> Rating {
        let mut sum = Sum::default();
        for play in plays {
            self.add(&mut sum, play, period, now);
        }
        sum.rating()
    }

    /// Each session's rating slip over `period`.
    pub fn sessions(
        &mut self,
        plays: &[SessionPlay],
        period: Period,
        now: DateTime<Utc>,
    ) -> Vec<SessionRating> {
        plays
            .iter()
            .map(|play| SessionRating {
                session: play.session.clone(),
                rating: self.rate(std::slice::from_ref(play), period, now),
            })
            .collect()
    }

    /// `player`'s rating over `period` from their `plays`.
    pub fn player(
        &mut self,
        player: Player,
        plays: &[SessionPlay],
        period: Period,
        now: DateTime<Utc>,
    ) -> PlayerRating {
        PlayerRating {
            player,
            rating: self.rate(plays, period, now),
            sessions: self.sessions(plays, period, now),
            protection: None,
        }
    }

    /// `card`'s rating over `ledger`'s hands in `period`; a session still
    /// open runs to now by the ledger's clock. Refused for a card the
    /// ledger never enrolled.
    pub fn rate_player(
        &mut self,
        ledger: &Ledger,
        card: &str,
        period: Period,
    ) -> Result<PlayerRating, LedgerError> {
        let (player, plays) = ledger
            .player_play(card, period)?
            .ok_or_else(|| PlayerError::UnknownCard(card.trim().to_owned()))?;
        Ok(self.player(player, &plays, period, ledger.clock_now()))
    }

    /// The rated play of `period` in `ledger`: every player with a session
    /// in it, rated. Each player's look-up is recorded in the ledger, by
    /// `by` (a pit boss, PIN checked once) or from the command line; a PIN
    /// refused records nothing and gives no ratings.
    pub fn rated_play(
        &mut self,
        ledger: &mut Ledger,
        period: Period,
        by: Option<&PinEntry<'_>>,
    ) -> Result<RatedPlayReport, LedgerError> {
        let mut players = Vec::new();
        for player in ledger.rated_players(period)? {
            let plays = ledger.rating_play(&player.card, period)?;
            players.push(self.player(player, &plays, period, ledger.clock_now()));
        }
        let cards: Vec<&str> = players.iter().map(|p| p.player.card.as_str()).collect();
        ledger.record_rating_lookups(&cards, by)?;
        Ok(RatedPlayReport {
            period,
            strategy: self.strategy(),
            players,
            printed_at: ledger.clock_now(),
        })
    }

    fn add(&mut self, sum: &mut Sum, play: &SessionPlay, period: Period, now: DateTime<Utc>) {
        let session = &play.session;
        sum.seconds +=
            period.overlap_seconds(session.seated_at, session.unseated_at.unwrap_or(now));
        for hand in &play.hands {
            sum.actual_win -= hand.player_net;
            if hand.voided {
                continue;
            }
            sum.hands += 1;
            sum.wagered += hand.wager;
            sum.largest_bet = sum.largest_bet.max(hand.wager);
            sum.theo += match session.game {
                GameKind::Rocket => hand.wager as f64 * self.rocket_edge(hand.decks),
                GameKind::Starboard if hand.pot_paid_in > 0 => {
                    hand.rake as f64 * hand.wager as f64 / hand.pot_paid_in as f64
                }
                GameKind::Starboard => 0.0,
            };
        }
    }
}

/// A rating being added up.
#[derive(Default)]
struct Sum {
    hands: u64,
    wagered: u64,
    largest_bet: u64,
    actual_win: i64,
    theo: f64,
    seconds: i64,
}

impl Sum {
    fn rating(&self) -> Rating {
        Rating {
            hands: self.hands,
            wagered: self.wagered,
            average_bet: rounded_ratio(self.wagered, self.hands),
            largest_bet: self.largest_bet,
            actual_win: self.actual_win,
            theo: self.theo.round() as i64,
            seconds: self.seconds,
            decisions_per_hour: rounded_ratio(self.hands * 3600, self.seconds.max(0) as u64),
        }
    }
}

/// `numerator ÷ denominator` rounded half up, in integers (0 when the
/// denominator is 0).
fn rounded_ratio(numerator: u64, denominator: u64) -> u64 {
    (numerator + denominator / 2)
        .checked_div(denominator)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::HandId;

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + minute * 60, 0).expect("a valid time")
    }

    fn hand(id: i64, wager: u64, net: i64) -> PlayedHand {
        PlayedHand {
            hand_id: HandId(id),
            decks: Decks::new(6).expect("6 decks"),
            voided: false,
            wager,
            player_net: net,
            rake: 0,
            pot_paid_in: 0,
        }
    }

    fn session(game: GameKind, start: i64, end: Option<i64>) -> Session {
        Session {
            card: "1001".into(),
            table_id: TableId(1),
            table: "T1".into(),
            game,
            seat: 2,
            seated_at: at(start),
            unseated_at: end.map(at),
        }
    }

    #[test]
    fn a_voided_hand_counts_no_wager_and_its_reversal_nets_to_nothing() {
        let mut voided = hand(2, 50, 0);
        voided.voided = true;
        let play = SessionPlay {
            session: session(GameKind::Rocket, 0, Some(60)),
            hands: vec![hand(1, 100, -30), voided, hand(3, 20, 12)],
        };
        let rating = Rater::new(Strategy::Optimal).rate(&[play], Period::default(), at(90));
        assert_eq!(rating.hands, 2);
        assert_eq!(rating.wagered, 120);
        assert_eq!(rating.average_bet, 60);
        assert_eq!(rating.largest_bet, 100);
        assert_eq!(rating.actual_win, 18);
        assert_eq!(rating.seconds, 3600);
        assert_eq!(rating.decisions_per_hour, 2);
    }

    #[test]
    fn starboard_theo_is_the_rake_shared_by_what_the_player_paid_in() {
        let mut first = hand(1, 3, -3);
        (first.rake, first.pot_paid_in) = (2, 12);
        let mut second = hand(2, 6, 10);
        (second.rake, second.pot_paid_in) = (3, 6);
        let play = SessionPlay {
            session: session(GameKind::Starboard, 0, None),
            hands: vec![first, second],
        };
        // 2 × 3/12 + 3 × 6/6 = 3.5, rounded to 4.
        let rating = Rater::new(Strategy::Optimal).rate(&[play], Period::default(), at(30));
        assert_eq!(rating.theo, 4);
        assert_eq!(rating.seconds, 1800);
    }

    #[test]
    fn a_period_cuts_the_time_on_game() {
        let play = SessionPlay {
            session: session(GameKind::Rocket, 0, Some(60)),
            hands: vec![hand(2, 10, -1)],
        };
        let period = Period {
            from: Some(at(30)),
            to: Some(at(120)),
        };
        let rating = Rater::new(Strategy::Optimal).rate(&[play], period, at(200));
        assert_eq!((rating.hands, rating.seconds), (1, 1800));
    }
}
