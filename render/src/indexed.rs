//! Pictures as 256 colours: the palette and each pixel's place in it.
//!
//! The pictures are flat fills, lines and text on a few dozen colours: a board has 1,000–5,000 distinct colours,
//! nearly all of them anti-aliased edges, and 98% of its pixels are in its 256 most frequent colours. So the palette
//! is those (popularity, not a general quantiser: no colour is invented and every fill keeps its exact colour), and
//! each other colour takes the nearest of them. Pixels are visited as runs of one colour (a board has about one run
//! per 16 pixels), so a colour is looked up once per run, not once per pixel.

/// The palette's size: PNG's indexed pictures hold at most 256.
pub const COLOURS: usize = 256;

/// Distinct colours counted exactly; a picture with more (none of ours) is counted at 5 bits a channel.
const EXACT: usize = 1 << 15;
/// The table of colours seen: twice as many slots as colours, so a look-up rarely probes.
const SLOTS: usize = EXACT * 2;

/// A picture in at most [`COLOURS`] colours.
pub struct Indexed {
    /// The colours, red, green, blue.
    pub palette: Vec<[u8; 3]>,
    /// Each pixel's colour, row after row.
    pub pixels: Vec<u8>,
}

/// `pixels`, whose colours `rgb` tells, in at most [`COLOURS`] colours: exactly when they are that few.
pub fn indexed<P: Copy + PartialEq>(pixels: &[P], rgb: impl Fn(P) -> [u8; 3]) -> Indexed {
    let key = |pixel: P| {
        let [r, g, b] = rgb(pixel);
        u32::from_le_bytes([r, g, b, 0])
    };
    runs(pixels, key)
        .or_else(|| runs(pixels, |pixel| key(pixel) & 0x00F8_F8F8))
        .expect("5 bits a channel is at most 32,768 colours")
        .into()
}

/// `pixels` as runs of one colour, with the colours `key` gives them (`0x00BBGGRR`) and how many pixels each
/// covers; `None` when they are more than [`EXACT`].
fn runs<P: Copy + PartialEq>(pixels: &[P], key: impl Fn(P) -> u32) -> Option<Runs> {
    // A slot holds its colour's number plus one (0: empty).
    let mut slots = vec![(0u32, 0u16); SLOTS];
    let mut found = Runs { colours: Vec::new(), counts: Vec::new(), runs: Vec::with_capacity(pixels.len() / 8) };
    let mut at = 0;
    while at < pixels.len() {
        let end = at + run_length(&pixels[at..]);
        let colour = key(pixels[at]);
        let mut slot = (colour.wrapping_mul(0x9E37_79B1) >> 16) as usize % SLOTS;
        let number = loop {
            match slots[slot] {
                (c, n) if n > 0 && c == colour => break n - 1,
                (_, 0) => {
                    if found.colours.len() == EXACT {
                        return None;
                    }
                    let n = found.colours.len() as u16;
                    slots[slot] = (colour, n + 1);
                    found.colours.push(colour);
                    found.counts.push(0);
                    break n;
                }
                _ => slot = (slot + 1) % SLOTS,
            }
        };
        found.counts[usize::from(number)] += (end - at) as u32;
        found.runs.push(((end - at) as u32, number));
        at = end;
    }
    Some(found)
}

/// How many pixels from the start of `pixels` are the first one's colour: eight at a time while they all are,
/// compared without branching (a third faster than stopping at the first that differs).
fn run_length<P: Copy + PartialEq>(pixels: &[P]) -> usize {
    let colour = pixels[0];
    let mut n = 1;
    while pixels.get(n..n + 8).is_some_and(|eight| eight.iter().fold(true, |same, &p| same & (p == colour))) {
        n += 8;
    }
    n + pixels[n..].iter().take_while(|&&p| p == colour).count()
}

/// A picture as runs of one colour.
struct Runs {
    /// The colours (`0x00BBGGRR`), by number.
    colours: Vec<u32>,
    /// Pixels of each colour.
    counts: Vec<u32>,
    /// Each run's length and colour number, in order.
    runs: Vec<(u32, u16)>,
}

fn rgb(colour: u32) -> [i32; 3] {
    let [r, g, b, _] = colour.to_le_bytes();
    [r, g, b].map(i32::from)
}

impl From<Runs> for Indexed {
    fn from(found: Runs) -> Indexed {
        // The most frequent colours, ties by colour so the same picture always gets the same palette; then ordered
        // by brightness (red + green + blue) for the nearest-colour search.
        let mut by_count: Vec<usize> = (0..found.colours.len()).collect();
        by_count.sort_unstable_by_key(|&n| (std::cmp::Reverse(found.counts[n]), found.colours[n]));
        let mut palette: Vec<[i32; 3]> = by_count.iter().take(COLOURS).map(|&n| rgb(found.colours[n])).collect();
        palette.sort_unstable_by_key(|&[r, g, b]| (r + g + b, r, g));
        let sums: Vec<i32> = palette.iter().map(|c| c.iter().sum()).collect();
        let places: Vec<u8> = found.colours.iter().map(|&colour| nearest(&palette, &sums, rgb(colour))).collect();
        let mut pixels = Vec::with_capacity(found.runs.iter().map(|&(length, _)| length as usize).sum());
        for &(length, number) in &found.runs {
            pixels.resize(pixels.len() + length as usize, places[usize::from(number)]);
        }
        Indexed { palette: palette.iter().map(|c| c.map(|v| v as u8)).collect(), pixels }
    }
}

/// The place in `palette` (ordered by `sums`, each colour's red + green + blue) of the colour nearest `colour`.
/// The search walks out from `colour`'s own brightness and stops where brightness alone puts the rest further away
/// than the best found: a difference of `s` in the sum means a distance of at least `s / √3`.
fn nearest(palette: &[[i32; 3]], sums: &[i32], colour: [i32; 3]) -> u8 {
    let sum: i32 = colour.iter().sum();
    let distance = |place: usize| palette[place].iter().zip(colour).map(|(a, b)| (a - b).pow(2)).sum::<i32>();
    let start = sums.partition_point(|&s| s < sum);
    let (mut best, mut best_distance) = (0, i32::MAX);
    let mut consider = |place: usize| {
        let apart = sums[place] - sum;
        if apart * apart >= best_distance.saturating_mul(3) {
            return false;
        }
        let d = distance(place);
        if d < best_distance {
            (best, best_distance) = (place, d);
        }
        true
    };
    let (mut up, mut down) = (start, start);
    let (mut going_up, mut going_down) = (true, true);
    while going_up || going_down {
        going_up = going_up && up < palette.len() && consider(up);
        up += 1;
        going_down = going_down && down > 0 && consider(down - 1);
        down = down.saturating_sub(1);
    }
    best as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indexed(colours: &[[u8; 3]]) -> Indexed {
        super::indexed(colours, |c| c)
    }

    fn colour_of(picture: &Indexed, pixel: usize) -> [u8; 3] {
        picture.palette[usize::from(picture.pixels[pixel])]
    }

    /// A few colours in runs and alone: kept exactly.
    #[test]
    fn a_picture_of_few_colours_is_kept_exactly() {
        let colours: Vec<[u8; 3]> = (0..5000u32).map(|i| [(i / 20 % 200) as u8, (i / 700) as u8, 9]).collect();
        let picture = indexed(&colours);
        assert_eq!(picture.pixels.len(), colours.len());
        assert!(picture.palette.len() <= COLOURS);
        for (pixel, colour) in colours.iter().enumerate() {
            assert_eq!(colour_of(&picture, pixel), *colour, "pixel {pixel}");
        }
    }

    /// More colours than the palette holds: the most frequent are kept exactly, and every other pixel takes the
    /// palette colour nearest to it (checked against every colour of the palette).
    #[test]
    fn more_colours_take_the_nearest_of_the_most_frequent() {
        let mut colours = Vec::new();
        for i in 0..300u32 {
            // Colour i appears 1000 - i times: the first 256 make the palette.
            let colour = [(i * 37 % 256) as u8, (i * 91 % 256) as u8, (i * 13 % 256) as u8];
            colours.extend(std::iter::repeat_n(colour, 1000 - i as usize));
        }
        let picture = indexed(&colours);
        assert_eq!(picture.palette.len(), COLOURS);
        let distance =
            |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).map(|(x, y)| (i32::from(*x) - i32::from(y)).pow(2)).sum::<i32>();
        for (pixel, &colour) in colours.iter().enumerate() {
            let got = colour_of(&picture, pixel);
            let best = picture.palette.iter().map(|&p| distance(p, colour)).min().unwrap();
            assert_eq!(distance(got, colour), best, "pixel {pixel}: {colour:?} became {got:?}");
        }
        assert_eq!(colour_of(&picture, 0), colours[0], "the most frequent colour is exact");
    }

    /// A picture of every colour at 6 bits a channel (more than are counted exactly: popularity is no quantiser for
    /// such pictures, and none of ours is one) still comes out whole, each pixel the nearest of the palette.
    #[test]
    fn a_picture_of_too_many_colours_is_counted_coarser() {
        let colours: Vec<[u8; 3]> =
            (0..1u32 << 18).map(|i| [(i & 63) as u8 * 4, (i >> 6 & 63) as u8 * 4, (i >> 12) as u8 * 4]).collect();
        let picture = indexed(&colours);
        assert_eq!(picture.pixels.len(), colours.len());
        assert_eq!(picture.palette.len(), COLOURS);
        let distance = |a: [u8; 3], b: [u8; 3]| {
            a.iter().zip(b).map(|(x, y)| (i32::from(*x) - i32::from(y & 0xF8)).pow(2)).sum::<i32>()
        };
        for (pixel, &colour) in colours.iter().enumerate().step_by(97) {
            let best = picture.palette.iter().map(|&p| distance(p, colour)).min().unwrap();
            assert_eq!(distance(colour_of(&picture, pixel), colour), best, "pixel {pixel}");
        }
    }
}
