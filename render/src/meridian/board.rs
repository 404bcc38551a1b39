//! The map: sea, islands, cities, towers and the marks of recent moves.

use super::scene::{BoardScene, City, IslandResult};
use crate::canvas::{rounded_rect, Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{seat_mark, Palette, COAST, HIGHLIGHT, INK, LAND, MUTED, PUSH, SEA};
use tiny_skia::{Path, PathBuilder, Rect};

/// The size of a city's label ("3.2"), the smallest words on a board: the page shows boards large enough for it to
/// read on a phone.
pub const CITY_LABEL: f32 = 12.0;

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 800;
const LEFT: f32 = 24.0;
const TOP: f32 = 70.0;
const CELL_W: f32 = 84.0;
const GAP: f32 = 6.0;

/// Where each city of a board is drawn.
pub struct Layout {
    rows: u8,
    cell_h: f32,
}

/// The lower-case island letter of a grid cell, if the grid has it.
fn island(grid: &[String], m: u8, r: u8) -> Option<char> {
    let row = grid.get(usize::from(r).checked_sub(1)?)?;
    row.chars().nth(usize::from(m).checked_sub(1)?).map(|c| c.to_ascii_lowercase())
}

fn is_capital(grid: &[String], city: City) -> bool {
    let row = grid.get(usize::from(city.row) - 1);
    row.and_then(|r| r.chars().nth(usize::from(city.meridian) - 1)).is_some_and(|c| c.is_ascii_uppercase())
}

impl Layout {
    pub fn new(grid: &[String]) -> Layout {
        Layout::with_rows(grid.len())
    }

    pub fn with_rows(rows: usize) -> Layout {
        let rows = rows.clamp(1, 5) as u8;
        Layout { rows, cell_h: (HEIGHT as f32 - TOP - 20.0) / f32::from(rows) }
    }

    /// Top-left corner of a city's cell.
    fn corner(&self, city: City) -> (f32, f32) {
        (LEFT + f32::from(city.meridian - 1) * CELL_W, TOP + f32::from(city.row - 1) * self.cell_h)
    }

    /// Where a city's marker is, and where a tower on it stands.
    pub fn base(&self, city: City) -> (f32, f32) {
        let (x, y) = self.corner(city);
        (x + CELL_W / 2.0, y + self.cell_h * 0.78)
    }

    fn cities(&self) -> impl Iterator<Item = City> + '_ {
        (1..=self.rows).flat_map(|row| (1..=10).map(move |meridian| City { meridian, row }))
    }

    /// Sea, meridian numbers and islands. With `results`, islands are tinted by conqueror (hatched when tied).
    pub fn draw_islands(&self, canvas: &mut Canvas, grid: &[String], results: Option<(&[IslandResult], Palette)>) {
        let bottom = TOP + self.cell_h * f32::from(self.rows);
        canvas.rounded_rect([LEFT - 8.0, TOP - 8.0, CELL_W * 10.0 + 16.0, bottom - TOP + 16.0], 18.0, Some(SEA), None);
        for m in 1..=10u8 {
            let x = LEFT + f32::from(m - 1) * CELL_W;
            canvas.text(
                &m.to_string(),
                (x + CELL_W / 2.0, TOP - 30.0),
                Style::new(22.0, Weight::Bold, Align::Center, INK),
            );
            if m > 1 {
                let faint = Line::dashed(Rgba::rgb(0x9C, 0xBB, 0xCC), 1.5);
                canvas.segment((x, TOP), (x, bottom), faint);
            }
        }
        let tints = land_tints(grid);
        // Coast first (a slightly larger shape in a darker colour), then the land over it.
        for (grow, coast) in [(2.5, true), (0.0, false)] {
            for city in self.cities() {
                let Some(letter) = island(grid, city.meridian, city.row) else { continue };
                let colour = if coast { COAST } else { land_colour(letter, &tints, results) };
                for shape in self.land(grid, city, letter, grow) {
                    canvas.path(&shape, Some(colour), None);
                }
            }
        }
        for result in results.map_or(&[][..], |(r, _)| r).iter().filter(|r| r.contested) {
            let shapes: Vec<Path> = self
                .cities()
                .filter(|c| island(grid, c.meridian, c.row) == Some(result.letter))
                .flat_map(|c| self.land(grid, c, result.letter, 0.0))
                .collect();
            canvas.hatch(&shapes, Rgba::rgb(0x80, 0x80, 0x80));
        }
        self.draw_island_labels(canvas, grid);
    }

    /// The land of one city: its cell, and the strips that join it to same-island neighbours east, south and
    /// south-east. `grow` widens it (for the coast line).
    fn land(&self, grid: &[String], city: City, letter: char, grow: f32) -> Vec<Path> {
        let (x, y) = self.corner(city);
        let (m, r) = (city.meridian, city.row);
        let (w, h) = (CELL_W, self.cell_h);
        let inset = GAP - grow;
        let mut shapes: Vec<Path> =
            rounded_rect(x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset, 16.0).into_iter().collect();
        let east = island(grid, m + 1, r) == Some(letter);
        let south = island(grid, m, r + 1) == Some(letter);
        let mut strip =
            |x: f32, y: f32, w: f32, h: f32| shapes.extend(Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect));
        if east {
            strip(x + w / 2.0, y + inset, w, h - 2.0 * inset);
        }
        if south {
            strip(x + inset, y + h / 2.0, w - 2.0 * inset, h);
        }
        if east && south && island(grid, m + 1, r + 1) == Some(letter) {
            strip(x + w / 2.0, y + h / 2.0, w, h);
        }
        shapes
    }

    /// Each island's letter and city count, in its north-west-most cell.
    fn draw_island_labels(&self, canvas: &mut Canvas, grid: &[String]) {
        for (_, label, at) in self.island_labels(grid) {
            canvas.text(&label, at, Style::new(16.0, Weight::Bold, Align::Left, COAST.mix(INK, 0.5)));
        }
    }

    /// Each island's letter, its label ("A·4") and where the label starts.
    fn island_labels(&self, grid: &[String]) -> Vec<(char, String, (f32, f32))> {
        let mut labels: Vec<(char, String, (f32, f32))> = Vec::new();
        for city in self.cities() {
            let Some(letter) = island(grid, city.meridian, city.row) else { continue };
            if labels.iter().any(|(l, _, _)| *l == letter) {
                continue;
            }
            let count = self.cities().filter(|c| island(grid, c.meridian, c.row) == Some(letter)).count();
            let (x, y) = self.corner(city);
            labels.push((letter, format!("{}·{count}", letter.to_ascii_uppercase()), (x + GAP + 9.0, y + GAP + 15.0)));
        }
        labels
    }

    /// Each conquered island's conqueror, by their mark after the island's label, so that no one has to tell the
    /// island's tint alone (the safe palette's results).
    pub fn draw_conquerors(&self, canvas: &mut Canvas, scene: &BoardScene, results: &[IslandResult]) {
        for (letter, label, (x, y)) in self.island_labels(&scene.grid) {
            let Some(seat) = results.iter().find(|r| r.letter == letter).and_then(|r| r.conquered_by) else { continue };
            let initial = scene.players.get(usize::from(seat)).and_then(|p| p.name.chars().next()).unwrap_or('?');
            let at = (x + Canvas::text_width(&label, 16.0, Weight::Bold) + 15.0, y);
            seat_mark(canvas, scene.palette, at, 10.0, seat, initial, 255);
        }
    }

    /// City markers and `m.r` names. A capital has a gold star and a gold halo that still shows around a tower.
    pub fn draw_cities(&self, canvas: &mut Canvas, grid: &[String]) {
        for city in self.cities() {
            if island(grid, city.meridian, city.row).is_none() {
                continue;
            }
            let (cx, cy) = self.base(city);
            if is_capital(grid, city) {
                canvas.circle(
                    cx,
                    cy - 4.0,
                    27.0,
                    Some(HIGHLIGHT.mix(Rgba::WHITE, 0.35)),
                    Some(Line::solid(COAST, 2.0)),
                );
                star(canvas, cx, cy - 4.0, 14.0, HIGHLIGHT, Some(Line::solid(INK, 1.5)));
            } else {
                canvas.circle(cx, cy, 7.0, Some(Rgba::WHITE), Some(Line::solid(INK, 1.5)));
            }
            let name = format!("{}.{}", city.meridian, city.row);
            canvas.text(&name, (cx, cy + 19.0), Style::new(CITY_LABEL, Weight::Regular, Align::Center, MUTED));
        }
    }

    pub fn draw_towers(&self, canvas: &mut Canvas, scene: &BoardScene) {
        for t in &scene.towers {
            if t.city.row < 1 || t.city.row > self.rows || !(1..=10).contains(&t.city.meridian) {
                continue;
            }
            let initial = scene.players.get(usize::from(t.seat)).and_then(|p| p.name.chars().next());
            let ghost = scene.ghost == Some(t.city);
            let (cx, base) = self.base(t.city);
            tower(canvas, scene.palette, (cx, base), t.seat, t.height, initial.unwrap_or('?'), ghost);
        }
    }

    /// Rings new towers, marks cities emptied by a take-back and draws each push as an arrow beside the meridian.
    pub fn draw_highlights(&self, canvas: &mut Canvas, scene: &BoardScene) {
        let inside = |c: &City| (1..=self.rows).contains(&c.row) && (1..=10).contains(&c.meridian);
        for h in &scene.highlights {
            if let Some(city) = h.taken_back.filter(inside) {
                let (cx, cy) = self.base(city);
                canvas.circle(cx, cy - 22.0, 30.0, None, Some(Line::dashed(INK, 2.5)));
            }
            if let Some(city) = h.placed.filter(inside) {
                let (cx, cy) = self.base(city);
                canvas.circle(cx, cy - 26.0, 38.0, None, Some(Line::solid(INK, 7.0)));
                canvas.circle(cx, cy - 26.0, 38.0, None, Some(Line::solid(HIGHLIGHT, 4.0)));
            }
            for (from, to) in h.pushed.iter().filter(|(f, t)| inside(f) && inside(t)) {
                // From beside the tower's old place to beside its new one, on the meridian's east edge.
                let (fx, fy) = self.base(*from);
                let (_, ty) = self.base(*to);
                let dir = if ty > fy { 1.0 } else { -1.0 };
                let x = fx + CELL_W / 2.0 - 10.0;
                canvas.arrow((x, fy - 22.0 + 14.0 * dir), (x, ty - 22.0 - 14.0 * dir), PUSH, 3.5);
            }
        }
    }
}

pub fn meridian_span(m: u8) -> (f32, f32) {
    let left = LEFT + f32::from(m.saturating_sub(1)) * CELL_W;
    (left, left + CELL_W)
}

/// A colour per island such that islands that touch differ (greedy, by letter order).
fn land_tints(grid: &[String]) -> Vec<(char, usize)> {
    let mut letters: Vec<char> = grid.iter().flat_map(|r| r.chars()).map(|c| c.to_ascii_lowercase()).collect();
    letters.sort_unstable();
    letters.dedup();
    let rows = grid.len() as u8;
    let mut tints: Vec<(char, usize)> = Vec::new();
    for letter in letters {
        let mut used = Vec::new();
        for r in 1..=rows {
            for m in 1..=10u8 {
                if island(grid, m, r) != Some(letter) {
                    continue;
                }
                for (dm, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
                    let (nm, nr) = (m as i8 + dm, r as i8 + dr);
                    if nm < 1 || nr < 1 {
                        continue;
                    }
                    if let Some(n) = island(grid, nm as u8, nr as u8).filter(|&n| n != letter) {
                        used.extend(tints.iter().filter(|(l, _)| *l == n).map(|(_, t)| *t));
                    }
                }
            }
        }
        let tint = (0..LAND.len()).find(|t| !used.contains(t)).unwrap_or(0);
        tints.push((letter, tint));
    }
    tints
}

fn land_colour(letter: char, tints: &[(char, usize)], results: Option<(&[IslandResult], Palette)>) -> Rgba {
    let plain = LAND[tints.iter().find(|(l, _)| *l == letter).map_or(0, |(_, t)| *t)];
    let Some((results, palette)) = results else { return plain };
    match results.iter().find(|r| r.letter == letter) {
        Some(IslandResult { conquered_by: Some(seat), .. }) => palette.seat(*seat).0.mix(Rgba::WHITE, 0.45),
        Some(IslandResult { contested: true, .. }) => Rgba::rgb(0xC8, 0xC8, 0xC8),
        _ => plain.mix(Rgba::WHITE, 0.5),
    }
}

fn star(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, fill: Rgba, line: Option<Line>) {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let radius = if i % 2 == 0 { r } else { r * 0.45 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (cx + radius * angle.cos(), cy + radius * angle.sin())
        })
        .collect();
    canvas.polygon(&points, Some(fill), line);
}

/// A tower standing at `(cx, base)`: a stack in its owner's colour with floor lines, its height on a plate and the
/// owner's mark on top. A ghost (preview) is see-through with a dashed outline.
fn tower(
    canvas: &mut Canvas,
    palette: Palette,
    (cx, base): (f32, f32),
    seat: u8,
    height: u8,
    initial: char,
    ghost: bool,
) {
    let alpha = if ghost { 150 } else { 255 };
    let (colour, _) = palette.seat(seat);
    let body_h = 32.0 + 2.0 * f32::from(height.min(12));
    let (x, top) = (cx - 22.0, base - body_h);
    if let Some(shadow) = Rect::from_xywh(cx - 24.0, base - 5.0, 48.0, 12.0).and_then(PathBuilder::from_oval) {
        canvas.path(&shadow, Some(INK.with_alpha(if ghost { 30 } else { 70 })), None);
    }
    let outline = if ghost { Line::dashed(INK, 2.5) } else { Line::solid(INK, 2.0) };
    canvas.rounded_rect([x, top, 44.0, body_h], 6.0, Some(colour.with_alpha(alpha)), Some(outline));
    let floors = height.clamp(1, 8);
    for i in 1..floors {
        let y = top + body_h * f32::from(i) / f32::from(floors);
        canvas.segment((x + 3.0, y), (x + 41.0, y), Line::solid(INK.with_alpha(alpha / 3), 1.2));
    }
    let label = height.to_string();
    let plate_w = if height >= 10 { 36.0 } else { 26.0 };
    let mid = top + body_h / 2.0 + 2.0;
    if let Some(path) = rounded_rect(cx - plate_w / 2.0, mid - 13.0, plate_w, 26.0, 6.0) {
        canvas.path(&path, Some(Rgba::WHITE.with_alpha(alpha)), Some(Line::solid(INK.with_alpha(alpha), 1.2)));
    }
    canvas.text(&label, (cx, mid), Style::new(21.0, Weight::Bold, Align::Center, INK.with_alpha(alpha)));
    seat_mark(canvas, palette, (cx, top - 11.0), 12.0, seat, initial, alpha);
}
