//! Small drawing helpers shared by the screens: card faces, the status
//! light, labelled inputs, big buttons and the colours.

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Response, Sense, Stroke, StrokeKind, Ui, Vec2,
    WidgetInfo,
};

use crate::engine::Rank;
use crate::ids::StaffId;

/// The felt green behind the seats.
pub const FELT: Color32 = Color32::from_rgb(14, 74, 44);
/// The highlight around whoever acts.
pub const ACTOR: Color32 = Color32::from_rgb(255, 204, 0);
/// Alarms and refusals.
pub const ALARM: Color32 = Color32::from_rgb(220, 40, 40);
/// Good news: connected, paid.
pub const GOOD: Color32 = Color32::from_rgb(40, 190, 90);
/// Text on dark backgrounds.
pub const INK: Color32 = Color32::from_rgb(245, 245, 245);

/// Draws one card face, labelled with its rank for screen readers and tests.
pub fn card_face_ui(ui: &mut Ui, rank: Rank, size: Vec2, dimmed: bool) -> Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let painter = ui.painter();
    let (paper, ink) = if dimmed {
        (Color32::from_gray(150), Color32::from_gray(60))
    } else {
        (Color32::WHITE, Color32::BLACK)
    };
    painter.rect(
        rect,
        CornerRadius::same(5),
        paper,
        Stroke::new(1.5, Color32::BLACK),
        StrokeKind::Inside,
    );
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        rank.to_string(),
        FontId::proportional(size.y * 0.55),
        ink,
    );
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("card {rank}")));
    response
}

/// A row of card faces.
pub fn card_row_ui(ui: &mut Ui, ranks: &[Rank], size: Vec2) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for &rank in ranks {
            card_face_ui(ui, rank, size, false);
        }
    });
}

/// A round status light with a caption.
pub fn status_light_ui(ui: &mut Ui, colour: Color32, caption: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
        ui.painter()
            .circle(rect.center(), 8.0, colour, Stroke::new(1.0, Color32::BLACK));
        ui.label(caption);
    });
}

/// A single-line text input with a visible label that is also its
/// accessible name.
pub fn labelled_input_ui(ui: &mut Ui, label: &str, text: &mut String, width: f32) -> Response {
    labelled_text(ui, label, text, width, false)
}

/// A PIN input: masked, labelled.
pub fn pin_input_ui(ui: &mut Ui, label: &str, text: &mut String) -> Response {
    labelled_text(ui, label, text, 90.0, true)
}

fn labelled_text(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    width: f32,
    password: bool,
) -> Response {
    ui.horizontal(|ui| {
        let caption = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(text)
                .password(password)
                .desired_width(width),
        )
        .labelled_by(caption.id)
    })
    .inner
}

/// A large button for touch screens; `key` is shown on it.
pub fn big_button_ui(ui: &mut Ui, text: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text).size(22.0)).min_size(Vec2::new(150.0, 56.0)),
    )
    .clicked()
}

/// Whether the user typed or deleted text this frame: a refusal shown
/// about an input goes once the input is being fixed.
pub fn typed_this_frame(ui: &Ui) -> bool {
    ui.input(|input| {
        input.events.iter().any(|event| {
            matches!(
                event,
                egui::Event::Text(_)
                    | egui::Event::Paste(_)
                    | egui::Event::Key {
                        key: egui::Key::Backspace | egui::Key::Delete,
                        pressed: true,
                        ..
                    }
            )
        })
    })
}

/// A message (a refusal in [`ALARM`], a confirmation in [`GOOD`]) in a
/// space kept for it (two lines) whether or not there is one, so what is
/// below never jumps when it appears.
pub fn message_line_ui(ui: &mut Ui, text: &str, color: egui::Color32) {
    let height = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            if !text.is_empty() {
                ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
            }
        },
    );
}

/// A sentence in the alarm colour (empty text shows nothing).
pub fn error_text_ui(ui: &mut Ui, text: &str) {
    if !text.is_empty() {
        ui.colored_label(ALARM, text);
    }
}

/// A baud rate as typed: a positive whole number, or a sentence.
pub fn parse_baud(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|b| *b > 0)
        .ok_or_else(|| "the baud rate must be a positive whole number".to_owned())
}

/// A staff ID as typed: a positive whole number, or a sentence naming
/// whose ID is wrong (`who`: "dealer", "pit boss", …).
pub fn parse_staff_id(text: &str, who: &str) -> Result<StaffId, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|id| *id > 0)
        .map(StaffId)
        .ok_or_else(|| format!("the {who} ID must be a positive whole number"))
}

/// A refusal as a sentence: capital first letter, full stop.
pub fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Lays the frame out again when the area inside a plot's axes (`size`,
/// its plot `id`) changed since the pass shown before: egui_plot gives its axes
/// the room their labels took on the pass before, so a first draw (or
/// wider figures) would clip the y labels.
pub fn relayout_when_plot_resized(ui: &Ui, id: egui::Id, size: egui::Vec2) {
    // An unseen pass (a window's first) lays out no labels: the first
    // pass shown counts as the first draw.
    if ui.is_sizing_pass() || !ui.is_visible() {
        return;
    }
    let key = id.with("plot area");
    let before = ui.data_mut(|data| data.get_temp::<Vec2>(key));
    if before != Some(size) {
        ui.data_mut(|data| data.insert_temp(key, size));
        ui.ctx()
            .request_discard("the plot's axes took their labels' room");
    }
}
