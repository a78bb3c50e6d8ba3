//! The processes of a hosts file connected to one another, for timely.
//!
//! Timely connects them itself, but its listener looks for a peer once a
//! second and sleeps between looks: every networked run began about a
//! second late, however soon its peers came. Here each process listens on
//! its own address before it dials the ones before it (a dial completes
//! in the listener's backlog before the other process accepts), then waits
//! in `accept` for the ones after it; the sockets go to timely as it would
//! have made them, each introduced by the dialling process's index.

use super::Cluster;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::{Config, Hooks};

/// How long a process waits before it dials a peer again that was not
/// listening yet.
const REDIAL: std::time::Duration = std::time::Duration::from_millis(20);

/// The builders of the workers' communication, and what must live as
/// long as they run (timely's network threads), for `cluster`.
pub(super) type Communication = (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>);

/// The communication of `cluster`: in one process timely's own; across
/// processes, over sockets connected by [`sockets`]. Waits as long as the
/// peers take to come (the caller bounds the wait).
pub(super) fn communication(cluster: &Cluster) -> Result<Communication, String> {
    let Config::Cluster {
        threads, process, ..
    } = cluster.config().communication
    else {
        return cluster.config().communication.try_build();
    };
    let failed = |e: std::io::Error| format!("failed to initialize networking: {e}");
    let sockets = sockets(&cluster.hosts, process).map_err(failed)?;
    let hooks = Hooks::default();
    let local =
        ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) =
        initialize_networking_from_sockets(local, sockets, process, threads, hooks)
            .map_err(failed)?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        Box::new(guard),
    ))
}

/// Whether a failed dial may succeed later: the peer not listening yet,
/// or its network not up yet. A name that does not resolve, or an address
/// that cannot be dialled, is said at once.
fn not_yet(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused
            | ConnectionReset
            | ConnectionAborted
            | TimedOut
            | Interrupted
            | HostUnreachable
            | NetworkUnreachable
    )
}

/// A socket to every other process of `hosts`, in their order, `None` at
/// `me`: listening first, then dialling each process before `me` (and
/// saying who dials, as timely's own connections do), then accepting each
/// after it.
fn sockets(hosts: &[String], me: usize) -> std::io::Result<Vec<Option<TcpStream>>> {
    let listener = TcpListener::bind(&hosts[me])?;
    let mut sockets: Vec<Option<TcpStream>> = (0..hosts.len()).map(|_| None).collect();
    for (peer, host) in hosts.iter().enumerate().take(me) {
        let mut stream = loop {
            match TcpStream::connect(host) {
                Ok(s) => break s,
                Err(e) if not_yet(&e) => std::thread::sleep(REDIAL),
                Err(e) => return Err(std::io::Error::other(format!("dialling {host}: {e}"))),
            }
        };
        stream.set_nodelay(true)?;
        stream.write_all(&(me as u64).to_be_bytes())?;
        sockets[peer] = Some(stream);
    }
    for _ in me + 1..hosts.len() {
        let (mut stream, _) = listener.accept()?;
        stream.set_nodelay(true)?;
        let mut said = [0u8; 8];
        stream.read_exact(&mut said)?;
        let peer = usize::try_from(u64::from_be_bytes(said)).unwrap_or(usize::MAX);
        match sockets.get_mut(peer) {
            Some(slot @ None) if peer > me => *slot = Some(stream),
            _ => {
                return Err(std::io::Error::other(format!(
                    "a connection said it was process {peer}, which was not expected"
                )));
            }
        }
    }
    Ok(sockets)
}
