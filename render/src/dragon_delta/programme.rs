//! A player's private picture while they build their programme: their hand (cards already chosen greyed), and the
//! five positions with the chosen cards in order.

use super::look::{card, letter, mark, Face};
use super::ProgrammeScene;
use crate::canvas::{fit, Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{INK, MUTED, PAPER};
use crate::{Arg, Say};

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 420;
const LEFT: f32 = 30.0;
const RIGHT: f32 = WIDTH as f32 - 30.0;
const HAND_Y: f32 = 96.0;
const HAND_H: f32 = 104.0;
const SLOTS_Y: f32 = 254.0;
const SLOT_W: f32 = 175.0;
const SLOT_H: f32 = 110.0;
const SLOT_GAP: f32 = 16.0;

/// The whole picture.
pub fn draw(scene: &ProgrammeScene, say: &dyn Say) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, PAPER);
    let own = letter(scene.colour, say);
    mark(&mut canvas, scene.palette, (LEFT + 16.0, 36.0), 15.0, (scene.colour, &own), 255, Line::solid(INK, 2.0));
    let title = say.say(
        "picture-dd-programme-title",
        &[("name", Arg::Word(&scene.name)), ("round", Arg::Number(f64::from(scene.round)))],
    );
    let title = fit(&title, 26.0, Weight::Bold, 600.0);
    canvas.text(&title, (LEFT + 44.0, 36.0), Style::new(26.0, Weight::Bold, Align::Left, INK));
    let quiet = Style::new(17.0, Weight::Regular, Align::Left, MUTED);
    let hand = say.say("picture-dd-hand", &[("cards", Arg::Number(scene.hand.len() as f64))]);
    canvas.text(&hand, (LEFT, HAND_Y - 16.0), quiet);

    // The hand on one line: up to 13 cards share the width.
    let n = scene.hand.len().max(1) as f32;
    let gap = 8.0;
    let w = ((RIGHT - LEFT - gap * (n - 1.0)) / n).min(104.0).floor();
    for (i, name) in scene.hand.iter().enumerate() {
        let x = LEFT + (w + gap) * i as f32;
        let face = if scene.chosen.contains(name) { Face::Dimmed } else { Face::Plain };
        card(&mut canvas, scene.palette, [x, HAND_Y, w, HAND_H], name, face, say);
    }

    let programme = say.say("picture-dd-programme", &[("chosen", Arg::Number(scene.chosen.len().min(5) as f64))]);
    canvas.text(&programme, (LEFT, SLOTS_Y - 30.0), quiet);
    for p in 0..5 {
        let x = LEFT + (SLOT_W + SLOT_GAP) * p as f32;
        let rect = [x, SLOTS_Y, SLOT_W, SLOT_H];
        match scene.chosen.get(p) {
            Some(name) => {
                card(&mut canvas, scene.palette, rect, name, Face::Plain, say);
                // The position on a tag at the card's corner.
                canvas.circle(x + 4.0, SLOTS_Y + 4.0, 13.0, Some(INK), Some(Line::solid(PAPER, 2.0)));
                let tag = Style::new(15.0, Weight::Bold, Align::Center, Rgba::WHITE);
                canvas.text(&(p + 1).to_string(), (x + 4.0, SLOTS_Y + 4.0), tag);
            }
            None => {
                canvas.rounded_rect(rect, 8.0, None, Some(Line::dashed(MUTED, 2.0)));
                let faint = Style::new(40.0, Weight::Bold, Align::Center, MUTED.with_alpha(120));
                canvas.text(&(p + 1).to_string(), (x + SLOT_W / 2.0, SLOTS_Y + SLOT_H / 2.0), faint);
            }
        }
    }
    if let Some(note) = &scene.note {
        let note = fit(note, 17.0, Weight::Regular, RIGHT - LEFT);
        canvas.text(&note, (LEFT, HEIGHT as f32 - 26.0), Style::new(17.0, Weight::Regular, Align::Left, INK));
    }
    canvas
}
