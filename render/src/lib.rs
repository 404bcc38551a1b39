//! Images of games: plain scene data in, PNG bytes out.
//!
//! Scope: this crate draws what it is given and nothing else. A scene holds only what its viewer may see (a public
//! board never carries a deck's order or a hand); callers build scenes from the rules core's per-viewer views. It
//! does no I/O and uses no system fonts: the font ships in `assets/fonts` (Noto Sans, SIL Open Font License).
//!
//! - [`canvas`]: shapes, text and PNG encoding on top of tiny-skia, ab_glyph and image;
//! - [`palette`]: seat colours and shapes that colour-blind players can tell apart;
//! - [`meridian`]: board, preview, hand and result images of Meridian;
//! - [`contrees`]: the territory of Contrées, with the labels players choose by;
//! - [`dragon_delta`]: Dragon Delta's river, players' cards and a player's programme.

pub mod canvas;
pub mod contrees;
pub mod dragon_delta;
pub mod meridian;
pub mod palette;
