//! What one client, and everyone together, may ask of the page server: connections, requests and time, counted per
//! client (an IPv6 address by its /64, which one subscriber usually holds whole). A request from a trusted proxy
//! ([`Proxies`], `TRUSTED_PROXIES`) counts against the client its `X-Forwarded-For` names; nobody else is believed
//! about where a request comes from.
//!
//! Requests per client are counted by `governor`'s keyed token buckets (through `tower_governor`), the time to
//! answer by `tower-http`'s timeout; connections per address and the time to take an answer ([`WriteDeadline`]) are
//! counted here, where connections are accepted.

use ipnet::{IpNet, Ipv6Net};
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Connections open at once, in all, at most: each full one holds its send buffer ([`SEND_BUFFER_BYTES`], which the
/// kernel doubles), hyper's read buffer ([`READ_BUFFER_BYTES`]) and an answer under way, so that all of them stay
/// within what a small server holds; and holding them all takes 256 addresses ([`CONNECTIONS_PER_ADDRESS`] each).
/// Fewer when the process may open fewer files ([`connections_allowed`]).
pub const MAX_CONNECTIONS: usize = 4096;
/// Files kept for everything but page connections: the database, Discord's connections, the logs.
pub const FILES_KEPT: u64 = 256;
/// The send buffer asked of the kernel for each connection (which doubles it for its bookkeeping). Small, so that
/// a client that stops reading soon makes the connection's writes wait, and the write deadline then drops it: the
/// kernel's default buffers (megabytes) would take every answer and no write would ever wait.
pub const SEND_BUFFER_BYTES: usize = 16 * 1024;
/// hyper's read buffer for each connection: a request is a few hundred bytes ([`URI_BYTES`]); requests pipelined
/// behind it wait in the kernel.
pub const READ_BUFFER_BYTES: usize = 16 * 1024;
/// Requests answered on one connection: the last answer closes it, so that no client pipelines without end.
pub const REQUESTS_PER_CONNECTION: usize = 100;
/// Connections open at once from one address (a trusted proxy's are counted in all only).
pub const CONNECTIONS_PER_ADDRESS: usize = 16;
/// Requests one client may make in a burst (stepping through a long game fetches a picture a move) …
pub const BURST: u32 = 240;
/// … and then each second.
pub const PER_SECOND: u32 = 20;
/// Requests answered at once, in all; more are told to come back (503).
pub const REQUESTS: usize = 64;
/// Requests of one client answered at once; its others wait their turn, so that taking every one of the
/// [`REQUESTS`] takes as many addresses.
pub const REQUESTS_PER_CLIENT: usize = 1;
/// A request's headers must arrive within this, its answer be ready within it, and a connection waiting for its
/// next request is closed after it.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// An answer must be taken by its client within this once the connection's buffers are full: a client that does
/// not read is dropped, and its address's connections come back.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection may wait: for its client's next request's headers, and for its client to take an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    pub headers: Duration,
    pub write: Duration,
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines { headers: TIMEOUT, write: WRITE_TIMEOUT }
    }
}

/// The longest path and query answered (a page's is under 60 bytes).
pub const URI_BYTES: usize = 256;
/// The proxies trusted when `TRUSTED_PROXIES` is not set: one on this machine.
pub const LOCAL_PROXIES: &str = "127.0.0.0/8, ::1";

/// Who a limit counts: the address, an IPv6 one by its /64.
pub fn client(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Net::new(v6, 64).expect("64 bits of 128").network()),
        },
    }
}

/// The reverse proxies believed about whom they forward (`TRUSTED_PROXIES`: addresses and networks, `10.0.0.5,
/// 192.168.0.0/16, fd00::/8`), each as an IPv6 network (IPv4 as mapped, `::ffff:a.b.c.d`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proxies(Vec<Ipv6Net>);

/// An address as IPv6, an IPv4 one mapped (`::ffff:a.b.c.d`), so that both kinds are compared alike: a proxy
/// written one way is believed when it connects the other.
fn mapped(ip: IpAddr) -> Ipv6Addr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_ipv6_mapped(),
        IpAddr::V6(v6) => v6,
    }
}

impl Proxies {
    /// Reads a list of addresses and networks, separated by commas or spaces.
    pub fn parse(list: &str) -> Result<Proxies, String> {
        let network = |item: &str| -> Option<Ipv6Net> {
            let net = item.parse::<IpNet>().or_else(|_| item.parse::<IpAddr>().map(IpNet::from)).ok()?;
            // An IPv4 prefix counts after the 96 bits that map it.
            let mapping = if net.addr().is_ipv4() { 96 } else { 0 };
            Ipv6Net::new(mapped(net.addr()), net.prefix_len() + mapping).ok()
        };
        let items = list.split([',', ' ']).filter(|item| !item.is_empty());
        items.map(|item| network(item).ok_or_else(|| item.to_string())).collect::<Result<_, _>>().map(Proxies)
    }

    /// Whether `ip` is one of them.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = mapped(ip);
        self.0.iter().any(|network| network.contains(&ip))
    }

    /// Who a request counts against: its connection's address or, from a trusted proxy, the address its
    /// `X-Forwarded-For` names — read from the end, each hop having added the address it saw, past every trusted
    /// proxy to the first address that is not one. An address that does not read as one stops the walk.
    pub fn requester(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        let mut requester = peer;
        if self.trusts(peer) {
            let values = headers.get_all("x-forwarded-for").into_iter().rev();
            let hops = values.flat_map(|value| value.to_str().unwrap_or("?").rsplit(','));
            for hop in hops {
                let Ok(address) = hop.trim().parse::<IpAddr>() else { break };
                requester = address;
                if !self.trusts(address) {
                    break;
                }
            }
        }
        client(requester)
    }
}

impl Default for Proxies {
    fn default() -> Proxies {
        Proxies::parse(LOCAL_PROXIES).expect("the local networks read")
    }
}

/// The connections this process allows at once: [`MAX_CONNECTIONS`], or fewer when its file limit (raised first to
/// the most the system allows it) leaves fewer once [`FILES_KEPT`] are kept aside.
pub fn connections_allowed() -> usize {
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    connections_within(files)
}

/// [`connections_allowed`] for a process that may open `files` files: at least 64.
fn connections_within(files: u64) -> usize {
    usize::try_from(files.saturating_sub(FILES_KEPT)).unwrap_or(usize::MAX).clamp(64, MAX_CONNECTIONS)
}

/// Connections open, in all and per address, up to a limit in all.
#[derive(Clone)]
pub struct Connections {
    limit: usize,
    open: Arc<Mutex<(usize, std::collections::HashMap<IpAddr, usize>)>>,
}

impl Default for Connections {
    /// As many as the process allows ([`connections_allowed`]).
    fn default() -> Connections {
        Connections::new(connections_allowed())
    }
}

/// One open connection, counted until it is dropped.
pub struct Open {
    connections: Connections,
    /// `None`: a trusted proxy's, counted in all only.
    client: Option<IpAddr>,
}

impl Connections {
    /// At most `limit` open in all.
    pub fn new(limit: usize) -> Connections {
        Connections { limit, open: Arc::default() }
    }

    /// How many may be open in all.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Counts a new connection from `client` (`None`: a trusted proxy, which many clients share), unless it or
    /// everyone has too many open.
    pub fn open(&self, client: Option<IpAddr>) -> Option<Open> {
        let mut guard = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (total, map) = &mut *guard;
        if *total >= self.limit || client.is_some_and(|c| map.get(&c).is_some_and(|&n| n >= CONNECTIONS_PER_ADDRESS)) {
            return None;
        }
        *total += 1;
        if let Some(c) = client {
            *map.entry(c).or_default() += 1;
        }
        Some(Open { connections: self.clone(), client })
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut guard = self.connections.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (total, map) = &mut *guard;
        *total -= 1;
        if let Some(client) = self.client {
            if let Some(count) = map.get_mut(&client) {
                *count -= 1;
                if *count == 0 {
                    map.remove(&client);
                }
            }
        }
    }
}

/// A connection whose client must take what it is sent: from the moment a write must wait for the client until
/// everything written is flushed, at most `limit`; past it, writing fails and the connection is dropped. A
/// response that fits in the connection's buffers never waits.
pub struct WriteDeadline<S> {
    stream: S,
    limit: Duration,
    due: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteDeadline<S> {
    pub fn new(stream: S, limit: Duration) -> WriteDeadline<S> {
        WriteDeadline { stream, limit, due: None }
    }

    /// A write is waiting: the deadline starts if it has not, and has it passed?
    fn waiting<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let due = self.due.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        ready!(due.as_mut().poll(cx));
        Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client does not take its answer")))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Pending => self.waiting(cx),
            written => written,
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write_vectored(cx, bufs) {
            Poll::Pending => self.waiting(cx),
            written => written,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.stream).poll_flush(cx) {
            Poll::Pending => self.waiting(cx),
            flushed => {
                // Everything written is taken: the next wait starts a new deadline.
                self.due = None;
                flushed
            }
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.stream).poll_shutdown(cx) {
            Poll::Pending => self.waiting(cx),
            done => done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn trusted_proxies_are_addresses_and_networks() {
        let proxies = Proxies::parse("10.0.0.5, 192.168.0.0/16 fd00::/8").unwrap();
        assert!(proxies.trusts(ip("10.0.0.5")));
        assert!(!proxies.trusts(ip("10.0.0.6")));
        assert!(proxies.trusts(ip("192.168.44.1")));
        assert!(proxies.trusts(ip("::ffff:192.168.1.1")), "an IPv4 address written as IPv6");
        assert!(Proxies::parse("::ffff:10.0.0.5").unwrap().trusts(ip("10.0.0.5")), "and a proxy written so");
        assert!(!proxies.trusts(ip("::c0a8:1")), "an IPv6 address is not the IPv4 one of the same bits");
        assert!(proxies.trusts(ip("fd12::1")));
        assert!(!proxies.trusts(ip("fe80::1")));
        assert!(Proxies::parse("0.0.0.0/0").unwrap().trusts(ip("203.0.113.9")));
        assert!(!Proxies::parse("0.0.0.0/0").unwrap().trusts(ip("fd12::1")), "IPv4's networks hold no IPv6 address");
        assert!(Proxies::parse("::/0").unwrap().trusts(ip("203.0.113.9")), "IPv6's whole space holds IPv4's");
        assert!(Proxies::parse("10.1.2.3/8").unwrap().trusts(ip("10.200.0.1")), "a network named by any address in it");
        assert!(Proxies::parse("").unwrap().0.is_empty());
        assert_eq!(Proxies::parse("10.0.0.0/33"), Err("10.0.0.0/33".to_string()));
        assert_eq!(Proxies::parse("10.0.0.1, proxy.lan"), Err("proxy.lan".to_string()));
        assert!(Proxies::default().trusts(ip("127.0.0.1")) && Proxies::default().trusts(ip("::1")));
    }

    #[test]
    fn only_a_trusted_proxy_says_whom_it_forwards() {
        let proxies = Proxies::parse("10.0.0.0/8").unwrap();
        let mut headers = axum::http::HeaderMap::new();
        // The client claims 1.1.1.1; the first proxy saw 203.0.113.9, the second (trusted) the first proxy.
        headers.insert("x-forwarded-for", "1.1.1.1, 203.0.113.9, 10.0.0.7".parse().unwrap());
        assert_eq!(proxies.requester(ip("10.0.0.1"), &headers), ip("203.0.113.9"), "past the trusted hops");
        assert_eq!(proxies.requester(ip("192.0.2.1"), &headers), ip("192.0.2.1"), "a client cannot pick its address");
        assert_eq!(proxies.requester(ip("10.0.0.1"), &axum::http::HeaderMap::new()), ip("10.0.0.1"));
        headers.insert("x-forwarded-for", "203.0.113.9, not an address".parse().unwrap());
        assert_eq!(proxies.requester(ip("10.0.0.1"), &headers), ip("10.0.0.1"), "garbage stops the walk");
        // Several headers are one list, in order.
        let mut headers = axum::http::HeaderMap::new();
        headers.append("x-forwarded-for", "198.51.100.1".parse().unwrap());
        headers.append("x-forwarded-for", "10.1.1.1".parse().unwrap());
        assert_eq!(proxies.requester(ip("10.0.0.1"), &headers), ip("198.51.100.1"));
    }

    #[test]
    fn an_ipv6_subscriber_is_one_client() {
        let a = client(ip("2001:db8:1:2:aaaa::1"));
        let b = client(ip("2001:db8:1:2:bbbb::9"));
        assert_eq!(a, b);
        assert_ne!(a, client(ip("2001:db8:1:3::1")));
        assert_eq!(client(ip("::ffff:10.0.0.1")), client(ip("10.0.0.1")));
    }

    #[test]
    fn the_connections_allowed_follow_the_file_limit() {
        assert_eq!(connections_within(1024), 768);
        assert_eq!(connections_within(1_048_576), MAX_CONNECTIONS);
        assert_eq!(connections_within(100), 64, "a few, whatever the limit");
        assert!((64..=MAX_CONNECTIONS).contains(&connections_allowed()));
    }

    #[test]
    fn connections_are_capped_per_address_and_given_back() {
        let connections = Connections::new(512);
        let ana = Some(ip("10.0.0.1"));
        let open: Vec<Open> = (0..CONNECTIONS_PER_ADDRESS).map(|_| connections.open(ana).unwrap()).collect();
        assert!(connections.open(ana).is_none());
        assert!(connections.open(Some(ip("10.0.0.2"))).is_some());
        // A proxy's connections are counted in all only: more than one address may open.
        let _proxied: Vec<Open> = (0..CONNECTIONS_PER_ADDRESS * 4).map(|_| connections.open(None).unwrap()).collect();
        drop(open);
        assert!(connections.open(ana).is_some());
        let rest: Vec<Open> = std::iter::from_fn(|| connections.open(None)).collect();
        assert_eq!(rest.len(), 512 - CONNECTIONS_PER_ADDRESS * 4, "everyone together");
        assert!(connections.open(Some(ip("10.0.0.3"))).is_none());
    }
}
