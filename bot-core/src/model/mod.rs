//! The data every layer shares: identifiers that live long, a table's state, and the chat's
//! records. The service changes them, the store keeps them, the renderer shows them; this
//! module imports neither of them.

pub mod fairness;
pub mod ids;
pub mod place;
pub mod records;
pub mod table;
pub mod token;
