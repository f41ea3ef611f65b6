//! Bets against the edge in the pit view (docs/game-protection.md, "In the
//! pit"): a thread of its own follows each station's shift through its
//! replica (`ProtectionReads::follow_shift`), only for the stations whose rows
//! arrived, keeping per station what it has tracked so a new hand costs
//! one tracker step; the window marks a seat or rated player whose bets
//! follow the edge beyond the house's thresholds, and a click on the mark
//! shows the plot of bet against edge and the skill check.

use std::collections::{BTreeMap, HashMap};
use std::sync::mpsc::{Receiver, Sender, channel};

use eframe::egui::{self, RichText, Ui};
use egui_plot::{Plot, Points};
use rayon::prelude::*;

use super::super::widgets::ALARM;
use crate::engine::hand::GameKind;
use crate::figures::{ProtectionReads, ShiftProtection, ShiftWatch, Watched};
use crate::floor::survey::PitTable;
use crate::ledger::{Ledger, SystemClock};
use crate::protection::{FlagSettings, Profile};
use crate::report::units;

/// What the follower sends: a station's shift added up (`None`: nothing
/// to follow), or why its replica could not be read.
type Followed = (String, Result<Option<ShiftProtection>, String>);

/// The follower thread's two ends, as the window holds them.
pub(super) struct Follower {
    jobs: Sender<Vec<PitTable>>,
    followed: Receiver<Followed>,
    /// Each station's latest figures, by station.
    shown: HashMap<String, Result<ShiftProtection, String>>,
}

impl Follower {
    /// Starts the thread; `ctx` is woken whenever figures arrive.
    pub(super) fn start(ctx: egui::Context) -> Follower {
        let (jobs, waiting) = channel::<Vec<PitTable>>();
        let (sender, followed) = channel();
        // If the thread cannot start, no station is ever marked and the
        // sends below fail silently: the view goes on without the marks.
        let _ = std::thread::Builder::new()
            .name("pit protection".into())
            .spawn(move || follow_stations(&waiting, &sender, &ctx));
        Follower {
            jobs,
            followed,
            shown: HashMap::new(),
        }
    }

    /// A sender for the listener: the tables whose rows arrived.
    pub(super) fn jobs(&self) -> Sender<Vec<PitTable>> {
        self.jobs.clone()
    }

    /// Takes the figures that arrived since the last frame.
    pub(super) fn receive(&mut self) {
        while let Ok((station, figures)) = self.followed.try_recv() {
            match figures {
                Ok(None) => {
                    self.shown.remove(&station);
                }
                Ok(Some(figures)) => {
                    self.shown.insert(station, Ok(figures));
                }
                Err(why) => {
                    self.shown.insert(station, Err(why));
                }
            }
        }
    }

    /// `station`'s figures, if any.
    pub(super) fn of(&self, station: &str) -> Option<&Result<ShiftProtection, String>> {
        self.shown.get(station)
    }
}

/// The thread's loop: takes every table waiting (the latest of each
/// station), follows them in parallel, one worker a core, and sends each
/// station's figures as soon as they are ready (a long shift read for the
/// first time holds back no other station's).
fn follow_stations(
    waiting: &Receiver<Vec<PitTable>>,
    sender: &Sender<Followed>,
    ctx: &egui::Context,
) {
    let mut watches: HashMap<String, Option<ShiftWatch>> = HashMap::new();
    while let Ok(first) = waiting.recv() {
        let mut pending: BTreeMap<String, PitTable> = BTreeMap::new();
        for table in first.into_iter().chain(waiting.try_iter().flatten()) {
            pending.insert(table.station.clone(), table);
        }
        let mut work: Vec<(PitTable, Option<ShiftWatch>)> = pending
            .into_values()
            .map(|t| {
                let watch = watches.remove(&t.station).flatten();
                (t, watch)
            })
            .collect();
        let window_open = work.par_iter_mut().all(|(table, watch)| {
            let figures = follow(table, watch).map_err(|e| e.to_string());
            let sent = sender.send((table.station.clone(), figures)).is_ok();
            ctx.request_repaint();
            sent
        });
        if !window_open {
            return;
        }
        for (table, watch) in work {
            watches.insert(table.station, watch);
        }
    }
}

/// `table`'s shift from its replica, `watch` brought up to date.
fn follow(
    table: &PitTable,
    watch: &mut Option<ShiftWatch>,
) -> Result<Option<ShiftProtection>, crate::ledger::LedgerError> {
    let Some((table_id, shift)) = table.shift.filter(|_| table.game == Some(GameKind::Rocket))
    else {
        *watch = None;
        return Ok(None);
    };
    let ledger = Ledger::open_read_only(&table.replica, Box::new(SystemClock), false)?;
    ledger.follow_shift(watch, table_id, shift).map(Some)
}

/// Whom a mark or a figures window is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Subject {
    /// A seat of the table.
    Seat(u8),
    /// A rated player, by card.
    Player(String),
}

/// A station's seat or rated player whose bets follow the edge, as its
/// mark says it: `Counting? seat 3`, `Counting? C-1001 Ann Lee, seat 3`.
pub(super) fn marks(figures: &ShiftProtection, settings: &FlagSettings) -> Vec<(Subject, String)> {
    let seats = figures
        .seats
        .iter()
        .filter(|s| profile(&s.watched, settings).flagged)
        .map(|s| (Subject::Seat(s.seat), format!("Counting? seat {}", s.seat)));
    let players = figures
        .players
        .iter()
        .filter(|p| profile(&p.watched, settings).flagged)
        .map(|p| {
            let name = p.player.name.as_deref().map(|n| format!(" {n}"));
            (
                Subject::Player(p.player.card.clone()),
                format!(
                    "Counting? {}{}, seat {}",
                    p.player.card,
                    name.unwrap_or_default(),
                    p.seat
                ),
            )
        });
    seats.chain(players).collect()
}

fn profile(watched: &Watched, settings: &FlagSettings) -> Profile {
    watched.tally.profile(watched.seconds, settings)
}

/// The marks on a table's card in the floor plan, in the alarm colour,
/// side by side so the card's other lines stay in it.
pub(super) fn card_marks_ui(ui: &mut Ui, figures: &ShiftProtection, settings: &FlagSettings) {
    let marks = marks(figures, settings);
    if marks.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (_, mark) in marks {
            ui.colored_label(ALARM, RichText::new(mark).strong());
        }
    });
}

/// The detail's section: each seat and rated player with their hands, r
/// and p, a button for their plot (the mark, in the alarm colour, when
/// flagged); returns the one clicked.
pub(super) fn detail_ui(
    ui: &mut Ui,
    station: &str,
    figures: Option<&Result<ShiftProtection, String>>,
    settings: &FlagSettings,
) -> Option<Subject> {
    ui.strong(format!("{station}: bets against the edge this shift"));
    ui.label(format!(
        "Marked: p below {} over at least {} hands followed.",
        settings.significance, settings.minimum_hands
    ));
    let figures = match figures {
        None => {
            ui.label("No Rocket hand to judge yet.");
            return None;
        }
        Some(Err(why)) => {
            super::super::widgets::error_text_ui(ui, why);
            return None;
        }
        Some(Ok(figures)) => figures,
    };
    let flagged = marks(figures, settings);
    let mut clicked = None;
    let mut row = |ui: &mut Ui, subject: Subject, words: String, watched: &Watched| {
        let profile = profile(watched, settings);
        let mark = flagged.iter().find(|(s, _)| *s == subject);
        let button = match mark {
            Some((_, mark)) => egui::Button::new(RichText::new(mark).strong().color(ALARM)),
            None => egui::Button::new(words),
        };
        if ui.add(button).clicked() {
            clicked = Some(subject);
        }
        ui.label(units(profile.hands as i64));
        ui.label(
            profile
                .bet_edge_correlation
                .map_or("—".into(), |r| format!("{r:.3}")),
        );
        ui.label(
            profile
                .correlation_p_value
                .map_or("—".into(), |p| format!("{p:.1e}")),
        );
        ui.end_row();
    };
    egui::Grid::new("floor-protection")
        .striped(true)
        .show(ui, |ui| {
            for title in ["Seat or player", "Hands", "r", "p"] {
                ui.strong(title);
            }
            ui.end_row();
            for seat in &figures.seats {
                row(
                    ui,
                    Subject::Seat(seat.seat),
                    format!("seat {}", seat.seat),
                    &seat.watched,
                );
            }
            for player in &figures.players {
                let words = format!("{} (seat {})", player.player.card, player.seat);
                row(
                    ui,
                    Subject::Player(player.player.card.clone()),
                    words,
                    &player.watched,
                );
            }
        });
    clicked
}

/// The window of one seat's or player's bets against the edge: the plot
/// and the skill check; false once closed.
pub(super) fn figures_window_ui(
    ctx: &egui::Context,
    station: &str,
    subject: &Subject,
    figures: &ShiftProtection,
    settings: &FlagSettings,
) -> bool {
    let (title, watched) = match subject {
        Subject::Seat(seat) => (
            format!("{station}, seat {seat}"),
            figures
                .seats
                .iter()
                .find(|s| s.seat == *seat)
                .map(|s| &s.watched),
        ),
        Subject::Player(card) => (
            format!("{station}, {card}"),
            figures
                .players
                .iter()
                .find(|p| p.player.card == *card)
                .map(|p| &p.watched),
        ),
    };
    let Some(watched) = watched else {
        return false;
    };
    let mut open = true;
    egui::Window::new(title)
        .open(&mut open)
        .default_pos([300.0, 80.0])
        .default_width(580.0)
        .show(ctx, |ui| {
            ui.strong("Bets against the edge this shift");
            let profile = profile(watched, settings);
            if profile.flagged {
                ui.colored_label(
                    ALARM,
                    RichText::new(format!(
                        "Counting? Bets follow the edge: p below {} over at least {} hands.",
                        settings.significance, settings.minimum_hands
                    ))
                    .strong(),
                );
            }
            ui.label("Each hand's bet (units, up) against the player's advantage at the bet (%, across): a flat bettor is a level row, a counter's bets climb to the right.");
            // Display only: plot coordinates are f64; bets stay integers.
            let points: Vec<[f64; 2]> = watched
                .points
                .iter()
                .map(|&(bet, advantage)| [advantage * 100.0, bet as f64])
                .collect();
            let plot = Plot::new("pit-protection-plot")
                // A fixed id, by which a test finds the plot's memory.
                .id(egui::Id::unique("pit-protection-plot"))
                .height(260.0)
                .x_axis_label("player's advantage at the bet (%)")
                .y_axis_label("bet (units)")
                .show(ui, |plot| {
                    plot.points(Points::new("hands", points).radius(2.5).color(ALARM));
                });
            super::super::widgets::relayout_when_plot_resized(
                ui,
                plot.response.id,
                plot.transform.frame().size(),
            );
            skill_check_ui(ui, &profile, watched);
        });
    open
}

/// The skill check's figures, in words a surveillance officer reads.
fn skill_check_ui(ui: &mut Ui, profile: &Profile, watched: &Watched) {
    let percent = |v: Option<f64>| v.map_or("—".to_owned(), |v| format!("{:.2}%", v * 100.0));
    let amount = |v: Option<f64>| v.map_or("—".to_owned(), |v| format!("{v:.1}"));
    let hours = (watched.seconds > 0).then(|| watched.seconds as f64 / 3600.0);
    let par_per_hand = (profile.hands > 0).then(|| watched.par_theo / profile.hands as f64);
    let par_per_hour = hours.map(|h| watched.par_theo / h);
    let figures = [
        ("Hands", units(profile.hands as i64)),
        (
            "Hands followed (played or sat out)",
            units(profile.hands_followed as i64),
        ),
        (
            "Bet–edge correlation r",
            profile
                .bet_edge_correlation
                .map_or("—".into(), |r| format!("{r:.3}")),
        ),
        (
            "p (bet test, one-sided)",
            profile
                .correlation_p_value
                .map_or("—".into(), |p| format!("{p:.1e}")),
        ),
        ("Advantage played at", percent(profile.advantage_played_at)),
        (
            "Play precision",
            format!(
                "{} ({} of {} decisions)",
                percent(profile.play_precision),
                profile.best_play_decisions,
                profile.decisions
            ),
        ),
        (
            "Mistakes' cost",
            format!("{} units", units(profile.mistakes_cost)),
        ),
        (
            "Skill theo per hand (par theo)",
            format!(
                "{} ({}) units",
                amount(profile.skill_theo_per_hand),
                amount(par_per_hand)
            ),
        ),
        (
            "Skill theo per hour (par theo)",
            format!(
                "{} ({}) units",
                amount(profile.skill_theo_per_hour),
                amount(par_per_hour)
            ),
        ),
        (
            "Skill theo (par theo)",
            format!(
                "{} ({}) units",
                units(profile.skill_theo),
                units(watched.par_theo.round() as i64)
            ),
        ),
    ];
    egui::Grid::new("pit-skill-check")
        .striped(true)
        .show(ui, |ui| {
            for (what, value) in figures {
                ui.label(what);
                ui.label(value);
                ui.end_row();
            }
        });
}
