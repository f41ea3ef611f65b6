//! Every CSV the program writes, against its document: the shift report's
//! (docs/reports.md, "CSV layout"), the rated-play report's
//! (docs/rating.md) and the floor report's (docs/floor.md).

use chrono::{DateTime, TimeZone, Utc};

use pairs_table::engine::Rank;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::money::TransferKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::ids::{HandId, ShiftId, StaffId, TableId};
use pairs_table::ledger::report::{
    AlarmClear, AlarmEntry, ChipCount, ClearedUnder, Correction, CorrectionKind, Exceptions,
    FloorCopy, GameFigures, Header, Integrity, Inventory, KindTotal, ManualCard, Payout,
    PlayFigures, PrintStamp, RocketFigures, RulesInForce, ShiftReport, Slip, SlipVoid, StaffChange,
    StaffRef, StarboardFigures, TableFigures, ToDate, ToDateFigures, VoidEntry,
};
use pairs_table::ledger::{AlarmKind, ChainHead, CountKind, SlipKind};
use pairs_table::par::hold::ExpectedHold;
use pairs_table::report::floor::{FloorPeriod, FloorReport, FloorTable};
use pairs_table::report::{render_csv, render_floor_csv, render_rating_csv};

use super::{assert_text, block};

const REPORTS: &str = "docs/reports.md";

fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, hour, minute, 0).unwrap()
}

fn staff(id: u32, name: &str) -> StaffRef {
    StaffRef {
        id: StaffId(id),
        name: name.into(),
    }
}

fn dealer() -> StaffRef {
    staff(10, "Dana Dealer")
}

fn boss() -> StaffRef {
    staff(20, "Pat Boss")
}

fn other_boss() -> StaffRef {
    staff(21, "Oona Other")
}

fn total(count: i64, amount: i64) -> KindTotal {
    KindTotal { count, amount }
}

/// The documented example: a Rocket shift report with a row of every
/// kind the shift report's CSV has (docs/reports.md, "An example").
fn every_row_report() -> ShiftReport {
    let slip = |number: &str, minute: u32, chips: Vec<(u64, u64)>, approved_by: StaffRef| Slip {
        number: number.into(),
        shift: ShiftId(12),
        at: at(1, 21, minute),
        chips,
        requested_by: dealer(),
        approved_by,
        voided: None,
    };
    let voided_credit = Slip {
        voided: Some(SlipVoid {
            reason: "entered at the wrong table".into(),
            by: [dealer(), boss()],
            at: at(1, 21, 20),
        }),
        ..slip("2026-000042", 15, vec![(5, 60)], boss())
    };
    let to_date = |day: u32, month: u32, shifts, left_out, drop, win| ToDate {
        since: Utc.with_ymd_and_hms(2026, month, day, 0, 0, 0).unwrap(),
        shifts,
        left_out,
        drop,
        win,
    };
    let mut rocket = RocketFigures::default();
    for (rank, losses) in (1..=10).zip([0, 1, 2, 3, 4, 6, 7, 9, 10, 12]) {
        rocket.pair_losses[rank - 1] = total(losses, losses * rank as i64 * 10);
    }
    for (rank, pairs) in (1..=10).zip([1, 1, 0, 2, 2, 3, 4, 5, 6, 7]) {
        rocket.dealer_pairs[rank - 1] = total(pairs, pairs * rank as i64 * 10);
    }
    rocket.fold_fees = total(31, 640);
    rocket.dealer_threes = total(17, 510);
    rocket.largest_payouts = vec![
        Payout {
            hand: HandId(655),
            seat: 4,
            kind: TransferKind::DealerPairPayout,
            rank: Rank::new(10).ok(),
            amount: 100,
        },
        Payout {
            hand: HandId(590),
            seat: 1,
            kind: TransferKind::DealerThreePayout,
            rank: Rank::new(3).ok(),
            amount: 30,
        },
    ];
    ShiftReport {
        header: Header {
            casino: Some("Harbour Casino, Deck 2".into()),
            table_id: TableId(3),
            table_name: "T7".into(),
            game: GameKind::Rocket,
            rules: vec![RulesInForce {
                hash: HouseRules::default().hash_hex(),
                rules: HouseRules::default(),
            }],
            shift: Some(ShiftId(12)),
            start: at(1, 18, 0),
            end: Some(at(2, 2, 0)),
            dealers: vec![dealer()],
            pit_bosses: vec![boss(), other_boss()],
        },
        inventory: Inventory {
            shifts: vec![12],
            beyond_period: vec![],
            opener: Some(ChipCount {
                shift: ShiftId(12),
                chips: vec![(25, 40), (5, 200)],
                at: at(1, 18, 4),
                dealer: dealer(),
                pit_boss: boss(),
            }),
            closer: Some(ChipCount {
                shift: ShiftId(12),
                chips: vec![(25, 44), (5, 190)],
                at: at(2, 1, 58),
                dealer: dealer(),
                pit_boss: boss(),
            }),
            fills: Some(vec![slip("2026-000041", 0, vec![(25, 20)], other_boss())]),
            credits: Some(vec![
                voided_credit,
                slip("2026-000043", 30, vec![(25, 8)], boss()),
            ]),
            drop: Some(1500),
            ledger_win: 1234,
            play_before_opener: Some(at(1, 18, 2)),
            to_date: Some(ToDateFigures {
                game: GameKind::Rocket,
                table_month: to_date(1, 3, 1, 0, 1500, 1250),
                table_year: to_date(1, 1, 40, 2, 61_000, 9150),
                game_month: to_date(1, 3, 3, 1, 0, 0),
                game_year: to_date(1, 1, 95, 4, 150_000, 21_000),
            }),
        },
        play: PlayFigures {
            hands: 180,
            voided: 1,
            hand_ids: Some((501, 680)),
            table_hands: Some((1, 180)),
            last_hand_end: Some(at(2, 1, 55)),
            shoes: 2,
            shuffles: 14,
            mid_hand_shuffles: 1,
            external_shuffles: 0,
            cards_dealt: 3688,
            cards_burned: 70,
            wagered: 106_800,
            expected_hold: Some(ExpectedHold {
                hands: 179,
                expected: 3546,
                low: -7528,
                high: 14_621,
            }),
            actual_hold: 1234,
        },
        game: GameFigures::Rocket(Box::new(rocket)),
        exceptions: Exceptions {
            voids: vec![VoidEntry {
                hand: HandId(612),
                reason: "dealer misdealt the seat order".into(),
                approved_by: boss(),
                at: at(1, 22, 10),
                reversed: 180,
                win_effect: -160,
            }],
            manual_cards: vec![ManualCard {
                hand: HandId(640),
                step: 7,
                rank: Rank::new(4).unwrap(),
                destination: "seat 3".into(),
                approved_by: Some(boss()),
                at: at(1, 23, 5),
            }],
            corrections: vec![
                Correction {
                    at: at(1, 18, 4),
                    kind: CorrectionKind::Recount {
                        count: CountKind::Opener,
                        shift: ShiftId(12),
                        before: 2100,
                        after: 2000,
                    },
                    reason: None,
                    by: vec![dealer(), boss()],
                },
                Correction {
                    at: at(1, 21, 20),
                    kind: CorrectionKind::SlipVoid {
                        number: "2026-000042".into(),
                        slip: SlipKind::Credit,
                        units: 300,
                    },
                    reason: Some("entered at the wrong table".into()),
                    by: vec![dealer(), boss()],
                },
                Correction {
                    at: at(1, 18, 1),
                    kind: CorrectionKind::CountWaived {
                        count: CountKind::Closer,
                        shift: ShiftId(11),
                    },
                    reason: Some("the tray was locked away uncounted".into()),
                    by: vec![boss()],
                },
            ],
            alarms: vec![
                AlarmEntry {
                    id: 7,
                    kind: AlarmKind::Scanner,
                    message: "lost frames 41 to 42 from the shoe".into(),
                    hand: Some(HandId(633)),
                    raised_at: at(1, 22, 40),
                    cleared: Some(AlarmClear {
                        at: at(1, 22, 42),
                        how: "scanner alarm overridden: lost frames 41 to 42 from the shoe".into(),
                        by: boss(),
                        approval: Some((ClearedUnder::ScannerOverride, dealer())),
                    }),
                },
                AlarmEntry {
                    id: 8,
                    kind: AlarmKind::Connection,
                    message: "the shoe's connection was lost".into(),
                    hand: None,
                    raised_at: at(2, 1, 56),
                    cleared: None,
                },
            ],
            staff_changes: vec![StaffChange {
                at: at(1, 19, 0),
                what: "added staff member 12 (Sam Dealer) as dealer".into(),
                by: vec![boss()],
            }],
        },
        integrity: Integrity {
            head: ChainHead {
                rows: 7362,
                hash: [0xb3; 32],
            },
            hands_checked: 180,
            discrepancies: 1,
            quoted: vec!["row 5120 (hands), hand 612: the stored hash does not match".into()],
            station_key: Some("fe812c12f3ab4ce6ac5db69ac352f906".into()),
        },
        print: PrintStamp {
            number: 2,
            interim: false,
            printed_at: at(2, 2, 10),
            first_printed_at: Some(at(2, 2, 5)),
            printed_by: Some(boss()),
            floor_copy: None,
        },
    }
}

/// The same report at a Starboard table.
fn starboard_report() -> ShiftReport {
    let mut report = every_row_report();
    report.header.game = GameKind::Starboard;
    // Starboard's expected hold is the rake due, exact: here the rake taken.
    report.play.expected_hold = Some(ExpectedHold {
        hands: 179,
        expected: 175,
        low: 175,
        high: 175,
    });
    report.play.actual_hold = 175;
    report.game = GameFigures::Starboard(StarboardFigures {
        pots: 180,
        split_pots: 12,
        antes: total(720, 720),
        draws: total(1050, 1050),
        carry_in: total(9, 11),
        pot_awards: total(195, 1595),
        rake: total(160, 175),
        carry_out: total(10, 11),
    });
    report
}

/// Each line's first two cells (`section,item`), a run of lines with the
/// same two collapsed to one.
fn layout(csv: &str) -> Vec<String> {
    let mut names: Vec<String> = csv
        .lines()
        .map(|line| line.split(',').take(2).collect::<Vec<_>>().join(","))
        .collect();
    names.dedup();
    names
}

#[test]
fn the_shift_report_csv_has_the_documented_header_and_rows() {
    let csv = render_csv(&every_row_report());
    let header = csv.lines().next().unwrap();
    assert_text(REPORTS, "csv-header", &format!("{header}\n"));
    assert_text(REPORTS, "csv-example", &csv);
}

#[test]
fn a_floor_copy_says_so_in_its_print_row() {
    let mut report = every_row_report();
    report.print = PrintStamp {
        number: 1,
        interim: true,
        printed_at: at(2, 2, 10),
        first_printed_at: None,
        printed_by: Some(boss()),
        floor_copy: Some(FloorCopy {
            station: "north".into(),
        }),
    };
    let csv = render_csv(&report);
    let print: String = csv
        .lines()
        .filter(|line| line.starts_with("header,print,"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_text(REPORTS, "csv-print-floor-copy", &print);
}

/// The Rocket example with its `rocket` rows replaced by `rows` and its
/// game named `game`.
fn example_for(game: &str, rows: &str) -> String {
    let example = block(REPORTS, "csv-example");
    let at = example.find("\nrocket,").unwrap() + 1;
    let end = example.rfind("\nrocket,").unwrap() + 1;
    let end = end + example[end..].find('\n').unwrap() + 1;
    let mut text = format!("{}{rows}{}", &example[..at], &example[end..]);
    text = text.replace(
        "\nheader,game,,,,,,rocket\n",
        &format!("\nheader,game,,,,,,{game}\n"),
    );
    text
}

#[test]
fn a_starboard_shift_report_csv_has_the_documented_game_rows() {
    let csv = render_csv(&starboard_report());
    let rows: String = csv
        .lines()
        .filter(|line| line.starts_with("starboard,"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_text(REPORTS, "csv-example-starboard", &rows);
    let mut expected = example_for("starboard", &block(REPORTS, "csv-example-starboard"));
    // The expected hold's rows as the Starboard block gives them.
    let rocket_hold: String = block(REPORTS, "csv-example")
        .lines()
        .filter(|line| line.starts_with("play,expected_") || line.starts_with("play,actual_hold,"))
        .map(|line| format!("{line}\n"))
        .collect();
    expected = expected.replace(&rocket_hold, &block(REPORTS, "csv-example-starboard-hold"));
    assert!(
        csv == expected,
        "{REPORTS}: a Starboard report is csv-example with csv-example-starboard \
         in place of the rocket rows; the program wrote\n{csv}"
    );
}

/// Whether `part` is `whole` with some entries left out (order kept).
fn is_subsequence(part: &[String], whole: &[String]) -> bool {
    let mut whole = whole.iter();
    part.iter().all(|name| whole.any(|n| n == name))
}

/// `report shift` on a simulated ledger writes the documented header, and
/// every row it writes is a documented row, in the documented order.
#[test]
fn report_shift_writes_the_documented_csv_layout() {
    let dir = crate::util::temp_db("golden-csv").with_file_name("");
    for game in ["rocket", "starboard"] {
        let documented = match game {
            "rocket" => block(REPORTS, "csv-example"),
            _ => example_for(game, &block(REPORTS, "csv-example-starboard")),
        };
        let db = dir.join(format!("{game}.sqlite3"));
        let csv = dir.join(format!("{game}.csv"));
        let run = |args: &[&str]| {
            let output = crate::pairs_table().args(args).output().unwrap();
            assert!(
                output.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        let db_arg = db.to_str().unwrap();
        run(&[
            "simulate", "--game", game, "--hands", "5", "--decks", "1", "--seats", "3", "--seed",
            "7", "--db", db_arg,
        ]);
        run(&[
            "report",
            "shift",
            "--db",
            db_arg,
            "--out",
            dir.join(format!("{game}.pdf")).to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
        ]);
        let written = std::fs::read_to_string(&csv).unwrap();
        assert_text(
            REPORTS,
            "csv-header",
            &format!("{}\n", written.lines().next().unwrap()),
        );
        let written_layout = layout(&written);
        for row in [format!("{game},"), "integrity,discrepancies".into()] {
            assert!(
                written_layout.iter().any(|n| n.starts_with(&row)),
                "{row} in\n{written}"
            );
        }
        assert!(
            is_subsequence(&written_layout, &layout(&documented)),
            "{REPORTS}: `report shift` wrote a row that the documented example \
             (csv-example) does not have, or not in that order:\n{written}"
        );
    }
}

const RATING: &str = "docs/rating.md";

/// `rating --out --csv` over the documented rated player's day writes the
/// documented header and CSV (the ledger of docs/rating.md's JSON example).
#[test]
fn the_rated_play_report_csv_is_the_documented_one() {
    let path = super::json::rated_ledger();
    let csv = path.with_extension("csv");
    let output = crate::pairs_table()
        .args(["rating", "--db", path.to_str().unwrap()])
        .args([
            "--from",
            "2026-03-01T00:00:00Z",
            "--to",
            "2026-03-02T00:00:00Z",
        ])
        .arg("--out")
        .arg(path.with_extension("pdf"))
        .arg("--csv")
        .arg(&csv)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = std::fs::read_to_string(&csv).unwrap();
    assert_text(
        RATING,
        "rating-csv-header",
        &format!("{}\n", written.lines().next().unwrap()),
    );
    assert_text(RATING, "rating-csv", &written);
}

/// The rendering itself (`report::render_rating_csv`) writes the same
/// header as the one the command wrote.
#[test]
fn the_rated_play_csv_header_is_the_documented_one() {
    let empty = render_rating_csv(&pairs_table::rating::RatedPlayReport {
        period: pairs_table::rating::Period::default(),
        strategy: pairs_table::simulate::Strategy::Optimal,
        players: vec![],
        printed_at: at(2, 2, 10),
    });
    assert_text(
        RATING,
        "rating-csv-header",
        &format!("{}\n", empty.lines().next().unwrap()),
    );
}

const FLOOR: &str = "docs/floor.md";

/// The fenced block right after the line of `doc` that ends with `lead`
/// (docs/floor.md gives the floor CSV's header that way), a `<!-- ... -->`
/// marker before it allowed.
fn block_after(doc: &str, lead: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .skip_while(|line| !line.trim_end().ends_with(lead));
    assert!(lines.next().is_some(), "{doc}: no line ends with {lead:?}");
    let mut lines = lines.skip_while(|line| line.trim().is_empty() || line.starts_with("<!--"));
    let fence = lines.next().unwrap_or_default();
    assert!(fence.starts_with("```"), "{doc}: no block after {lead:?}");
    lines
        .take_while(|line| !line.starts_with("```"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The floor report's CSV: docs/floor.md's header line, a row per table
/// and a `total` row.
#[test]
fn the_floor_report_csv_has_the_documented_header() {
    let report = every_row_report();
    let figures = TableFigures {
        header: report.header,
        inventory: report.inventory,
        play: report.play,
        exceptions: report.exceptions,
    };
    let floor = FloorReport {
        period: FloorPeriod::LatestShifts,
        tables: vec![FloorTable {
            station: "north".into(),
            figures,
        }],
        left_out: vec![],
        clocks: vec![],
        verifier: None,
        printed_at: at(2, 2, 10),
    };
    let csv = render_floor_csv(&floor);
    let lines: Vec<&str> = csv.lines().collect();
    let documented = block_after(FLOOR, "The CSV's header is");
    assert_eq!(
        format!("{}\n", lines[0]),
        documented,
        "{FLOOR}: the floor report's CSV header is not the document's"
    );
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].starts_with("north,T7,rocket,12,"), "{csv}");
    assert!(lines[2].starts_with("total,,,,"), "{csv}");
}

const PROTECTION: &str = "docs/game-protection.md";

/// `report protection --csv` over the ledger of docs/rating.md's JSON
/// example writes the documented header and CSV, and its PDF reads back
/// with the same seats, player and shuffles.
#[test]
fn the_game_protection_report_csv_is_the_documented_one() {
    let path = super::json::rated_ledger();
    let (pdf, csv) = (path.with_extension("pdf"), path.with_extension("csv"));
    let output = crate::pairs_table()
        .args(["report", "protection", "--db", path.to_str().unwrap()])
        .args([
            "--from",
            "2026-03-01T00:00:00Z",
            "--to",
            "2026-03-02T00:00:00Z",
        ])
        .arg("--out")
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!(
            "printed {}: 1 table, 3 seats, 1 rated player, 0 flagged\n",
            pdf.display()
        )
    );
    let written = std::fs::read_to_string(&csv).unwrap();
    assert_text(
        PROTECTION,
        "protection-csv-header",
        &format!("{}\n", written.lines().next().unwrap()),
    );
    assert_text(PROTECTION, "protection-csv", &written);
    let text = crate::pdf_text::pdf_text(&std::fs::read(&pdf).unwrap());
    assert!(text.contains("Game protection"), "{text}");
    assert!(text.contains("C-1001\tAnn Lee\t39\t"), "{text}");
    assert!(text.contains("table 1\t2\t39\t"), "{text}");
    assert!(
        text.contains("Rated player C-1001 Ann Lee: each hand's bet against their advantage"),
        "the rated player's own chart: {text}"
    );
    let shuffle_rows = written
        .lines()
        .filter(|l| l.starts_with("shuffle,"))
        .count();
    assert!(
        text.contains(&format!("0 of {shuffle_rows} shuffles listed.")),
        "{text}"
    );
    // Every hand worked out again from its cards (`--recompute`): the same
    // figures as those recorded with the hands.
    let recomputed = path.with_extension("recomputed.csv");
    let output = crate::pairs_table()
        .args(["report", "protection", "--recompute", "--db"])
        .arg(&path)
        .args([
            "--from",
            "2026-03-01T00:00:00Z",
            "--to",
            "2026-03-02T00:00:00Z",
        ])
        .arg("--out")
        .arg(path.with_extension("recomputed.pdf"))
        .arg("--csv")
        .arg(&recomputed)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&recomputed).unwrap(), written);
}
