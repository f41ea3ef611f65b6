//! Where the floor's connection details come from (docs/floor.md,
//! "Credentials"): a `postgres://` URL or a libpq service name on the
//! command line, never a password there (any local user reads a command
//! line); the password from the libpq password file (`PGPASSFILE`, else
//! `~/.pgpass`), which must be private (0600), as libpq reads it.

use std::path::{Path, PathBuf};

use postgres::Config;
use postgres::config::Host;

use super::FloorError;

/// The connection the floor `target` names: a URL (`postgres://…`) or
/// libpq `key=value` settings as given, or a service name (`NAME` or
/// `service=NAME`) read from the service file; a password the target
/// does not give is looked up in the password file.
pub fn config(target: &str) -> Result<Config, FloorError> {
    let mut config = match service_name(target) {
        Some(name) => from_service(name)?,
        None => parse(target)?,
    };
    if config.get_password().is_none()
        && let Some(file) = password_file()
        && let Some(password) = password_for(&config, &file)?
    {
        config.password(password);
    }
    Ok(config)
}

/// Refuses a target that carries a password: given on a command line, it
/// is there for any local user to read (`ps`).
pub fn refuse_password(target: &str) -> Result<(), FloorError> {
    let carries = match service_name(target) {
        Some(_) => false,
        None => parse(target)?.get_password().is_some(),
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
    let config = parse(url)?;
    let Some(password) = config.get_password() else {
        return Ok((url.to_owned(), None));
    };
    let password = String::from_utf8_lossy(password).into_owned();
    let (scheme, rest) = url.split_once("://").unwrap_or(("postgres", url));
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let (user_part, host) = authority.rsplit_once('@').unwrap_or(("", authority));
    let user = user_part.split(':').next().unwrap_or("");
    let bare = format!("{scheme}://{user}@{host}{path}");
    let line = line_for(&config, config.get_user().unwrap_or(""), &password);
    Ok((bare, Some(line)))
}

/// The password file line (`host:port:database:user:password`) that
/// gives `user` at the floor `url` names its `password`.
pub fn password_line(url: &str, user: &str, password: &str) -> Result<String, FloorError> {
    Ok(line_for(&parse(url)?, user, password))
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

fn parse(target: &str) -> Result<Config, FloorError> {
    target.parse::<Config>().map_err(|e| {
        FloorError::Refused(format!(
            "the floor {} cannot be used: {e}",
            if target.contains("://") {
                "URL"
            } else {
                "setting"
            }
        ))
    })
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

fn from_service(name: &str) -> Result<Config, FloorError> {
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
            let text: Vec<String> = settings
                .iter()
                .map(|(key, value)| {
                    format!(
                        "{key}='{}'",
                        value.replace('\\', "\\\\").replace('\'', "\\'")
                    )
                })
                .collect();
            return parse(&text.join(" "));
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

/// The password file libpq reads: `PGPASSFILE`, else `~/.pgpass`.
fn password_file() -> Option<PathBuf> {
    std::env::var_os("PGPASSFILE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".pgpass")))
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
    fn a_service_section_is_read_and_one_naming_a_password_is_refused() {
        let text = "[north]\nhost=db.casino\nport=6543\ndbname=floor\nuser=st\n\n[south]\nhost=x\npassword=p\n";
        let settings = service_settings(text, "north").unwrap().unwrap();
        assert_eq!(settings.len(), 4);
        assert_eq!(service_settings(text, "east").unwrap(), None);
        assert_eq!(service_name("north"), Some("north"));
        assert_eq!(service_name("service=north"), Some("north"));
        assert_eq!(service_name("postgres://x@y/z"), None);
    }
}
