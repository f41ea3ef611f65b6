//! Rocket's par sheet and strategy card on the report pages: the figures of
//! `crate::par` as sections of tables and notes. Pure: data in, sections out.

use chrono::{DateTime, Utc};

use super::document::{Align, Block, Chart, Column, Mark, Row, Section, Series, column, row};
use super::units;
use crate::par::RocketSheet;
use crate::par::card::StrategyCard;
use crate::par::count::EffectsOfRemoval;
use crate::par::countability::{Countability, DeepestLosing, PERCENTILES, SpreadWin};

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
    /// Countability's figures for a Countability page (`par --countability
    /// --pdf`); without them the sheet has no such page.
    pub countability: Option<CountabilityPrint>,
    /// The house rules' hash (docs/house-rules.md).
    pub rules_hash: String,
    /// When it was printed.
    pub printed_at: DateTime<Utc>,
}

/// What the par sheet's Countability page prints.
#[derive(Debug, Clone)]
pub struct CountabilityPrint {
    /// The run at the house rules' penetration.
    pub run: Countability,
    /// The search for the deepest losing penetration (`None` when not run).
    pub deepest: Option<DeepestLosing>,
}

/// A percentage of a share with `decimals`.
fn share(fraction: f64, decimals: usize) -> String {
    format!("{:.*}%", decimals, fraction * 100.0)
}

/// The deepest losing penetration in a sentence.
fn deepest_losing_text(deepest: &DeepestLosing) -> String {
    match (
        deepest.deepest_losing_permille,
        deepest.loses_at_every_penetration,
    ) {
        (_, true) => format!(
            "A perfect counter with 1:{} loses at every penetration from 50% to 95% ({} shoes each).",
            deepest.spread, deepest.shoes
        ),
        (Some(p), false) => format!(
            "The deepest penetration (50% to 95% by 5 points, {} shoes each) at which a perfect counter with 1:{} still loses: {:.1}%.",
            deepest.shoes,
            deepest.spread,
            f64::from(p) / 10.0
        ),
        (None, false) => format!(
            "A perfect counter with 1:{} wins at every penetration from 50% to 95% ({} shoes each).",
            deepest.spread, deepest.shoes
        ),
    }
}

impl CountabilityPrint {
    /// The Countability section: what was dealt, what "seen" means, the
    /// edge by depth and the win by spread as charts, the win as a table,
    /// the deepest losing penetration.
    pub(super) fn section(&self) -> Section {
        let run = &self.run;
        let decks = match run.decks.count() {
            1 => "1 deck".to_owned(),
            n => format!("{n} decks"),
        };
        let at = |p: u8| PERCENTILES.iter().position(|&q| q == p);
        let depth = |pick: &dyn Fn(&crate::par::countability::DepthEdge) -> Option<f64>| {
            run.by_depth
                .iter()
                .filter_map(|bin| {
                    pick(bin).map(|edge| (f64::from(bin.tenth) * 10.0 + 5.0, edge * 100.0))
                })
                .collect::<Vec<_>>()
        };
        let percentile = |p: u8| depth(&|bin| at(p).and_then(|i| bin.percentiles.get(i).copied()));
        let edge_chart = Chart {
            title: "House edge from the cards seen, by share of the shoe dealt".into(),
            x_label: "share of the shoe dealt before the hand, middle of each tenth (%)".into(),
            y_label: "house edge (%); below zero the player has the edge".into(),
            series: vec![
                Series {
                    name: "mean".into(),
                    points: depth(&|bin| bin.mean_house_edge),
                    mark: Mark::Line,
                },
                Series {
                    name: "5th percentile".into(),
                    points: percentile(5),
                    mark: Mark::Line,
                },
                Series {
                    name: "95th percentile".into(),
                    points: percentile(95),
                    mark: Mark::Line,
                },
            ],
            zero_line: true,
        };
        let means = |wins: &[SpreadWin]| -> Vec<(f64, f64)> {
            wins.iter()
                .map(|w| (f64::from(w.spread), w.win_per_100_hands.mean))
                .collect()
        };
        let ends = |wins: &[SpreadWin]| -> Vec<(f64, f64)> {
            wins.iter()
                .flat_map(|w| {
                    let e = &w.win_per_100_hands;
                    [(f64::from(w.spread), e.low), (f64::from(w.spread), e.high)]
                })
                .collect()
        };
        let win_chart = Chart {
            title: "Win per 100 hands by bet spread, 99% interval ends as points".into(),
            x_label: "spread K: K minimum bets when the counter judges the edge the player's"
                .into(),
            y_label: "win per 100 hands (minimum bets)".into(),
            series: vec![
                Series {
                    name: "perfect counter".into(),
                    points: means(&run.perfect),
                    mark: Mark::Line,
                },
                Series {
                    name: "simple count".into(),
                    points: means(&run.simple_count),
                    mark: Mark::Line,
                },
                Series {
                    name: "perfect counter, 99% ends".into(),
                    points: ends(&run.perfect),
                    mark: Mark::Points,
                },
                Series {
                    name: "simple count, 99% ends".into(),
                    points: ends(&run.simple_count),
                    mark: Mark::Points,
                },
            ],
            zero_line: true,
        };
        let interval = |w: &SpreadWin| {
            let e = &w.win_per_100_hands;
            format!("{:+.3} to {:+.3}", e.low, e.high)
        };
        let rows = run
            .perfect
            .iter()
            .map(|p| {
                let simple = run.simple_count.iter().find(|s| s.spread == p.spread);
                row([
                    format!("1:{}", p.spread),
                    format!("{:+.3}", p.win_per_100_hands.mean),
                    interval(p),
                    simple
                        .map_or_else(String::new, |s| format!("{:+.3}", s.win_per_100_hands.mean)),
                    simple.map_or_else(String::new, interval),
                ])
            })
            .collect();
        section(
            "Countability",
            vec![
                Block::Note(format!(
                    "{} shoes of {decks} dealt to the cut card at {:.1}% penetration, {} burned: {} hands, one player against the dealer at the best play for the cards seen. Full-shoe house edge {}; the player has the edge at {} of hands; {} shoes ended before the cut card.\nSeen: a card dealt face up into a hand since the last shuffle; burned cards are unseen, so the edge is that of the full shoe less the seen cards.",
                    run.shoes,
                    f64::from(run.penetration_permille) / 10.0,
                    run.burn,
                    run.hands,
                    percent(run.full_shoe_house_edge),
                    share(run.player_edge_share, 2),
                    run.shoes_ended_early
                )),
                Block::Chart(edge_chart),
                Block::Chart(win_chart),
                Block::Subheading(
                    "Win per 100 hands in minimum bets: the minimum, or K × the minimum when the counter judges the edge the player's (99% interval over shoes)"
                        .into(),
                ),
                table(
                    vec![
                        column("Spread", 0.12, Align::Left),
                        column("Perfect counter", 0.18, Align::Right),
                        column("99% interval", 0.26, Align::Right),
                        column("Simple count", 0.18, Align::Right),
                        column("99% interval", 0.26, Align::Right),
                    ],
                    rows,
                ),
                Block::Note(self.deepest.as_ref().map_or_else(
                    || "The deepest losing penetration was not searched (--grid-shoes 0).".to_owned(),
                    deepest_losing_text,
                )),
            ],
        )
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
        if let Some(countability) = &self.countability {
            sections.push(countability.section());
        }
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
