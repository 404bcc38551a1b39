//! Pictures as the tests see them: decoded in full, so a broken PNG fails the test that received it.

/// Width and height of a PNG, after decoding every pixel.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG's header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a picture that fits in memory")];
    let frame = reader.next_frame(&mut pixels).expect("a PNG's pixels");
    (frame.width, frame.height)
}

/// The same for a PNG file.
pub fn png_file_size(path: &std::path::Path) -> (u32, u32) {
    png_size(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}
