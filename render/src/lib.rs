//! Images of games. Filled in by the board-image work.
