//! The CSV: the report's figures for spreadsheets, one row per figure, in
//! the one layout documented in docs/reports.md:
//! `section,item,key,count,units,staff,time,text`. Amounts are whole table
//! units; times are RFC 3339 UTC; empty cells are empty.

use chrono::{DateTime, SecondsFormat, Utc};

use super::document::{cleared_how, correction_text};
use super::tenths;
use crate::engine::card::Rank;
use crate::engine::hand::GameKind;
use crate::inventory::format_basis_points;
use crate::ledger::report::{
    AlarmEntry, ChipCount, Correction, CorrectionKind, GameFigures, Inventory, KindTotal,
    ShiftReport, Slip, StaffRef,
};

/// The header line.
pub const CSV_HEADER: &str = "section,item,key,count,units,staff,time,text";

/// One CSV row under construction.
#[derive(Default)]
struct Line {
    cells: [String; 8],
}

impl Line {
    fn new(section: &str, item: &str) -> Line {
        let mut line = Line::default();
        line.cells[0] = section.to_owned();
        line.cells[1] = item.to_owned();
        line
    }
    fn key(mut self, key: impl ToString) -> Line {
        self.cells[2] = key.to_string();
        self
    }
    fn count(mut self, count: impl ToString) -> Line {
        self.cells[3] = count.to_string();
        self
    }
    fn units(mut self, units: impl ToString) -> Line {
        self.cells[4] = units.to_string();
        self
    }
    fn staff(mut self, staff: &StaffRef) -> Line {
        self.cells[5] = staff.to_string();
        self
    }
    /// Several people in the staff cell, `; `-separated.
    fn staff_list<'a>(mut self, staff: impl IntoIterator<Item = &'a StaffRef>) -> Line {
        self.cells[5] = staff
            .into_iter()
            .map(StaffRef::to_string)
            .collect::<Vec<_>>()
            .join("; ");
        self
    }
    fn time(mut self, time: DateTime<Utc>) -> Line {
        self.cells[6] = time.to_rfc3339_opts(SecondsFormat::Micros, true);
        self
    }
    fn text(mut self, text: impl ToString) -> Line {
        self.cells[7] = text.to_string();
        self
    }
    fn total(self, t: KindTotal) -> Line {
        self.count(t.count).units(t.amount)
    }
}

/// One cell as CSV: quoted where it holds a comma, a quote or a line
/// break. A text cell a spreadsheet would take for a formula (starting
/// with `=`, `+`, `-`, `@`, a tab or a carriage return; a number such as
/// `-1770` excepted) is neutralised with a leading `'` and quoted, so
/// `=HYPERLINK(...)` in a name is shown, never run (docs/reports.md).
pub(super) fn quote(cell: &str) -> String {
    let formula = cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(cell);
    if formula {
        format!("\"'{}\"", cell.replace('"', "\"\""))
    } else if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_owned()
    }
}

/// Whether `cell` is a plain number as the reports write them: a sign,
/// digits, at most one decimal point, perhaps a closing `%`.
fn is_number(cell: &str) -> bool {
    let digits = cell
        .strip_prefix(['-', '+'])
        .unwrap_or(cell)
        .trim_end_matches('%');
    let mut parts = digits.split('.');
    let whole = parts.next().unwrap_or("");
    let fraction = parts.next();
    parts.next().is_none()
        && !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

fn chips(out: &mut Vec<Line>, item: &str, count: &Option<ChipCount>) {
    match count {
        None => out.push(Line::new("inventory", item).text("not counted")),
        Some(count) => {
            for (denomination, n) in &count.chips {
                out.push(
                    Line::new("inventory", item)
                        .key(denomination)
                        .count(n)
                        .units(denomination * n),
                );
            }
            out.push(
                Line::new("inventory", &format!("{item}_total"))
                    .key(count.shift)
                    .units(count.total())
                    .staff_list([&count.dealer, &count.pit_boss])
                    .time(count.at),
            );
        }
    }
}

fn slips(out: &mut Vec<Line>, item: &str, slips: &Option<Vec<Slip>>) {
    match slips {
        None => out.push(Line::new("inventory", &format!("{item}s")).text("not recorded")),
        Some(list) => {
            for slip in list {
                let line = Line::new("inventory", item)
                    .key(&slip.number)
                    .units(slip.total())
                    .staff_list([&slip.requested_by, &slip.approved_by])
                    .time(slip.at);
                out.push(match &slip.voided {
                    Some(_) => line.text("voided"),
                    None => line,
                });
            }
            out.push(
                Line::new("inventory", &format!("{item}s"))
                    .count(list.iter().filter(|s| s.voided.is_none()).count())
                    .units(Inventory::total_of(slips).unwrap_or(0)),
            );
        }
    }
}

fn corrections(out: &mut Vec<Line>, list: &[Correction]) {
    for c in list {
        let line = match &c.kind {
            CorrectionKind::SlipVoid { number, units, .. } => Line::new("exceptions", "correction")
                .key(number)
                .units(units),
            CorrectionKind::Recount { shift, after, .. } => Line::new("exceptions", "correction")
                .key(shift)
                .units(after),
            CorrectionKind::CountWaived { shift, .. } => {
                Line::new("exceptions", "correction").key(shift)
            }
        };
        let text = match &c.reason {
            Some(reason) => format!("{}; reason: {reason}", correction_text(c)),
            None => correction_text(c),
        };
        out.push(line.staff_list(&c.by).time(c.at).text(text));
    }
    out.push(Line::new("exceptions", "corrections").count(list.len()));
}

fn alarms(out: &mut Vec<Line>, list: &[AlarmEntry]) {
    for a in list {
        let with_hand = |line: Line| match a.hand {
            Some(hand) => line.key(hand),
            None => line,
        };
        out.push(
            with_hand(Line::new("exceptions", "alarm"))
                .count(a.id)
                .time(a.raised_at)
                .text(format!("{}: {}", a.kind.as_str(), a.message)),
        );
        if let Some(clear) = &a.cleared {
            out.push(
                with_hand(Line::new("exceptions", "alarm_cleared"))
                    .count(a.id)
                    .staff(&clear.by)
                    .time(clear.at)
                    .text(cleared_how(clear)),
            );
        }
    }
    out.push(Line::new("exceptions", "alarms").count(list.len()));
    out.push(
        Line::new("exceptions", "alarms_open")
            .count(list.iter().filter(|a| a.cleared.is_none()).count()),
    );
}

fn lines(report: &ShiftReport) -> Vec<Line> {
    let h = &report.header;
    let mut out = vec![
        Line::new("header", "casino").text(h.casino.as_deref().unwrap_or("")),
        Line::new("header", "table")
            .key(h.table_id)
            .text(&h.table_name),
        Line::new("header", "game").text(h.game.as_str()),
        Line::new("header", "start").time(h.start),
    ];
    if let Some(shift) = h.shift {
        out.push(Line::new("header", "shift").key(shift));
    }
    out.push(match h.end {
        Some(end) => Line::new("header", "end").time(end),
        None => Line::new("header", "end").text("still open"),
    });
    for in_force in &h.rules {
        out.push(Line::new("header", "rules").key(&in_force.hash));
    }
    out.extend(
        h.dealers
            .iter()
            .map(|d| Line::new("header", "dealer").staff(d)),
    );
    out.extend(
        h.pit_bosses
            .iter()
            .map(|p| Line::new("header", "pit_boss").staff(p)),
    );
    let print = Line::new("header", "print")
        .count(report.print.number)
        .time(report.print.printed_at)
        .text(report.print.kind());
    out.push(match &report.print.printed_by {
        Some(by) => print.staff(by),
        None => print,
    });

    let inv = &report.inventory;
    for shift in &inv.shifts {
        let line = Line::new("inventory", "shift").key(shift);
        out.push(if inv.beyond_period.contains(shift) {
            line.text("has hands outside the period")
        } else {
            line
        });
    }
    chips(&mut out, "opener", &inv.opener);
    if let Some(started) = inv.play_before_opener {
        out.push(
            Line::new("inventory", "play_before_opener")
                .time(started)
                .text("play began before the opener was counted"),
        );
    }
    chips(&mut out, "closer", &inv.closer);
    slips(&mut out, "fill", &inv.fills);
    slips(&mut out, "credit", &inv.credits);
    out.push(match inv.drop {
        Some(0) => Line::new("inventory", "drop")
            .units(0)
            .text("none recorded"),
        Some(d) => Line::new("inventory", "drop").units(d),
        None => Line::new("inventory", "drop").text("not counted"),
    });
    out.push(match inv.inventory_win() {
        Some(w) => Line::new("inventory", "inventory_win").units(w),
        None => Line::new("inventory", "inventory_win").text("not computed"),
    });
    out.push(Line::new("inventory", "ledger_win").units(inv.ledger_win));
    out.push(match inv.variance() {
        Some(v) => Line::new("inventory", "variance").units(v),
        None if !inv.beyond_period.is_empty() => Line::new("inventory", "variance")
            .text("not computed: the inventory's shifts have hands outside the period"),
        None => Line::new("inventory", "variance").text("not computed"),
    });
    out.push(match inv.hold_basis_points() {
        Some(bp) => Line::new("inventory", "hold")
            .count(bp)
            .text(format_basis_points(bp)),
        None => Line::new("inventory", "hold").text("not computed"),
    });

    if let Some(to_date) = &inv.to_date {
        for (scope, figures) in [
            ("table_month", &to_date.table_month),
            ("table_year", &to_date.table_year),
            ("game_month", &to_date.game_month),
            ("game_year", &to_date.game_year),
        ] {
            out.extend([
                Line::new("to_date", scope)
                    .key("shifts")
                    .count(figures.shifts)
                    .time(figures.since),
                Line::new("to_date", scope)
                    .key("left_out")
                    .count(figures.left_out),
                Line::new("to_date", scope).key("drop").units(figures.drop),
                Line::new("to_date", scope).key("win").units(figures.win),
                match figures.hold_basis_points() {
                    Some(bp) => Line::new("to_date", scope)
                        .key("hold")
                        .count(bp)
                        .text(format_basis_points(bp)),
                    None => Line::new("to_date", scope).key("hold").text("not computed"),
                },
            ]);
        }
    }

    let p = &report.play;
    out.extend([
        Line::new("play", "hands").count(p.hands),
        Line::new("play", "voided").count(p.voided),
        Line::new("play", "shoes").count(p.shoes),
        Line::new("play", "shuffles").count(p.shuffles),
        Line::new("play", "mid_hand_shuffles").count(p.mid_hand_shuffles),
        Line::new("play", "external_shuffles").count(p.external_shuffles),
        Line::new("play", "cards_dealt").count(p.cards_dealt),
        Line::new("play", "cards_burned").count(p.cards_burned),
        Line::new("play", "wagered").units(p.wagered),
    ]);
    if let Some((first, last)) = p.hand_ids {
        out.push(Line::new("play", "first_hand").key(first));
        out.push(Line::new("play", "last_hand").key(last));
    }
    if let Some(t) = report.hands_per_hour_tenths() {
        out.push(Line::new("play", "hands_per_hour").text(tenths(t)));
    }
    if let Some(hold) = p.expected_hold {
        out.extend([
            Line::new("play", "expected_hold")
                .count(hold.hands)
                .units(hold.expected),
            Line::new("play", "expected_low").units(hold.low),
            Line::new("play", "expected_high").units(hold.high),
            Line::new("play", "actual_hold").units(p.actual_hold).text(
                match (report.header.game, hold.covers(p.actual_hold)) {
                    (GameKind::Starboard, true) => "as the rules take",
                    (GameKind::Starboard, false) => "flagged: not the rake due",
                    (GameKind::Rocket, true) => "within the 95% range",
                    (GameKind::Rocket, false) => "flagged: outside the 95% range",
                },
            ),
        ]);
    }

    match &report.game {
        GameFigures::Rocket(r) => {
            for rank in Rank::ALL {
                out.push(
                    Line::new("rocket", "pair_loss")
                        .key(rank)
                        .total(r.pair_losses[rank.index()]),
                );
            }
            for rank in Rank::ALL {
                out.push(
                    Line::new("rocket", "dealer_pair_payout")
                        .key(rank)
                        .total(r.dealer_pairs[rank.index()]),
                );
            }
            out.push(Line::new("rocket", "fold_fee").total(r.fold_fees));
            out.push(Line::new("rocket", "dealer_three_payout").total(r.dealer_threes));
            for payout in &r.largest_payouts {
                out.push(
                    Line::new("rocket", "largest_payout")
                        .key(payout.hand)
                        .units(payout.amount)
                        .text(format!(
                            "seat {} {}{}",
                            payout.seat,
                            payout.kind.as_str(),
                            payout.rank.map_or_else(String::new, |r| format!(" {r}"))
                        )),
                );
            }
        }
        GameFigures::Starboard(s) => out.extend([
            Line::new("starboard", "pots").count(s.pots),
            Line::new("starboard", "split_pots").count(s.split_pots),
            Line::new("starboard", "ante").total(s.antes),
            Line::new("starboard", "draw").total(s.draws),
            Line::new("starboard", "carry_in").total(s.carry_in),
            Line::new("starboard", "pot_award").total(s.pot_awards),
            Line::new("starboard", "rake").total(s.rake),
            Line::new("starboard", "carry_out").total(s.carry_out),
        ]),
    }

    let e = &report.exceptions;
    for v in &e.voids {
        out.push(
            Line::new("exceptions", "void")
                .key(v.hand)
                .units(v.reversed)
                .staff(&v.approved_by)
                .time(v.at)
                .text(&v.reason),
        );
        out.push(
            Line::new("exceptions", "void_win_change")
                .key(v.hand)
                .units(v.win_effect),
        );
    }
    out.push(Line::new("exceptions", "voids").count(e.voids.len()));
    for c in &e.manual_cards {
        let mut line = Line::new("exceptions", "manual_card")
            .key(c.hand)
            .count(c.rank)
            .time(c.at)
            .text(format!("step {} to {}", c.step, c.destination));
        if let Some(by) = &c.approved_by {
            line = line.staff(by);
        }
        out.push(line);
    }
    out.push(Line::new("exceptions", "manual_cards").count(e.manual_cards.len()));
    corrections(&mut out, &e.corrections);
    alarms(&mut out, &e.alarms);
    for change in &e.staff_changes {
        out.push(
            Line::new("exceptions", "staff_change")
                .staff_list(&change.by)
                .time(change.at)
                .text(&change.what),
        );
    }
    out.push(Line::new("exceptions", "staff_changes").count(e.staff_changes.len()));

    let i = &report.integrity;
    out.extend([
        Line::new("integrity", "rows").count(i.head.rows),
        Line::new("integrity", "head_hash").text(i.head.hash_hex()),
        Line::new("integrity", "station_key")
            .text(i.station_key.clone().unwrap_or_else(|| "none".into())),
        Line::new("integrity", "hands_checked").count(i.hands_checked),
        Line::new("integrity", "discrepancies").count(i.discrepancies),
    ]);
    out.extend(
        i.quoted
            .iter()
            .map(|d| Line::new("integrity", "discrepancy").text(d)),
    );
    out
}

/// The report as CSV text (header line first, `\n` line ends).
pub fn render_csv(report: &ShiftReport) -> String {
    let mut text = String::from(CSV_HEADER);
    text.push('\n');
    for line in lines(report) {
        let cells: Vec<String> = line.cells.iter().map(|c| quote(c)).collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn formulas_are_written_as_text_and_numbers_as_numbers() {
        for (cell, written) in [
            ("=2+5", "\"'=2+5\""),
            ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
            ("+1+1", "\"'+1+1\""),
            ("-2+3", "\"'-2+3\""),
            ("-", "\"'-\""),
            ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\tx", "\"'\tx\""),
            ("\rx", "\"'\rx\""),
            ("-1770", "-1770"),
            ("+5", "+5"),
            ("-12.50%", "-12.50%"),
            ("-0.5", "-0.5"),
            ("-1.", "\"'-1.\""),
            ("-1.2.3", "\"'-1.2.3\""),
            ("a,b", "\"a,b\""),
            ("table 1", "table 1"),
        ] {
            assert_eq!(quote(cell), written, "{cell:?}");
        }
    }
}
