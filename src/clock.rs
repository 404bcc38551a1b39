//! Time, injectable so that tests never sleep. Times are Unix milliseconds and durations milliseconds, as the store
//! keeps them and Discord's timestamps want them.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// An hour, in milliseconds.
pub const HOUR: i64 = 3_600_000;
/// A day, in milliseconds.
pub const DAY: i64 = 24 * HOUR;

/// The calendar year (UTC) of a Unix time in milliseconds (a time beyond the calendar's years is in its first or
/// last).
pub fn year_of(ms: i64) -> i64 {
    let beyond = if ms < 0 { time::Date::MIN } else { time::Date::MAX };
    let at = time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000));
    i64::from(at.map_or(beyond.year(), |at| at.year()))
}

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        since.as_millis() as i64
    }
}

/// A clock that moves only when told to.
#[derive(Clone, Default)]
pub struct FakeClock(Arc<AtomicI64>);

impl FakeClock {
    pub fn at(ms: i64) -> FakeClock {
        FakeClock(Arc::new(AtomicI64::new(ms)))
    }

    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A clock read from a file holding Unix milliseconds, so that end-to-end tests can move a running bot's time
/// (`FAKE_CLOCK_FILE`). The file is read at every look; if it cannot be read or parsed, the last time read stands.
/// Whoever moves the time writes the new one aside and renames it over the file, so no half-written time is read.
pub struct FileClock {
    path: std::path::PathBuf,
    last: AtomicI64,
}

impl FileClock {
    /// Opens the clock, refusing a file that does not hold a time now.
    pub fn open(path: impl Into<std::path::PathBuf>) -> std::io::Result<FileClock> {
        let path = path.into();
        let first = FileClock::read(&path)?;
        Ok(FileClock { path, last: AtomicI64::new(first) })
    }

    fn read(path: &std::path::Path) -> std::io::Result<i64> {
        let text = std::fs::read_to_string(path)?;
        text.trim().parse().map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{} does not hold a time", path.display()))
        })
    }
}

impl Clock for FileClock {
    fn now_ms(&self) -> i64 {
        if let Ok(now) = FileClock::read(&self.path) {
            self.last.store(now, Ordering::SeqCst);
        }
        self.last.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_clock_follows_its_file_and_keeps_the_last_good_time() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("now");
        assert!(FileClock::open(&path).is_err(), "no file, no clock");
        std::fs::write(&path, "1000\n").unwrap();
        let clock = FileClock::open(&path).unwrap();
        assert_eq!(clock.now_ms(), 1000);
        std::fs::write(&path, "2500").unwrap();
        assert_eq!(clock.now_ms(), 2500);
        std::fs::write(&path, "").unwrap();
        assert_eq!(clock.now_ms(), 2500);
    }

    #[test]
    fn years_of_unix_times() {
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(1_700_000_000_000), 2023); // 2023-11-14
        assert_eq!(year_of(1_704_067_199_999), 2023); // 2023-12-31T23:59:59.999Z
        assert_eq!(year_of(1_704_067_200_000), 2024);
        assert_eq!(year_of(-1), 1969);
        assert_eq!(year_of(i64::MAX), 9999, "beyond the calendar: its last year");
    }
}
