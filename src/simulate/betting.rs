//! How simulated Rocket players bet (docs/simulation.md, "Betting"): the
//! counters the flag must catch and the honest bettors it must leave
//! alone, each a [`BetStrategy`], and the state a seat's betting carries
//! from hand to hand ([`Staking`]). Pure: the cards' verdict, the last
//! result and the random source come in.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use rand::RngExt;
use rand::rngs::StdRng;

use crate::engine::rules::HouseRules;

/// The largest spread K a betting strategy takes (K × the table minimum).
const MAX_SPREAD: u32 = 1000;

/// How a simulated Rocket player bets. See docs/simulation.md.
#[derive(Clone, PartialEq, Debug)]
pub enum BetStrategy {
    /// The same bet every hand (`--bet`).
    Flat,
    /// K × the table's minimum when the exact edge from the cards seen
    /// since the shuffle favours the player, else the minimum.
    Counter(u32),
    /// K × the table's minimum when the simple count's true count is above
    /// its pivot (`crate::par::count::best_count`), else the minimum.
    Count(u32),
    /// 1 to K × the table's minimum, each as likely, whatever the cards: a
    /// bettor whose spread has nothing to do with the count.
    Random(u32),
    /// d'Alembert: one minimum more after a loss, one less after a win,
    /// between 1 and K minimums (starting at 1; a push changes nothing).
    DAlembert(u32),
    /// Martingale: double after a loss up to K minimums, back to one after
    /// a win (starting at 1; a push changes nothing).
    Martingale(u32),
    /// A new stake of 1 to K minimums, each as likely, every 10 to 200
    /// hands (each length as likely), whatever the cards or results.
    Streaky(u32),
    /// Sits at the seat only while the exact edge from the cards seen
    /// favours the player, betting `--bet`; the seat is empty otherwise.
    BackCount,
    /// `counter:K`, but each hand with chance P (0 to 1) a random stake of
    /// 1 to K minimums instead, to hide the spread.
    Camouflage(u32, f64),
    /// An outside program's bets, hand by hand ([`BetFile`]).
    File(Arc<BetFile>),
}

impl BetStrategy {
    /// Whether the bet depends on the exact edge of the cards seen.
    pub fn needs_exact_edge(&self) -> bool {
        matches!(
            self,
            BetStrategy::Counter(_) | BetStrategy::BackCount | BetStrategy::Camouflage(..)
        )
    }

    /// Whether the bet depends on the cards seen at all.
    pub fn watches_cards(&self) -> bool {
        self.needs_exact_edge() || matches!(self, BetStrategy::Count(_))
    }
}

/// What a seat's betting carries from hand to hand.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Staking {
    /// The stake in minimums (0: not yet chosen).
    times: u32,
    /// `streaky`: hands left at this stake.
    hands_left: u32,
}

/// What a hand's bet is chosen from: the cards' verdict, the hand's
/// number in the simulation (from 1), the seat and the house's limits.
#[derive(Clone, Copy, Debug)]
pub struct BetContext<'a> {
    /// Every seat's flat bet (`--bet`).
    pub flat: u64,
    /// The house rules (the minimum and the cap).
    pub rules: &'a HouseRules,
    /// Whether the cards seen favour the player, as this bettor judges it.
    pub favourable: bool,
    /// The hand's number in the simulation, from 1.
    pub hand: u64,
    /// The seat.
    pub seat: u8,
}

impl Staking {
    /// The bet for the next hand (`None`: the seat sits it out), from
    /// `strategy`, what the cards say (`context`) and `rng`.
    pub fn bet(
        &mut self,
        strategy: &BetStrategy,
        context: BetContext,
        rng: &mut StdRng,
    ) -> Option<u64> {
        let limits = &context.rules.rocket;
        let times = match strategy {
            BetStrategy::Flat => return Some(context.flat),
            BetStrategy::BackCount => return context.favourable.then_some(context.flat),
            BetStrategy::File(file) => {
                return file.bet(context.hand, context.seat).filter(|&b| b > 0);
            }
            BetStrategy::Counter(_) | BetStrategy::Count(_) if !context.favourable => 1,
            BetStrategy::Counter(spread) | BetStrategy::Count(spread) => *spread,
            BetStrategy::Random(spread) => rng.random_range(1..=*spread),
            BetStrategy::Camouflage(spread, chance) => {
                if rng.random_bool(*chance) {
                    rng.random_range(1..=*spread)
                } else if context.favourable {
                    *spread
                } else {
                    1
                }
            }
            BetStrategy::DAlembert(_) | BetStrategy::Martingale(_) => self.times.max(1),
            BetStrategy::Streaky(spread) => {
                if self.hands_left == 0 {
                    self.times = rng.random_range(1..=*spread);
                    self.hands_left = rng.random_range(10..=200);
                }
                self.hands_left -= 1;
                self.times
            }
        };
        self.times = times;
        Some((u64::from(times) * limits.min_bet_units).min(limits.max_bet_units))
    }

    /// Takes in the seat's result in the hand it bet (units; positive:
    /// won), which d'Alembert and martingale bettors bet after.
    pub fn settle(&mut self, strategy: &BetStrategy, net: i64) {
        let times = self.times.max(1);
        self.times = match (strategy, net.signum()) {
            (BetStrategy::DAlembert(spread), -1) => (times + 1).min(*spread),
            (BetStrategy::DAlembert(_), 1) => times.saturating_sub(1).max(1),
            (BetStrategy::Martingale(spread), -1) => times.saturating_mul(2).min(*spread),
            (BetStrategy::Martingale(_), 1) => 1,
            _ => return,
        };
    }
}

impl FromStr for BetStrategy {
    type Err = String;
    /// Every strategy but `file:PATH`, which the command line reads
    /// ([`BetFile::parse`]).
    fn from_str(text: &str) -> Result<BetStrategy, String> {
        let refusal = || {
            format!(
                "unknown betting strategy {text:?}: choose flat, backcount, counter:K, count:K, random:K, dalembert:K, martingale:K, streaky:K, camouflage:K:P or file:PATH, with K a whole number from 1 to {MAX_SPREAD} and P a chance from 0 to 1"
            )
        };
        match text {
            "flat" => return Ok(BetStrategy::Flat),
            "backcount" => return Ok(BetStrategy::BackCount),
            _ => {}
        }
        let (name, rest) = text.split_once(':').ok_or_else(refusal)?;
        let spread_of = |text: &str| {
            text.parse()
                .ok()
                .filter(|k| (1..=MAX_SPREAD).contains(k))
                .ok_or_else(refusal)
        };
        if name == "camouflage" {
            let (spread, chance) = rest.split_once(':').ok_or_else(refusal)?;
            let chance: f64 = chance
                .parse()
                .ok()
                .filter(|p: &f64| (0.0..=1.0).contains(p))
                .ok_or_else(refusal)?;
            return Ok(BetStrategy::Camouflage(spread_of(spread)?, chance));
        }
        let spread = spread_of(rest)?;
        match name {
            "counter" => Ok(BetStrategy::Counter(spread)),
            "count" => Ok(BetStrategy::Count(spread)),
            "random" => Ok(BetStrategy::Random(spread)),
            "dalembert" => Ok(BetStrategy::DAlembert(spread)),
            "martingale" => Ok(BetStrategy::Martingale(spread)),
            "streaky" => Ok(BetStrategy::Streaky(spread)),
            _ => Err(refusal()),
        }
    }
}

impl fmt::Display for BetStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetStrategy::Flat => f.write_str("flat"),
            BetStrategy::Counter(spread) => write!(f, "counter:{spread}"),
            BetStrategy::Count(spread) => write!(f, "count:{spread}"),
            BetStrategy::Random(spread) => write!(f, "random:{spread}"),
            BetStrategy::DAlembert(spread) => write!(f, "dalembert:{spread}"),
            BetStrategy::Martingale(spread) => write!(f, "martingale:{spread}"),
            BetStrategy::Streaky(spread) => write!(f, "streaky:{spread}"),
            BetStrategy::BackCount => f.write_str("backcount"),
            BetStrategy::Camouflage(spread, chance) => write!(f, "camouflage:{spread}:{chance}"),
            BetStrategy::File(file) => write!(f, "file:{}", file.name),
        }
    }
}

/// Bets read from a CSV file, `hand,seat,bet` a line (docs/simulation.md,
/// "Bets from a file"): hands numbered from 1 in the simulation, seats 1
/// to 6, the bet in table units, 0 for a seat that sits the hand out.
#[derive(Clone, Debug, PartialEq)]
pub struct BetFile {
    /// The file's name as given (for messages and the summary).
    pub name: String,
    /// Per seat (index seat − 1), the bet of each hand (index hand − 1).
    by_seat: [Vec<Option<u64>>; 6],
}

impl BetFile {
    /// Reads `text`, the file `name`'s contents. A first line
    /// `hand,seat,bet` is a header; blank lines are skipped. Refused with
    /// one sentence naming the line: a line not of three whole numbers, a
    /// hand of 0, a seat outside 1 to 6, a bet off the 10-unit grid, a
    /// hand and seat given twice.
    pub fn parse(name: &str, text: &str) -> Result<BetFile, String> {
        let mut by_seat: [Vec<Option<u64>>; 6] = Default::default();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty() || (number == 1 && line.replace(' ', "") == "hand,seat,bet") {
                continue;
            }
            let at = |what: String| format!("{name} line {number}: {what}");
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let [hand, seat, bet] = fields[..] else {
                return Err(at(format!(
                    "{line:?} is not hand,seat,bet (three whole numbers)"
                )));
            };
            let hand: u64 = hand
                .parse()
                .ok()
                .filter(|&h| h > 0)
                .ok_or_else(|| at(format!("the hand {hand:?} is not a hand number from 1")))?;
            let seat: usize = seat
                .parse()
                .ok()
                .filter(|s| (1..=6).contains(s))
                .ok_or_else(|| at(format!("the seat {seat:?} is not a Rocket seat (1 to 6)")))?;
            let bet: u64 = bet
                .parse()
                .ok()
                .filter(|b: &u64| b.is_multiple_of(10))
                .ok_or_else(|| {
                    at(format!(
                        "the bet {bet:?} is not a whole number of units on the 10-unit grid (0 to sit out)"
                    ))
                })?;
            let hands = &mut by_seat[seat - 1];
            let slot =
                usize::try_from(hand - 1).map_err(|_| at(format!("hand {hand} is too far")))?;
            if hands.len() <= slot {
                hands.resize(slot + 1, None);
            }
            if hands[slot].replace(bet).is_some() {
                return Err(at(format!("hand {hand} seat {seat} is given twice")));
            }
        }
        Ok(BetFile {
            name: name.to_string(),
            by_seat,
        })
    }

    /// The bet for `seat` at hand `hand`, if the file gives one.
    pub fn bet(&self, hand: u64, seat: u8) -> Option<u64> {
        let hands = self.by_seat.get(usize::from(seat).checked_sub(1)?)?;
        *hands.get(usize::try_from(hand.checked_sub(1)?).ok()?)?
    }

    /// Checks that the file gives `seat` a bet for every hand 1 to
    /// `hands`, each 0 or within the table's limits; the first gap or
    /// bet out of limits in one sentence.
    pub fn check(&self, seat: u8, hands: u64, rules: &HouseRules) -> Result<(), String> {
        let (min, max) = (rules.rocket.min_bet_units, rules.rocket.max_bet_units);
        for hand in 1..=hands {
            match self.bet(hand, seat) {
                None => {
                    return Err(format!(
                        "{} gives seat {seat} no bet at hand {hand} (it needs one line per hand per seat, hands 1 to {hands})",
                        self.name
                    ));
                }
                Some(bet) if bet != 0 && !(min..=max).contains(&bet) => {
                    return Err(format!(
                        "{} bets {bet} units at seat {seat}, hand {hand}: outside the table's limits {min} to {max} (0 sits the hand out)",
                        self.name
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
