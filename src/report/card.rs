//! The rules card posted at a table: the game as this system deals it, with
//! the house rules in force (limits, ante, rake), in words for players.
//! REGULATORY.md: a pot game's rules, fees included, must be posted. Every
//! amount on the card is figured by the engine, so the card cannot say
//! other than the table pays. Players see no shoe composition or counts.

use chrono::{DateTime, Utc};

use super::document::{Align, Block, Column, Section, row};
use super::units;
use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::rocket::RocketOutcome;
use crate::engine::rules::{BET_GRID_UNITS, HouseRules, StartRule};

/// What a rules card shows.
#[derive(Debug, Clone)]
pub struct RulesCard {
    /// The game.
    pub game: GameKind,
    /// The house rules in force at the table.
    pub rules: HouseRules,
    /// Decks in the table's shoe, if the card names them.
    pub decks: Option<Decks>,
    /// The casino's name, for the title.
    pub casino: Option<String>,
    /// When the card was printed (shown on it, with the rules' hash).
    pub printed_at: DateTime<Utc>,
}

impl RulesCard {
    /// The card's title.
    pub fn title(&self) -> String {
        match &self.casino {
            Some(casino) => format!("{casino}: {} rules", self.game),
            None => format!("{} rules", self.game),
        }
    }

    /// The card's sections, in order.
    pub(super) fn sections(&self) -> Vec<Section> {
        let mut sections = match self.game {
            GameKind::Rocket => rocket(self),
            GameKind::Starboard => starboard(self),
        };
        sections.push(Section {
            title: "These rules".into(),
            blocks: vec![Block::Note(format!(
                "Amounts are in table units (the table's smallest chip). House rules {} \
                 (SHA-256); every hand dealt under them records the same figure.",
                self.rules.hash_hex()
            ))],
        });
        sections
    }
}

fn note(text: impl Into<String>) -> Block {
    Block::Note(text.into())
}

fn section(title: &str, blocks: Vec<Block>) -> Section {
    Section {
        title: title.into(),
        blocks,
    }
}

/// "Pairs cards: ranks 1 to 10 …", with the shoe's decks when known.
fn the_cards(card: &RulesCard) -> Block {
    let shoe = card.decks.map_or(String::new(), |d| match d.count() {
        1 => " The shoe holds one deck.".into(),
        n => format!(" The shoe holds {n} decks shuffled together."),
    });
    note(format!(
        "Pairs cards have ranks 1 to 10 and no suits: a deck holds one 1, two 2s, three 3s \
         and so on up to ten 10s, 55 cards.{shoe}"
    ))
}

fn rocket(card: &RulesCard) -> Vec<Section> {
    let rules = &card.rules.rocket;
    // The rule text's examples bet 20; a table whose limits exclude 20 uses its nearest.
    let example_bet = (2 * BET_GRID_UNITS)
        .max(rules.min_bet_units)
        .min(rules.max_bet_units);
    let who_starts = match rules.start {
        StartRule::LowCard => {
            "The player with the lowest first card starts the round and takes the button. \
             If players tie, the first of them to the left of the last button starts \
             (at the first hand, the first of them from seat 1)."
        }
        StartRule::DealerLeft => "The player nearest the dealer's left starts every round.",
    };
    let [_, _, _, four, _, _, seven, eight, _, _] = Rank::ALL;
    let examples = [
        (
            "You fold; the lowest card in your stack or the dealer's is a 4",
            RocketOutcome::Folded(four),
        ),
        ("You hit and pair your 8", RocketOutcome::Paired(eight)),
        (
            "You are still in when the dealer pairs 7s",
            RocketOutcome::DealerPaired(seven),
        ),
        (
            "You are still in when the dealer draws a 3",
            RocketOutcome::DealerThree,
        ),
    ];
    let rows = examples
        .into_iter()
        .map(|(what, outcome)| {
            let net = outcome.net(example_bet);
            let result = if net < 0 {
                format!("you pay {}", units(-net))
            } else {
                format!("you are paid {}", units(net))
            };
            row([what.to_owned(), result])
        })
        .collect();
    vec![
        section(
            "Bets",
            vec![note(format!(
                "Bet before the deal, in multiples of {BET_GRID_UNITS} units, from {} to {} units. \
                 You never lose your whole bet: every result is a number of tenths of it.",
                units(rules.min_bet_units as i64),
                units(rules.max_bet_units as i64)
            ))],
        ),
        section(
            "The deal",
            vec![
                the_cards(card),
                note(
                    "Each player is dealt one card face up, then the dealer. If the dealer's \
                     first card is a 3, every player is paid 3 tenths of the bet and the hand ends.",
                ),
                note(who_starts),
            ],
        ),
        section(
            "Each round",
            vec![
                note(
                    "In turn, every player still in chooses. Hit: take one card face up; if it \
                     pairs a card in front of you, you pay that rank in tenths of your bet and \
                     you are out. Fold: you pay the lowest card in your stack or the dealer's, \
                     in tenths of your bet, and you are out.",
                ),
                note(
                    "Then the dealer draws one card. A 3 pays every player still in 3 tenths of \
                     the bet; a card that pairs the dealer's pays every player still in that \
                     rank in tenths of the bet. Either ends the hand; otherwise another round \
                     begins. When no player is left in, the dealer does not draw.",
                ),
            ],
        ),
        section(
            &format!("Examples with a bet of {}", units(example_bet as i64)),
            vec![Block::Table {
                columns: vec![
                    Column {
                        title: "What happens",
                        share: 0.72,
                        align: Align::Left,
                    },
                    Column {
                        title: "Result",
                        share: 0.28,
                        align: Align::Right,
                    },
                ],
                titled: true,
                rows,
            }],
        ),
    ]
}

fn starboard(card: &RulesCard) -> Vec<Section> {
    let rules = &card.rules.starboard;
    let unit = match rules.unit {
        1 => "1 unit".to_owned(),
        n => format!("{} units", units(n as i64)),
    };
    let rake = if rules.rake_percent == 0 {
        "The house takes no rake: the whole pot goes to the winners.".to_owned()
    } else {
        let cap = if rules.rake_cap > 0 {
            format!(
                ", never more than {} units a pot",
                units(rules.rake_cap as i64)
            )
        } else {
            String::new()
        };
        format!(
            "The house takes {}% of the units paid into the pot in this game (antes and \
             draws, not units carried in from the last game), rounded down{cap}, before the \
             pot is split. The table below shows exactly what it collects.",
            rules.rake_percent,
        )
    };
    let rake_rows = TYPICAL_POTS
        .iter()
        .map(|&draws_and_antes| {
            let paid = draws_and_antes * rules.unit;
            row([units(paid as i64), units(rules.rake_on(paid) as i64)])
        })
        .collect();
    vec![
        section(
            "Ante and button",
            vec![
                the_cards(card),
                note(format!(
                    "Two to seven players. Every player antes {unit} into the pot; units left \
                     over from the last pot are added to it. The button starts at a seat drawn \
                     at random and passes one player to the left after every game."
                )),
            ],
        ),
        section(
            "The common hand",
            vec![note(
                "Two cards are dealt face up to the middle. If they pair, the second is \
                 discarded and replaced until they do not.",
            )],
        ),
        section(
            "Turns",
            vec![
                note(format!(
                    "Starting with the button and going left, round and round, every player \
                     still active chooses. Draw: pay {unit} into the pot and a card is dealt to \
                     the common hand. If it pairs a card there, you bust: the card is discarded \
                     and you are out. If not, every player who locked with fewer cards is \
                     knocked out. Lock: you stop at the number of cards the common hand holds."
                )),
                note(
                    "When only one player is left who has neither busted nor been knocked out, \
                     that player locks at once.",
                ),
            ],
        ),
        section(
            "The pot",
            vec![
                note(
                    "When no player is active, the pot is split evenly among the players locked \
                     with the most cards. Units that do not divide evenly stay in the pot for \
                     the next game.",
                ),
                note(rake),
            ],
        ),
        section(
            "What the rake collects",
            vec![Block::Table {
                columns: vec![
                    Column {
                        title: "Units paid into the pot",
                        share: 0.6,
                        align: Align::Left,
                    },
                    Column {
                        title: "Rake",
                        share: 0.4,
                        align: Align::Right,
                    },
                ],
                titled: true,
                rows: rake_rows,
            }],
        ),
    ]
}

/// The pots the card figures the rake on, in antes and draws: a game of
/// 2 to 7 players pays in about 5 to 15 of them (the median near 10).
const TYPICAL_POTS: [u64; 7] = [5, 8, 10, 12, 15, 20, 40];
