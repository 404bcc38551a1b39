//! Animated pictures: boards one after another as a GIF (the `gif` crate), for a game's replay and a player's
//! catch-up.
//!
//! Each frame is a picture in its own 256 colours ([`crate::indexed`], the same as its PNG, so a frame shows
//! exactly the board posted). Only the rectangle that changed since the frame before is written, over it (GIF's
//! "keep" disposal), and within it the pixels that did not change are transparent: a move changes a few small
//! parts of a board (the piece, the marks of the move before and now, the panel), so a frame costs a few kilobytes,
//! not a whole picture. The animation loops; its last frame is held longest.

use crate::indexed::Indexed;
use std::borrow::Cow;

/// How long each frame shows, in hundredths of a second.
pub const FRAME_CS: u16 = 80;
/// How long the last frame shows before the animation starts again.
pub const LAST_FRAME_CS: u16 = 400;
/// An animation being written: the picture its last frame shows, and the last frame, held back
/// until the next one comes (or the end) to know how long it shows.
pub struct Animation {
    width: u16,
    height: u16,
    encoder: gif::Encoder<Vec<u8>>,
    /// The last picture: its pixels, and their colours by index.
    before: Option<(Vec<u8>, Colours)>,
    held: Option<gif::Frame<'static>>,
}

/// A picture's colours by index, each as one number: pixels of two pictures are compared by colour, not index
/// (each picture has its own palette).
type Colours = [u32; 256];

fn colours(picture: &Indexed) -> Colours {
    let mut out = [u32::MAX; 256];
    for (c, &[r, g, b]) in out.iter_mut().zip(&picture.palette) {
        *c = u32::from_le_bytes([r, g, b, 0]);
    }
    out
}

/// Which pixels of a picture differ from the one before: the pictures and their colours.
struct Change<'a> {
    before: (&'a [u8], &'a Colours),
    after: (&'a [u8], &'a Colours),
}

impl Change<'_> {
    fn differs(&self, i: usize) -> bool {
        self.before.1[usize::from(self.before.0[i])] != self.after.1[usize::from(self.after.0[i])]
    }

    /// The smallest rectangle holding every pixel that differs (`width` pixels a row), row by row: `(left, top,
    /// width, height)`, or `None` when none does.
    fn rectangle(&self, width: usize) -> Option<Rect> {
        let (mut top, mut bottom, mut left, mut right) = (None, 0, width, 0);
        for y in 0..self.after.0.len() / width {
            let row = y * width;
            let Some(first) = (0..width).find(|&x| self.differs(row + x)) else { continue };
            let last = (first..width).rev().find(|&x| self.differs(row + x)).unwrap_or(first);
            top.get_or_insert(y);
            (bottom, left, right) = (y, left.min(first), right.max(last));
        }
        Some((left, top?, right - left + 1, bottom - top? + 1))
    }
}

/// A rectangle: left, top, width, height.
type Rect = (usize, usize, usize, usize);

impl Animation {
    /// An animation of pictures `width` by `height` (GIF's limit: 65,535 each way).
    pub fn new(width: u32, height: u32) -> Animation {
        let (width, height) = (width as u16, height as u16);
        let mut encoder = gif::Encoder::new(Vec::new(), width, height, &[]).expect("writing to memory");
        encoder.set_repeat(gif::Repeat::Infinite).expect("writing to memory");
        Animation { width, height, encoder, before: None, held: None }
    }

    /// Adds `picture` (of the animation's size) as the next frame: the first whole, then the rectangle that changed
    /// (one pixel when nothing did: the frame still shows for its time), unchanged pixels transparent.
    pub fn frame(&mut self, picture: &Indexed) {
        let (width, height, after) = (usize::from(self.width), usize::from(self.height), colours(picture));
        let next = match &self.before {
            None => frame((0, 0, width, height), picture.pixels.clone(), None, &picture.palette),
            Some((pixels, before)) => {
                let change = Change { before: (pixels, before), after: (&picture.pixels, &after) };
                let rect = change.rectangle(width).unwrap_or((0, 0, 1, 1));
                let mut palette = picture.palette.clone();
                let (buffer, transparent) = cropped(&change, rect, width, &mut palette);
                frame(rect, buffer, transparent, &palette)
            }
        };
        self.write_held();
        self.held = Some(next);
        self.before = Some((picture.pixels.clone(), after));
    }

    fn write_held(&mut self) {
        if let Some(frame) = self.held.take() {
            self.encoder.write_frame(&frame).expect("writing to memory");
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

/// A frame: `buffer`, the pixels of `rect` in `palette`'s colours, over the picture before, shown for [`FRAME_CS`].
fn frame(
    (left, top, w, h): Rect,
    buffer: Vec<u8>,
    transparent: Option<u8>,
    palette: &[[u8; 3]],
) -> gif::Frame<'static> {
    gif::Frame {
        delay: FRAME_CS,
        dispose: gif::DisposalMethod::Keep,
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        transparent,
        palette: Some(palette.concat()),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

/// The rectangle `(left, top, w, h)` of the picture after `change` (`width` pixels a row), a pixel the picture
/// before shows already written transparent: as one colour of `palette` no changed pixel uses (added when the
/// palette has room), so that runs of them cost almost nothing; and that colour (`None`: every colour is used, the
/// rectangle is written whole).
fn cropped(
    change: &Change,
    (left, top, w, h): Rect,
    width: usize,
    palette: &mut Vec<[u8; 3]>,
) -> (Vec<u8>, Option<u8>) {
    let pixels = change.after.0;
    let at = |y: usize| y * width + left..y * width + left + w;
    let mut used = [false; 256];
    for i in (top..top + h).flat_map(at).filter(|&i| change.differs(i)) {
        used[usize::from(pixels[i])] = true;
    }
    let Some(clear) = (0..256).find(|&c| !used[c]) else {
        return ((top..top + h).flat_map(|y| &pixels[at(y)]).copied().collect(), None);
    };
    if clear >= palette.len() {
        palette.resize(clear + 1, [0; 3]);
    }
    let clear = clear as u8;
    let pixel = |i: usize| if change.differs(i) { pixels[i] } else { clear };
    ((top..top + h).flat_map(|y| at(y).map(pixel)).collect(), Some(clear))
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
