//! GIF's LZW, quick over long runs of one colour.
//!
//! An animation's frame is mostly one colour: the transparent pixels that show the frame before. The `gif` crate's
//! encoder (weezl) looks each pixel up in its table, so a frame costs its whole rectangle (a Dragon Delta game of
//! 185 boards spent 1.3 s there). Here a run of the frame's run colour goes by the codes for "that colour k times",
//! kept in order as the table grows, so a run costs the codes written, not its pixels. The codes are LZW's as GIF
//! writes them (weezl's choices: a clear code first, codes one bit wider as soon as the decoder's table needs it, a
//! clear when the table is full), so any GIF decoder reads them.

/// The widest code, and so the table's size.
const MAX_CODE_BITS: u8 = 12;
const MAX_CODES: u16 = 1 << MAX_CODE_BITS;
/// The table's slots: a power of two, twice its codes, so a look-up rarely probes.
const SLOTS: usize = 2 * MAX_CODES as usize;

/// `pixels`, of a palette of `colours` colours (at most 256), as GIF's image data: the minimum code size, then the
/// codes, least significant bit first. `run` is the colour whose long runs are expected.
pub fn encode(pixels: &[u8], colours: usize, run: u8) -> Vec<u8> {
    // GIF's smallest is 2 bits.
    let min_bits = colours.max(4).next_power_of_two().trailing_zeros() as u8;
    let mut encoder = Encoder::new(min_bits, run);
    encoder.write(encoder.clear_code());
    match pixels.split_first() {
        Some((&first, rest)) => encoder.all(first, rest),
        None => encoder.write(encoder.clear_code() + 1),
    }
    encoder.finish()
}

/// How many of `pixels` are `run` from the first: eight at a time, runs being thousands long.
fn run_length(pixels: &[u8], run: u8) -> usize {
    let eight = u64::from_ne_bytes([run; 8]);
    let chunks = pixels.chunks_exact(8);
    let whole = chunks.clone().take_while(|c| u64::from_ne_bytes((*c).try_into().expect("eight")) == eight).count();
    let rest = &pixels[8 * whole..];
    8 * whole + rest.iter().position(|&p| p != run).unwrap_or(rest.len())
}

struct Encoder {
    min_bits: u8,
    bits: u8,
    next: u16,
    /// (prefix code << 8 | pixel) + 1 and its code; 0: empty.
    table: Vec<(u32, u16)>,
    run: u8,
    /// `chain[k]`: the code for `run` k + 1 times, as long as the table holds them.
    chain: Vec<u16>,
    out: Vec<u8>,
    pending: u64,
    pending_bits: u8,
}

impl Encoder {
    fn new(min_bits: u8, run: u8) -> Encoder {
        Encoder {
            min_bits,
            bits: min_bits + 1,
            next: (1 << min_bits) + 2,
            table: vec![(0, 0); SLOTS],
            run,
            chain: vec![u16::from(run)],
            out: vec![min_bits],
            pending: 0,
            pending_bits: 0,
        }
    }

    fn clear_code(&self) -> u16 {
        1 << self.min_bits
    }

    /// Every pixel: `current` the code of the string read and not yet written.
    fn all(&mut self, first: u8, rest: &[u8]) {
        let mut current = u16::from(first);
        // How many times `run` the current string is (0: it is not `run` only).
        let mut pure = usize::from(first == self.run);
        let mut at = 0;
        while at < rest.len() {
            if pure > 0 && rest[at] == self.run {
                let length = run_length(&rest[at..], self.run);
                (current, pure) = self.along_run(pure, length);
                at += length;
                continue;
            }
            let pixel = rest[at];
            match self.find(current, pixel) {
                Some(code) => (current, pure) = (code, 0),
                None => {
                    self.step(current, pixel);
                    (current, pure) = (u16::from(pixel), usize::from(pixel == self.run));
                }
            }
            at += 1;
        }
        self.write(current);
        // The decoder adds an entry on reading that code, and may widen before the end code.
        if self.next > (1 << self.bits) - 1 && self.bits < MAX_CODE_BITS {
            self.bits += 1;
        }
        self.write(self.clear_code() + 1);
    }

    /// Reads `length` more of `run` after a string of `pure` of them: the longest strings of them the table holds,
    /// each new one added as LZW would. The code and length of the string left unwritten.
    fn along_run(&mut self, mut pure: usize, mut length: usize) -> (u16, usize) {
        loop {
            let longer = (pure + length).min(self.chain.len());
            length -= longer - pure;
            pure = longer;
            if length == 0 {
                return (self.chain[pure - 1], pure);
            }
            self.step(self.chain[pure - 1], self.run);
            (pure, length) = (1, length - 1);
        }
    }

    /// Writes `current`, whose string followed by `pixel` the table lacks, and adds that string.
    fn step(&mut self, current: u16, pixel: u8) {
        self.write(current);
        if current == self.chain[self.chain.len() - 1] && pixel == self.run {
            self.chain.push(self.next);
        }
        self.add(current, pixel);
        self.next += 1;
        if self.next > 1 << self.bits && self.bits < MAX_CODE_BITS {
            self.bits += 1;
        }
        if self.next > MAX_CODES {
            self.write(self.clear_code());
            self.table.fill((0, 0));
            self.chain.truncate(1);
            (self.bits, self.next) = (self.min_bits + 1, self.clear_code() + 2);
        }
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> 16) as usize % SLOTS
    }

    fn find(&self, prefix: u16, pixel: u8) -> Option<u16> {
        let key = (u32::from(prefix) << 8 | u32::from(pixel)) + 1;
        let mut slot = Self::slot(key);
        loop {
            match self.table[slot] {
                (0, _) => return None,
                (k, code) if k == key => return Some(code),
                _ => slot = (slot + 1) % SLOTS,
            }
        }
    }

    fn add(&mut self, prefix: u16, pixel: u8) {
        let key = (u32::from(prefix) << 8 | u32::from(pixel)) + 1;
        let mut slot = Self::slot(key);
        while self.table[slot].0 != 0 {
            slot = (slot + 1) % SLOTS;
        }
        self.table[slot] = (key, self.next);
    }

    fn write(&mut self, code: u16) {
        self.pending |= u64::from(code) << self.pending_bits;
        self.pending_bits += self.bits;
        while self.pending_bits >= 8 {
            self.out.push(self.pending as u8);
            self.pending >>= 8;
            self.pending_bits -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.pending_bits > 0 {
            self.out.push(self.pending as u8);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Decodes `data` (as [`encode`] writes it) with the `gif` crate, as a one-frame picture of `len` pixels.
    fn decoded(data: &[u8], len: usize) -> Vec<u8> {
        let mut gif = Vec::new();
        {
            let mut encoder = gif::Encoder::new(&mut gif, len as u16, 1, &[0; 768]).unwrap();
            let frame = gif::Frame { width: len as u16, height: 1, buffer: data.into(), ..gif::Frame::default() };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&gif[..]).unwrap();
        decoder.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    /// Short and long runs of a few colours, as a frame has them (at most 60,000 pixels: one row of a GIF).
    fn frame_like() -> impl Strategy<Value = Vec<u8>> {
        let length = prop_oneof![1usize..40, 1000usize..3000];
        prop::collection::vec((0u8..7, length), 1..20)
            .prop_map(|runs| runs.into_iter().flat_map(|(p, n)| std::iter::repeat_n(p, n)).collect())
    }

    /// Pixels that look random, `seed` choosing which.
    fn noise(seed: u32, len: usize) -> Vec<u8> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn any_pixels_decode_to_themselves(pixels in prop::collection::vec(0u8..=255, 1..20_000), run in 0u8..=255) {
            prop_assert_eq!(decoded(&encode(&pixels, 256, run), pixels.len()), pixels);
        }

        #[test]
        fn runs_decode_to_themselves(pixels in frame_like(), run in 0u8..7) {
            prop_assert_eq!(decoded(&encode(&pixels, 7, run), pixels.len()), pixels);
        }
    }

    /// A run of 60,000 pixels takes a few hundred codes (lengths 1, 2, 3…: 346 of them), alone or after other
    /// pixels.
    #[test]
    fn a_long_run_decodes_in_few_codes() {
        for (run, pixels) in [(0, vec![0u8; 60_000]), (3, [vec![1u8, 3, 3, 2], vec![3; 60_000], vec![1]].concat())] {
            let data = encode(&pixels, 8, run);
            assert_eq!(decoded(&data, pixels.len()), pixels);
            assert!(data.len() < 600, "{} bytes", data.len());
        }
    }

    #[test]
    fn a_run_is_counted_to_its_first_other_pixel() {
        let pixels = [vec![4u8; 21], vec![1], vec![4; 3]].concat();
        let lengths: Vec<usize> = (0..pixels.len()).map(|at| run_length(&pixels[at..], 4)).collect();
        let expected: Vec<usize> = (0..21).rev().map(|n| n + 1).chain([0, 3, 2, 1]).collect();
        assert_eq!(lengths, expected);
    }

    /// Noise fills the table twice (a clear each time), in the middle of runs too: it all still decodes.
    #[test]
    fn runs_across_full_tables_decode() {
        let pixels = [noise(1, 9_000), vec![5; 30_000], noise(2, 5_000), vec![5; 20_000], noise(3, 1)].concat();
        assert_eq!(decoded(&encode(&pixels, 256, 5), pixels.len()), pixels);
    }
}
