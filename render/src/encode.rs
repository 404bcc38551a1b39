//! An indexed picture as PNG bytes, with a deflate made for pictures like ours.
//!
//! A picture here is flat colours in long runs, rows that repeat the row above, and the same small shapes (letters,
//! cities, stones) again and again. So each position looks for earlier copies of what follows, and takes the
//! longest: the same colour just before it (a run), the row above, and the last four places the next three pixels
//! were seen (a short hash chain). The choices are coded with Huffman codes made for this picture (one dynamic
//! block). On the boards measured that is a quarter smaller than zlib's level 1 (the 4-player Meridian golden: 62 kB
//! there, 45 kB here), in about 60% of its time; general compressors try many more places, for small gains on flat
//! pictures (zlib's level 9 is 5–10% smaller, many times slower). Against the png crate on the boards of whole games
//! (`cargo bench --bench images -- encoders`): its Fast setting (fdeflate) is as quick but 30–72% larger, and the
//! smallest it makes (High, rows unfiltered) is 2–6% smaller but takes about 20 ms more a board.
//!
//! Scope: 8-bit indexed pictures, every row unfiltered (a filter only helps a compressor that cannot see the row
//! above), one IDAT chunk.

use crate::huffman::{codes, lengths, Bits};
use crate::indexed::Indexed;

/// The PNG of `picture`, `width` pixels wide.
pub fn png(width: u32, height: u32, picture: &Indexed) -> Vec<u8> {
    let row = width as usize;
    debug_assert_eq!(picture.pixels.len(), row * height as usize);
    // The rows as PNG stores them: each after its filter byte (0: none).
    let mut rows = Vec::with_capacity((row + 1) * height as usize);
    for pixels in picture.pixels.chunks_exact(row) {
        rows.push(0);
        rows.extend_from_slice(pixels);
    }
    // After zlib's header: deflate, 32 KiB window, fastest (a hint only).
    let mut zlib = deflate(&rows, row + 1, vec![0x78, 0x01]);
    zlib.extend_from_slice(&adler32(&rows).to_be_bytes());

    let mut out = Vec::with_capacity(zlib.len() + picture.palette.len() * 3 + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 3, 0, 0, 0]); // 8 bits, indexed colour, deflate, no filter method, not interlaced
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &picture.palette.concat());
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

fn adler32(data: &[u8]) -> u32 {
    let mut adler = simd_adler32::Adler32::new();
    adler.write(data);
    adler.finish()
}

/// Deflate's window: no copy from further back.
const WINDOW: usize = 32_768;
/// The shortest and longest copies deflate codes.
const SHORTEST: usize = 3;
const LONGEST: usize = 258;
/// Bits of the hash of three bytes.
const HASH_BITS: u32 = 15;
/// Earlier places of the same three bytes tried at each position, latest first: four find the right copy of a
/// repeated shape (an island, a stone, a word) where one finds only the last, for 3% fewer bytes.
const TRIES: usize = 4;
/// Copies up to this long have each of their positions remembered too (longer ones are runs and rows, found
/// without the hash).
const REMEMBERED_WITHIN: usize = 16;

/// A literal byte (`length` 0) or a copy of `length` bytes from `distance` back.
#[derive(Clone, Copy)]
struct Token {
    length: u16,
    value: u16,
}

/// Where each copy length's and distance's codes start (RFC 1951, 3.2.5), with their extra bits.
const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/// The order in which the code lengths' own code lengths are written.
const CODE_LENGTH_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const END_OF_BLOCK: usize = 256;

/// The place of `value` among `bases` (the last base not above it).
const fn place(bases: &[u16], value: u16) -> usize {
    let mut k = 0;
    while k + 1 < bases.len() && bases[k + 1] <= value {
        k += 1;
    }
    k
}

/// Each copy length's place in [`LENGTH_BASE`], looked up rather than searched.
const LENGTH_CODE: [u8; LONGEST + 1] = {
    let mut table = [0u8; LONGEST + 1];
    let mut length = SHORTEST;
    while length <= LONGEST {
        table[length] = place(&LENGTH_BASE, length as u16) as u8;
        length += 1;
    }
    table
};

/// Each distance's place in [`DISTANCE_BASE`]: the first half by the distance less one, the second by the distance
/// less one over 128 (every base past 256 is one more than a multiple of 128), as zlib looks them up.
const DISTANCE_CODE: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut i = 0;
    while i < 256 {
        table[i] = place(&DISTANCE_BASE, i as u16 + 1) as u8;
        table[256 + i] = place(&DISTANCE_BASE, ((i as u32) << 7) as u16 + 1) as u8;
        i += 1;
    }
    table
};

fn length_code(length: u16) -> usize {
    usize::from(LENGTH_CODE[usize::from(length)])
}

fn distance_code(distance: u16) -> usize {
    let d = usize::from(distance) - 1;
    usize::from(if d < 256 { DISTANCE_CODE[d] } else { DISTANCE_CODE[256 + (d >> 7)] })
}

/// How many bytes from `at` repeat those from `from` (`from < at`), up to `most`: eight at a time.
fn common(data: &[u8], from: usize, at: usize, most: usize) -> usize {
    let mut length = 0;
    while length + 8 <= most {
        let word = |i: usize| u64::from_le_bytes(data[i..i + 8].try_into().expect("eight bytes"));
        let differ = word(from + length) ^ word(at + length);
        if differ != 0 {
            return length + differ.trailing_zeros() as usize / 8;
        }
        length += 8;
    }
    length + (from + length..).zip(at + length..at + most).take_while(|&(a, b)| data[a] == data[b]).count()
}

/// The hash of the three bytes from `at`.
fn hash(data: &[u8], at: usize) -> usize {
    let three = u32::from(data[at]) | u32::from(data[at + 1]) << 8 | u32::from(data[at + 2]) << 16;
    (three.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// Where three bytes were seen: the latest place of each hash, and before each place the previous one of its hash
/// (the places plus one; 0: none).
struct Sightings {
    latest: Vec<u32>,
    previous: Vec<u32>,
}

impl Sightings {
    /// Remembers `at` and gives the latest earlier place of its hash.
    fn see(&mut self, data: &[u8], at: usize) -> usize {
        let slot = hash(data, at);
        let last = self.latest[slot];
        self.previous[at % WINDOW] = last;
        self.latest[slot] = at as u32 + 1;
        last as usize
    }
}

/// `data` (rows of `stride` bytes) as tokens: at each position the longest copy among the run, the row above
/// and the last [`TRIES`] places its next three bytes were seen, or a literal.
fn tokens(data: &[u8], stride: usize) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(data.len() / 16);
    let mut seen = Sightings { latest: vec![0; 1 << HASH_BITS], previous: vec![0; WINDOW] };
    let mut at = 0;
    while at < data.len() {
        let most = (data.len() - at).min(LONGEST);
        let mut best = (0, 0); // length, distance
        let consider = |best: &mut (usize, usize), from: usize| {
            let found = common(data, from, at, most);
            if found > best.0 {
                *best = (found, at - from);
            }
        };
        // The cheapest distances first: a later copy must be longer to win.
        if at >= 1 {
            consider(&mut best, at - 1);
        }
        if stride <= WINDOW && at >= stride && best.0 < most {
            consider(&mut best, at - stride);
        }
        if most >= SHORTEST {
            let mut sighting = seen.see(data, at);
            for _ in 0..TRIES {
                if sighting == 0 || at - (sighting - 1) > WINDOW || best.0 == most {
                    break;
                }
                consider(&mut best, sighting - 1);
                sighting = seen.previous[(sighting - 1) % WINDOW] as usize;
            }
        }
        let (length, distance) = best;
        if length >= SHORTEST {
            tokens.push(Token { length: length as u16, value: distance as u16 });
            if length <= REMEMBERED_WITHIN {
                for inside in at + 1..(at + length).min(data.len() - 2) {
                    seen.see(data, inside);
                }
            }
            at += length;
        } else {
            tokens.push(Token { length: 0, value: u16::from(data[at]) });
            at += 1;
        }
    }
    tokens
}

/// `data` (rows of `stride` bytes) as one final dynamic deflate block, after `out`.
fn deflate(data: &[u8], stride: usize, out: Vec<u8>) -> Vec<u8> {
    let tokens = tokens(data, stride);
    let mut literal_counts = [0u32; 286];
    let mut distance_counts = [0u32; 30];
    for token in &tokens {
        match token.length {
            0 => literal_counts[usize::from(token.value)] += 1,
            length => {
                literal_counts[257 + length_code(length)] += 1;
                distance_counts[distance_code(token.value)] += 1;
            }
        }
    }
    literal_counts[END_OF_BLOCK] = 1;
    let literal_lengths = lengths(&literal_counts, 15);
    let distance_lengths = lengths(&distance_counts, 15);
    let literals = 257.max(literal_lengths.iter().rposition(|&l| l > 0).map_or(0, |last| last + 1));
    let distances = 1.max(distance_lengths.iter().rposition(|&l| l > 0).map_or(0, |last| last + 1));

    // Both codes' lengths, run-length coded (16: repeat the last 3–6 times, 17: 3–10 zeros, 18: 11–138 zeros).
    let all: Vec<u8> = literal_lengths[..literals].iter().chain(&distance_lengths[..distances]).copied().collect();
    let mut coded: Vec<(u8, u8, u8)> = Vec::new(); // symbol, extra bits, their count
    let mut i = 0;
    while i < all.len() {
        let length = all[i];
        let run = all[i..].iter().take_while(|&&l| l == length).count();
        if length == 0 && run >= 3 {
            let run = run.min(138);
            coded.push(if run >= 11 { (18, (run - 11) as u8, 7) } else { (17, (run - 3) as u8, 3) });
            i += run;
            continue;
        }
        coded.push((length, 0, 0));
        let mut repeats = if length == 0 { 0 } else { run - 1 };
        i += 1;
        while repeats >= 3 {
            let now = repeats.min(6);
            coded.push((16, (now - 3) as u8, 2));
            (repeats, i) = (repeats - now, i + now);
        }
    }
    let mut length_counts = [0u32; 19];
    for &(symbol, _, _) in &coded {
        length_counts[usize::from(symbol)] += 1;
    }
    let length_lengths = lengths(&length_counts, 7);
    let length_codes = codes(&length_lengths);
    let written = 4.max(CODE_LENGTH_ORDER.iter().rposition(|&s| length_lengths[s] > 0).map_or(0, |last| last + 1));

    let mut bits = Bits::new(out);
    bits.put(1, 1); // the last block
    bits.put(2, 2); // with its own codes
    bits.put((literals - 257) as u32, 5);
    bits.put((distances - 1) as u32, 5);
    bits.put((written - 4) as u32, 4);
    for &symbol in &CODE_LENGTH_ORDER[..written] {
        bits.put(u32::from(length_lengths[symbol]), 3);
    }
    for &(symbol, extra, count) in &coded {
        let symbol = usize::from(symbol);
        bits.put(u32::from(length_codes[symbol]), u32::from(length_lengths[symbol]));
        bits.put(u32::from(extra), u32::from(count));
    }
    let literal_codes = codes(&literal_lengths);
    let distance_codes = codes(&distance_lengths);
    let symbol = |bits: &mut Bits, s: usize| bits.put(u32::from(literal_codes[s]), u32::from(literal_lengths[s]));
    for token in &tokens {
        match token.length {
            0 => symbol(&mut bits, usize::from(token.value)),
            length => {
                // Each code with its extra bits in one write.
                let k = length_code(length);
                let (code, bits_in) = (u32::from(literal_codes[257 + k]), u32::from(literal_lengths[257 + k]));
                bits.put(code | u32::from(length - LENGTH_BASE[k]) << bits_in, bits_in + u32::from(LENGTH_EXTRA[k]));
                let d = distance_code(token.value);
                let (code, bits_in) = (u32::from(distance_codes[d]), u32::from(distance_lengths[d]));
                bits.put(
                    code | u32::from(token.value - DISTANCE_BASE[d]) << bits_in,
                    bits_in + u32::from(DISTANCE_EXTRA[d]),
                );
            }
        }
    }
    symbol(&mut bits, END_OF_BLOCK);
    bits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A PNG decoded by the png crate (with its own inflate): its size and colours.
    fn decoded(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut decoder = ::png::Decoder::new(std::io::Cursor::new(png));
        decoder.set_transformations(::png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).expect("its pixels");
        pixels.truncate(frame.buffer_size());
        (frame.width, frame.height, pixels)
    }

    fn check(width: u32, height: u32, picture: Indexed) {
        let png = png(width, height, &picture);
        let (w, h, rgb) = decoded(&png);
        assert_eq!((w, h), (width, height));
        let expected: Vec<u8> = picture.pixels.iter().flat_map(|&p| picture.palette[usize::from(p)]).collect();
        assert!(rgb == expected, "the pixels differ");
    }

    fn palette(colours: usize) -> Vec<[u8; 3]> {
        (0..colours).map(|c| [c as u8, (c * 7) as u8, (255 - c) as u8]).collect()
    }

    /// Runs, repeated rows, repeated shapes and noise, read back whole by another decoder.
    #[test]
    fn pictures_read_back_exactly() {
        let (width, height) = (301, 97);
        let mut seed = 12345u32;
        let mut noise = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        };
        let pixels: Vec<u8> = (0..width * height)
            .map(|i| match (i / width, i % width) {
                (y, _) if y < 20 => 3,                           // one colour
                (y, x) if y < 40 => ((x / 7 + y / 5) % 4) as u8, // stripes repeating down
                (_, x) if x % 50 < 12 => (x % 50) as u8,         // a shape again and again
                _ => noise(),                                    // nothing to copy
            })
            .collect();
        check(width as u32, height as u32, Indexed { palette: palette(256), pixels });
    }

    /// Edge cases of the codes: one colour (no literal but one), a single pixel, rows longer than deflate's window
    /// (no copy from the row above).
    #[test]
    fn odd_pictures_read_back_exactly() {
        check(640, 480, Indexed { palette: palette(1), pixels: vec![0; 640 * 480] });
        check(1, 1, Indexed { palette: palette(2), pixels: vec![1] });
        let wide = 40_000;
        let pixels: Vec<u8> = (0..wide * 3).map(|i| ((i / 3) % 5) as u8).collect();
        check(wide as u32, 3, Indexed { palette: palette(5), pixels });
    }

    /// A PNG decoded by the png crate as it stands: its size, palette and each pixel's place in it.
    fn decoded_indexed(png: &[u8]) -> (u32, u32, Indexed) {
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a PNG");
        let palette = reader.info().palette.as_ref().expect("a palette").chunks_exact(3).map(|c| [c[0], c[1], c[2]]);
        let palette = palette.collect();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).expect("its pixels");
        pixels.truncate(frame.buffer_size());
        (frame.width, frame.height, Indexed { palette, pixels })
    }

    /// `count` pixels of `colours` colours made of `pieces`, in turn until there are enough: a run of one colour
    /// (kind 0), a copy of earlier pixels from up to 4,096 back (1; overlapping when shorter than its length), or
    /// noise (2). So every kind of copy the encoder looks for is there: runs, rows above, shapes seen before.
    fn pixels(count: usize, colours: usize, pieces: &[(u8, u32, usize)]) -> Vec<u8> {
        let mut pixels = Vec::with_capacity(count);
        for &(kind, value, length) in pieces.iter().cycle() {
            if pixels.len() >= count {
                break;
            }
            match kind {
                1 if !pixels.is_empty() => {
                    let from = pixels.len() - 1 - value as usize % pixels.len().min(4096);
                    for k in 0..length {
                        pixels.push(pixels[from + k]);
                    }
                }
                2 => {
                    let mut seed = value;
                    pixels.extend((0..length).map(|_| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                        ((seed >> 16) as usize % colours) as u8
                    }))
                }
                _ => pixels.resize(pixels.len() + length, (value as usize % colours) as u8),
            }
        }
        pixels.truncate(count);
        pixels
    }

    proptest! {
        /// Every picture the encoder writes, the png crate reads back exactly: its size, its palette and every
        /// pixel's colour in it.
        #[test]
        fn the_png_crate_reads_every_picture_back_exactly(
            (width, height) in (1u32..300, 1u32..40),
            palette in prop::collection::vec(any::<[u8; 3]>(), 1..=256),
            pieces in prop::collection::vec((0u8..3, any::<u32>(), 1usize..600), 1..30),
        ) {
            let pixels = pixels((width * height) as usize, palette.len(), &pieces);
            let picture = Indexed { palette, pixels };
            let (w, h, read) = decoded_indexed(&png(width, height, &picture));
            prop_assert_eq!((w, h), (width, height));
            prop_assert_eq!(read.palette, picture.palette);
            prop_assert!(read.pixels == picture.pixels, "the pixels differ");
        }
    }

    /// The tables against RFC 1951's: every length and distance falls within its code's base and extra bits.
    #[test]
    fn lengths_and_distances_find_their_codes() {
        assert_eq!(length_code(3), 0);
        assert_eq!(length_code(10), 7);
        assert_eq!(length_code(11), 8);
        assert_eq!(length_code(257), 27);
        assert_eq!(length_code(258), 28);
        assert_eq!(distance_code(1), 0);
        assert_eq!(distance_code(256), 15);
        assert_eq!(distance_code(257), 16);
        assert_eq!(distance_code(1201), 20);
        assert_eq!(distance_code(32_768), 29);
        for length in SHORTEST as u16..LONGEST as u16 {
            let k = length_code(length);
            assert!((LENGTH_BASE[k]..LENGTH_BASE[k] + (1 << LENGTH_EXTRA[k])).contains(&length), "length {length}");
        }
        for distance in 1..=WINDOW as u32 {
            let d = distance_code(distance as u16);
            let base = u32::from(DISTANCE_BASE[d]);
            assert!((base..base + (1 << DISTANCE_EXTRA[d])).contains(&distance), "distance {distance}");
        }
    }
}
