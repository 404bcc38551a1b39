//! Animated pictures: boards one after another as a GIF (the `gif` crate), for a game's replay and a player's
//! catch-up.
//!
//! Each frame is a picture in its own 256 colours ([`crate::indexed`], the same as its PNG, so a frame shows
//! exactly the board posted). Only the rectangle that changed since the frame before is written, over it (GIF's
//! "keep" disposal): a move changes a small part of a board, so a frame costs a few kilobytes, not a whole picture.
//! The animation loops; its last frame is held longest.

use crate::indexed::Indexed;
use std::borrow::Cow;

/// How long each frame shows, in hundredths of a second.
pub const FRAME_CS: u16 = 80;
/// How long the last frame shows before the animation starts again.
pub const LAST_FRAME_CS: u16 = 400;

/// An animation being written: the frames so far, the picture they make, and the last frame, held back until the
/// next one comes (or the end) to know how long it shows.
pub struct Animation {
    width: u16,
    height: u16,
    encoder: gif::Encoder<Vec<u8>>,
    /// What the animation shows after the frames written, one colour a pixel.
    shown: Vec<[u8; 3]>,
    held: Option<gif::Frame<'static>>,
    frames: usize,
}

/// The smallest rectangle holding every pixel that differs between `before` and `after` (`width` pixels a row):
/// `(left, top, width, height)`, or `None` when they are the same.
fn changed(before: &[[u8; 3]], after: &[[u8; 3]], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows: Vec<usize> = (0..before.len() / width)
        .filter(|&y| before[y * width..(y + 1) * width] != after[y * width..(y + 1) * width])
        .collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let column_differs = |x: usize| (top..=bottom).any(|y| before[y * width + x] != after[y * width + x]);
    let left = (0..width).find(|&x| column_differs(x))?;
    let right = (left..width).rev().find(|&x| column_differs(x))?;
    Some((left, top, right - left + 1, bottom - top + 1))
}

impl Animation {
    /// An animation of pictures `width` by `height` (GIF's limit: 65,535 each way).
    pub fn new(width: u32, height: u32) -> Animation {
        let (width, height) = (width as u16, height as u16);
        let mut encoder = gif::Encoder::new(Vec::new(), width, height, &[]).expect("writing to memory");
        encoder.set_repeat(gif::Repeat::Infinite).expect("writing to memory");
        let shown = vec![[0; 3]; usize::from(width) * usize::from(height)];
        Animation { width, height, encoder, shown, held: None, frames: 0 }
    }

    /// Adds `picture` (of the animation's size) as the next frame.
    pub fn frame(&mut self, picture: &Indexed) {
        let width = usize::from(self.width);
        let colours: Vec<[u8; 3]> = picture.pixels.iter().map(|&p| picture.palette[usize::from(p)]).collect();
        // The first frame is whole; a frame that changes nothing still shows (for its time) as one pixel.
        let rect = match self.frames {
            0 => Some((0, 0, width, usize::from(self.height))),
            _ => changed(&self.shown, &colours, width),
        };
        let (left, top, w, h) = rect.unwrap_or((0, 0, 1, 1));
        let buffer: Vec<u8> =
            (top..top + h).flat_map(|y| &picture.pixels[y * width + left..y * width + left + w]).copied().collect();
        let next = gif::Frame {
            delay: FRAME_CS,
            dispose: gif::DisposalMethod::Keep,
            left: left as u16,
            top: top as u16,
            width: w as u16,
            height: h as u16,
            palette: Some(picture.palette.concat()),
            buffer: Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        self.shown = colours;
        self.write_held();
        self.held = Some(next);
        self.frames += 1;
    }

    fn write_held(&mut self) {
        if let Some(frame) = self.held.take() {
            self.encoder.write_frame(&frame).expect("writing to memory");
        }
    }

    /// How many frames it has.
    pub fn frames(&self) -> usize {
        self.frames
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::{Canvas, Rgba};

    fn picture(dots: &[(f32, f32)]) -> Canvas {
        let mut canvas = Canvas::new(60, 40, Rgba(250, 248, 240, 255));
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
            for (i, &p) in frame.buffer.iter().enumerate() {
                let at = (top + i / w) * width + left + i % w;
                shown[at] =
                    [palette[3 * usize::from(p)], palette[3 * usize::from(p) + 1], palette[3 * usize::from(p) + 2]];
            }
            out.push((shown.clone(), frame.delay));
        }
        out
    }

    fn colours(canvas: &Canvas) -> Vec<[u8; 3]> {
        let picture = canvas.indexed();
        picture.pixels.iter().map(|&p| picture.palette[usize::from(p)]).collect()
    }

    #[test]
    fn each_frame_shows_its_picture_and_only_what_changed_is_written() {
        let pictures = [
            picture(&[]),
            picture(&[(10.0, 10.0)]),
            picture(&[(10.0, 10.0), (45.0, 30.0)]),
            picture(&[(10.0, 10.0), (45.0, 30.0)]),
        ];
        let mut animation = Animation::new(60, 40);
        for p in &pictures {
            animation.frame(&p.indexed());
        }
        assert_eq!(animation.frames(), 4);
        let gif = animation.finish();
        let shown = played(&gif);
        assert_eq!(shown.len(), 4);
        for (k, ((shown, delay), picture)) in shown.iter().zip(&pictures).enumerate() {
            assert!(*shown == colours(picture), "frame {k}");
            assert_eq!(*delay, if k == 3 { LAST_FRAME_CS } else { FRAME_CS }, "frame {k}");
        }
        // The second frame is the first dot's square alone (a radius of 6, its edge anti-aliased); the last, which changes nothing, one pixel.
        let mut decoder = gif::DecodeOptions::new().read_info(&gif[..]).unwrap();
        let mut sizes = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            sizes.push((frame.width, frame.height));
        }
        assert_eq!(sizes, [(60, 40), (12, 12), (12, 12), (1, 1)]);
    }
}
