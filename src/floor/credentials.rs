//! Where the floor's connection details come from (docs/floor.md,
//! "Credentials"): a `postgres://` URL or a libpq service name on the
//! command line, never a password there (any local user reads a command
//! line); the password from the libpq password file (`PGPASSFILE`, else
//! `~/.pgpass`), which must be private (0600), as libpq reads it; and
//! how the link is secured: libpq's `sslmode` and `sslrootcert`, taken
//! out of the target here and applied with rustls.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use postgres::config::{Host, SslMode as PgSslMode};
use postgres::{Client, Config, NoTls};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};

use super::FloorError;

/// The connection the floor `target` names: a URL (`postgres://…`) or
/// libpq `key=value` settings as given, or a service name (`NAME` or
/// `service=NAME`) read from the service file; a password the target
/// does not give is looked up in the password file. Its `sslmode` and
/// `sslrootcert` come back apart, as the [`Tls`] to connect with.
///
/// A target naming several servers (libpq's multi-host form) takes the
/// password of the first server the password file has a line for: a
/// role's password is the same on every server of a replicated floor.
pub fn config(target: &str) -> Result<(Config, Tls), FloorError> {
    let (config, tls) = unfilled(target)?;
    Ok((filled(config)?, tls))
}

/// `config` with the password from the password file if it names none
/// (of a target naming several servers, the first server's line found).
pub(super) fn filled(mut config: Config) -> Result<Config, FloorError> {
    if config.get_password().is_none() {
        for server in 0..server_count(&config) {
            if let Some(password) = file_password(&config, server)? {
                config.password(password);
                break;
            }
        }
    }
    Ok(config)
}

/// The connection the floor `target` names, as [`config`] gives it but
/// without a password from the password file.
pub(super) fn unfilled(target: &str) -> Result<(Config, Tls), FloorError> {
    match service_name(target) {
        Some(name) => from_service(name),
        None => parse(target),
    }
}

/// How many servers `config` names (libpq's multi-host form names more
/// than one).
pub(super) fn server_count(config: &Config) -> usize {
    config
        .get_hosts()
        .len()
        .max(config.get_hostaddrs().len())
        .max(1)
}

/// The password the password file gives `config`'s user at its server
/// `server` (counted from 0), if the file exists and has a line for it.
pub(super) fn file_password(config: &Config, server: usize) -> Result<Option<String>, FloorError> {
    let Some((file, _)) = password_file() else {
        return Ok(None);
    };
    if server == 0 {
        return password_for(config, &file);
    }
    password_for(&one_server(config, server), &file)
}

/// Server `server` (counted from 0) of `config`, as a connection of its
/// own: its host (and `hostaddr`) and port, with every other setting
/// `config` has (user, password, database, options, timeouts, session
/// attributes).
pub(super) fn one_server(config: &Config, server: usize) -> Config {
    let mut one = Config::new();
    if let Some(user) = config.get_user() {
        one.user(user);
    }
    if let Some(password) = config.get_password() {
        one.password(password);
    }
    if let Some(dbname) = config.get_dbname() {
        one.dbname(dbname);
    }
    if let Some(options) = config.get_options() {
        one.options(options);
    }
    if let Some(name) = config.get_application_name() {
        one.application_name(name);
    }
    match config.get_hosts().get(server) {
        Some(Host::Tcp(host)) => {
            one.host(host);
        }
        #[cfg(unix)]
        Some(Host::Unix(path)) => {
            one.host_path(path);
        }
        None => {}
    }
    if let Some(address) = config.get_hostaddrs().get(server) {
        one.hostaddr(*address);
    }
    let ports = config.get_ports();
    if let Some(port) = ports.get(server).or(ports.first()) {
        one.port(*port);
    }
    if let Some(timeout) = config.get_connect_timeout() {
        one.connect_timeout(*timeout);
    }
    if let Some(timeout) = config.get_tcp_user_timeout() {
        one.tcp_user_timeout(*timeout);
    }
    one.keepalives(config.get_keepalives());
    one.keepalives_idle(config.get_keepalives_idle());
    if let Some(interval) = config.get_keepalives_interval() {
        one.keepalives_interval(interval);
    }
    if let Some(retries) = config.get_keepalives_retries() {
        one.keepalives_retries(retries);
    }
    one.ssl_mode(config.get_ssl_mode());
    one.ssl_negotiation(config.get_ssl_negotiation());
    one.channel_binding(config.get_channel_binding());
    one.target_session_attrs(config.get_target_session_attrs());
    one
}

/// Server `server` of `config` as people name it: `HOST:PORT`.
pub(super) fn server_name(config: &Config, server: usize) -> String {
    let one = one_server(config, server);
    let host = match one.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        #[cfg(unix)]
        Some(Host::Unix(path)) => path.display().to_string(),
        None => one
            .get_hostaddrs()
            .first()
            .map_or_else(|| "localhost".into(), ToString::to_string),
    };
    format!("{host}:{}", port(&one))
}

/// What the password file holds for the floor `target` names, as
/// `doctor` says it: whether it gives the target's user a password, and a
/// sentence naming the file (a file others may read is an error).
/// Of a target naming several servers, any server's line will do.
pub fn password_file_check(target: &str) -> Result<(bool, String), FloorError> {
    let (config, _) = unfilled(target)?;
    let user = config.get_user().unwrap_or("");
    let wanted = line_for(&config, user, "PASSWORD");
    let wanted = wanted.trim_end_matches(":PASSWORD");
    let Some((file, named)) = password_file() else {
        return Ok((
            false,
            "there is no password file, for neither PGPASSFILE nor HOME is set".into(),
        ));
    };
    if !file.is_file() {
        return Ok((
            false,
            format!(
                "there is no password file {} ({named}): needed only if the floor asks for a password, with a line for {wanted} (mode 0600)",
                file.display()
            ),
        ));
    }
    let mut found = false;
    for server in 0..server_count(&config) {
        found |= file_password(&config, server)?.is_some();
    }
    let said = if found {
        format!(
            "the password file {} ({named}) gives {wanted} its password",
            file.display()
        )
    } else {
        format!(
            "the password file {} ({named}) has no line for {wanted}: needed only if the floor asks for a password",
            file.display()
        )
    };
    Ok((found, said))
}

/// Refuses a target that carries a password: given on a command line, it
/// is there for any local user to read (`ps`).
///
/// A target that cannot be parsed at all is let through: connecting says
/// what is wrong with it.
pub fn refuse_password(target: &str) -> Result<(), FloorError> {
    let carries = match service_name(target) {
        Some(_) => false,
        None => parse(target).is_ok_and(|(config, _)| config.get_password().is_some()),
    };
    if carries {
        return Err(FloorError::Refused(
            "the floor URL carries a password, which any user of this computer can read off a command line: \
             name no password in it and put the password in the password file (PGPASSFILE, else ~/.pgpass, mode 0600)"
                .into(),
        ));
    }
    Ok(())
}

/// `url` without its password, and the password file line that gives it
/// (`host:port:database:user:password`), for a URL that carries one.
pub fn password_file_line(url: &str) -> Result<(String, Option<String>), FloorError> {
    let (config, _) = parse(url)?;
    let Some(password) = config.get_password() else {
        return Ok((url.to_owned(), None));
    };
    let password = String::from_utf8_lossy(password).into_owned();
    let user = config.get_user().unwrap_or("");
    let bare = with_user(url, user, None)?;
    Ok((bare, Some(line_for(&config, user, &password))))
}

/// `url` with its user and password (none: no password) replaced.
pub(super) fn with_user(
    url: &str,
    user: &str,
    password: Option<&str>,
) -> Result<String, FloorError> {
    let (scheme, rest) = url
        .split_once("://")
        .filter(|(scheme, _)| matches!(*scheme, "postgres" | "postgresql"))
        .ok_or_else(|| FloorError::Refused(format!("{url} is not a postgres:// URL")))?;
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let password = password.map_or_else(String::new, |p| format!(":{p}"));
    Ok(format!("{scheme}://{user}{password}@{host}{path}"))
}

/// The password file line (`host:port:database:user:password`) that
/// gives `user` at the floor `url` names its `password`.
pub fn password_line(url: &str, user: &str, password: &str) -> Result<String, FloorError> {
    Ok(line_for(&parse(url)?.0, user, password))
}

fn line_for(config: &Config, user: &str, password: &str) -> String {
    let escape = |field: &str| field.replace('\\', "\\\\").replace(':', "\\:");
    format!(
        "{}:{}:{}:{}:{}",
        escape(&host_name(config)),
        port(config),
        escape(&database(config)),
        escape(user),
        escape(password)
    )
}

/// The connection a URL or `key=value` settings give, with its TLS
/// settings taken out first (the `postgres` crate knows neither
/// `verify-full` nor `sslrootcert`); a target without any is handed over
/// as it is.
fn parse(target: &str) -> Result<(Config, Tls), FloorError> {
    refuse_session_attrs(target)?;
    let (rest, ssl) = take_ssl(target);
    let config = rest.parse::<Config>()?;
    Ok((config, Tls::from_settings(&ssl)?))
}

/// Refuses, in a sentence, a `target_session_attrs` of libpq's that the
/// `postgres` crate does not take (`primary`, `standby`,
/// `prefer-standby`: PostgreSQL 14's), which it would call only an
/// invalid value.
fn refuse_session_attrs(target: &str) -> Result<(), FloorError> {
    let settings: Vec<(String, String)> = if target.contains("://") {
        target
            .split_once('?')
            .map(|(_, query)| {
                query
                    .split('&')
                    .filter_map(|part| part.split_once('='))
                    .map(|(key, value)| (percent_decoded(key), percent_decoded(value)))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        conninfo_settings(target).unwrap_or_default()
    };
    match settings
        .iter()
        .find(|(key, _)| key == "target_session_attrs")
    {
        Some((_, value)) if matches!(value.as_str(), "primary" | "standby" | "prefer-standby") => {
            Err(FloorError::Refused(format!(
                "target_session_attrs={value} is not supported (this program takes any, read-write and read-only): \
                 to read from a standby, name the standby alone or use read-only (docs/floor.md, \"Failover runbook\")"
            )))
        }
        _ => Ok(()),
    }
}

/// Whether a libpq setting is one of TLS's that this module takes out of
/// a target (`sslnegotiation` is the `postgres` crate's own).
fn is_ssl_key(key: &str) -> bool {
    key.starts_with("ssl") && key != "sslnegotiation"
}

/// `target` without its TLS settings, and those settings (values
/// decoded): from a URL's query, or from `key=value` settings.
fn take_ssl(target: &str) -> (Cow<'_, str>, Vec<(String, String)>) {
    if target.contains("://") {
        let Some((base, query)) = target.split_once('?') else {
            return (Cow::Borrowed(target), Vec::new());
        };
        let mut kept = Vec::new();
        let mut ssl = Vec::new();
        for part in query.split('&') {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let key = percent_decoded(key);
            if is_ssl_key(&key) {
                ssl.push((key, percent_decoded(value)));
            } else {
                kept.push(part);
            }
        }
        if ssl.is_empty() {
            return (Cow::Borrowed(target), ssl);
        }
        let rest = if kept.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{}", kept.join("&"))
        };
        return (Cow::Owned(rest), ssl);
    }
    // Settings the tokenizer cannot read go to the `postgres` crate as they
    // are, which says what is wrong with them.
    let Some(settings) = conninfo_settings(target) else {
        return (Cow::Borrowed(target), Vec::new());
    };
    let (ssl, kept): (Vec<_>, Vec<_>) = settings.into_iter().partition(|(key, _)| is_ssl_key(key));
    if ssl.is_empty() {
        return (Cow::Borrowed(target), ssl);
    }
    (Cow::Owned(settings_text(&kept)), ssl)
}

/// `%XX` escapes decoded (a malformed one is kept as it is).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// libpq `key=value` settings as pairs (a value may be in single quotes;
/// a backslash escapes the next character), or `None` if `text` is not
/// such settings.
fn conninfo_settings(text: &str) -> Option<Vec<(String, String)>> {
    let mut settings = Vec::new();
    let mut chars = text.chars().peekable();
    let skip_space = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
    };
    loop {
        skip_space(&mut chars);
        if chars.peek().is_none() {
            return Some(settings);
        }
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| *c != '=' && !c.is_whitespace()) {
            key.push(c);
        }
        skip_space(&mut chars);
        chars.next_if_eq(&'=')?;
        skip_space(&mut chars);
        let quoted = chars.next_if_eq(&'\'').is_some();
        let mut value = String::new();
        loop {
            match chars.next() {
                Some('\\') => value.push(chars.next()?),
                Some('\'') if quoted => break,
                Some(c) if quoted || !c.is_whitespace() => value.push(c),
                Some(_) => break,
                None if quoted => return None,
                None => break,
            }
        }
        settings.push((key, value));
    }
}

/// Settings as libpq `key='value'` text (`\\` and `\'` escaped).
fn settings_text(settings: &[(String, String)]) -> String {
    settings
        .iter()
        .map(|(key, value)| {
            format!(
                "{key}='{}'",
                value.replace('\\', "\\\\").replace('\'', "\\'")
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The service a target names: a bare name, or `service=NAME`.
fn service_name(target: &str) -> Option<&str> {
    let target = target.trim();
    if let Some(name) = target.strip_prefix("service=") {
        return Some(name.trim());
    }
    let bare = !target.is_empty()
        && target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    bare.then_some(target)
}

/// The service file libpq reads: `PGSERVICEFILE`, else `~/.pg_service.conf`,
/// else `PGSYSCONFDIR/pg_service.conf` (Debian: /etc/postgresql-common).
fn service_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(file) = std::env::var_os("PGSERVICEFILE") {
        files.push(PathBuf::from(file));
    }
    if let Some(home) = std::env::var_os("HOME") {
        files.push(Path::new(&home).join(".pg_service.conf"));
    }
    let sysconf = std::env::var_os("PGSYSCONFDIR")
        .map_or_else(|| PathBuf::from("/etc/postgresql-common"), PathBuf::from);
    files.push(sysconf.join("pg_service.conf"));
    files
}

fn from_service(name: &str) -> Result<(Config, Tls), FloorError> {
    for file in service_files() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if let Some(settings) = service_settings(&text, name)? {
            if settings.iter().any(|(key, _)| key == "password") {
                return Err(FloorError::Refused(format!(
                    "the service {name} in {} names a password: put it in the password file (PGPASSFILE, else ~/.pgpass, mode 0600) instead",
                    file.display()
                )));
            }
            return parse(&settings_text(&settings));
        }
    }
    Err(FloorError::Refused(format!(
        "no floor service {name}: it is in no service file (PGSERVICEFILE, ~/.pg_service.conf, PGSYSCONFDIR/pg_service.conf)"
    )))
}

/// The `key=value` settings of section `[name]` of a service file, if it
/// has one.
fn service_settings(text: &str, name: &str) -> Result<Option<Vec<(String, String)>>, FloorError> {
    let mut found: Option<Vec<(String, String)>> = None;
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            inside = section.trim() == name;
            if inside {
                found.get_or_insert_with(Vec::new);
            }
            continue;
        }
        if !inside {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(FloorError::Refused(format!(
                "the service {name}: the line {line:?} is not key=value"
            )));
        };
        if let Some(settings) = found.as_mut() {
            settings.push((key.trim().to_owned(), value.trim().to_owned()));
        }
    }
    Ok(found)
}

/// The password file libpq reads, and what named it: `PGPASSFILE`, else
/// `~/.pgpass`.
fn password_file() -> Option<(PathBuf, &'static str)> {
    std::env::var_os("PGPASSFILE")
        .map(|file| (PathBuf::from(file), "named by PGPASSFILE"))
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|home| (Path::new(&home).join(".pgpass"), "the default, ~/.pgpass"))
        })
}

/// The server asked for a password that neither the target nor the
/// password file gave: one sentence naming the file looked in and the
/// line it lacks (docs/floor.md, "Credentials"); `None` for any other
/// failure.
fn password_missing(error: &postgres::Error, config: &Config) -> Option<FloorError> {
    use std::error::Error;
    let asked = config.get_password().is_none()
        && error.as_db_error().is_none()
        && error
            .source()
            .is_some_and(|cause| cause.to_string() == "password missing");
    if !asked {
        return None;
    }
    let user = config.get_user().unwrap_or("");
    let line = line_for(config, user, "PASSWORD");
    let wanted = line.trim_end_matches(":PASSWORD");
    let looked = match password_file() {
        Some((file, named)) if file.is_file() => format!(
            "the password file {} ({named}) has no line for {wanted}; add {line} there",
            file.display()
        ),
        Some((file, named)) => format!(
            "there is no password file {} ({named}); make it with the line {line}, mode 0600",
            file.display()
        ),
        None => "there is no password file, for neither PGPASSFILE nor HOME is set".into(),
    };
    Some(FloorError::Refused(format!(
        "the floor asks user {user} for a password and none was found: {looked}"
    )))
}

/// The password the file at `file` gives for `config`'s host, port,
/// database and user (the first line that matches), if the file exists.
/// A file others may read is refused, as libpq ignores one.
fn password_for(config: &Config, file: &Path) -> Result<Option<String>, FloorError> {
    let Ok(text) = std::fs::read_to_string(file) else {
        return Ok(None);
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(file)
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0);
        if mode & 0o077 != 0 {
            return Err(FloorError::Refused(format!(
                "the password file {} may be read by others (mode {mode:04o}): make it 0600 (chmod 600 {})",
                file.display(),
                file.display()
            )));
        }
    }
    Ok(matching_password(
        &text,
        &host_name(config),
        port(config),
        &database(config),
        config.get_user().unwrap_or(""),
    ))
}

/// The password of the first line of a password file's `text` whose
/// host, port, database and user fields match (`*` matches anything;
/// `\:` and `\\` stand for `:` and `\`).
pub fn matching_password(
    text: &str,
    host: &str,
    port: u16,
    database: &str,
    user: &str,
) -> Option<String> {
    let port = port.to_string();
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .find_map(|line| {
            let fields = split_fields(line);
            let [h, p, d, u, password] = fields.as_slice() else {
                return None;
            };
            let matches = |field: &str, value: &str| field == "*" || field == value;
            (matches(h, host) && matches(p, &port) && matches(d, database) && matches(u, user))
                .then(|| password.clone())
        })
}

fn split_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let (Some(next), Some(field)) = (chars.next(), fields.last_mut()) {
                    field.push(next);
                }
            }
            ':' => fields.push(String::new()),
            c => {
                if let Some(field) = fields.last_mut() {
                    field.push(c);
                }
            }
        }
    }
    fields
}

/// The host as a password file names it (`localhost` for a Unix socket).
fn host_name(config: &Config) -> String {
    match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        _ => "localhost".into(),
    }
}

fn port(config: &Config) -> u16 {
    config.get_ports().first().copied().unwrap_or(5432)
}

fn database(config: &Config) -> String {
    config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("")
        .to_owned()
}

/// How the link to the floor is secured, from the target's `sslmode` and
/// `sslrootcert` (docs/floor.md, "Credentials"); without them, plain, as
/// always.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tls {
    mode: SslMode,
    /// `sslrootcert` as given.
    root: Option<PathBuf>,
}

/// libpq's `sslmode`, less `allow`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SslMode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }
}

impl Tls {
    /// The TLS that a target's TLS settings (`key`, decoded `value`) ask for.
    fn from_settings(settings: &[(String, String)]) -> Result<Tls, FloorError> {
        let mut mode = None;
        let mut root = None;
        for (key, value) in settings {
            match key.as_str() {
                "sslmode" => {
                    let modes = [
                        SslMode::Disable,
                        SslMode::Prefer,
                        SslMode::Require,
                        SslMode::VerifyCa,
                        SslMode::VerifyFull,
                    ];
                    mode = Some(modes.into_iter().find(|m| m.name() == value).ok_or_else(|| {
                        FloorError::Refused(format!(
                            "sslmode={value} is not a mode this program takes: disable, prefer, require, verify-ca or verify-full"
                        ))
                    })?);
                }
                "sslrootcert" if value == "system" => {
                    return Err(FloorError::Refused(
                        "sslrootcert=system (the system's CAs) is not supported: name the PEM file of the floor's CA".into(),
                    ));
                }
                "sslrootcert" => root = Some(PathBuf::from(value)),
                other => {
                    return Err(FloorError::Refused(format!(
                        "the floor setting {other} is not supported: TLS to the floor takes sslmode and sslrootcert only"
                    )));
                }
            }
        }
        let mode = match (mode, &root) {
            (Some(mode), _) => mode,
            (None, None) => SslMode::Disable,
            (None, Some(file)) => {
                return Err(FloorError::Refused(format!(
                    "sslrootcert={} is given without sslmode: add sslmode=verify-full",
                    file.display()
                )));
            }
        };
        Ok(Tls { mode, root })
    }

    /// Connects to the floor `config` names: plain for `disable` (and
    /// without TLS settings) and over Unix sockets, which carry no TLS;
    /// otherwise over TLS, the server's certificate checked as the mode
    /// asks.
    pub fn connect(&self, config: &Config) -> Result<Client, FloorError> {
        let hosts = config.get_hosts();
        let local = !hosts.is_empty() && hosts.iter().all(|h| !matches!(h, Host::Tcp(_)));
        if self.mode == SslMode::Disable || local {
            return config
                .connect(NoTls)
                .map_err(|e| password_missing(&e, config).unwrap_or(FloorError::Postgres(e)));
        }
        let root = self.root_file(default_root().as_deref())?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let ca = match &root {
            Some(file) => Some(
                WebPkiServerVerifier::builder_with_provider(
                    Arc::new(ca_certificates(file)?),
                    provider.clone(),
                )
                .build()
                .map_err(|e| {
                    FloorError::Refused(format!("the CA in {} cannot be used: {e}", file.display()))
                })?,
            ),
            None => None,
        };
        let check = ServerCheck {
            ca,
            host: self.mode == SslMode::VerifyFull,
            provider: provider.clone(),
        };
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| FloorError::Refused(format!("TLS cannot be set up: {e}")))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(check))
            .with_no_client_auth();
        let mut config = config.clone();
        config.ssl_mode(if self.mode == SslMode::Prefer {
            PgSslMode::Prefer
        } else {
            PgSslMode::Require
        });
        config
            .connect(tokio_postgres_rustls::MakeRustlsConnect::new(tls))
            .map_err(|e| {
                password_missing(&e, &config)
                    .unwrap_or_else(|| self.refusal(e, root.as_deref(), &config))
            })
    }

    /// The CA file the server's certificate is checked against: the one
    /// `sslrootcert` names, else `default` if it exists (as libpq, even
    /// for `prefer` and `require`); `verify-ca` and `verify-full` need one.
    fn root_file(&self, default: Option<&Path>) -> Result<Option<PathBuf>, FloorError> {
        if let Some(file) = &self.root {
            return Ok(Some(file.clone()));
        }
        if let Some(file) = default.filter(|f| f.exists()) {
            return Ok(Some(file.to_owned()));
        }
        if matches!(self.mode, SslMode::VerifyCa | SslMode::VerifyFull) {
            return Err(FloorError::Refused(format!(
                "sslmode={} needs the floor's CA: name its PEM file with sslrootcert=FILE or put it in {}",
                self.mode.name(),
                default.map_or_else(
                    || "~/.postgresql/root.crt".into(),
                    |f| f.display().to_string()
                )
            )));
        }
        Ok(None)
    }

    /// A failed TLS connection as one sentence.
    fn refusal(&self, error: postgres::Error, root: Option<&Path>, config: &Config) -> FloorError {
        use std::error::Error;
        let mut cause = error.source();
        while let Some(e) = cause {
            if e.to_string() == "server does not support TLS" {
                return FloorError::Refused(format!(
                    "the floor server does not offer TLS, though sslmode={} asks for it",
                    self.mode.name()
                ));
            }
            let tls = e.downcast_ref::<rustls::Error>().or_else(|| {
                e.downcast_ref::<std::io::Error>()
                    .and_then(|io| io.get_ref())
                    .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            });
            if let Some(tls) = tls {
                return FloorError::Refused(tls_sentence(tls, root, &host_name(config)));
            }
            cause = e.source();
        }
        FloorError::Postgres(error)
    }
}

/// A TLS failure as one sentence.
fn tls_sentence(error: &rustls::Error, root: Option<&Path>, host: &str) -> String {
    let rustls::Error::InvalidCertificate(certificate) = error else {
        return format!("the TLS handshake with the floor server failed: {error}");
    };
    match (certificate, root) {
        // A CA of the right name but another key: its signature fails.
        (CertificateError::UnknownIssuer | CertificateError::BadSignature, Some(root)) => format!(
            "the floor server's certificate is not signed by the CA in {}",
            root.display()
        ),
        (
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            _,
        ) => {
            format!(
                "the floor server's certificate is not for the host {host}, which sslmode=verify-full checks"
            )
        }
        (CertificateError::Expired | CertificateError::ExpiredContext { .. }, _) => {
            "the floor server's certificate has expired".into()
        }
        (CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. }, _) => {
            "the floor server's certificate is not valid yet".into()
        }
        _ => format!("the floor server's certificate is refused: {error}"),
    }
}

/// libpq's default CA file, `~/.postgresql/root.crt`.
fn default_root() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|home| Path::new(&home).join(".postgresql/root.crt"))
}

/// The certificates of the PEM file `file`.
fn ca_certificates(file: &Path) -> Result<RootCertStore, FloorError> {
    let shown = file.display();
    let pem = std::fs::read(file)
        .map_err(|e| FloorError::Refused(format!("the CA file {shown} cannot be read: {e}")))?;
    let mut roots = RootCertStore::empty();
    for certificate in CertificateDer::pem_slice_iter(&pem) {
        let certificate = certificate
            .map_err(|e| FloorError::Refused(format!("the CA file {shown} is not PEM: {e}")))?;
        roots.add(certificate).map_err(|e| {
            FloorError::Refused(format!(
                "the CA file {shown} holds a certificate that cannot be used: {e}"
            ))
        })?;
    }
    if roots.is_empty() {
        return Err(FloorError::Refused(format!(
            "the CA file {shown} holds no PEM certificate"
        )));
    }
    Ok(roots)
}

/// The check of the server's certificate: against the CA if there is one
/// (its host name too if `host`), else none; the handshake's signatures
/// are always checked.
#[derive(Debug)]
struct ServerCheck {
    ca: Option<Arc<WebPkiServerVerifier>>,
    host: bool,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for ServerCheck {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(ca) = &self.ca else {
            return Ok(ServerCertVerified::assertion());
        };
        // webpki checks the chain before the name: a name error means the
        // chain is good.
        match ca.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) if !self.host => Ok(ServerCertVerified::assertion()),
            checked => checked,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_matching_line_gives_the_password() {
        let file = "# the floor\n\
                    db.casino:5432:floor:table_1:s3cret\n\
                    *:*:floor:*:any\\:one\n";
        assert_eq!(
            matching_password(file, "db.casino", 5432, "floor", "table_1").as_deref(),
            Some("s3cret")
        );
        assert_eq!(
            matching_password(file, "other", 5433, "floor", "pit").as_deref(),
            Some("any:one")
        );
        assert_eq!(
            matching_password(file, "db.casino", 5432, "other", "table_1"),
            None
        );
    }

    #[test]
    fn a_url_with_a_password_is_refused_and_one_without_is_not() {
        let refused = refuse_password("postgres://st:pw@db/floor").unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with("the floor URL carries a password")
        );
        refuse_password("postgres://st@db/floor").unwrap();
        refuse_password("floor-north").unwrap();
    }

    #[test]
    fn a_station_url_becomes_a_bare_url_and_a_password_file_line() {
        let (bare, line) =
            password_file_line("postgres://floor_st1_a:pa:ss@db.casino:6543/floor").unwrap();
        assert_eq!(bare, "postgres://floor_st1_a@db.casino:6543/floor");
        assert_eq!(
            line.as_deref(),
            Some("db.casino:6543:floor:floor_st1_a:pa\\:ss")
        );
    }

    #[test]
    fn each_server_of_a_multi_host_target_is_a_connection_of_its_own_with_its_own_password_line() {
        let (config, _) = parse(
            "postgresql://st@db1.casino:5433,db2.casino:5434/floor?target_session_attrs=read-write&connect_timeout=3",
        )
        .unwrap();
        assert_eq!(server_count(&config), 2);
        assert_eq!(server_name(&config, 0), "db1.casino:5433");
        assert_eq!(server_name(&config, 1), "db2.casino:5434");
        let second = one_server(&config, 1);
        assert_eq!(second.get_hosts(), [Host::Tcp("db2.casino".into())]);
        assert_eq!(second.get_ports(), [5434]);
        assert_eq!(second.get_user(), Some("st"));
        assert_eq!(second.get_dbname(), Some("floor"));
        assert_eq!(
            second.get_connect_timeout(),
            Some(&std::time::Duration::from_secs(3))
        );
        assert_eq!(
            second.get_target_session_attrs(),
            postgres::config::TargetSessionAttrs::ReadWrite
        );
        let file = "db1.casino:5433:floor:st:one\ndb2.casino:5434:floor:st:two\n";
        let password = |server: &Config| {
            matching_password(
                file,
                &host_name(server),
                port(server),
                &database(server),
                "st",
            )
        };
        assert_eq!(password(&one_server(&config, 0)).as_deref(), Some("one"));
        assert_eq!(password(&second).as_deref(), Some("two"));
        // One port for every host, as libpq takes it.
        let (config, _) = parse("host=a,b port=6000 user=st dbname=floor").unwrap();
        assert_eq!(server_name(&config, 1), "b:6000");
    }

    #[test]
    fn a_service_section_is_read_and_one_naming_a_password_is_refused() {
        let text = "[north]\nhost=db.casino\nport=6543\ndbname=floor\nuser=st\n\n[south]\nhost=x\npassword=p\n";
        let settings = service_settings(text, "north").unwrap().unwrap();
        assert_eq!(settings.len(), 4);
        assert_eq!(service_settings(text, "east").unwrap(), None);
        assert_eq!(service_name("north"), Some("north"));
        assert_eq!(service_name("service=north"), Some("north"));
        assert_eq!(service_name("postgres://x@y/z"), None);
    }

    #[test]
    fn tls_settings_are_taken_out_of_a_url_and_of_key_value_settings() {
        let (rest, ssl) = take_ssl(
            "postgres://st@db/floor?sslmode=verify-full&connect_timeout=5&sslrootcert=%2Fetc%2Fca%201.pem",
        );
        assert_eq!(rest, "postgres://st@db/floor?connect_timeout=5");
        assert_eq!(
            ssl,
            [
                ("sslmode".to_owned(), "verify-full".to_owned()),
                ("sslrootcert".to_owned(), "/etc/ca 1.pem".to_owned())
            ]
        );
        let (rest, ssl) =
            take_ssl("host=db sslmode = verify-ca sslrootcert='/a b/c\\'s.pem' user=st");
        assert_eq!(rest, "host='db' user='st'");
        assert_eq!(ssl[1].1, "/a b/c's.pem");
        // Without TLS settings the target is handed over as it is.
        for plain in [
            "postgres://st@db/floor?connect_timeout=5",
            "host=db user=st",
        ] {
            assert!(matches!(take_ssl(plain), (Cow::Borrowed(t), s) if t == plain && s.is_empty()));
        }
        let (config, tls) =
            parse("postgres://st@db/floor?sslmode=verify-full&sslrootcert=/ca.pem").unwrap();
        assert_eq!(config.get_dbname(), Some("floor"));
        assert_eq!(tls.mode, SslMode::VerifyFull);
        assert_eq!(
            parse("postgres://st@db/floor").unwrap().1.mode,
            SslMode::Disable
        );
        refuse_password("postgres://st@db/floor?sslmode=verify-full").unwrap();
    }

    #[test]
    fn tls_settings_this_program_cannot_honour_are_refused_in_one_sentence() {
        let refused = |target: &str| parse(target).unwrap_err().to_string();
        assert_eq!(
            refused("host=db sslmode=allow"),
            "sslmode=allow is not a mode this program takes: disable, prefer, require, verify-ca or verify-full"
        );
        assert_eq!(
            refused("postgres://db/f?sslrootcert=/ca.pem"),
            "sslrootcert=/ca.pem is given without sslmode: add sslmode=verify-full"
        );
        assert_eq!(
            refused("postgres://db/f?sslmode=require&sslcert=/me.pem"),
            "the floor setting sslcert is not supported: TLS to the floor takes sslmode and sslrootcert only"
        );
        assert_eq!(
            refused("host=db sslmode=verify-full sslrootcert=system"),
            "sslrootcert=system (the system's CAs) is not supported: name the PEM file of the floor's CA"
        );
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("root.crt");
        let verify = parse("host=db sslmode=verify-ca").unwrap().1;
        assert_eq!(
            verify.root_file(Some(&missing)).unwrap_err().to_string(),
            format!(
                "sslmode=verify-ca needs the floor's CA: name its PEM file with sslrootcert=FILE or put it in {}",
                missing.display()
            )
        );
        assert_eq!(
            parse("host=db sslmode=require")
                .unwrap()
                .1
                .root_file(Some(&missing))
                .unwrap(),
            None
        );
        std::fs::write(&missing, "not a certificate\n").unwrap();
        assert_eq!(
            verify.root_file(Some(&missing)).unwrap(),
            Some(missing.clone())
        );
        assert_eq!(
            ca_certificates(&missing).unwrap_err().to_string(),
            format!("the CA file {} holds no PEM certificate", missing.display())
        );
    }
}
