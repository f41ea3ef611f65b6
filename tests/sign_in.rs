//! A relief dealer signs in by touch (issue 46, item 1): at 1280×800 and
//! 1024×768, whatever the header holds (no floor, a floor linked, a link
//! down with a long reason, the link's alarm, a scanner alarm), every
//! input and button of the sign-in is inside the window.

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::floor::FloorDb;
use crate::util::{
    SCREENS, Script, app_at, open, run_until, run_until_shown, setup, staffed_ledger,
};
use pairs_table::engine::hand::GameKind;
use pairs_table::floor;
use pairs_table::station::SourceChoice;
use pairs_table::ui::StationApp;

/// A table open on the simulated shoe (its script returned), at `size`,
/// the dealer signed out; `floor` (URL, notice minutes) links it.
fn signed_out_at(
    name: &str,
    size: egui::Vec2,
    floor: Option<(String, i64)>,
) -> (Harness<'static, StationApp>, Script) {
    let (ledger, _, _) = staffed_ledger(name);
    let (script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    station.sign_out_dealer().unwrap();
    let mut app = StationApp::with_station(station, egui::Context::default());
    if let Some((url, notice)) = floor {
        app.ship_to_floor(url, crate::test_keys(), chrono::TimeDelta::minutes(notice));
    }
    (app_at(app, size), script)
}

/// Every text input, and the Sign in button, lies inside the window.
fn sign_in_fits(harness: &Harness<'_, StationApp>, size: egui::Vec2, state: &str) {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    for field in ["Dealer ID", "Dealer PIN"] {
        let rect = harness.get_by_label(field).rect();
        assert!(
            screen.contains_rect(rect),
            "{field} at {rect:?} is outside the {size:?} window ({state})"
        );
    }
    for input in harness.query_all_by_role(Role::TextInput) {
        let rect = input.rect();
        assert!(
            screen.contains_rect(rect),
            "an input at {rect:?} is outside the {size:?} window ({state}): {input:?}"
        );
    }
    let button = harness.get_by_label("Sign in").rect();
    assert!(
        screen.contains_rect(button),
        "Sign in at {button:?} is outside the {size:?} window ({state})"
    );
}

#[test]
fn the_sign_in_fits_the_window_whatever_the_header_holds() {
    let floor_db = FloorDb::new();
    let url = floor::enrol(
        &floor_db.url(),
        "sign-in station",
        crate::test_keys().public_key(),
    )
    .unwrap();
    for size in SCREENS {
        let tag = size.x as u32;
        let (mut harness, _) = signed_out_at(
            &format!("sign-in-linked-{tag}"),
            size,
            Some((url.clone(), 5)),
        );
        run_until_shown(&mut harness, "Floor: linked");
        sign_in_fits(&harness, size, "linked");

        let down = "postgres://nobody@127.0.0.1:1/none".to_owned();
        let (mut harness, _) = signed_out_at(
            &format!("sign-in-down-{tag}"),
            size,
            Some((down.clone(), 5)),
        );
        run_until_shown(&mut harness, "Floor: link down since");
        sign_in_fits(&harness, size, "link down");

        let (mut harness, _) =
            signed_out_at(&format!("sign-in-alarm-{tag}"), size, Some((down, 0)));
        run_until_shown(&mut harness, "play goes on; the rows ship when it returns");
        sign_in_fits(&harness, size, "the link's alarm");

        // Without a floor; then a card the shoe reads between hands: play
        // stops, and the sign-in is in the alarm's window.
        let (mut harness, mut script) =
            signed_out_at(&format!("sign-in-scanner-{tag}"), size, None);
        sign_in_fits(&harness, size, "no floor");
        script.card(10);
        run_until(&mut harness, "the scanner's alarm", |h| {
            h.query_all_by_label_contains("play is stopped")
                .next()
                .is_some()
        });
        sign_in_fits(&harness, size, "a scanner alarm");
    }
}
