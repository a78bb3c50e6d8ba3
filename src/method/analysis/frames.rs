//! Positions up to rotation: paths between numbered positions, which name
//! each move as seen in the engine's turning frame, renamed into the moves
//! of a puzzle held still, and back.

use super::Analysis;
use crate::method::Path;
use crate::puzzle::{Pattern, Transformation};

impl Analysis {
    /// Up to rotation, the engine holds the reference piece at home and
    /// turns the puzzle back after each move that carries it away, so a
    /// path between numbered positions names each move as seen in that
    /// turning frame. A puzzle held still needs each move renamed through
    /// the rotation accumulated so far: `frame` is the rotation that took
    /// the position as given to its number (the identity for a numbered
    /// position itself). Returns the moves of a puzzle held still; the
    /// path unchanged when positions are not taken up to rotation.
    pub fn held_still(&self, path: &Path, frame: Option<&Transformation>) -> Path {
        self.reframe(path, frame, true)
    }

    /// The pattern of position `x` as it stands in `frame` (see
    /// [`Analysis::held_still`]): up to rotation, the engine numbers the
    /// position turned home, `given · F`, so the position as given is the
    /// numbered one turned back by `F⁻¹`. Everything printed about a
    /// position given in a frame (its pattern, cycles, order, inverse,
    /// drawing) describes this pattern, the one its held-still paths solve.
    /// The numbered pattern itself when `frame` is `None`.
    pub fn pattern_in_frame(&self, x: u64, frame: Option<&Transformation>) -> Pattern {
        let p = self.position(x);
        match frame {
            Some(f) if self.space.up_to_rotation() => p.apply(&f.inverse()),
            _ => p,
        }
    }

    /// Follows `path`, moves of a puzzle held still, from position `x`
    /// given in `frame` (as [`Analysis::held_still`]): the number of the
    /// position it ends at.
    pub fn follow_held_still(&self, x: u64, path: &Path, frame: Option<&Transformation>) -> u64 {
        let engine = self.engine_path(path, frame);
        engine.moves().iter().fold(x, |y, &m| self.next(y, m))
    }

    /// `path`, moves of a puzzle held still from `frame`, as the engine's
    /// moves (the inverse of [`Analysis::held_still`]).
    pub fn engine_path(&self, path: &Path, frame: Option<&Transformation>) -> Path {
        self.reframe(path, frame, false)
    }

    /// The patterns a path of the engine's moves passes through from
    /// position `x` given in `frame`, as the puzzle held still shows them
    /// (each [`Analysis::pattern_in_frame`] of the position reached, in the
    /// frame reached): the start first, then one after each move. The
    /// pictures of a path's steps are these, so that they agree with the
    /// held-still moves that label them.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Analysis, Options};
    /// let a = Analysis::new(library::get("2x2x2").unwrap(), &Options::default(), &|_| {}).unwrap();
    /// let x = a.parse_position("R U").unwrap();
    /// let path = schofield::method::Path::new(a.specimen(x));
    /// let seen = a.patterns_along(x, &path, None);
    /// assert_eq!(seen.len(), path.len() + 1);
    /// // Each is the one before with the held-still move made.
    /// let still = a.held_still(&path, None);
    /// for (k, &m) in still.moves().iter().enumerate() {
    ///     assert_eq!(seen[k].apply(a.moves().get(m).transformation()), seen[k + 1]);
    /// }
    /// ```
    pub fn patterns_along(
        &self,
        x: u64,
        path: &Path,
        frame: Option<&Transformation>,
    ) -> Vec<Pattern> {
        let mut out = vec![self.pattern_in_frame(x, frame)];
        let mut at = x;
        self.walk_frames(path, frame, |m, f| {
            at = self.next(at, m);
            out.push(self.pattern_in_frame(at, Some(f)));
        });
        out
    }

    /// Renames the moves of `path` between the engine's turning frame and
    /// a puzzle held still (`to_still`: from the engine's names), starting
    /// in `frame` ([`crate::method::space::Space::reframe`]).
    fn reframe(&self, path: &Path, frame: Option<&Transformation>, to_still: bool) -> Path {
        Path::new(
            self.space
                .reframe(&self.moves, path.moves(), frame, to_still),
        )
    }

    /// The rotation the engine turns the puzzle back by after its move `m`.
    fn turned_back(&self, m: usize) -> Transformation {
        self.space.turned_back(&self.moves, m)
    }

    /// Walks a path of the engine's moves from `frame`, handing each move
    /// and the frame after it to `step` (the identity frame throughout
    /// where positions are not taken up to rotation).
    fn walk_frames(
        &self,
        path: &Path,
        frame: Option<&Transformation>,
        mut step: impl FnMut(usize, &Transformation),
    ) {
        let raw = |m: usize| self.moves.get(m).transformation();
        let mut f = frame
            .cloned()
            .unwrap_or_else(|| Transformation::identity_like(raw(0)));
        let turned = self.space.up_to_rotation();
        for &m in path.moves() {
            if turned {
                f = f.then(&self.turned_back(m));
            }
            step(m, &f);
        }
    }
}
