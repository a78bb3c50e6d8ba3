//! A worker's three dataflows on timely: the claims, routed to the worker
//! that owns each state; the notes the workers tell each other in rounds
//! (what each says, [`Said`]); and the pulses that tell the other
//! processes it is alive.

use super::{PULSE, Share, WAIT};
use crate::board::cluster::{Liveness, Slices, Traffic};
use crate::board::two_bit::{Layer, TwoBit};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

/// A message between workers: (to, from, what).
type Note = (u32, u32, Said);

/// What one worker tells another.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) enum Said {
    /// The job it was started with, whether its table could be had, the
    /// layers it has checkpoints of, and any trouble with its folder.
    Ready {
        job: String,
        ok: bool,
        checkpoints: Vec<u32>,
        trouble: Option<String>,
    },
    /// Its checkpoint of the agreed layer was read (or the reason not),
    /// and the layer counts it holds.
    Loaded {
        trouble: Option<String>,
        counts: Vec<u64>,
        /// The states its table holds as old, and as the last layer.
        old: u64,
        frontier: u64,
    },
    /// States it claimed in this round, and any trouble writing its
    /// checkpoint.
    Claimed {
        states: u64,
        trouble: Option<String>,
    },
    /// Its first antipodes, its traffic and its standard distances (to
    /// worker 0).
    Done {
        antipodes: Vec<u64>,
        traffic: Traffic,
        first: u64,
        distances: Vec<u8>,
    },
}

/// Claims that arrived, each batch with the layer whose expansions sent it.
type Arrivals = Rc<RefCell<Vec<(u64, Vec<u64>)>>>;

/// A worker's two dataflows, the claims (routed to their owners) and the
/// notes, and its rounds of notes.
pub(super) struct Channels {
    pub(super) claims: InputHandle<u64, CapacityContainerBuilder<Vec<u64>>>,
    claims_probe: ProbeHandle<u64>,
    notes: InputHandle<u64, CapacityContainerBuilder<Vec<Note>>>,
    notes_probe: ProbeHandle<u64>,
    /// What other workers said, by round: a worker that is ahead may say
    /// its part of the next round before this one has heard all of this.
    heard: Rc<RefCell<Vec<(u64, u32, Said)>>>,
    /// Claims that arrived, by the layer that made them: a faster worker
    /// may already send the next layer's claims while this one is still
    /// closing the last, so they wait here until this worker gets to that
    /// layer.
    arrivals: Arrivals,
    round: u64,
    me: usize,
    peers: usize,
    /// Pulses to the first worker of every other process, a pulse naming
    /// the process it comes from, each in a round of its own.
    pulses: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, u32)>>>,
    pulses_probe: ProbeHandle<u64>,
    /// This worker's process, the processes and their workers each.
    process: usize,
    processes: usize,
    workers: usize,
    /// When this worker last sent its pulses.
    pulsed: Option<std::time::Instant>,
    /// Where the run hears that this worker broke off.
    liveness: Arc<Liveness>,
}

impl Channels {
    pub(super) fn new(
        worker: &mut timely::worker::Worker,
        slices: Slices,
        workers: usize,
        liveness: &Arc<Liveness>,
    ) -> Channels {
        let mut claims = InputHandle::new();
        let claims_probe = ProbeHandle::new();
        let mut notes = InputHandle::new();
        let notes_probe = ProbeHandle::new();
        let heard: Rc<RefCell<Vec<(u64, u32, Said)>>> = Rc::new(RefCell::new(Vec::new()));
        let arrivals: Arrivals = Rc::new(RefCell::new(Vec::new()));
        {
            let arrived = Rc::clone(&arrivals);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut claims)
                    .container::<Vec<u64>>()
                    .unary::<CapacityContainerBuilder<Vec<u64>>, _, _, _>(
                        Exchange::new(move |j: &u64| slices.owner(*j as usize) as u64),
                        "Claim",
                        move |_, _| {
                            move |input, _output| {
                                input.for_each(|time, data| {
                                    if let Some(&t) = time.least() {
                                        arrived.borrow_mut().push((t, std::mem::take(data)));
                                    }
                                });
                            }
                        },
                    )
                    .probe_with(&claims_probe);
            });
        }
        {
            let heard = Rc::clone(&heard);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut notes)
                    .container::<Vec<Note>>()
                    .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                        Exchange::new(|n: &Note| u64::from(n.0)),
                        "Hear",
                        move |_, _| {
                            move |input, _output| {
                                input.for_each(|time, data| {
                                    let Some(&t) = time.least() else { return };
                                    heard.borrow_mut().extend(
                                        data.drain(..).map(|(_, from, said)| (t, from, said)),
                                    );
                                });
                            }
                        },
                    )
                    .probe_with(&notes_probe);
            });
        }
        let mut pulses = InputHandle::new();
        let pulses_probe = ProbeHandle::new();
        {
            let liveness = Arc::clone(liveness);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut pulses)
                    .container::<Vec<(u32, u32)>>()
                    .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                        Exchange::new(|&(to, _): &(u32, u32)| u64::from(to)),
                        "Pulse",
                        move |_, _| {
                            move |input, _output| {
                                input.for_each(|_, data| {
                                    for (_, from) in data.drain(..) {
                                        liveness.heard(from as usize);
                                    }
                                });
                            }
                        },
                    )
                    .probe_with(&pulses_probe);
            });
        }
        Channels {
            claims,
            claims_probe,
            notes,
            notes_probe,
            heard,
            arrivals,
            round: 0,
            me: worker.index(),
            peers: worker.peers(),
            pulses,
            pulses_probe,
            process: worker.index() / workers,
            processes: worker.peers() / workers,
            workers,
            pulsed: None,
            liveness: Arc::clone(liveness),
        }
    }

    /// Tells the first worker of every other process that this one is
    /// alive, at most once every [`PULSE`]: called wherever a worker looks
    /// at the network, so that a process is heard from while it expands a
    /// layer as well as while it waits.
    pub(super) fn pulse(&mut self) {
        if self.processes < 2 || self.pulsed.is_some_and(|t| t.elapsed() < PULSE) {
            return;
        }
        self.pulsed = Some(std::time::Instant::now());
        for q in (0..self.processes).filter(|&q| q != self.process) {
            self.pulses
                .send(((q * self.workers) as u32, self.process as u32));
        }
        // An input and the exchange after it hold what they are given
        // until a round closes: each pulse is a round of its own, so that
        // it leaves now.
        let next = self.pulses.time() + 1;
        self.pulses.advance_to(next);
    }

    /// One step of the worker, waiting at most [`WAIT`] for news, with a
    /// pulse when one is due.
    fn step(&mut self, worker: &mut timely::worker::Worker) {
        self.pulse();
        worker.step_or_park(Some(WAIT));
    }

    /// One round of notes: `said`, each to its worker, then what all said
    /// to this one, in worker order.
    pub(super) fn talk(
        &mut self,
        worker: &mut timely::worker::Worker,
        said: Vec<(usize, Said)>,
    ) -> Vec<(u32, Said)> {
        for (to, s) in said {
            self.notes.send((to as u32, self.me as u32, s));
        }
        let this = self.round;
        self.round += 1;
        self.notes.advance_to(self.round);
        while self.notes_probe.less_than(self.notes.time()) {
            self.step(worker);
        }
        let all = std::mem::take(&mut *self.heard.borrow_mut());
        let (now, later): (Vec<_>, Vec<_>) = all.into_iter().partition(|(t, _, _)| *t == this);
        *self.heard.borrow_mut() = later;
        let mut now: Vec<(u32, Said)> = now.into_iter().map(|(_, f, s)| (f, s)).collect();
        now.sort_by_key(|(from, _)| *from);
        now
    }

    /// A round in which this worker says `said` to every worker.
    pub(super) fn tell_everyone(
        &mut self,
        worker: &mut timely::worker::Worker,
        said: Said,
    ) -> Vec<(u32, Said)> {
        let all = (0..self.peers).map(|to| (to, said.clone())).collect();
        self.talk(worker, all)
    }

    /// Closes the dataflows and runs them down: every worker leaves
    /// together, and none is left parked in timely's own last loop.
    pub(super) fn run_down(mut self, worker: &mut timely::worker::Worker) {
        drop(std::mem::take(&mut self.claims));
        drop(std::mem::take(&mut self.notes));
        drop(std::mem::take(&mut self.pulses));
        while !self.claims_probe.done() || !self.notes_probe.done() || !self.pulses_probe.done() {
            worker.step_or_park(Some(WAIT));
        }
    }

    /// Claims the states that arrived from `layer`'s expansions elsewhere;
    /// how many were new.
    pub(super) fn take_arrivals(
        &self,
        table: &TwoBit,
        layer: Layer,
        share: &Share,
        distances: &mut [u8],
    ) -> u64 {
        let depth = (layer.depth() + 1) as u8;
        let mut next = table.next(layer);
        self.arrivals.borrow_mut().retain(|(t, data)| {
            if *t != u64::from(layer.depth()) {
                return true;
            }
            for &j in data {
                let j = j as usize;
                if next.claim(j - share.lo)
                    && let Some(r) = share.distance_slot(j)
                {
                    distances[r] = depth;
                }
            }
            false
        });
        next.claimed()
    }

    /// Waits until every claim of `layer`'s expansions has arrived.
    pub(super) fn close_round(&mut self, worker: &mut timely::worker::Worker, layer: Layer) {
        self.claims.advance_to(u64::from(layer.depth()) + 1);
        while self.claims_probe.less_than(self.claims.time()) {
            self.step(worker);
        }
    }
}

/// A worker's inputs close when they are dropped, sending what they hold,
/// except while its thread unwinds from a panic: when the cluster breaks
/// (a process killed, or timed out and gone), timely's threads panic, and
/// an input closed then sends into the broken connection and panics again;
/// a panic while unwinding aborts the whole process ("thread caused
/// non-unwinding panic", exit 134) before the run can report the break.
/// Left open, the inputs end with their thread, the run being lost anyway;
/// as they keep timely's sending threads waiting, the run is told at once.
impl Drop for Channels {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.liveness.broke();
            std::mem::forget(std::mem::take(&mut self.claims));
            std::mem::forget(std::mem::take(&mut self.notes));
            std::mem::forget(std::mem::take(&mut self.pulses));
        }
    }
}
