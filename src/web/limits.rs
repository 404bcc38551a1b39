//! What one address, and everyone together, may ask of the page server: connections and requests, counted per
//! address (an IPv6 address by its /64, which one subscriber usually holds whole). Requests that come from this
//! machine with `X-Forwarded-For` are counted by the address forwarded: a reverse proxy beside the bot (for HTTPS)
//! would otherwise make every player one address. Nothing else is trusted to say where it comes from.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Connections open at once, in all.
pub const CONNECTIONS: usize = 512;
/// Connections open at once from one address.
pub const CONNECTIONS_PER_ADDRESS: usize = 16;
/// Requests one address may make in a burst (stepping through a long game fetches a picture a move) …
pub const BURST: f64 = 240.0;
/// … and then each second.
pub const PER_SECOND: f64 = 20.0;
/// Addresses whose requests are counted at once; beyond that, new addresses wait for a count to fill up again.
pub const ADDRESSES: usize = 4096;
/// Requests answered at once, in all; more are told to come back (503).
pub const REQUESTS: usize = 64;
/// A request's headers must arrive within this, and its answer be ready within it.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The longest path and query answered (a page's is under 60 bytes).
pub const URI_BYTES: usize = 256;

/// Who a limit counts: the address, an IPv6 one by its /64.
pub fn client(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// Who a request counts against: its connection's address or, from this machine, the last address in its
/// `X-Forwarded-For` (the one the proxy saw).
pub fn requester(peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
    let forwarded = || {
        let list = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
        list.rsplit(',').next()?.trim().parse().ok()
    };
    client(if peer.is_loopback() { forwarded().unwrap_or(peer) } else { peer })
}

/// Requests left to each address (token buckets).
#[derive(Default)]
pub struct Requests(Mutex<HashMap<IpAddr, (f64, Instant)>>);

impl Requests {
    /// Whether `client` may make a request now; counts it if so.
    pub fn take(&self, client: IpAddr, now: Instant) -> bool {
        let mut map = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let left =
            |(tokens, at): &(f64, Instant)| (tokens + PER_SECOND * now.duration_since(*at).as_secs_f64()).min(BURST);
        if map.len() >= ADDRESSES && !map.contains_key(&client) {
            // A full count is a fresh one: forgetting those loses nothing.
            map.retain(|_, bucket| left(bucket) < BURST);
            if map.len() >= ADDRESSES {
                return false;
            }
        }
        let bucket = map.entry(client).or_insert((BURST, now));
        let tokens = left(bucket);
        match tokens >= 1.0 {
            true => *bucket = (tokens - 1.0, now),
            false => *bucket = (tokens, now),
        }
        tokens >= 1.0
    }
}

/// Connections open, per address.
#[derive(Default, Clone)]
pub struct Connections(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One open connection, counted until it is dropped.
pub struct Open {
    connections: Connections,
    client: IpAddr,
}

impl Connections {
    /// Counts a new connection from `client`, unless it or everyone has too many open.
    pub fn open(&self, client: IpAddr) -> Option<Open> {
        let mut map = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let total: usize = map.values().sum();
        let mine = map.entry(client).or_default();
        if total >= CONNECTIONS || *mine >= CONNECTIONS_PER_ADDRESS {
            if *mine == 0 {
                map.remove(&client);
            }
            return None;
        }
        *mine += 1;
        Some(Open { connections: self.clone(), client })
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut map = self.connections.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = map.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                map.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_burst_then_its_rate() {
        let requests = Requests::default();
        let (ana, ben) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let start = Instant::now();
        let granted = (0..1000).filter(|_| requests.take(ana, start)).count();
        assert_eq!(granted, BURST as usize);
        assert!(requests.take(ben, start), "another address is not held up");
        let later = start + Duration::from_millis(500);
        let granted = (0..1000).filter(|_| requests.take(ana, later)).count();
        assert_eq!(granted, (PER_SECOND / 2.0) as usize);
    }

    #[test]
    fn too_many_addresses_wait_until_one_is_forgotten() {
        let requests = Requests::default();
        let start = Instant::now();
        for i in 0..ADDRESSES as u32 {
            assert!(requests.take(IpAddr::V4(i.into()), start));
        }
        let newcomer = IpAddr::V4(u32::MAX.into());
        assert!(!requests.take(newcomer, start), "every count is partly used: no room");
        assert!(requests.take(newcomer, start + Duration::from_secs(1)), "full again after a second: forgotten");
    }

    #[test]
    fn only_a_proxy_on_this_machine_says_whom_it_forwards() {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(requester(local, &headers), "198.51.100.7".parse::<IpAddr>().unwrap(), "the proxy's own view");
        let remote: IpAddr = "192.0.2.1".parse().unwrap();
        assert_eq!(requester(remote, &headers), remote, "a client cannot pick its own address");
        assert_eq!(requester(local, &axum::http::HeaderMap::new()), local);
        headers.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(requester(local, &headers), local);
    }

    #[test]
    fn an_ipv6_subscriber_is_one_client() {
        let a = client("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = client("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, client("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(client("::ffff:10.0.0.1".parse().unwrap()), client("10.0.0.1".parse().unwrap()));
    }

    #[test]
    fn connections_are_capped_per_address_and_given_back() {
        let connections = Connections::default();
        let ana: IpAddr = "10.0.0.1".parse().unwrap();
        let open: Vec<Open> = (0..CONNECTIONS_PER_ADDRESS).map(|_| connections.open(ana).unwrap()).collect();
        assert!(connections.open(ana).is_none());
        assert!(connections.open("10.0.0.2".parse().unwrap()).is_some());
        drop(open);
        assert!(connections.open(ana).is_some());
    }
}
