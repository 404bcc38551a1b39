//! Images of games: plain scene data in, PNG bytes out.
//!
//! Scope: this crate draws what it is given and nothing else. A scene holds only what its viewer may see (a public
//! board never carries a deck's order or a hand); callers build scenes from the rules core's per-viewer views. It
//! does no I/O and uses no system fonts: the font ships in `assets/fonts` (Noto Sans, SIL Open Font License).
//!
//! - [`canvas`]: shapes and text on top of tiny-skia and ab_glyph, and the picture's PNG;
//! - [`animation`]: pictures one after another as a GIF, each frame only what changed, its codes by [`lzw`];
//! - [`indexed`]: a picture's 256 colours, and [`encode`] their PNG (with [`huffman`], deflate's codes), 4.6 to 7
//!   times smaller than the same picture in full colour;
//! - [`palette`]: seat colours and shapes that colour-blind players can tell apart;
//! - [`meridian`]: board, preview, hand and result images of Meridian;
//! - [`contrees`]: the territory of Contrées, with the labels players choose by;
//! - [`dragon_delta`]: Dragon Delta's river, players' cards and a player's programme;
//! - [`Say`]: the words drawn, in the reader's language, from the caller.

pub mod animation;
pub mod canvas;
pub mod contrees;
pub mod dragon_delta;
pub mod encode;
pub mod huffman;
pub mod indexed;
pub mod lzw;
pub mod meridian;
pub mod palette;

/// Words in the reader's language. A picture draws no word of its own: each is a message of the bot's catalogues
/// (`picture-…`), asked for by id with its arguments and drawn as said, so the crate stays free of languages. The
/// games' titles, numbers, labels and players' names are drawn as they are.
pub trait Say {
    /// The message `id` with `args`, in the reader's language.
    fn say(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String;
}

/// An argument of a message.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// A count or a score: plurals follow it.
    Number(f64),
    /// A name or a card, which the message may pick its words by.
    Word(&'a str),
}
