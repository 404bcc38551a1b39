//! The side panel: the round and position, each player (their pawn's mark, the statue, their five cards this round
//! or whether their programme is laid, their reserve), the lost planks, the stones left, the winner and the note.

use super::look::{back, card, letter, mark, piece, piece_width, Face};
use super::{CardShown, Player, Scene, HEIGHT, WIDTH};
use crate::canvas::{fit, Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{Palette, HIGHLIGHT, INK, MUTED};
use crate::{Arg, Say};

const X: f32 = 812.0;
const RIGHT: f32 = WIDTH as f32 - 14.0;
const W: f32 = RIGHT - X;
/// Where the players' rows start and end: six must fit.
const ROWS_TOP: f32 = 106.0;
const ROWS_BOTTOM: f32 = 690.0;
const ROW_MAX: f32 = 120.0;
/// The check mark's green (the bluish green of Okabe & Ito's palette).
const DONE: Rgba = Rgba::rgb(0x00, 0x9E, 0x73);
const CARD_W: f32 = 68.0;
const CARD_H: f32 = 36.0;
const CARD_GAP: f32 = 6.0;
/// Where a row's parts are, below its top.
const NAME_DY: f32 = 13.0;
const CARDS_DY: f32 = 27.0;
const RESERVE_DY: f32 = 76.0;

/// The top of player `i`'s row among `n`, and the rows' height (whole pixels, so every card back looks the same).
fn row(n: usize, i: usize) -> (f32, f32) {
    let height = ((ROWS_BOTTOM - ROWS_TOP) / n.max(1) as f32).min(ROW_MAX).floor();
    (ROWS_TOP + height * i as f32, height)
}

/// The card at `position` (0–4) of player `player`'s row.
pub fn card_rect(players: usize, player: usize, position: usize) -> [f32; 4] {
    let (top, _) = row(players, player);
    [X + (CARD_W + CARD_GAP) * position as f32, top + CARDS_DY, CARD_W, CARD_H]
}

/// The panel, right of the map.
pub fn draw(canvas: &mut Canvas, scene: &Scene, say: &dyn Say) {
    canvas.text("Dragon Delta", (X, 36.0), Style::new(28.0, Weight::Bold, Align::Left, INK));
    let round = ("round", Arg::Number(f64::from(scene.round)));
    let stage = match scene.position {
        0 => say.say("picture-dd-round-programming", &[round]),
        p => say.say("picture-dd-round-position", &[round, ("position", Arg::Number(f64::from(p)))]),
    };
    canvas.text(&stage, (X, 68.0), Style::new(18.0, Weight::Regular, Align::Left, MUTED));
    if scene.position > 0 {
        columns(canvas, scene.position);
    }
    let n = scene.players.len();
    for (i, player) in scene.players.iter().enumerate() {
        player_row(canvas, scene, n, i, player, say);
    }
    footer(canvas, scene, row(n, n).0 + 14.0, say);
}

/// The positions 1–5 over the card columns, the one being played on a dark disc.
fn columns(canvas: &mut Canvas, position: u8) {
    for p in 1..=5u8 {
        let x = X + (CARD_W + CARD_GAP) * f32::from(p - 1) + CARD_W / 2.0;
        let now = p == position;
        if now {
            canvas.circle(x, 94.0, 11.0, Some(INK), None);
        }
        let ink = if now { Rgba::WHITE } else { MUTED };
        canvas.text(&p.to_string(), (x, 94.0), Style::new(15.0, Weight::Bold, Align::Center, ink));
    }
}

fn player_row(canvas: &mut Canvas, scene: &Scene, n: usize, i: usize, player: &Player, say: &dyn Say) {
    let (top, height) = row(n, i);
    if player.due {
        let tint = Some(HIGHLIGHT.mix(Rgba::WHITE, 0.65));
        let h = (RESERVE_DY + 16.0).min(height - 3.0);
        canvas.rounded_rect([X - 8.0, top - 2.0, W + 14.0, h], 10.0, tint, Some(Line::solid(HIGHLIGHT, 2.5)));
    }
    let alpha = if player.resigned { 110 } else { 255 };
    let y = top + NAME_DY;
    let own = letter(player.colour, say);
    mark(
        canvas,
        scene.palette,
        (X + 13.0, y),
        11.0,
        (player.colour, &own),
        alpha,
        Line::solid(INK.with_alpha(alpha), 1.5),
    );
    // The statue and "resigned" sit at the right; the name takes what is left.
    let mut right = RIGHT;
    let small = Style::new(15.0, Weight::Regular, Align::Right, MUTED);
    if player.resigned {
        let resigned = say.say("picture-dd-resigned", &[]);
        canvas.text(&resigned, (right, y), small);
        right -= Canvas::text_width(&resigned, 15.0, Weight::Regular) + 12.0;
    }
    if player.statue {
        let statue_word = say.say("picture-dd-statue", &[]);
        canvas.text(&statue_word, (right, y), Style { colour: INK, ..small });
        right -= Canvas::text_width(&statue_word, 15.0, Weight::Regular) + 4.0;
        statue(canvas, (right - 8.0, y));
        right -= 24.0;
    }
    let name = fit(&player.name, 20.0, Weight::Bold, right - X - 40.0);
    canvas.text(&name, (X + 32.0, y), Style::new(20.0, Weight::Bold, Align::Left, INK.with_alpha(alpha)));

    if scene.position == 0 {
        let cy = top + CARDS_DY + CARD_H / 2.0;
        let status = if player.resigned {
            None
        } else if player.programmed {
            tick(canvas, (X + 10.0, cy));
            Some(("picture-dd-programmed", INK))
        } else {
            Some(("picture-dd-choosing", MUTED))
        };
        if let Some((id, ink)) = status {
            canvas.text(&say.say(id, &[]), (X + 28.0, cy), Style::new(17.0, Weight::Regular, Align::Left, ink));
        }
    } else {
        for (p, shown) in player.cards.iter().take(5).enumerate() {
            let rect = card_rect(n, i, p);
            if p + 1 == usize::from(scene.position) {
                let [x, y, w, h] = rect;
                canvas.rounded_rect([x - 3.5, y - 3.5, w + 7.0, h + 7.0], 8.0, None, Some(Line::solid(INK, 2.5)));
            }
            match shown {
                CardShown::Back => back(canvas, rect),
                CardShown::Face { card: name, cancelled } => {
                    card(canvas, scene.palette, rect, name, if *cancelled { Face::Cancelled } else { Face::Plain }, say)
                }
            }
        }
    }

    if player.resigned {
        // Their reserve is out of play.
        return;
    }
    let cy = top + RESERVE_DY;
    let style = Style::new(14.0, Weight::Regular, Align::Left, MUTED);
    let reserve = say.say("picture-dd-reserve", &[]);
    canvas.text(&reserve, (X, cy), style);
    let x = X + Canvas::text_width(&reserve, 14.0, Weight::Regular) + 8.0;
    if player.reserve.is_empty() {
        canvas.text(&say.say("picture-dd-no-planks", &[]), (x, cy), style);
    }
    pieces(canvas, scene.palette, x, cy, &player.reserve.iter().map(|p| (p.size, p.colour)).collect::<Vec<_>>());
}

/// Planks off the board in a line, as many as fit, then how many more.
fn pieces(canvas: &mut Canvas, palette: Palette, mut x: f32, cy: f32, pieces: &[(u8, u8)]) {
    for (k, &(size, colour)) in pieces.iter().enumerate() {
        let more = pieces.len() - k;
        // Room for this piece, and for the count after it unless it is the last.
        let after = if more > 1 { 34.0 } else { 0.0 };
        if x + piece_width(size) + after > RIGHT {
            canvas.text(&format!("+{more}"), (x, cy), Style::new(14.0, Weight::Bold, Align::Left, INK));
            return;
        }
        x += piece(canvas, palette, x, cy, size, colour) + 4.0;
    }
}

/// A check mark: the programme is laid.
fn tick(canvas: &mut Canvas, (x, y): (f32, f32)) {
    let line = Line::solid(DONE, 3.5);
    canvas.segment((x - 7.0, y), (x - 2.0, y + 5.5), line);
    canvas.segment((x - 2.0, y + 5.5), (x + 8.0, y - 6.5), line);
}

/// A small statue on its pedestal, in bronze.
fn statue(canvas: &mut Canvas, (x, y): (f32, f32)) {
    let bronze = Rgba::rgb(0xB0, 0x7D, 0x3A);
    let line = Some(Line::solid(INK, 1.2));
    canvas.rounded_rect([x - 8.0, y + 5.0, 16.0, 5.0], 1.0, Some(bronze), line);
    canvas.polygon(
        &[(x - 4.0, y + 5.0), (x - 2.5, y - 4.0), (x + 2.5, y - 4.0), (x + 4.0, y + 5.0)],
        Some(bronze),
        line,
    );
    canvas.circle(x, y - 7.0, 3.5, Some(bronze), line);
}

fn footer(canvas: &mut Canvas, scene: &Scene, y: f32, say: &dyn Say) {
    let body = Style::new(17.0, Weight::Regular, Align::Left, INK);
    let stones = say.say("picture-dd-stones-left", &[("stones", Arg::Number(f64::from(scene.supply)))]);
    canvas.text(&stones, (X, y), body);
    if !scene.lost.is_empty() {
        let x = X + Canvas::text_width(&stones, 17.0, Weight::Regular) + 18.0;
        let lost_word = say.say("picture-dd-lost", &[]);
        canvas.text(&lost_word, (x, y), body);
        let lost: Vec<(u8, u8)> = scene.lost.iter().map(|p| (p.size, p.colour)).collect();
        pieces(canvas, scene.palette, x + Canvas::text_width(&lost_word, 17.0, Weight::Regular) + 6.0, y, &lost);
    }
    let mut y = y + 30.0;
    if let Some(seat) = scene.winner {
        let name = scene.players.get(usize::from(seat)).map_or("?", |p| p.name.as_str());
        let line = fit(&say.say("picture-dd-wins", &[("who", Arg::Word(name))]), 22.0, Weight::Bold, W);
        canvas.text(&line, (X, y), Style::new(22.0, Weight::Bold, Align::Left, INK));
        y += 30.0;
    }
    if let Some(note) = &scene.note {
        canvas.text(
            &fit(note, 16.0, Weight::Regular, W),
            (X, y),
            Style::new(16.0, Weight::Regular, Align::Left, MUTED),
        );
    }
    let legend = Style::new(15.0, Weight::Regular, Align::Left, MUTED);
    canvas.text(&say.say("picture-labels-legend", &[]), (X, HEIGHT as f32 - 18.0), legend);
}
