pub mod state;
pub mod update;
pub mod view;
