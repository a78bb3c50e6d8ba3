//! Random elements of a group, for the randomised phase of Schreier–Sims
//! ([`super::PermGroup`]).

use super::{Perm, mul_into};
use crate::perm::{compose as mul, inverse as inv};

/// Random elements of a group by product replacement with an accumulator
/// ("rattle", Holt §3.2.2), from a fixed seed so that a run is repeatable.
pub(super) struct Random {
    pool: Vec<Perm>,
    acc: Perm,
    rng: fastrand::Rng,
}

impl Random {
    pub(super) fn new(n: usize, gens: &[Perm]) -> Random {
        let mut pool: Vec<Perm> = gens.to_vec();
        while pool.len() < 10 {
            pool.push(gens[pool.len() % gens.len()].clone());
        }
        let mut r = Random {
            pool,
            acc: (0..n as u32).collect(),
            rng: fastrand::Rng::with_seed(0x5C40_F1E1D),
        };
        for _ in 0..50 {
            r.next();
        }
        r
    }

    pub(super) fn next(&mut self) -> Perm {
        let k = self.pool.len();
        let i = self.rng.usize(..k);
        let mut j = self.rng.usize(..k - 1);
        if j >= i {
            j += 1;
        }
        let other = if self.rng.bool() {
            self.pool[j].clone()
        } else {
            inv(&self.pool[j])
        };
        if self.rng.bool() {
            mul_into(&mut self.pool[i], &other);
        } else {
            self.pool[i] = mul(&other, &self.pool[i]);
        }
        mul_into(&mut self.acc, &self.pool[i]);
        self.acc.clone()
    }
}
