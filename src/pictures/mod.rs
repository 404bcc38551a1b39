//! Scenes for the `render` crate, built from the rules core's per-viewer views: what a picture shows is exactly what
//! its viewer may see. One module per game. The words drawn come from the catalogues (`picture-…`), in the reader's
//! language.

use crate::language::{Lang, Text};
pub use render::palette::Palette;

/// A player's name for a picture ("seat N" for a seat the names do not cover).
fn player_name(names: &[String], seat: crate::rules::Seat, lang: Lang) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| lang.say(&crate::text!("picture-seat", seat = seat)))
}

/// A picture as it is posted: the image (a PNG, or an animation's GIF), and its alt text in the reader's language
/// (an attachment's description on Discord, the page's `alt`), said from the view it is drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub image: Vec<u8>,
    pub alt: String,
}

/// Who a picture is drawn for: the words in their language, the players in the colours they chose (the thread's
/// pictures in the game's, chosen by its host).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reader {
    pub lang: Lang,
    pub palette: Palette,
}

impl Reader {
    /// A reader of `lang` in the standard colours.
    pub fn standard(lang: Lang) -> Reader {
        Reader { lang, palette: Palette::Standard }
    }
}

impl render::Say for Reader {
    fn say(&self, id: &str, args: &[(&str, render::Arg<'_>)]) -> String {
        render::Say::say(&self.lang, id, args)
    }
}

/// The pictures ask for their words by message id; a language says them.
impl render::Say for Lang {
    fn say(&self, id: &str, args: &[(&str, render::Arg<'_>)]) -> String {
        let text = args.iter().fold(Text::new(id), |text, &(name, arg)| match arg {
            render::Arg::Number(n) => text.with(name, n),
            render::Arg::Word(word) => text.with(name, word),
        });
        Lang::say(*self, &text)
    }
}

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;
pub mod words;
