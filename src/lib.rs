//! `mancala`: Kalaha, Raja Pasu and Sat-gharva for two players at one terminal.

pub mod engine;
