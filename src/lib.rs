//! schofield
pub mod dictionary;
pub mod perm;
pub mod position;
pub mod puzzle;
pub mod symmetry;
pub mod twist;
