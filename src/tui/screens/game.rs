mod fill;
pub mod state;
pub mod update;
pub mod view;
