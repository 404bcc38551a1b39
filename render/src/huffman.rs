//! Huffman codes as deflate (RFC 1951) writes them: code lengths no longer than a limit, canonical codes, and the
//! bits written least significant first.

/// Each symbol's code length for `counts` (0: unused), none longer than `limit`. Huffman's lengths, then, where
/// some are too long, zlib's and miniz's repair: the too-long codes are cut to the limit and shorter ones split
/// until the code is complete again. A code is always complete: a lone symbol is given a partner of length 1
/// (decoders differ on codes with one symbol).
pub fn lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    let mut used: Vec<(u32, usize)> =
        counts.iter().enumerate().filter(|&(_, &count)| count > 0).map(|(symbol, &count)| (count, symbol)).collect();
    if used.len() < 2 {
        let lone = used.first().map_or(0, |&(_, symbol)| symbol);
        lengths[lone] = 1;
        lengths[if lone == 0 { 1 } else { 0 }] = 1;
        return lengths;
    }
    used.sort_unstable();
    // The tree, built with two queues: the leaves in order, and the joined nodes, made in order of weight.
    let leaves = used.len();
    let mut weight: Vec<u64> = used.iter().map(|&(count, _)| u64::from(count)).collect();
    let mut parent = vec![0usize; 2 * leaves - 1];
    let (mut leaf, mut joined) = (0, leaves);
    for node in leaves..2 * leaves - 1 {
        let mut lightest = || {
            let take_leaf = leaf < leaves && (joined >= node || weight[leaf] <= weight[joined]);
            let taken = if take_leaf { &mut leaf } else { &mut joined };
            *taken += 1;
            *taken - 1
        };
        let (a, b) = (lightest(), lightest());
        weight.push(weight[a] + weight[b]);
        (parent[a], parent[b]) = (node, node);
    }
    // Depths from the root (the last node): a parent always comes after its children.
    let mut depth = vec![0usize; 2 * leaves - 1];
    for node in (0..2 * leaves - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    let limit = usize::from(limit);
    let mut per_length = vec![0u64; depth.iter().max().map_or(0, |&d| d.max(limit)) + 1];
    for &d in &depth[..leaves] {
        per_length[d] += 1;
    }
    let too_long: u64 = per_length[limit + 1..].iter().sum();
    per_length.truncate(limit + 1);
    per_length[limit] += too_long;
    // Kraft's sum in units of 2^-limit: one unit too many per step, each step making a code at the limit a second
    // child of a shorter one.
    let mut sum: u64 = (1..=limit).map(|length| per_length[length] << (limit - length)).sum();
    while sum > 1 << limit {
        per_length[limit] -= 1;
        let shorter =
            (1..limit).rev().find(|&length| per_length[length] > 0).expect("a complete code has a shorter one");
        per_length[shorter] -= 1;
        per_length[shorter + 1] += 2;
        sum -= 1;
    }
    // The most frequent symbols take the shortest codes.
    let mut next = leaves;
    for (length, &count) in per_length.iter().enumerate().skip(1) {
        for _ in 0..count {
            next -= 1;
            lengths[used[next].1] = length as u8;
        }
    }
    lengths
}

/// The canonical code of each symbol of `lengths` (RFC 1951, 3.2.2), its bits reversed to be written least
/// significant first.
pub fn codes(lengths: &[u8]) -> Vec<u16> {
    let mut per_length = [0u16; 16];
    for &length in lengths.iter().filter(|&&l| l > 0) {
        per_length[usize::from(length)] += 1;
    }
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for length in 1..16 {
        code = (code + per_length[length - 1]) << 1;
        next[length] = code;
    }
    lengths
        .iter()
        .map(|&length| match length {
            0 => 0,
            _ => {
                let code = next[usize::from(length)];
                next[usize::from(length)] += 1;
                code.reverse_bits() >> (16 - length)
            }
        })
        .collect()
}

/// Bits written least significant first, as deflate packs them.
pub struct Bits {
    pub bytes: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    pub fn new(bytes: Vec<u8>) -> Bits {
        Bits { bytes, pending: 0, count: 0 }
    }

    /// The `count` low bits of `value` (at most 32).
    pub fn put(&mut self, value: u32, count: u32) {
        self.pending |= u64::from(value) << self.count;
        self.count += count;
        if self.count >= 32 {
            self.bytes.extend_from_slice(&(self.pending as u32).to_le_bytes());
            self.pending >>= 32;
            self.count -= 32;
        }
    }

    /// The bytes, the last one filled with zeros.
    pub fn finish(mut self) -> Vec<u8> {
        while self.count > 0 {
            self.bytes.push(self.pending as u8);
            self.pending >>= 8;
            self.count = self.count.saturating_sub(8);
        }
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kraft's sum of `lengths`, as a fraction of 2^-15.
    fn kraft(lengths: &[u8]) -> u64 {
        lengths.iter().filter(|&&l| l > 0).map(|&l| 1u64 << (15 - l)).sum()
    }

    #[test]
    fn the_rfcs_example_codes() {
        // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010, 011, 100, 101, 110, 00, 1110, 1111.
        let codes = codes(&[3, 3, 3, 3, 3, 2, 4, 4]);
        let written: Vec<u16> = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
            .iter()
            .zip([3, 3, 3, 3, 3, 2, 4, 4])
            .map(|(&code, length): (&u16, u8)| code.reverse_bits() >> (16 - length))
            .collect();
        assert_eq!(codes, written);
    }

    #[test]
    fn lengths_are_huffmans_when_within_the_limit() {
        // Counts 1, 1, 2, 4, 8: lengths 4, 4, 3, 2, 1.
        assert_eq!(lengths(&[1, 1, 2, 4, 8, 0], 15), vec![4, 4, 3, 2, 1, 0]);
        assert_eq!(lengths(&[5, 5], 15), vec![1, 1]);
    }

    #[test]
    fn long_codes_are_cut_to_the_limit_and_the_code_stays_complete() {
        // Fibonacci counts make the deepest Huffman tree: 30 symbols would need 29 bits.
        let mut counts = vec![1u32, 1];
        while counts.len() < 30 {
            counts.push(counts[counts.len() - 1] + counts[counts.len() - 2]);
        }
        for limit in [7, 15] {
            let lengths = lengths(&counts, limit);
            assert!(lengths.iter().all(|&l| (1..=limit).contains(&l)), "{lengths:?}");
            assert_eq!(kraft(&lengths), 1 << 15, "complete at limit {limit}: {lengths:?}");
            // More frequent, never longer.
            assert!(lengths.windows(2).all(|pair| pair[0] >= pair[1]), "{lengths:?}");
        }
    }

    #[test]
    fn a_lone_symbol_gets_a_partner() {
        assert_eq!(lengths(&[0, 0, 7], 15), vec![1, 0, 1]);
        assert_eq!(lengths(&[3, 0, 0], 15), vec![1, 1, 0]);
        assert_eq!(lengths(&[0, 0, 0], 15), vec![1, 1, 0]);
    }
}
