//! Colours anyone can tell apart: every pair of players' colours, seen with normal vision and through simulations of
//! the three common colour-vision deficiencies, stays at least [`APART`] apart by CIEDE2000.
//!
//! - Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
//!   Deficiency", the matrices of severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear RGB and
//!   clamped to the gamut.
//! - Difference: CIEDE2000 (CIE 142-2001) on CIELAB under D65, implemented here after Sharma, Wu & Dalal (2005),
//!   "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
//!   Observations", and checked against their published test pairs.
//!
//! The safe palettes must pass under every vision. The standard palettes are the pictures as they have always been
//! drawn (and are kept so); their figures are reported, not required (the smallest pair under each vision):
//!
//! Seats are Meridian's and Contrées' (up to four); Dragon Delta's six colours are its players'.
//!
//! | palette                   | normal | protanopia | deuteranopia | tritanopia |
//! |---------------------------|-------:|-----------:|-------------:|-----------:|
//! | seats, standard           |   38.4 |       12.2 |         15.9 |       10.9 |
//! | Dragon Delta, standard    |   28.9 |       18.2 |         20.5 |       12.4 |
//! | seats, safe               |   40.6 |       37.8 |         31.8 |       33.4 |
//! | Dragon Delta, safe        |   29.6 |       25.7 |         27.4 |       23.7 |
//!
//! (`cargo test -p render --test colour_vision -- --nocapture` prints them.)

use render::canvas::Rgba;
use render::palette::Palette;

/// The least CIEDE2000 difference between two players' colours.
const APART: f64 = 20.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

const VISIONS: [Vision; 4] = [Vision::Normal, Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia];

impl Vision {
    /// Machado et al. 2009, severity 1.0, for linear RGB.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Protanopia => Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
            Vision::Deuteranopia => {
                Some([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]])
            }
            Vision::Tritanopia => Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
        }
    }

    /// How `colour` looks with this vision, in CIELAB.
    fn lab(self, colour: Rgba) -> [f64; 3] {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let rgb = [linear(colour.0), linear(colour.1), linear(colour.2)];
        let rgb = match self.matrix() {
            None => rgb,
            Some(m) => m.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0)),
        };
        lab_of_linear(rgb)
    }
}

/// CIELAB (D65) of a linear sRGB colour.
fn lab_of_linear([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 with k_L = k_C = k_H = 1 (Sharma et al. 2005, equations 1–22).
fn ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let c7 = c_bar.powi(7);
    let g = 0.5 * (1.0 - (c7 / (c7 + 25f64.powi(7))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |a: f64, b: f64| if a == 0.0 && b == 0.0 { 0.0 } else { b.atan2(a).to_degrees().rem_euclid(360.0) };
    let (h1, h2) = (hue(a1, b1), hue(a2, b2));
    let chromatic = c1 * c2 != 0.0;
    let dl = l2 - l1;
    let dc = c2 - c1;
    let dh = match h2 - h1 {
        _ if !chromatic => 0.0,
        d if d > 180.0 => d - 360.0,
        d if d < -180.0 => d + 360.0,
        d => d,
    };
    let dh = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (l1 + l2) / 2.0;
    let c_bar = (c1 + c2) / 2.0;
    let h_bar = match (h1 - h2).abs() {
        _ if !chromatic => h1 + h2,
        d if d <= 180.0 => (h1 + h2) / 2.0,
        _ if h1 + h2 < 360.0 => (h1 + h2 + 360.0) / 2.0,
        _ => (h1 + h2 - 360.0) / 2.0,
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t = 1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
        - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let c7 = c_bar.powi(7);
    let r_c = 2.0 * (c7 / (c7 + 25f64.powi(7))).sqrt();
    let s_l = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * c_bar;
    let s_h = 1.0 + 0.015 * c_bar * t;
    let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
    let (l, c, h) = (dl / s_l, dc / s_c, dh / s_h);
    (l * l + c * c + h * h + r_t * c * h).sqrt()
}

#[test]
fn ciede2000_gives_the_published_differences() {
    // Eleven of the 34 pairs of Sharma, Wu & Dalal 2005, table 1, with their published differences: the mean hue's
    // wrap-around, near-achromatic pairs, the blue region's rotation term, dark colours.
    const PAIRS: [([f64; 3], [f64; 3], f64); 11] = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.49, -0.001], [50.0, -2.49, 0.001], 7.1792),
        ([50.0, -0.001, 2.49], [50.0, 0.001, -2.49], 4.8045),
        ([50.0, 2.5, 0.0], [50.0, 0.0, -2.5], 4.3065),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([50.0, 2.5, 0.0], [58.0, 24.0, 15.0], 19.4535),
        ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
        ([63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864], 1.2630),
        ([22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619], 2.0373),
        ([2.0776, 0.0795, -1.1350], [0.9033, -0.0636, -0.5514], 0.9082),
    ];
    for (first, second, expected) in PAIRS {
        for (a, b) in [(first, second), (second, first)] {
            let got = ciede2000(a, b);
            assert!((got - expected).abs() < 5e-5, "{a:?} to {b:?}: {got:.5}, published {expected}");
        }
    }
    assert_eq!(ciede2000([50.0, 2.5, 0.0], [50.0, 2.5, 0.0]), 0.0);
}

#[test]
fn the_simulations_keep_greys_and_move_the_colours_each_deficiency_confuses() {
    // Each matrix's rows sum to 1: a grey stays the same grey.
    let grey = Rgba::rgb(0x80, 0x80, 0x80);
    for vision in VISIONS {
        assert!(ciede2000(vision.lab(grey), Vision::Normal.lab(grey)) < 0.05, "{vision:?} keeps grey");
    }
    // Red and green, far apart for normal vision, come close for protanopes and deuteranopes; blue and a bluish
    // green for tritanopes.
    let (red, green) = (Rgba::rgb(0xCC, 0x44, 0x22), Rgba::rgb(0x66, 0x77, 0x22));
    let apart = |vision: Vision, a, b| ciede2000(vision.lab(a), vision.lab(b));
    assert!(apart(Vision::Normal, red, green) > 30.0);
    assert!(apart(Vision::Protanopia, red, green) < 12.0, "{}", apart(Vision::Protanopia, red, green));
    assert!(apart(Vision::Deuteranopia, red, green) < 12.0, "{}", apart(Vision::Deuteranopia, red, green));
    let (blue, teal) = (Rgba::rgb(0x00, 0x72, 0xB2), Rgba::rgb(0x00, 0x9E, 0x73));
    assert!(apart(Vision::Tritanopia, blue, teal) < apart(Vision::Normal, blue, teal) / 2.0);
}

/// The closest pair of `colours` with `vision`: its difference and the pair.
fn closest(colours: &[Rgba], vision: Vision) -> (f64, Rgba, Rgba) {
    let mut closest = (f64::INFINITY, colours[0], colours[0]);
    for (i, &a) in colours.iter().enumerate() {
        for &b in &colours[i + 1..] {
            let d = ciede2000(vision.lab(a), vision.lab(b));
            if d < closest.0 {
                closest = (d, a, b);
            }
        }
    }
    closest
}

fn hex(c: Rgba) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// Each vision's closest pair, as a line of the report.
fn figures(name: &str, colours: &[Rgba]) -> (String, f64) {
    let mut line = format!("{name:<24}");
    let mut least = f64::INFINITY;
    for vision in VISIONS {
        let (d, a, b) = closest(colours, vision);
        least = least.min(d);
        line += &format!(" | {vision:?} {d:5.1} ({} {})", hex(a), hex(b));
    }
    (line, least)
}

fn palettes() -> Vec<(String, Palette, Vec<Rgba>)> {
    Palette::ALL
        .into_iter()
        .flat_map(|p| {
            let dd = render::dragon_delta::hues(p).to_vec();
            [
                (format!("seats, {}", p.name()), p, p.seat_colours().to_vec()),
                (format!("Dragon Delta, {}", p.name()), p, dd),
            ]
        })
        .collect()
}

#[test]
fn every_pair_of_players_stays_apart_in_the_safe_palettes_under_every_vision() {
    let mut report = Vec::new();
    let mut failed = Vec::new();
    for (name, palette, colours) in palettes() {
        let (line, least) = figures(&name, &colours);
        if palette == Palette::Safe && least < APART {
            failed.push(name);
        }
        report.push(line);
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(failed.is_empty(), "{failed:?} have a pair closer than {APART}:\n{report}");
}

#[test]
fn the_reported_figures_are_the_palettes_own() {
    // The table of this file's documentation, to one decimal: it stays true when a colour changes.
    let table = [
        ("seats, standard", [38.4, 12.2, 15.9, 10.9]),
        ("Dragon Delta, standard", [28.9, 18.2, 20.5, 12.4]),
        ("seats, safe", [40.6, 37.8, 31.8, 33.4]),
        ("Dragon Delta, safe", [29.6, 25.7, 27.4, 23.7]),
    ];
    for ((name, _, colours), (documented, expected)) in palettes().into_iter().zip(table) {
        assert_eq!(name, documented);
        for (vision, expected) in VISIONS.into_iter().zip(expected) {
            let (d, _, _) = closest(&colours, vision);
            assert!((d - expected).abs() < 0.06, "{name}, {vision:?}: {d:.2}, documented {expected}");
        }
    }
}
