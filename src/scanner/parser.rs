//! The incremental parser: bytes in any chunks, frames and typed problems
//! out. It never opens a port, never allocates per byte and never panics.
//!
//! Resynchronisation: `$` always starts a new frame (it cannot occur inside
//! one), so a frame cut off by noise costs only itself; bytes outside a
//! frame are counted and reported once per run; a line longer than
//! [`MAX_FRAME_BYTES`] is reported once and skipped up to the next `\n` or `$`.
//! When the port closes, [`Parser::reset`] drops a half-read frame, so that
//! its start cannot join bytes read after a reconnect.

use super::frame::{Frame, FrameError, LineError, MAX_FRAME_BYTES, Protocol, parse_line};

/// One result of parsing: a frame, a frame with a good check and bad
/// contents, or bytes that made no frame with a good check.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Parsed {
    /// A valid frame and the protocol version its check is written in.
    Frame(Frame, Protocol),
    /// A frame whose check is good but whose number, type or a field is
    /// not valid. It is a sign of life and says its version; a valid
    /// number counts (a well-formed frame with an invalid field still used
    /// up its number).
    Invalid {
        /// The version its check is written in.
        protocol: Protocol,
        /// The sequence number, if it is valid.
        seq: Option<u16>,
        /// The frame's body (between `$` and the last `*`), which tells two
        /// invalid frames with one number apart.
        body: String,
        /// What was wrong.
        error: FrameError,
    },
    /// Bytes that did not make a frame with a good check.
    Problem(FrameError),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Between frames: waiting for `$`.
    Idle,
    /// Inside a frame; its bytes after `$` are in the buffer.
    InFrame,
    /// Skipping the rest of an over-long line.
    Skipping,
}

/// The incremental parser. Feed it bytes with [`Parser::push`].
#[derive(Clone, Debug)]
pub struct Parser {
    state: State,
    buffer: [u8; MAX_FRAME_BYTES],
    len: usize,
    garbage: usize,
}

impl Default for Parser {
    fn default() -> Self {
        Parser::new()
    }
}

impl Parser {
    /// A parser waiting for the start of a frame.
    pub fn new() -> Parser {
        Parser {
            state: State::Idle,
            buffer: [0; MAX_FRAME_BYTES],
            len: 0,
            garbage: 0,
        }
    }

    /// Parses `bytes`, appending what they complete to `out`.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<Parsed>) {
        for &byte in bytes {
            self.push_byte(byte, out);
        }
    }

    fn push_byte(&mut self, byte: u8, out: &mut Vec<Parsed>) {
        if byte == b'$' {
            self.report_garbage(out);
            if self.state == State::InFrame {
                out.push(problem(FrameError::Interrupted {
                    bytes: self.len + 1,
                }));
            }
            self.state = State::InFrame;
            self.len = 0;
            return;
        }
        match self.state {
            State::Idle => match byte {
                b'\n' => self.report_garbage(out),
                // Line ends between frames are padding, not noise.
                b'\r' => {}
                _ => self.garbage += 1,
            },
            State::Skipping => {
                if byte == b'\n' {
                    self.state = State::Idle;
                }
            }
            State::InFrame => {
                if byte == b'\n' {
                    self.state = State::Idle;
                    let line = &self.buffer[..self.len];
                    out.push(match parse_line(line) {
                        Ok((frame, protocol)) => Parsed::Frame(frame, protocol),
                        Err(LineError::Invalid {
                            protocol,
                            seq,
                            error,
                        }) => Parsed::Invalid {
                            protocol,
                            seq,
                            body: body_of(line),
                            error,
                        },
                        Err(LineError::Unchecked(error)) => Parsed::Problem(error),
                    });
                } else if self.len + 2 >= MAX_FRAME_BYTES {
                    // `$`, the bytes so far, this byte and `\n` would not fit.
                    self.state = State::Skipping;
                    out.push(problem(FrameError::TooLong {
                        limit: MAX_FRAME_BYTES,
                    }));
                } else {
                    self.buffer[self.len] = byte;
                    self.len += 1;
                }
            }
        }
    }

    /// The port closed: a frame cut off by it is reported as interrupted
    /// and dropped, stray bytes so far are reported, and the parser waits
    /// for the next `$`.
    pub fn reset(&mut self, out: &mut Vec<Parsed>) {
        self.report_garbage(out);
        if self.state == State::InFrame {
            out.push(problem(FrameError::Interrupted {
                bytes: self.len + 1,
            }));
        }
        self.state = State::Idle;
        self.len = 0;
    }

    fn report_garbage(&mut self, out: &mut Vec<Parsed>) {
        if self.garbage > 0 {
            out.push(problem(FrameError::Garbage {
                bytes: self.garbage,
            }));
            self.garbage = 0;
        }
    }
}

fn problem(error: FrameError) -> Parsed {
    Parsed::Problem(error)
}

/// The body of a line whose check is good: the text before its last `*`
/// (a trailing `\r` never reaches it).
fn body_of(line: &[u8]) -> String {
    let end = line.iter().rposition(|&b| b == b'*').unwrap_or(line.len());
    String::from_utf8_lossy(&line[..end]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rank;
    use crate::scanner::frame::Message;

    fn parse_all(chunks: &[&[u8]]) -> Vec<Parsed> {
        let mut parser = Parser::new();
        let mut out = Vec::new();
        for chunk in chunks {
            parser.push(chunk, &mut out);
        }
        out
    }

    fn card(seq: u16, rank: i64) -> Parsed {
        Parsed::Frame(
            Frame {
                seq,
                message: Message::Card {
                    rank: Rank::new(rank).unwrap(),
                },
            },
            Protocol::V1,
        )
    }

    #[test]
    fn a_frame_split_byte_by_byte_is_recovered() {
        let bytes = b"$CARD,17,7*25\r\n";
        let chunks: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(parse_all(&chunks), vec![card(17, 7)]);
    }

    #[test]
    fn garbage_is_reported_once_per_run_and_the_next_frame_is_kept() {
        let out = parse_all(&[b"\x00\xffnoise", b"more$CARD,17,7*25\r\n"]);
        assert_eq!(
            out,
            vec![problem(FrameError::Garbage { bytes: 11 }), card(17, 7)]
        );
    }

    #[test]
    fn an_interrupted_frame_costs_only_itself() {
        let out = parse_all(&[b"$CARD,16,$CARD,17,7*25\r\n"]);
        assert_eq!(
            out,
            vec![problem(FrameError::Interrupted { bytes: 9 }), card(17, 7)]
        );
    }

    #[test]
    fn an_over_long_line_is_reported_once_then_skipped_to_the_newline() {
        let mut bytes = b"$CARD,".to_vec();
        bytes.extend(std::iter::repeat_n(b'9', 300));
        bytes.extend_from_slice(b"\r\n$CARD,17,7*25\r\n");
        let out = parse_all(&[&bytes]);
        assert_eq!(
            out,
            vec![
                problem(FrameError::TooLong {
                    limit: MAX_FRAME_BYTES
                }),
                card(17, 7)
            ]
        );
    }

    #[test]
    fn a_frame_of_exactly_the_maximum_length_is_accepted_and_one_more_byte_is_not() {
        // `$` + type + `,1` + `*HH` + CRLF = type + 8 bytes.
        let long = Frame {
            seq: 1,
            message: Message::Unknown {
                kind: "Y".repeat(MAX_FRAME_BYTES - 8),
            },
        };
        let bytes = long.encode();
        assert_eq!(bytes.len(), MAX_FRAME_BYTES);
        assert_eq!(
            parse_all(&[&bytes]),
            vec![Parsed::Frame(long, Protocol::V1)]
        );
        let mut longer = b"$Z".to_vec();
        longer.extend_from_slice(&bytes[1..]);
        assert_eq!(
            parse_all(&[&longer]),
            vec![problem(FrameError::TooLong {
                limit: MAX_FRAME_BYTES
            })]
        );
    }

    #[test]
    fn a_half_read_frame_is_dropped_when_the_port_closes() {
        // Finding 5: `$CARD,105` before an unplug and `,7*17` after it
        // became card 105.
        let mut parser = Parser::new();
        let mut out = Vec::new();
        parser.push(b"$CARD,105", &mut out);
        parser.reset(&mut out);
        parser.push(b",7*17\r\n", &mut out);
        assert_eq!(
            out,
            vec![
                problem(FrameError::Interrupted { bytes: 9 }),
                problem(FrameError::Garbage { bytes: 5 })
            ]
        );
    }
}
