//! The station's secrets, kept outside the ledger file: the Ed25519 key
//! that signs the chain's checkpoints and the pepper in every PIN hash.
//! Someone who copies or rewrites the ledger without these cannot forge a
//! checkpoint nor test PINs offline. See docs/ledger.md, "Signed
//! checkpoints".
//!
//! Reads and writes two files of its own and nothing else: the key file,
//! created `0600` in a `0700` directory, and beside it the record of the
//! head this station last wrote to each ledger (`signed-heads`).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{IsIdentity, VartimeMultiscalarMul};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use rand::TryRng;
use rand::rngs::SysRng;
use sha2::{Digest, Sha256, Sha512};
use thiserror::Error;

/// The first line of a key file.
const KEY_FILE_HEADER: &str = "pairs-table station key v1";

/// What a checkpoint's signature covers comes after this tag.
const CHECKPOINT_TAG: &[u8] = b"pairs-table checkpoint v2\0";

/// The first line of a hand in progress as a station publishes it to the
/// floor (docs/floor.md, "The hand in progress"): what the station's key
/// signs there begins so, and never as a checkpoint's message does.
pub const HAND_IN_PROGRESS_TAG: &[u8] = b"pairs-table hand in progress v1\n";

/// The first line of a station's heartbeat to the floor (docs/floor.md,
/// "Signed heartbeats"): what the station's key signs there begins so.
pub const HEARTBEAT_TAG: &[u8] = b"pairs-table heartbeat v1\n";

/// The file beside the key that records, per ledger, the last head this
/// station wrote.
const SIGNED_HEADS_FILE: &str = "signed-heads";

/// Why the station's key could not be had: one sentence naming the file.
#[derive(Debug, Error)]
pub enum KeyError {
    /// Reading, creating or writing the key file failed.
    #[error("cannot {action} the station key {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The key file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a key file this program wrote.
    #[error("{path} is not a pairs-table station key: {problem}")]
    Malformed {
        /// The key file.
        path: String,
        /// What is wrong.
        problem: &'static str,
    },
    /// Other users may read the key.
    #[error(
        "the station key {path} may be read by other users (mode {mode:04o}); make it private with chmod 600"
    )]
    NotPrivate {
        /// The key file.
        path: String,
        /// Its permission bits.
        mode: u32,
    },
    /// The operating system's random source failed.
    #[error("the operating system's random source failed, so no station key could be made")]
    Random,
    /// No platform configuration directory.
    #[error("cannot find the platform configuration directory; pass --key FILE")]
    NoConfigDirectory,
}

/// An Ed25519 public key as stored in the ledger (32 bytes).
pub type PublicKey = [u8; 32];

/// The station's secrets: the checkpoint signing key and the PIN pepper.
/// Made from a key file ([`StationKeys::load_or_create`]) at a station, or
/// from fixed bytes in tests. A hardware key store would replace this type
/// behind the same three uses: `public_key`, `sign_checkpoint`, `pepper`.
#[derive(Clone)]
pub struct StationKeys {
    signing: SigningKey,
    pepper: [u8; 32],
    /// Where the heads this station wrote are recorded (beside its key
    /// file; None for keys made in memory).
    heads: Option<PathBuf>,
}

/// The last head a station recorded writing to one of its ledgers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenHead {
    /// The ledger's absolute path.
    pub ledger: String,
    /// Rows in its chain then.
    pub rows: i64,
    /// Its head hash then.
    pub head: [u8; 32],
}

/// A ledger's name in the record of written heads: its absolute path.
fn ledger_name(ledger: &Path) -> String {
    let absolute = fs::canonicalize(ledger).unwrap_or_else(|_| ledger.to_path_buf());
    absolute.display().to_string()
}

fn read_heads(path: &Path) -> Result<Vec<WrittenHead>, KeyError> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(KeyError::Io {
                action: "read",
                path: path.display().to_string(),
                source,
            });
        }
    };
    let malformed = || KeyError::Malformed {
        path: path.display().to_string(),
        problem: "a line is not a row count, a head and a ledger path",
    };
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let rows = parts
                .next()
                .and_then(|r| r.parse().ok())
                .ok_or_else(malformed)?;
            let mut head = [0u8; 32];
            hex::decode_to_slice(parts.next().ok_or_else(malformed)?, &mut head)
                .map_err(|_| malformed())?;
            let ledger = parts.next().ok_or_else(malformed)?.to_owned();
            Ok(WrittenHead { ledger, rows, head })
        })
        .collect()
}

impl std::fmt::Debug for StationKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StationKeys")
            .field("fingerprint", &self.fingerprint())
            .finish_non_exhaustive()
    }
}

impl StationKeys {
    /// Keys from their secret bytes (tests, and the key file's contents).
    pub fn from_secret_bytes(signing: [u8; 32], pepper: [u8; 32]) -> StationKeys {
        StationKeys {
            signing: SigningKey::from_bytes(&signing),
            pepper,
            heads: None,
        }
    }

    /// New keys from the operating system's random source.
    pub fn generate() -> Result<StationKeys, KeyError> {
        let (mut signing, mut pepper) = ([0u8; 32], [0u8; 32]);
        SysRng
            .try_fill_bytes(&mut signing)
            .and_then(|()| SysRng.try_fill_bytes(&mut pepper))
            .map_err(|_| KeyError::Random)?;
        Ok(StationKeys::from_secret_bytes(signing, pepper))
    }

    /// The default key file: `station.key` in the platform configuration
    /// directory (`$XDG_CONFIG_HOME/pairs-table/` or `~/.config/pairs-table/`
    /// on Linux).
    pub fn default_path() -> Result<PathBuf, KeyError> {
        directories::ProjectDirs::from("", "", "pairs-table")
            .map(|dirs| dirs.config_dir().join("station.key"))
            .ok_or(KeyError::NoConfigDirectory)
    }

    /// The keys in the file at `path`, created there (0600, in a 0700
    /// directory) if there is none. A key file others may read is refused.
    pub fn load_or_create(path: &Path) -> Result<StationKeys, KeyError> {
        if path.exists() {
            return StationKeys::load(path);
        }
        StationKeys::generate()?.write_new(path)?;
        StationKeys::load(path)
    }

    /// The keys in the existing key file at `path`, with the record of the
    /// heads this station wrote kept beside it. A key file others may read
    /// is refused.
    pub fn load(path: &Path) -> Result<StationKeys, KeyError> {
        let text = fs::read_to_string(path).map_err(|source| KeyError::Io {
            action: "read",
            path: path.display().to_string(),
            source,
        })?;
        check_private(path)?;
        let keys = parse_key_file(path, &text)?;
        Ok(StationKeys {
            heads: Some(path.with_file_name(SIGNED_HEADS_FILE)),
            ..keys
        })
    }

    /// Writes these keys to a new key file (0600, its directory 0700 if
    /// made here); refuses to replace a file.
    pub fn write_new(&self, path: &Path) -> Result<(), KeyError> {
        let io = |action| {
            move |source| KeyError::Io {
                action,
                path: path.display().to_string(),
                source,
            }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            create_private_dir(dir).map_err(io("create the directory of"))?;
        }
        let text = format!(
            "{KEY_FILE_HEADER}\nsigning {}\npepper {}\n",
            hex::encode(self.signing.to_bytes()),
            hex::encode(self.pepper)
        );
        let mut file = private_new_file(path).map_err(io("create"))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(io("write"))
    }

    /// The public key checkpoints are verified with.
    pub fn public_key(&self) -> PublicKey {
        self.signing.verifying_key().to_bytes()
    }

    /// The public key's fingerprint ([`fingerprint`]).
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.public_key())
    }

    /// Signs the statement "the chain's first `rows` rows end in `head`",
    /// with the checkpoint's `reason` and time.
    pub fn sign_checkpoint(
        &self,
        rows: i64,
        head: &[u8; 32],
        reason: &str,
        signed_at: &str,
    ) -> [u8; 64] {
        self.signing
            .sign(&checkpoint_message(rows, head, reason, signed_at))
            .to_bytes()
    }

    /// Signs a hand in progress's bytes for the floor; `None` unless they
    /// begin with [`HAND_IN_PROGRESS_TAG`] (the key signs nothing else
    /// but checkpoints).
    pub fn sign_hand_in_progress(&self, payload: &[u8]) -> Option<[u8; 64]> {
        self.sign_tagged(HAND_IN_PROGRESS_TAG, payload)
    }

    /// Signs a heartbeat's bytes for the floor; `None` unless they begin
    /// with [`HEARTBEAT_TAG`].
    pub fn sign_heartbeat(&self, message: &[u8]) -> Option<[u8; 64]> {
        self.sign_tagged(HEARTBEAT_TAG, message)
    }

    /// Signs `message` if it begins with `tag`.
    fn sign_tagged(&self, tag: &[u8], message: &[u8]) -> Option<[u8; 64]> {
        message
            .starts_with(tag)
            .then(|| self.signing.sign(message).to_bytes())
    }

    /// The last head this station recorded writing to the ledger at
    /// `ledger` (None for keys without a key file, or a ledger it never
    /// wrote).
    pub fn last_written(&self, ledger: &Path) -> Result<Option<WrittenHead>, KeyError> {
        let Some(heads) = &self.heads else {
            return Ok(None);
        };
        let name = ledger_name(ledger);
        Ok(read_heads(heads)?.into_iter().find(|h| h.ledger == name))
    }

    /// Records that this station's ledger at `ledger` now ends at row
    /// `rows` with `head` (after every write), so that a ledger cut back or
    /// rewritten behind the station's back is refused and fails verify at
    /// the station.
    pub fn record_written(
        &self,
        ledger: &Path,
        rows: i64,
        head: &[u8; 32],
    ) -> Result<(), KeyError> {
        let Some(heads) = &self.heads else {
            return Ok(());
        };
        let io = |action| {
            move |source| KeyError::Io {
                action,
                path: heads.display().to_string(),
                source,
            }
        };
        let mut options = fs::OpenOptions::new();
        options.write(true).create(true).truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let lock = options
            .open(heads.with_extension("lock"))
            .map_err(io("lock"))?;
        lock.lock().map_err(io("lock"))?;
        let name = ledger_name(ledger);
        let mut all = read_heads(heads)?;
        all.retain(|h| h.ledger != name);
        all.push(WrittenHead {
            ledger: name,
            rows,
            head: *head,
        });
        let text: String = all
            .iter()
            .map(|h| format!("{} {} {}\n", h.rows, hex::encode(h.head), h.ledger))
            .collect();
        let partial = heads.with_extension("partial");
        let _ = fs::remove_file(&partial);
        let mut file = private_new_file(&partial).map_err(io("write"))?;
        file.write_all(text.as_bytes()).map_err(io("write"))?;
        fs::rename(&partial, heads).map_err(io("write"))
    }

    /// The secret mixed into every PIN hash.
    pub fn pepper(&self) -> &[u8; 32] {
        &self.pepper
    }
}

/// A public key's fingerprint: the first 16 bytes of its SHA-256, as 32
/// lowercase hex digits (printed on shift reports and by `audit verify`).
pub fn fingerprint(public_key: &PublicKey) -> String {
    hex::encode(&Sha256::digest(public_key)[..16])
}

/// A checkpoint as signed: the chain's first `rows` rows end in `head`,
/// signed for `reason` at `signed_at`.
#[derive(Debug, Clone, Copy)]
pub struct SignedCheckpoint<'a> {
    /// Rows before the checkpoint.
    pub rows: i64,
    /// The hash of the last of them.
    pub head: &'a [u8; 32],
    /// The checkpoint's reason.
    pub reason: &'a str,
    /// The checkpoint's time (RFC 3339).
    pub signed_at: &'a str,
}

/// Whether `signature` by `public_key` signs `checkpoint`.
pub fn checkpoint_signed(
    public_key: &PublicKey,
    checkpoint: SignedCheckpoint<'_>,
    signature: &[u8; 64],
) -> bool {
    CheckpointKey::new(public_key).is_some_and(|key| key.signs(checkpoint, signature))
}

/// A station's public key made ready once to check many checkpoints (the
/// point decompressed once, not per signature, as `audit verify` meets
/// one checkpoint a hand).
#[derive(Debug, Clone)]
pub struct CheckpointKey(VerifyingKey);

impl CheckpointKey {
    /// The key, if `public_key` is a valid Ed25519 public key.
    pub fn new(public_key: &PublicKey) -> Option<CheckpointKey> {
        VerifyingKey::from_bytes(public_key).ok().map(CheckpointKey)
    }

    /// Its 32 bytes.
    pub fn public_key(&self) -> PublicKey {
        self.0.to_bytes()
    }

    /// Whether `signature` by this key signs `checkpoint`.
    pub fn signs(&self, checkpoint: SignedCheckpoint<'_>, signature: &[u8; 64]) -> bool {
        self.claim(checkpoint, signature).holds()
    }

    /// The claim that `signature` by this key signs `checkpoint`, to be
    /// checked later (with others, [`claims_hold`]), on any thread.
    pub fn claim(&self, checkpoint: SignedCheckpoint<'_>, signature: &[u8; 64]) -> CheckpointClaim {
        CheckpointClaim {
            message: checkpoint_message(
                checkpoint.rows,
                checkpoint.head,
                checkpoint.reason,
                checkpoint.signed_at,
            ),
            signature: Signature::from_bytes(signature),
            key: self.0,
        }
    }

    /// Whether `signature` by this key signs the hand in progress
    /// `payload` (which begins with [`HAND_IN_PROGRESS_TAG`]).
    pub fn signs_hand_in_progress(&self, payload: &[u8], signature: &[u8; 64]) -> bool {
        self.signs_tagged(HAND_IN_PROGRESS_TAG, payload, signature)
    }

    /// Whether `signature` by this key signs the heartbeat `message`
    /// (which begins with [`HEARTBEAT_TAG`]).
    pub fn signs_heartbeat(&self, message: &[u8], signature: &[u8; 64]) -> bool {
        self.signs_tagged(HEARTBEAT_TAG, message, signature)
    }

    /// Whether `signature` by this key signs `message`, which must begin
    /// with `tag`.
    fn signs_tagged(&self, tag: &[u8], message: &[u8], signature: &[u8; 64]) -> bool {
        message.starts_with(tag)
            && self
                .0
                .verify(message, &Signature::from_bytes(signature))
                .is_ok()
    }
}

/// A checkpoint's signature as it is to be checked: the bytes signed, the
/// signature and the key that must have made it ([`CheckpointKey::claim`]).
#[derive(Debug, Clone)]
pub struct CheckpointClaim {
    message: Vec<u8>,
    signature: Signature,
    key: VerifyingKey,
}

impl CheckpointClaim {
    /// Whether the signature holds.
    pub fn holds(&self) -> bool {
        self.key.verify(&self.message, &self.signature).is_ok()
    }
}

/// Whether every one of `claims` holds, checked at once: Ed25519 batch
/// verification, deterministic (no random source), saying only whether
/// all hold; [`claims_hold`] says which.
///
/// The check is `ed25519_dalek::verify_batch`'s: with 128-bit weights zᵢ
/// drawn from a hash of every input, −(Σ zᵢsᵢ)B + Σ zᵢRᵢ + Σ zᵢkᵢAᵢ is the
/// identity, where kᵢ = SHA-512(Rᵢ ‖ Aᵢ ‖ Mᵢ). The keys' terms are added
/// per key, (Σ zᵢkᵢ)A, not per signature: a station's checkpoints are all
/// signed by its one key, so the multiplication has about half as many
/// points as the crate's, which adds one a signature.
fn all_hold(claims: &[CheckpointClaim]) -> bool {
    let Some(parts) = claims
        .iter()
        .map(ClaimParts::of)
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let weights = batch_weights(&parts);
    let mut base = Scalar::ZERO;
    let mut scalars = Vec::with_capacity(parts.len() + 2);
    let mut points = Vec::with_capacity(parts.len() + 2);
    let mut keys: Vec<(&VerifyingKey, Scalar)> = Vec::new();
    for ((part, claim), weight) in parts.iter().zip(claims).zip(&weights) {
        base -= weight * part.s;
        scalars.push(*weight);
        points.push(part.r);
        let term = weight * part.k;
        match keys.iter_mut().find(|(key, _)| *key == &claim.key) {
            Some((_, sum)) => *sum += term,
            None => keys.push((&claim.key, term)),
        }
    }
    scalars.push(base);
    points.push(ED25519_BASEPOINT_POINT);
    for (key, sum) in keys {
        scalars.push(sum);
        points.push(key.to_edwards());
    }
    EdwardsPoint::vartime_multiscalar_mul(&scalars, &points).is_identity()
}

/// A claim's signature taken apart for batch verification.
struct ClaimParts {
    /// The signature's R, decompressed.
    r: EdwardsPoint,
    /// Its s, a canonical scalar.
    s: Scalar,
    /// SHA-512(R ‖ A ‖ M), reduced.
    k: Scalar,
    /// The unreduced hash, for the weights.
    hash: [u8; 64],
}

impl ClaimParts {
    /// The parts, or `None` if R is not a point or s not canonical (then
    /// the signature does not hold on its own either).
    fn of(claim: &CheckpointClaim) -> Option<ClaimParts> {
        let r_bytes = claim.signature.r_bytes();
        let r = CompressedEdwardsY(*r_bytes).decompress()?;
        let s = Option::from(Scalar::from_canonical_bytes(*claim.signature.s_bytes()))?;
        let hash: [u8; 64] = Sha512::new()
            .chain_update(r_bytes)
            .chain_update(claim.key.as_bytes())
            .chain_update(&claim.message)
            .finalize()
            .into();
        Some(ClaimParts {
            r,
            s,
            k: Scalar::from_bytes_mod_order_wide(&hash),
            hash,
        })
    }
}

/// The batch's weights, 128 bits each: SHA-512 in counter mode (four
/// weights a block) keyed by a hash of every hash kᵢ (which covers each
/// R, key and message) and every s, so no signature can be chosen
/// knowing its weight.
fn batch_weights(parts: &[ClaimParts]) -> Vec<Scalar> {
    let mut transcript = Sha512::new_with_prefix(b"pairs-table checkpoint batch");
    for part in parts {
        transcript.update(part.hash);
        transcript.update(part.s.as_bytes());
    }
    let seed = transcript.finalize();
    let blocks = parts.len().div_ceil(4) as u64;
    (0..blocks)
        .flat_map(|block| {
            let bytes = Sha512::new()
                .chain_update(seed)
                .chain_update(block.to_be_bytes())
                .finalize();
            let weights: Vec<Scalar> = bytes
                .chunks_exact(16)
                .map(|weight| {
                    let mut wide = [0u8; 32];
                    wide[..16].copy_from_slice(weight);
                    Scalar::from_bytes_mod_order(wide)
                })
                .collect();
            weights
        })
        .take(parts.len())
        .collect()
}

/// Which of `claims` hold, in order: all at once by batch verification,
/// and only if that fails, each on its own ([`CheckpointClaim::holds`]),
/// so the verdicts are what checking each alone gives.
pub fn claims_hold(claims: &[CheckpointClaim]) -> Vec<bool> {
    if all_hold(claims) {
        vec![true; claims.len()]
    } else {
        claims.iter().map(CheckpointClaim::holds).collect()
    }
}

/// Checks many checkpoints' signatures at once: whether every one of
/// `signed` (checkpoint, signature, the key that must have signed it)
/// holds, by batch verification; a `false` is followed by checking each
/// with [`CheckpointKey::signs`] to find which.
pub fn checkpoints_signed(signed: &[(SignedCheckpoint<'_>, &[u8; 64], &CheckpointKey)]) -> bool {
    let claims: Vec<CheckpointClaim> = signed
        .iter()
        .map(|(checkpoint, signature, key)| key.claim(*checkpoint, signature))
        .collect();
    all_hold(&claims)
}

/// The bytes a checkpoint's signature covers: the tag, `rows` (8 bytes
/// big-endian), `head`, then `reason` and `signed_at`, each as a 4-byte
/// big-endian length and its UTF-8 bytes.
fn checkpoint_message(rows: i64, head: &[u8; 32], reason: &str, signed_at: &str) -> Vec<u8> {
    let mut message = Vec::with_capacity(CHECKPOINT_TAG.len() + 80);
    message.extend_from_slice(CHECKPOINT_TAG);
    message.extend_from_slice(&rows.to_be_bytes());
    message.extend_from_slice(head);
    for text in [reason, signed_at] {
        message.extend_from_slice(&(text.len() as u32).to_be_bytes());
        message.extend_from_slice(text.as_bytes());
    }
    message
}

fn parse_key_file(path: &Path, text: &str) -> Result<StationKeys, KeyError> {
    let malformed = |problem| KeyError::Malformed {
        path: path.display().to_string(),
        problem,
    };
    let mut lines = text.lines();
    if lines.next() != Some(KEY_FILE_HEADER) {
        return Err(malformed("its first line is not the key file header"));
    }
    let mut field = |name: &str| -> Result<[u8; 32], KeyError> {
        let line = lines.next().ok_or_else(|| malformed("a line is missing"))?;
        let value = line
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| malformed("a line is not the expected field"))?;
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(value.trim(), &mut bytes)
            .map_err(|_| malformed("a field is not 64 hex digits"))?;
        Ok(bytes)
    };
    let signing = field("signing")?;
    let pepper = field("pepper")?;
    Ok(StationKeys::from_secret_bytes(signing, pepper))
}

/// Creates `dir` (and its parents) if missing; a directory this call makes
/// is private to its owner (0700).
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// A new directory private to this user (0700), named at random
/// (`pairs-table-PURPOSE-…`) under the system's temporary directory and
/// removed when dropped: nothing planted in advance can be read from it.
pub fn private_temp_dir(purpose: &str) -> std::io::Result<tempfile::TempDir> {
    let prefix = format!("pairs-table-{purpose}-");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).rand_bytes(16);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o700));
    }
    builder.tempdir()
}

/// Creates a new file readable and writable by its owner only (0600);
/// fails if it exists.
pub fn private_new_file(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// The permission bits of `path` (`0o777` mask, Unix); owner-only
/// (`0o600`) elsewhere, where there are none to check.
pub fn permission_bits(path: &Path) -> std::io::Result<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Ok(fs::metadata(path)?.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        fs::metadata(path).map(|_| 0o600)
    }
}

fn check_private(path: &Path) -> Result<(), KeyError> {
    let mode = permission_bits(path).map_err(|source| KeyError::Io {
        action: "read",
        path: path.display().to_string(),
        source,
    })?;
    if mode & 0o044 != 0 {
        return Err(KeyError::NotPrivate {
            path: path.display().to_string(),
            mode,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two stations' keys.
    fn stations() -> [StationKeys; 2] {
        [
            StationKeys::from_secret_bytes([7; 32], [1; 32]),
            StationKeys::from_secret_bytes([9; 32], [2; 32]),
        ]
    }

    /// Checkpoint `n`'s fields.
    fn checkpoint(n: i64) -> (i64, [u8; 32], String) {
        (
            n * 41,
            [n as u8; 32],
            format!("2026-11-30T04:{:02}:00Z", n % 60),
        )
    }

    /// The claim that `signer` signed checkpoint `n` with `signature`,
    /// checked against `key`.
    fn claim(key: &StationKeys, n: i64, signature: &[u8; 64]) -> CheckpointClaim {
        let (rows, head, at) = checkpoint(n);
        let signed = SignedCheckpoint {
            rows,
            head: &head,
            reason: "hand",
            signed_at: &at,
        };
        CheckpointKey::new(&key.public_key())
            .expect("a valid key")
            .claim(signed, signature)
    }

    /// `key`'s own signature of checkpoint `n`.
    fn signed(key: &StationKeys, n: i64) -> [u8; 64] {
        let (rows, head, at) = checkpoint(n);
        key.sign_checkpoint(rows, &head, "hand", &at)
    }

    #[test]
    fn a_batch_of_good_signatures_holds_with_one_key_or_several() {
        let [one, two] = stations();
        let mine: Vec<CheckpointClaim> =
            (0..300).map(|n| claim(&one, n, &signed(&one, n))).collect();
        assert!(all_hold(&mine));
        assert_eq!(claims_hold(&mine), vec![true; 300]);
        let mixed: Vec<CheckpointClaim> = (0..9)
            .map(|n| {
                let key = if n % 3 == 0 { &two } else { &one };
                claim(key, n, &signed(key, n))
            })
            .collect();
        assert!(all_hold(&mixed));
        assert!(all_hold(&[]));
    }

    #[test]
    fn every_bad_signature_in_a_batch_fails_it_and_is_named() {
        let [one, two] = stations();
        let good = |n| claim(&one, n, &signed(&one, n));
        let mut flipped = signed(&one, 5);
        flipped[3] ^= 0x10;
        // s not canonical: the group order added to a good s.
        let mut high = signed(&one, 6);
        let s = Scalar::from_canonical_bytes(high[32..].try_into().expect("32 bytes"))
            .expect("a canonical s");
        let order_plus_s = add_group_order(s.to_bytes());
        high[32..].copy_from_slice(&order_plus_s);
        let bad = [
            // Another checkpoint's signature.
            claim(&one, 3, &signed(&one, 4)),
            // Another station's signature of this one.
            claim(&one, 4, &signed(&two, 4)),
            // R changed.
            claim(&one, 5, &flipped),
            claim(&one, 6, &high),
            // A claim checked against the wrong key.
            claim(&two, 7, &signed(&one, 7)),
        ];
        for (i, wrong) in bad.iter().enumerate() {
            assert!(!wrong.holds(), "bad signature {i} holds alone");
            let mut batch: Vec<CheckpointClaim> = (10..40).map(good).collect();
            batch.insert(17, wrong.clone());
            assert!(!all_hold(&batch), "bad signature {i} passed in a batch");
            let verdicts = claims_hold(&batch);
            let failed: Vec<usize> = (0..batch.len()).filter(|&j| !verdicts[j]).collect();
            assert_eq!(failed, vec![17], "bad signature {i}");
        }
    }

    /// `s` + ℓ (the group order, little-endian below): the same residue,
    /// not canonical.
    fn add_group_order(s: [u8; 32]) -> [u8; 32] {
        let l: [u8; 32] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut out = [0u8; 32];
        let mut carry = 0u16;
        for i in 0..32 {
            let sum = u16::from(s[i]) + u16::from(l[i]) + carry;
            out[i] = sum as u8;
            carry = sum >> 8;
        }
        out
    }
}
