//! `mancala`: traditional mancala games (Kalaha, Raja Pasu, Sat-gharva, Oware,
//! Toguz Kumalak, Dakon, Ayoayo, Vai Lung Thlan) for two players at one
//! terminal.
//!
//! [`engine`] holds the rules and nothing else; [`catalog`] finds rule files;
//! [`report`] turns positions into text and JSON; [`cli`] is the command line.

pub mod ai;
pub mod catalog;
pub mod cli;
pub mod engine;
pub mod records;
pub mod report;
pub mod rulebook;
pub mod session;
pub mod settings;
pub mod storage;
pub mod text;
pub mod tui;
pub mod words;
