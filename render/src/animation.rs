//! Animated pictures: boards one after another as a GIF (the `gif` crate), for a game's replay and a player's
//! catch-up.
//!
//! Each frame is a picture in its own 256 colours ([`crate::indexed`], the same as its PNG, so a frame shows
//! exactly the board posted). Only the rectangle that changed since the frame before is written, over it (GIF's
//! "keep" disposal), and within it the pixels that did not change are transparent: a move changes a few small
//! parts of a board (the piece, the marks of the move before and now, the panel), so a frame costs a few kilobytes,
//! not a whole picture. The animation loops; its last frame is held longest.

use crate::indexed::Indexed;
use crate::lzw;
use std::borrow::Cow;

/// How long each frame shows, in hundredths of a second.
pub const FRAME_CS: u16 = 80;
/// How long the last frame shows before the animation starts again.
pub const LAST_FRAME_CS: u16 = 400;
/// An animation being written: what its frames show so far, and the last frame, held back until the next one comes
/// (or the end) to know how long it shows.
pub struct Animation {
    width: u16,
    height: u16,
    encoder: gif::Encoder<Vec<u8>>,
    /// Each pixel's colour as one number (`0x00BBGGRR`) in the last picture: pixels of two pictures are compared by
    /// colour, not index (each picture has its own palette). Empty before the first.
    shown: Vec<u32>,
    held: Option<gif::Frame<'static>>,
}

/// `picture`'s pixels by colour, each as one number.
fn colours(picture: &Indexed) -> Vec<u32> {
    let mut by_index = [u32::MAX; 256];
    for (c, &[r, g, b]) in by_index.iter_mut().zip(&picture.palette) {
        *c = u32::from_le_bytes([r, g, b, 0]);
    }
    picture.pixels.iter().map(|&p| by_index[usize::from(p)]).collect()
}

/// A rectangle: left, top, width, height.
type Rect = (usize, usize, usize, usize);

/// The smallest rectangle holding every pixel whose colour differs from `before` to `after` (`width` pixels a
/// row), or `None` when none does.
fn changed(before: &[u32], after: &[u32], width: usize) -> Option<Rect> {
    let (mut top, mut bottom, mut left, mut right) = (None, 0, width, 0);
    for (y, (b, a)) in before.chunks_exact(width).zip(after.chunks_exact(width)).enumerate() {
        if b == a {
            continue;
        }
        let first = b.iter().zip(a).position(|(b, a)| b != a).unwrap_or(0);
        let last = b.iter().zip(a).rposition(|(b, a)| b != a).unwrap_or(first);
        top.get_or_insert(y);
        (bottom, left, right) = (y, left.min(first), right.max(last));
    }
    Some((left, top?, right - left + 1, bottom - top? + 1))
}

impl Animation {
    /// An animation of pictures `width` by `height` (GIF's limit: 65,535 each way).
    pub fn new(width: u32, height: u32) -> Animation {
        let (width, height) = (width as u16, height as u16);
        let mut encoder = gif::Encoder::new(Vec::new(), width, height, &[]).expect("writing to memory");
        encoder.set_repeat(gif::Repeat::Infinite).expect("writing to memory");
        Animation { width, height, encoder, shown: Vec::new(), held: None }
    }

    /// Adds `picture` (of the animation's size) as the next frame: the first whole, then the rectangle that changed
    /// (one pixel when nothing did: the frame still shows for its time), unchanged pixels transparent.
    pub fn frame(&mut self, picture: &Indexed) {
        let (width, height, after) = (usize::from(self.width), usize::from(self.height), colours(picture));
        let next = if self.shown.is_empty() {
            frame((0, 0, width, height), &picture.pixels, None, &picture.palette)
        } else {
            let rect = changed(&self.shown, &after, width).unwrap_or((0, 0, 1, 1));
            let mut palette = picture.palette.clone();
            let (buffer, transparent) = cropped((&self.shown, &after, &picture.pixels), rect, width, &mut palette);
            frame(rect, &buffer, transparent, &palette)
        };
        self.write_held();
        self.held = Some(next);
        self.shown = after;
    }

    fn write_held(&mut self) {
        if let Some(frame) = self.held.take() {
            self.encoder.write_lzw_pre_encoded_frame(&frame).expect("writing to memory");
        }
    }

    /// The GIF, its last frame held [`LAST_FRAME_CS`].
    pub fn finish(mut self) -> Vec<u8> {
        if let Some(last) = self.held.as_mut() {
            last.delay = LAST_FRAME_CS;
        }
        self.write_held();
        self.encoder.into_inner().expect("writing to memory")
    }
}

/// A frame: `pixels`, those of `rect` in `palette`'s colours, over the picture before, shown for [`FRAME_CS`]; its
/// codes written already ([`lzw`], runs of the transparent colour, or of the first pixel's, being the long ones).
fn frame((left, top, w, h): Rect, pixels: &[u8], transparent: Option<u8>, palette: &[[u8; 3]]) -> gif::Frame<'static> {
    gif::Frame {
        delay: FRAME_CS,
        dispose: gif::DisposalMethod::Keep,
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        transparent,
        palette: Some(palette.concat()),
        buffer: Cow::Owned(lzw::encode(pixels, palette.len(), transparent.unwrap_or(pixels[0]))),
        ..gif::Frame::default()
    }
}

/// The rectangle `(left, top, w, h)` of the picture after (`width` pixels a row), from the colours before and after
/// and its pixels, a pixel the picture before shows already written transparent: as one colour of `palette` no
/// changed pixel uses (added when the palette has room), so that runs of them cost almost nothing; and that colour
/// (`None`: every colour is used, the rectangle is written whole).
fn cropped(
    (before, after, pixels): (&[u32], &[u32], &[u8]),
    (left, top, w, h): Rect,
    width: usize,
    palette: &mut Vec<[u8; 3]>,
) -> (Vec<u8>, Option<u8>) {
    let rows = || (top..top + h).map(|y| y * width + left..y * width + left + w);
    let mut used = [false; 256];
    for row in rows() {
        // Written only where a pixel changed (few): a write for every pixel would wait on the one before.
        for ((b, a), &p) in before[row.clone()].iter().zip(&after[row.clone()]).zip(&pixels[row]) {
            if b != a {
                used[usize::from(p)] = true;
            }
        }
    }
    let Some(clear) = (0..256).find(|&c| !used[c]) else {
        return (rows().flat_map(|row| &pixels[row]).copied().collect(), None);
    };
    if clear >= palette.len() {
        palette.resize(clear + 1, [0; 3]);
    }
    let clear = clear as u8;
    let mut out = Vec::with_capacity(w * h);
    for row in rows() {
        let written = before[row.clone()].iter().zip(&after[row.clone()]).zip(&pixels[row]);
        out.extend(written.map(|((b, a), &p)| if b == a { clear } else { p }));
    }
    (out, Some(clear))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::{Canvas, Rgba};

    fn picture(dots: &[(f32, f32)]) -> Canvas {
        let mut canvas = Canvas::new(200, 100, Rgba(250, 248, 240, 255));
        for &(x, y) in dots {
            canvas.circle(x, y, 6.0, Some(Rgba(0, 114, 178, 255)), None);
        }
        canvas
    }

    /// Decodes `gif` frame by frame, each over the last (keep disposal): what it shows after each frame, and each
    /// frame's delay.
    fn played(gif: &[u8]) -> Vec<(Vec<[u8; 3]>, u16)> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(gif).unwrap();
        let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
        let mut shown = vec![[0u8; 3]; width * height];
        let mut out = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let palette = frame.palette.clone().unwrap();
            let (left, top, w) = (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width));
            // A transparent pixel shows the picture before.
            for (i, &p) in frame.buffer.iter().enumerate().filter(|&(_, &p)| Some(p) != frame.transparent) {
                let p = 3 * usize::from(p);
                shown[(top + i / w) * width + left + i % w] = [palette[p], palette[p + 1], palette[p + 2]];
            }
            out.push((shown.clone(), frame.delay));
        }
        out
    }

    fn colours(canvas: &Canvas) -> Vec<[u8; 3]> {
        let picture = canvas.indexed();
        picture.pixels.iter().map(|&p| picture.palette[usize::from(p)]).collect()
    }

    /// A first dot, a second far from it, nothing new, then both gone.
    #[test]
    fn each_frame_shows_its_picture_and_only_what_changed_is_written() {
        let (a, b) = ((10.0, 10.0), (180.0, 80.0));
        let pictures = [picture(&[]), picture(&[a]), picture(&[a, b]), picture(&[a, b]), picture(&[])];
        let mut animation = Animation::new(200, 100);
        for p in &pictures {
            animation.frame(&p.indexed());
        }
        let gif = animation.finish();
        let shown = played(&gif);
        let delays: Vec<u16> = shown.iter().map(|(_, d)| *d).collect();
        assert_eq!(delays, [FRAME_CS, FRAME_CS, FRAME_CS, FRAME_CS, LAST_FRAME_CS]);
        for (k, ((shown, _), picture)) in shown.iter().zip(&pictures).enumerate() {
            assert!(*shown == colours(picture), "frame {k}");
        }
        // The second frame is the first dot's square alone (a radius of 6, its edge anti-aliased), the third the
        // second's; the fourth, which changes nothing, one pixel; the last, the square from one dot to the other.
        // After the first, unchanged pixels are transparent.
        let mut decoder = gif::DecodeOptions::new().read_info(&gif[..]).unwrap();
        let mut written = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            written.push((frame.left, frame.top, frame.width, frame.height, frame.transparent.is_some()));
        }
        let dot = |(x, y): (f32, f32)| (x as u16 - 6, y as u16 - 6, 12, 12, true);
        assert_eq!(written, [(0, 0, 200, 100, false), dot(a), dot(b), (0, 0, 1, 1, true), (4, 4, 182, 82, true)]);
    }
}
