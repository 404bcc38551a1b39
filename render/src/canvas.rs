//! A drawing surface: anti-aliased shapes (tiny-skia), text (ab_glyph with the bundled Noto Sans) and PNG output
//! (in 256 colours: see [`Canvas::png`]).

use crate::indexed::Indexed;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::sync::LazyLock;
use tiny_skia::{
    FillRule, Mask, Paint, Path, PathBuilder, Pixmap, PremultipliedColorU8, Rect, Stroke, StrokeDash, Transform,
};

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../assets/fonts/NotoSans-Regular.ttf")).expect("bundled font parses")
});
static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../assets/fonts/NotoSans-Bold.ttf")).expect("bundled font parses")
});

/// A colour with straight (not premultiplied) alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);
    pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// This colour moved towards `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgba(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2), m(self.3, other.3))
    }

    /// Black or white, whichever reads better on this colour.
    pub fn ink_on(self) -> Rgba {
        let luma = 0.299 * f32::from(self.0) + 0.587 * f32::from(self.1) + 0.114 * f32::from(self.2);
        if luma > 140.0 {
            Rgba::BLACK
        } else {
            Rgba::WHITE
        }
    }

    fn paint(self) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(self.0, self.1, self.2, self.3);
        paint.anti_alias = true;
        paint
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// Where a text's x coordinate is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// How a line of text looks.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub size: f32,
    pub weight: Weight,
    pub align: Align,
    pub colour: Rgba,
}

impl Style {
    pub const fn new(size: f32, weight: Weight, align: Align, colour: Rgba) -> Style {
        Style { size, weight, align, colour }
    }
}

/// An outline: colour, width, and whether it is dashed.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    pub colour: Rgba,
    pub width: f32,
    pub dashed: bool,
}

impl Line {
    pub const fn solid(colour: Rgba, width: f32) -> Line {
        Line { colour, width, dashed: false }
    }

    pub const fn dashed(colour: Rgba, width: f32) -> Line {
        Line { colour, width, dashed: true }
    }
}

/// The largest circle (radius and half its outline, in pixels) drawn pixel by pixel rather than as a path: beyond it
/// the path's spans win.
const SMALL_CIRCLE: f32 = 48.0;
/// The largest rounded rectangle (in square pixels) drawn pixel by pixel.
const SMALL_AREA: f32 = 12_000.0;

/// An RGB image being drawn.
#[derive(Clone)]
pub struct Canvas {
    pixmap: Pixmap,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgba) -> Canvas {
        let mut pixmap = Pixmap::new(width, height).expect("image size is not zero");
        pixmap.fill(tiny_skia::Color::from_rgba8(background.0, background.1, background.2, background.3));
        Canvas { pixmap }
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Fills and/or outlines a path.
    pub fn path(&mut self, path: &Path, fill: Option<Rgba>, line: Option<Line>) {
        if let Some(colour) = fill {
            self.pixmap.fill_path(path, &colour.paint(), FillRule::Winding, Transform::identity(), None);
        }
        if let Some(line) = line {
            let mut stroke = Stroke { width: line.width, ..Stroke::default() };
            if line.dashed {
                stroke.dash = StrokeDash::new(vec![line.width * 2.5, line.width * 2.0], 0.0);
            }
            self.pixmap.stroke_path(path, &line.colour.paint(), &stroke, Transform::identity(), None);
        }
    }

    /// A rectangle `[x, y, width, height]` with rounded corners. Small ones with a solid outline (labels, cards) are
    /// drawn by each pixel's exact distance to the outline, like small circles; large or dashed ones go through
    /// tiny-skia.
    pub fn rounded_rect(&mut self, [x, y, w, h]: [f32; 4], radius: f32, fill: Option<Rgba>, line: Option<Line>) {
        if w * h > SMALL_AREA || w <= 0.0 || h <= 0.0 || line.is_some_and(|l| l.dashed) {
            if let Some(path) = rounded_rect(x, y, w, h, radius) {
                self.path(&path, fill, line);
            }
            return;
        }
        let r = radius.clamp(0.0, w.min(h) / 2.0);
        let (cx, cy, hx, hy) = (x + w / 2.0, y + h / 2.0, w / 2.0 - r, h / 2.0 - r);
        // Signed distance to the outline: negative inside.
        let distance = |px: f32, py: f32| {
            let (qx, qy) = ((px - cx).abs() - hx, (py - cy).abs() - hy);
            (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0) - r
        };
        // Deeper inside than the corners' radius and the outline by a pixel, every pixel is all fill.
        let inset = r + line.map_or(0.0, |l| l.width / 2.0) + 1.0;
        let inner = [x + inset, y + inset, x + w - inset, y + h - inset];
        self.by_distance([x, y, x + w, y + h], inner, distance, fill, line);
    }

    /// Fills and/or outlines (centred on the outline, as tiny-skia strokes) the shape whose signed distance to each
    /// pixel's centre is `distance`, within `[left, top, right, bottom]`, with a one-pixel ramp at each edge. Pixels
    /// whose centres are within `inner` (a box at least a pixel inside the outline) are all fill: filled without
    /// measuring, as most of a card's or a label's pixels are.
    fn by_distance(
        &mut self,
        [left, top, right, bottom]: [f32; 4],
        inner: [f32; 4],
        distance: impl Fn(f32, f32) -> f32,
        fill: Option<Rgba>,
        line: Option<Line>,
    ) {
        let half = line.map_or(0.0, |l| l.width / 2.0);
        let inside = |d: f32| (0.5 - d).clamp(0.0, 1.0);
        let (w, h) = (self.width() as f32, self.height() as f32);
        let (x0, x1) = ((left - half - 1.0).floor().max(0.0), (right + half + 1.0).ceil().min(w - 1.0));
        let (y0, y1) = ((top - half - 1.0).floor().max(0.0), (bottom + half + 1.0).ceil().min(h - 1.0));
        // Pixels whose centre (x + 0.5) lies within `inner`, as a half-open range of x.
        let (inner_x0, inner_x1) = ((inner[0] - 0.5).ceil(), (inner[2] - 0.5).floor() + 1.0);
        let mut y = y0;
        while y <= y1 {
            let deep = fill.is_some() && y + 0.5 >= inner[1] && y + 0.5 <= inner[3] && inner_x0 < inner_x1;
            let mut x = x0;
            while x <= x1 {
                if deep && x == inner_x0 {
                    self.span((x as i32, inner_x1 as i32), y as i32, fill.expect("deep only with a fill"));
                    x = inner_x1;
                    continue;
                }
                let d = distance(x + 0.5, y + 0.5);
                if let Some(colour) = fill.filter(|_| d < 0.5) {
                    self.blend(x as i32, y as i32, colour, inside(d));
                }
                if let Some(line) = line.filter(|_| d.abs() < half + 0.5) {
                    self.blend(x as i32, y as i32, line.colour, inside(d - half) - inside(d + half));
                }
                x += 1.0;
            }
            y += 1.0;
        }
    }

    /// A circle, filled and/or outlined. Small ones with a solid outline (towers, stones, pawns, badges: most of a
    /// board's shapes) are drawn by each pixel's exact distance to the centre, a fraction of the cost of a general
    /// path fill; large or dashed ones go through tiny-skia.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Option<Rgba>, line: Option<Line>) {
        let reach = r + line.map_or(0.0, |l| l.width / 2.0);
        if reach > SMALL_CIRCLE || line.is_some_and(|l| l.dashed) {
            if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
                self.path(&path, fill, line);
            }
            return;
        }
        let distance = |px: f32, py: f32| ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r;
        // The square inside the circle, less the outline and a pixel, is all fill.
        let inset = r * std::f32::consts::FRAC_1_SQRT_2 - line.map_or(0.0, |l| l.width / 2.0) - 1.0;
        let inner = [cx - inset, cy - inset, cx + inset, cy + inset];
        self.by_distance([cx - r, cy - r, cx + r, cy + r], inner, distance, fill, line);
    }

    pub fn polygon(&mut self, points: &[(f32, f32)], fill: Option<Rgba>, line: Option<Line>) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
        if let Some(path) = pb.finish() {
            self.path(&path, fill, line);
        }
    }

    pub fn segment(&mut self, from: (f32, f32), to: (f32, f32), line: Line) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(path) = pb.finish() {
            self.path(&path, None, Some(line));
        }
    }

    /// A straight bar from `from` to `to`, `width` across, with square ends, anti-aliased by each pixel's exact
    /// distance to it. Long thin shapes (a river's planks) cost a general path fill hundreds of microseconds each, row
    /// by row; this visits only the pixels the bar covers.
    pub fn bar(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Rgba) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 0.01 || width <= 0.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let reach = width / 2.0 + 1.0;
        let (w, h) = (self.width() as f32, self.height() as f32);
        let left = (from.0.min(to.0) - reach).floor().max(0.0);
        let right = (from.0.max(to.0) + reach).ceil().min(w - 1.0);
        let top = (from.1.min(to.1) - reach).floor().max(0.0);
        let bottom = (from.1.max(to.1) + reach).ceil().min(h - 1.0);
        let mut y = top;
        while y <= bottom {
            let py = y + 0.5 - from.1;
            // Where this row is within `reach` of the bar's axis: |(x - from.x)·uy − py·ux| ≤ reach.
            let (mut x0, mut x1) = (left, right);
            if uy.abs() > 1e-4 {
                let (a, b) = ((py * ux - reach) / uy + from.0, (py * ux + reach) / uy + from.0);
                x0 = x0.max(a.min(b).floor());
                x1 = x1.min(a.max(b).ceil());
            }
            let mut x = x0;
            while x <= x1 {
                let px = x + 0.5 - from.0;
                let along = px * ux + py * uy;
                let across = (px * uy - py * ux).abs();
                let coverage =
                    (width / 2.0 + 0.5 - across).clamp(0.0, 1.0) * (along + 0.5).min(len - along + 0.5).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    self.blend(x as i32, y as i32, colour, coverage);
                }
                x += 1.0;
            }
            y += 1.0;
        }
    }

    /// An arrow from `from` to `to` with its head at `to`.
    pub fn arrow(&mut self, from: (f32, f32), to: (f32, f32), colour: Rgba, width: f32) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let head = width * 3.5;
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.segment(from, base, Line::solid(colour, width));
        let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
        self.polygon(&[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)], Some(colour), None);
    }

    /// Diagonal stripes inside the union of `shapes`: the mark of an island nobody conquered.
    pub fn hatch(&mut self, shapes: &[Path], colour: Rgba) {
        let Some(mut mask) = Mask::new(self.width(), self.height()) else { return };
        let mut bounds: Option<Rect> = None;
        for shape in shapes {
            mask.fill_path(shape, FillRule::Winding, true, Transform::identity());
            let b = shape.bounds();
            bounds = Some(match bounds {
                None => b,
                Some(a) => Rect::from_ltrb(
                    a.left().min(b.left()),
                    a.top().min(b.top()),
                    a.right().max(b.right()),
                    a.bottom().max(b.bottom()),
                )
                .unwrap_or(a),
            });
        }
        let Some(area) = bounds else { return };
        let mut pb = PathBuilder::new();
        let mut offset = -area.height();
        while offset < area.width() {
            pb.move_to(area.left() + offset, area.bottom());
            pb.line_to(area.left() + offset + area.height(), area.top());
            offset += 12.0;
        }
        if let Some(stripes) = pb.finish() {
            let stroke = Stroke { width: 2.5, ..Stroke::default() };
            self.pixmap.stroke_path(&stripes, &colour.paint(), &stroke, Transform::identity(), Some(&mask));
        }
    }

    /// Width of `text` in pixels at `size`.
    pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
        let font = font(weight);
        let scaled = font.as_scaled(PxScale::from(size));
        let mut width = 0.0;
        let mut prev = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                width += scaled.kern(p, id);
            }
            width += scaled.h_advance(id);
            prev = Some(id);
        }
        width
    }

    /// Draws one line of text whose vertical middle (of its capital letters) is at `y`.
    pub fn text(&mut self, text: &str, (x, y): (f32, f32), style: Style) {
        let Style { size, weight, align, colour } = style;
        let font = font(weight);
        let scaled = font.as_scaled(PxScale::from(size));
        let width = Canvas::text_width(text, size, weight);
        let mut caret = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        // Cap height is about 0.714 em in Noto Sans.
        let baseline = y + size * 0.714 / 2.0;
        let mut prev = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(size, ab_glyph::point(caret, baseline));
            caret += scaled.h_advance(id);
            prev = Some(id);
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|gx, gy, coverage| {
                    let px = bounds.min.x as i32 + gx as i32;
                    let py = bounds.min.y as i32 + gy as i32;
                    self.blend(px, py, colour, coverage);
                });
            }
        }
    }

    /// Source-over blend of one pixel with `coverage` (0–1) of `colour`.
    /// Pixels `x0..x1` of row `y` all `colour`: an opaque colour written as it is (what blending it whole gives),
    /// a row at a time.
    fn span(&mut self, (x0, x1): (i32, i32), y: i32, colour: Rgba) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let (x0, x1) = (x0.max(0), x1.min(w));
        if colour.3 < u8::MAX || y < 0 || y >= h || x0 >= x1 {
            (x0..x1).for_each(|x| self.blend(x, y, colour, 1.0));
            return;
        }
        let opaque = PremultipliedColorU8::from_rgba(colour.0, colour.1, colour.2, u8::MAX).expect("opaque");
        self.pixmap.pixels_mut()[(y * w + x0) as usize..(y * w + x1) as usize].fill(opaque);
    }

    fn blend(&mut self, x: i32, y: i32, colour: Rgba, coverage: f32) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        if x < 0 || y < 0 || x >= w || y >= h {
            return;
        }
        // In integers (0–255, rounded): the hot loop of text and of small shapes.
        let a = (coverage.clamp(0.0, 1.0) * f32::from(colour.3) + 0.5) as u32;
        let pixel = &mut self.pixmap.pixels_mut()[(y * w + x) as usize];
        if a == 255 {
            // What the sums below give, without them: most pixels of a shape are covered whole.
            *pixel = PremultipliedColorU8::from_rgba(colour.0, colour.1, colour.2, u8::MAX).expect("opaque");
            return;
        }
        let over = |src: u8, dst: u8| ((u32::from(src) * a + u32::from(dst) * (255 - a) + 127) / 255) as u8;
        let alpha = over(255, pixel.alpha());
        let (r, g, b) = (over(colour.0, pixel.red()), over(colour.1, pixel.green()), over(colour.2, pixel.blue()));
        *pixel = PremultipliedColorU8::from_rgba(r.min(alpha), g.min(alpha), b.min(alpha), alpha)
            .expect("channels never exceed alpha");
    }

    /// The colour at a pixel (for tests and checks).
    pub fn pixel(&self, x: u32, y: u32) -> Rgba {
        let p = self.pixmap.pixel(x, y).expect("pixel inside the image").demultiply();
        Rgba(p.red(), p.green(), p.blue(), p.alpha())
    }

    /// The image as an indexed PNG: at most 256 colours ([`Canvas::indexed`]), encoded by [`crate::encode`].
    pub fn png(&self) -> Vec<u8> {
        crate::encode::png(self.width(), self.height(), &self.indexed())
    }

    /// The image in at most 256 colours ([`crate::indexed`]). Every image here is opaque (drawn on a filled
    /// background), so its premultiplied pixels are its colours.
    pub fn indexed(&self) -> Indexed {
        debug_assert!(self.pixmap.pixels().iter().all(|p| p.alpha() == u8::MAX), "an image with transparency");
        crate::indexed::indexed(self.pixmap.pixels(), |p| [p.red(), p.green(), p.blue()])
    }
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    }
}

/// A rectangle with rounded corners.
pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, radius: f32) -> Option<Path> {
    let r = radius.min(w / 2.0).min(h / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish()
}

/// `text` cut with an ellipsis to fit `max` pixels.
pub fn fit(text: &str, size: f32, weight: Weight, max: f32) -> String {
    if Canvas::text_width(text, size, weight) <= max {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && Canvas::text_width(&format!("{cut}…"), size, weight) > max {
        cut.pop();
    }
    format!("{cut}…")
}

/// Backgrounds drawn already, by what they show: the parts of a picture that stay the same from one move to the
/// next are drawn once and copied. Few are in use at a time, so a short list will do.
pub struct Backgrounds<K> {
    kept: std::sync::Mutex<Vec<(K, Canvas)>>,
}

impl<K> Default for Backgrounds<K> {
    fn default() -> Backgrounds<K> {
        Backgrounds::new()
    }
}

impl<K> Backgrounds<K> {
    const KEPT: usize = 8;

    pub const fn new() -> Backgrounds<K> {
        Backgrounds { kept: std::sync::Mutex::new(Vec::new()) }
    }

    /// The background for `key`, drawn by `draw` the first time.
    pub fn get_or_draw<Q>(&self, key: &Q, draw: impl FnOnce() -> Canvas) -> Canvas
    where
        Q: PartialEq + ToOwned<Owned = K> + ?Sized,
        K: std::borrow::Borrow<Q>,
    {
        // A panic elsewhere while holding the lock leaves the list intact: keep using it.
        let kept = || self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, canvas)) = kept().iter().find(|(k, _)| k.borrow() == key) {
            return canvas.clone();
        }
        // Drawn without the lock, so other drawings do not wait for it; two drawing the same one at once is harmless.
        let canvas = draw();
        let mut kept = kept();
        if !kept.iter().any(|(k, _)| k.borrow() == key) {
            if kept.len() == Self::KEPT {
                kept.remove(0);
            }
            kept.push((key.to_owned(), canvas.clone()));
        }
        canvas
    }
}
