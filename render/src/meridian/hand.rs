//! A player's hand: their face-up cards drawn large with the meridians each allows, their reserve, and which of
//! their cards are still to come or already played.

use super::panel::{card_chip, chip_width};
use super::scene::{CardFace, Hand};
use crate::canvas::{fit, Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::seat_mark;
use crate::palette::{INK, MUTED, PAPER};
use crate::{Arg, Say};

pub const WIDTH: u32 = 900;
pub const HEIGHT: u32 = 460;

pub fn draw(hand: &Hand, say: &dyn Say) -> Canvas {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, PAPER);
    let (colour, _) = hand.palette.seat(hand.seat);
    seat_mark(&mut canvas, hand.palette, (42.0, 42.0), 16.0, hand.seat, hand.name.chars().next().unwrap_or('?'), 255);
    let title = say.say("picture-meridian-your-cards", &[("name", Arg::Word(&hand.name))]);
    let title = fit(&title, 28.0, Weight::Bold, 520.0);
    canvas.text(&title, (70.0, 42.0), Style::new(28.0, Weight::Bold, Align::Left, INK));
    for (i, &card) in hand.face_up.iter().enumerate() {
        big_card(&mut canvas, 30.0 + 270.0 * i as f32, 86.0, card, colour, say);
    }
    if hand.face_up.is_empty() {
        canvas.text(
            &say.say("picture-meridian-no-cards", &[]),
            (30.0, 190.0),
            Style::new(20.0, Weight::Regular, Align::Left, MUTED),
        );
    }
    let x = 600.0;
    let quiet = Style::new(18.0, Weight::Regular, Align::Left, MUTED);
    let reserve = hand.reserve.to_string();
    canvas.text(&say.say("picture-meridian-reserve", &[]), (x, 104.0), quiet);
    canvas.text(&reserve, (x, 150.0), Style::new(54.0, Weight::Bold, Align::Left, INK));
    canvas.text(
        &say.say("picture-meridian-floors", &[("floors", Arg::Number(f64::from(hand.reserve)))]),
        (x + 8.0 + Canvas::text_width(&reserve, 54.0, Weight::Bold), 160.0),
        quiet,
    );
    let count = |cards: &[CardFace]| [("count", Arg::Number(cards.len() as f64))];
    let to_come = say.say("picture-meridian-to-come", &count(&hand.to_come));
    chips(&mut canvas, x, 210.0, &to_come, &hand.to_come, false);
    let played = say.say("picture-meridian-played", &count(&hand.played));
    chips(&mut canvas, 30.0, 360.0, &played, &hand.played, true);
    canvas
}

/// A face-up card: its name and a strip of the ten meridians with the allowed ones filled.
fn big_card(canvas: &mut Canvas, x: f32, y: f32, card: CardFace, colour: Rgba, say: &dyn Say) {
    let (w, h) = (250.0, 240.0);
    canvas.rounded_rect([x + 4.0, y + 5.0, w, h], 16.0, Some(INK.with_alpha(40)), None);
    canvas.rounded_rect([x, y, w, h], 16.0, Some(Rgba::WHITE), Some(Line::solid(colour, 5.0)));
    canvas.text(&card.label(), (x + w / 2.0, y + 62.0), Style::new(46.0, Weight::Bold, Align::Center, INK));
    let cell = 21.0;
    let left = x + (w - cell * 10.0) / 2.0;
    for m in 1..=10u8 {
        let cx = left + cell * f32::from(m - 1);
        let allowed = (card.first..=card.last).contains(&m);
        let fill = if allowed { colour } else { Rgba::rgb(0xE4, 0xE4, 0xE4) };
        canvas.rounded_rect([cx + 1.5, y + 120.0, cell - 3.0, 48.0], 4.0, Some(fill), Some(Line::solid(INK, 1.0)));
        let ink = if allowed { colour.ink_on() } else { MUTED };
        canvas.text(&m.to_string(), (cx + cell / 2.0, y + 144.0), Style::new(11.0, Weight::Bold, Align::Center, ink));
    }
    let caption = if card.first == card.last {
        say.say("picture-meridian-card-meridian", &[("meridian", Arg::Number(f64::from(card.first)))])
    } else {
        let range = [("first", Arg::Number(f64::from(card.first))), ("last", Arg::Number(f64::from(card.last)))];
        say.say("picture-meridian-card-meridians", &range)
    };
    canvas.text(&caption, (x + w / 2.0, y + 200.0), Style::new(17.0, Weight::Regular, Align::Center, MUTED));
}

/// A titled row of small cards, wrapping at the right edge.
fn chips(canvas: &mut Canvas, x: f32, y: f32, title: &str, cards: &[CardFace], faded: bool) {
    canvas.text(title, (x, y), Style::new(18.0, Weight::Regular, Align::Left, MUTED));
    let (mut cx, mut cy) = (x, y + 20.0);
    for &card in cards {
        let w = chip_width(card).max(36.0);
        if cx + w > WIDTH as f32 - 20.0 {
            cx = x;
            cy += 46.0;
        }
        card_chip(canvas, cx, cy, card, w, faded);
        cx += w + 6.0;
    }
}
