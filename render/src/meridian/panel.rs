//! The side panel: players in turn order with their material, whose turn it is; or, at the end, the scores.

use super::board::{HEIGHT, WIDTH};
use super::scene::{BoardScene, CardFace, ResultScene};
use crate::canvas::{fit, Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::seat_mark;
use crate::palette::{HIGHLIGHT, INK, MUTED};
use crate::{Arg, Say};

const X: f32 = 882.0;
const W: f32 = WIDTH as f32 - X - 18.0;

fn frame(canvas: &mut Canvas, title: &str, subtitle: &str) {
    canvas.rounded_rect([X, 18.0, W, HEIGHT as f32 - 36.0], 16.0, Some(Rgba::WHITE), Some(Line::solid(MUTED, 1.0)));
    canvas.text(title, (X + 20.0, 48.0), Style::new(28.0, Weight::Bold, Align::Left, INK));
    canvas.text(
        &fit(subtitle, 17.0, Weight::Regular, W - 40.0),
        (X + 20.0, 82.0),
        Style::new(17.0, Weight::Regular, Align::Left, MUTED),
    );
}

fn initial(name: &str) -> char {
    name.chars().next().unwrap_or('?')
}

/// A small card with its name.
pub fn card_chip(canvas: &mut Canvas, x: f32, y: f32, card: CardFace, w: f32, faded: bool) {
    let (fill, ink) = if faded { (Rgba::rgb(0xEE, 0xEE, 0xEE), MUTED) } else { (Rgba::WHITE, INK) };
    canvas.rounded_rect([x, y, w, 38.0], 6.0, Some(fill), Some(Line::solid(ink, 1.5)));
    canvas.text(&card.label(), (x + w / 2.0, y + 19.0), Style::new(18.0, Weight::Bold, Align::Center, ink));
}

pub fn chip_width(card: CardFace) -> f32 {
    Canvas::text_width(&card.label(), 18.0, Weight::Bold) + 20.0
}

pub fn draw_players(canvas: &mut Canvas, scene: &BoardScene, say: &dyn Say) {
    let subtitle = match scene.next.and_then(|s| scene.players.get(usize::from(s))) {
        Some(p) => say.say(
            "picture-meridian-move",
            &[("move", Arg::Number(f64::from(scene.moves + 1))), ("who", Arg::Word(&p.name))],
        ),
        None => say.say("picture-meridian-over", &[("moves", Arg::Number(f64::from(scene.moves)))]),
    };
    frame(canvas, "Meridian", &subtitle);
    let n = scene.players.len().max(1) as f32;
    let block = ((HEIGHT as f32 - 140.0) / n).min(160.0);
    for (seat, p) in scene.players.iter().enumerate() {
        let y = 110.0 + block * seat as f32;
        let to_play = scene.next == Some(seat as u8);
        if to_play {
            let tint = Some(HIGHLIGHT.mix(Rgba::WHITE, 0.7));
            canvas.rounded_rect(
                [X + 8.0, y - 4.0, W - 16.0, block - 8.0],
                12.0,
                tint,
                Some(Line::solid(HIGHLIGHT, 2.5)),
            );
            let to_play = say.say("picture-meridian-to-play", &[]);
            canvas.text(&to_play, (X + W - 20.0, y + 56.0), Style::new(15.0, Weight::Bold, Align::Right, INK));
        }
        seat_mark(canvas, scene.palette, (X + 32.0, y + 22.0), 13.0, seat as u8, initial(&p.name), 255);
        canvas.text(
            &fit(&p.name, 22.0, Weight::Bold, W - 130.0),
            (X + 54.0, y + 22.0),
            Style::new(22.0, Weight::Bold, Align::Left, INK),
        );
        canvas.text(
            &say.say("picture-meridian-points", &[("score", Arg::Number(f64::from(p.score)))]),
            (X + W - 20.0, y + 22.0),
            Style::new(20.0, Weight::Bold, Align::Right, INK),
        );
        let line = say.say(
            "picture-meridian-material",
            &[("reserve", Arg::Number(f64::from(p.reserve))), ("deck", Arg::Number(p.deck as f64))],
        );
        canvas.text(&line, (X + 22.0, y + 56.0), Style::new(17.0, Weight::Regular, Align::Left, INK));
        let mut cx = X + 22.0;
        for &card in &p.face_up {
            let w = chip_width(card).max(44.0);
            card_chip(canvas, cx, y + 76.0, card, w, false);
            cx += w + 8.0;
        }
    }
}

pub fn draw_result(canvas: &mut Canvas, result: &ResultScene, say: &dyn Say) {
    let scene = &result.board;
    let names: Vec<&str> =
        result.winners.iter().filter_map(|&s| scene.players.get(usize::from(s))).map(|p| p.name.as_str()).collect();
    let subtitle = match names.as_slice() {
        [] => say.say("picture-meridian-no-winner", &[]),
        [one] => say.say("picture-meridian-wins", &[("who", Arg::Word(one))]),
        many => say.say("picture-meridian-shared-win", &[("names", Arg::Word(&many.join(", ")))]),
    };
    frame(canvas, &say.say("picture-meridian-final-score", &[]), &subtitle);
    let mut order: Vec<usize> = (0..scene.players.len()).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(scene.players[s].score), std::cmp::Reverse(scene.players[s].reserve)));
    for (rank, &seat) in order.iter().enumerate() {
        let p = &scene.players[seat];
        let y = 130.0 + 92.0 * rank as f32;
        let winner = result.winners.contains(&(seat as u8));
        if winner {
            let tint = Some(HIGHLIGHT.mix(Rgba::WHITE, 0.6));
            canvas.rounded_rect([X + 8.0, y - 30.0, W - 16.0, 80.0], 12.0, tint, Some(Line::solid(HIGHLIGHT, 2.5)));
        }
        seat_mark(canvas, scene.palette, (X + 32.0, y), 14.0, seat as u8, initial(&p.name), 255);
        canvas.text(
            &fit(&p.name, 22.0, Weight::Bold, W - 130.0),
            (X + 56.0, y),
            Style::new(22.0, Weight::Bold, Align::Left, INK),
        );
        canvas.text(&p.score.to_string(), (X + W - 22.0, y + 4.0), Style::new(34.0, Weight::Bold, Align::Right, INK));
        let mut detail = say.say("picture-meridian-final-reserve", &[("reserve", Arg::Number(f64::from(p.reserve)))]);
        if winner {
            detail = format!("{detail} · {}", say.say("picture-meridian-winner", &[]));
        }
        canvas.text(&detail, (X + 56.0, y + 30.0), Style::new(15.0, Weight::Regular, Align::Left, MUTED));
    }
    let legend_y = HEIGHT as f32 - 90.0;
    let note = Style::new(14.0, Weight::Regular, Align::Left, MUTED);
    canvas.text(&say.say("picture-meridian-legend-conquered", &[]), (X + 20.0, legend_y), note);
    canvas.text(&say.say("picture-meridian-legend-tied", &[]), (X + 20.0, legend_y + 22.0), note);
}
