//! Rocket's par sheet and strategy card on the report pages: the figures of
//! `crate::par` as sections of tables and notes. Pure: data in, sections out.

use chrono::{DateTime, Utc};

use super::document::{Align, Block, Column, Row, Section, row};
use super::units;
use crate::par::RocketSheet;
use crate::par::card::StrategyCard;
use crate::par::count::EffectsOfRemoval;

/// What the par sheet and strategy card print.
#[derive(Debug, Clone)]
pub struct ParSheetPrint {
    /// The exact figures and the seats simulation.
    pub sheet: RocketSheet,
    /// The best play as a card.
    pub card: StrategyCard,
    /// The effects of removal at every deck count, 1 to 8
    /// (`par::count::effects_by_decks`), with each full shoe's edge.
    pub effects_by_decks: Vec<EffectsOfRemoval>,
    /// The house rules' hash (docs/house-rules.md).
    pub rules_hash: String,
    /// When it was printed.
    pub printed_at: DateTime<Utc>,
}

fn column(title: &'static str, share: f32, align: Align) -> Column {
    Column {
        title,
        share,
        align,
    }
}

fn table(columns: Vec<Column>, rows: Vec<Row>) -> Block {
    Block::Table {
        columns,
        titled: true,
        rows,
    }
}

fn section(title: impl Into<String>, blocks: Vec<Block>) -> Section {
    Section {
        title: title.into(),
        blocks,
    }
}

fn percent(fraction: f64) -> String {
    format!("{:.4}%", fraction * 100.0)
}

fn ranks(list: &[u8]) -> String {
    list.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// Static labels for the card's numbered columns.
const CARD_TITLES: [&str; 10] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];

impl ParSheetPrint {
    /// The decks, as the titles name them.
    pub fn decks_text(&self) -> String {
        match self.sheet.decks.count() {
            1 => "1 deck".to_owned(),
            n => format!("{n} decks"),
        }
    }

    /// The strategy card's sections: the first decision, the points rule
    /// and how many exceptions the par sheet lists.
    pub(super) fn card_sections(&self) -> Vec<Section> {
        let card = &self.card;
        let decks = self.sheet.decks;
        let mut first_columns = vec![column("Dealer's card", 0.2, Align::Left)];
        first_columns.extend(CARD_TITLES.iter().map(|t| column(t, 0.08, Align::Right)));
        let first_rows = card
            .first_hits
            .iter()
            .map(|(dealer, hits)| {
                let mut cells = vec![format!("dealer {dealer}")];
                cells.extend((1..=10u8).map(|mine| {
                    let rank = crate::engine::card::Rank::ALL[usize::from(mine - 1)];
                    if mine == *dealer && decks.copies_of(rank) < 2 {
                        "–".to_owned()
                    } else if hits.contains(&mine) {
                        "H".to_owned()
                    } else {
                        "F".to_owned()
                    }
                }));
                row(cells)
            })
            .collect();
        let sizes: Vec<u8> = {
            let mut sizes: Vec<u8> = card.limits.iter().map(|l| l.cards).collect();
            sizes.sort_unstable();
            sizes.dedup();
            sizes
        };
        const SIZE_TITLES: [&str; 10] = [
            "", "1 card", "2 cards", "3 cards", "4 cards", "5 cards", "6 cards", "7 cards",
            "8 cards", "9 cards",
        ];
        let share = 0.8 / sizes.len().max(1) as f32;
        let mut limit_columns = vec![column("Lowest card in play", 0.2, Align::Left)];
        limit_columns.extend(
            sizes
                .iter()
                .map(|&s| column(SIZE_TITLES[usize::from(s)], share, Align::Right)),
        );
        let limit_rows = (1..=10u8)
            .filter(|lowest| card.limits.iter().any(|l| l.lowest == *lowest))
            .map(|lowest| {
                let mut cells = vec![format!("lowest {lowest}")];
                cells.extend(sizes.iter().map(|&size| {
                    match card
                        .limits
                        .iter()
                        .find(|l| l.lowest == lowest && l.cards == size)
                    {
                        None => "–".to_owned(),
                        Some(limit) => limit
                            .limit
                            .map_or_else(|| "fold".to_owned(), |v| format!("≤ {v}")),
                    }
                }));
                row(cells)
            })
            .collect();
        vec![
            section(
                "Your first decision",
                vec![
                    Block::Note(
                        "Find the dealer's card in the rows and your card in the columns: \
                         H hit, F fold (– cannot happen with this shoe)."
                            .into(),
                    ),
                    table(first_columns, first_rows),
                ],
            ),
            section(
                "Every later decision",
                vec![
                    Block::Note(
                        "Count points: square each of your cards and add them up, double \
                         that, then take away the squares of the dealer's cards. Hit while \
                         your points are at most the limit for the lowest card in either \
                         stack (what a fold costs) and the cards in your stack; otherwise \
                         fold."
                            .into(),
                    ),
                    table(limit_columns, limit_rows),
                ],
            ),
            section(
                "Exceptions",
                vec![Block::Note(format!(
                    "Of the {} positions a hand can reach, the rules above play {} \
                     differently from the best play; the par sheet lists each one. With \
                     them, this card is the exact best play for one player from a full \
                     shoe of {}, house edge {}.",
                    units(card.states as i64),
                    units(card.exceptions.len() as i64),
                    self.decks_text(),
                    percent(self.sheet.strategies["optimal"].house_edge)
                ))],
            ),
        ]
    }

    /// The effects of removal at every deck count and the count derived
    /// from them.
    fn removal_section(&self) -> Section {
        let mut columns = vec![column("Decks", 0.07, Align::Left)];
        columns.extend(CARD_TITLES.iter().map(|t| column(t, 0.093, Align::Right)));
        let rows = self
            .effects_by_decks
            .iter()
            .map(|e| {
                let mut cells = vec![e.decks.count().to_string()];
                cells.extend(
                    e.house_edge_change
                        .iter()
                        .map(|change| format!("{:+.1}", change * 10_000.0)),
                );
                row(cells)
            })
            .collect();
        let count = &self.sheet.count;
        let tags = count
            .tags
            .iter()
            .zip(1..)
            .filter(|(tag, _)| **tag != 0)
            .map(|(tag, rank)| format!("{tag:+} for each {rank}"))
            .collect::<Vec<_>>()
            .join(", ");
        section(
            "Effects of removal and the count",
            vec![
                Block::Note(
                    "The exact change in the house edge, in basis points of the bet \
                     (hundredths of a percent), when one card of the rank is taken from a \
                     full shoe: positive means the card's leaving helps the house. Each \
                     shoe is solved exactly under its own best play."
                        .into(),
                ),
                table(columns, rows),
                Block::Note(format!(
                    "The best count of level 2 for {}: {tags}, nothing for the other ranks. \
                     Betting correlation {:.4} (1 would capture all a linear count can). \
                     The true count is (running count {} {:.4} × cards seen) per deck \
                     unseen; each point of it is worth {} to the player, who has the edge \
                     above a true count of {:.2}.",
                    self.decks_text(),
                    count.betting_correlation,
                    if count.average_tag < 0.0 { "+" } else { "−" },
                    count.average_tag.abs(),
                    percent(count.edge_per_true_count),
                    count.pivot_true_count
                )),
            ],
        )
    }

    /// The par sheet's sections: figures, then the card, then its exceptions.
    pub(super) fn sheet_sections(&self) -> Vec<Section> {
        let sheet = &self.sheet;
        let strategies = sheet
            .strategies
            .iter()
            .map(|(name, f)| {
                row([
                    name.clone(),
                    percent(f.house_edge),
                    format!("{:.4}", f.std_dev),
                    percent(f.hit_frequency),
                    format!("{:.3}", f.cards_per_hand),
                    format!("{:.3}", f.decisions_per_hand),
                ])
            })
            .collect();
        let best = &sheet.strategies["optimal"];
        let outcome_rows = (0..10)
            .map(|i| {
                row([
                    (i + 1).to_string(),
                    percent(best.outcomes.player_paired[i]),
                    percent(best.outcomes.player_folded[i]),
                    percent(best.outcomes.dealer_paired[i]),
                ])
            })
            .collect();
        let net_rows = best
            .net_tenths
            .iter()
            .map(|chance| row([format!("{:+}", chance.tenths), percent(chance.probability)]))
            .collect();
        let seat_rows = sheet
            .seats
            .iter()
            .map(|s| {
                row([
                    s.seats.to_string(),
                    percent(s.house_edge.mean),
                    percent(s.house_edge.low),
                    percent(s.house_edge.high),
                    s.house_edge.samples.to_string(),
                ])
            })
            .collect();
        let option_rows = sheet
            .house_options
            .iter()
            .map(|o| row([o.option.to_owned(), o.effect.clone()]))
            .collect();
        let exception_rows = self
            .card
            .exceptions
            .iter()
            .map(|e| {
                row([
                    ranks(&e.player),
                    ranks(&e.dealer),
                    if e.hit { "hit" } else { "fold" }.to_owned(),
                ])
            })
            .collect();
        let mut sections = vec![
            section(
                "The figures",
                vec![
                    Block::Note(format!(
                        "Exact figures for one player against the dealer from a full shoe of \
                         {}, by backward induction over {} decision states; every figure is \
                         within {:e} of the exact fraction. The best play hits in {} of the \
                         {} positions a hand can reach.",
                        self.decks_text(),
                        units(sheet.states_visited as i64),
                        sheet.error_bound,
                        units(sheet.hit_states as i64),
                        units(sheet.reachable_states as i64)
                    )),
                    table(
                        vec![
                            column("Strategy", 0.2, Align::Left),
                            column("House edge", 0.16, Align::Right),
                            column("Std dev (bets)", 0.16, Align::Right),
                            column("Hit frequency", 0.16, Align::Right),
                            column("Cards / hand", 0.16, Align::Right),
                            column("Decisions", 0.16, Align::Right),
                        ],
                        strategies,
                    ),
                ],
            ),
            section(
                "How hands end under the best play",
                vec![
                    Block::Note(format!(
                        "The dealer's first card is a 3 in {} of hands and a later 3 ends {} \
                         (each pays the player 3 tenths). Variance {:.4} squared bets.",
                        percent(best.outcomes.dealer_three_first_card),
                        percent(best.outcomes.dealer_three_later),
                        best.variance
                    )),
                    table(
                        vec![
                            column("Rank", 0.16, Align::Left),
                            column("Player pairs", 0.28, Align::Right),
                            column("Player folds paying", 0.28, Align::Right),
                            column("Dealer pairs", 0.28, Align::Right),
                        ],
                        outcome_rows,
                    ),
                ],
            ),
            section(
                "The player's net result under the best play",
                vec![table(
                    vec![
                        column("Tenths of the bet", 0.5, Align::Left),
                        column("Chance", 0.5, Align::Right),
                    ],
                    net_rows,
                )],
            ),
        ];
        if !sheet.seats.is_empty() {
            sections.push(section(
                "More seats (simulated, best play, 99% interval)",
                vec![table(
                    vec![
                        column("Seats", 0.16, Align::Left),
                        column("House edge", 0.21, Align::Right),
                        column("Low", 0.21, Align::Right),
                        column("High", 0.21, Align::Right),
                        column("Hands", 0.21, Align::Right),
                    ],
                    seat_rows,
                )],
            ));
        }
        sections.push(section(
            "Edge by decks (best play, exact)",
            vec![table(
                vec![
                    column("Decks", 0.5, Align::Left),
                    column("House edge", 0.5, Align::Right),
                ],
                self.effects_by_decks
                    .iter()
                    .map(|e| row([e.decks.count().to_string(), percent(e.house_edge)]))
                    .collect(),
            )],
        ));
        sections.push(self.removal_section());
        sections.push(section(
            "House options",
            vec![table(
                vec![
                    column("Option", 0.3, Align::Left),
                    column("What it changes", 0.7, Align::Left),
                ],
                option_rows,
            )],
        ));
        sections.extend(self.card_sections());
        sections.push(section(
            "Exceptions to the rule (the rest of the full table)",
            vec![table(
                vec![
                    column("Your cards", 0.45, Align::Left),
                    column("Dealer's cards", 0.4, Align::Left),
                    column("Best play", 0.15, Align::Left),
                ],
                exception_rows,
            )],
        ));
        sections
    }
}
