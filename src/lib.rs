//! schofield
pub mod board;
pub mod dictionary;
pub mod output;
pub mod perm;
pub mod position;
pub mod puzzle;
pub mod solve;
pub mod symmetry;
pub mod twist;
