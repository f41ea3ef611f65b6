//! Work that runs on its own thread so the window keeps drawing: checking
//! the whole ledger chain takes seconds once a table has months of hands,
//! and the dealer's table is on the same screen.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use eframe::egui;

use crate::ui::error::ScreenError;

/// How often a window with work under way looks for its result, besides
/// being woken when it ends.
const LOOK_AGAIN: Duration = Duration::from_millis(200);

/// One piece of work under way on its own thread.
pub(crate) struct Job<T> {
    result: Receiver<Result<T, ScreenError>>,
    what: &'static str,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread named after `what` (e.g. "chain check");
    /// the window is woken when it ends.
    pub(crate) fn start(
        ctx: &egui::Context,
        what: &'static str,
        work: impl FnOnce() -> Result<T, ScreenError> + Send + 'static,
    ) -> Job<T> {
        let (send, result) = channel();
        let on_failure = send.clone();
        let ctx = ctx.clone();
        let started = std::thread::Builder::new()
            .name(what.to_owned())
            .spawn(move || {
                let _ = send.send(work());
                ctx.request_repaint();
            });
        if let Err(error) = started {
            let _ = on_failure.send(Err(ScreenError::NotStarted {
                what,
                source: error,
            }));
        }
        Job { result, what }
    }

    /// The result once the work has ended; until then `None`, and the
    /// window looks again shortly.
    pub(crate) fn finished(&mut self, ctx: &egui::Context) -> Option<Result<T, ScreenError>> {
        match self.result.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(LOOK_AGAIN);
                None
            }
            Err(TryRecvError::Disconnected) => Some(Err(ScreenError::Stopped(self.what))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T: Send + 'static>(mut job: Job<T>) -> Result<T, ScreenError> {
        let ctx = egui::Context::default();
        loop {
            if let Some(result) = job.finished(&ctx) {
                return result;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_job_hands_back_its_result() {
        let ctx = egui::Context::default();
        assert_eq!(wait(Job::start(&ctx, "sum", || Ok(2 + 2))).unwrap(), 4);
        let refused: Job<()> =
            Job::start(&ctx, "check", || Err(ScreenError::Form("no file".into())));
        assert_eq!(wait(refused).unwrap_err().to_string(), "no file");
    }

    #[test]
    fn a_job_that_dies_says_so_instead_of_waiting_forever() {
        let ctx = egui::Context::default();
        let job: Job<()> = Job::start(&ctx, "chain check", || panic!("disk gone"));
        assert_eq!(
            wait(job).unwrap_err().to_string(),
            "the chain check stopped before it finished"
        );
    }
}
