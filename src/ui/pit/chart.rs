//! The Chart tab: the table's cumulative win over the shift.

use chrono::{DateTime, Utc};
use eframe::egui::{self, Ui};
use egui_plot::{Line, Plot, PlotPoints};

use crate::ui::widgets::relayout_when_plot_resized;

use crate::station::Station;
use crate::ui::error::ScreenError;

/// The cumulative win over the shift: (time, units).
type WinPoints = Vec<(DateTime<Utc>, i64)>;

/// The Chart tab: the points as read.
#[derive(Default)]
pub(super) struct ChartTab {
    chart: Option<Result<WinPoints, ScreenError>>,
}

impl ChartTab {
    /// Forgets the points, so the next frame reads them again.
    pub(super) fn reload(&mut self) {
        self.chart = None;
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("The table's win over the shift");
        let shift = station.shift_id();
        let points = self.chart.get_or_insert_with(|| {
            station
                .ledger()
                .win_over_shift(shift)
                .map_err(ScreenError::from)
        });
        let points = match points {
            Err(error) => {
                error.show_ui(ui);
                return;
            }
            Ok(points) => points.clone(),
        };
        let last = points.last().map_or(0, |(_, win)| *win);
        ui.label(format!(
            "House net so far: {last:+} units over {} hand(s) and void(s). Minutes since the shift opened across, units up.",
            points.len().saturating_sub(1)
        ));
        let start = points.first().map(|(t, _)| *t);
        // Display only: plot coordinates are f64; the figures stay integers.
        let series: Vec<[f64; 2]> = points
            .iter()
            .map(|(at, win)| {
                let minutes = start.map_or(0.0, |s| (*at - s).num_milliseconds() as f64 / 60_000.0);
                [minutes, *win as f64]
            })
            .collect();
        let plot = Plot::new("win-over-shift")
            // A fixed id, by which a test finds the plot's memory.
            .id(egui::Id::unique("win-over-shift"))
            .height(360.0)
            .x_axis_label("minutes since the shift opened")
            .y_axis_label("house win (units)")
            .show(ui, |plot_ui| {
                plot_ui.line(Line::new("win", PlotPoints::from(series)));
            });
        relayout_when_plot_resized(ui, plot.response.id, plot.transform.frame().size());
        if ui.button("Refresh the chart").clicked() {
            self.chart = None;
        }
    }
}
