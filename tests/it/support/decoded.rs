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

/// A PNG's pixels, each its colour (the palette applied).
pub fn png_colours(bytes: &[u8]) -> Vec<[u8; 3]> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG's header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a picture that fits in memory")];
    let frame = reader.next_frame(&mut pixels).expect("a PNG's pixels");
    let channels = frame.color_type.samples();
    pixels[..frame.buffer_size()].chunks(channels).map(|c| [c[0], c[1], c[2]]).collect()
}

/// What an animated GIF shows after each of its frames (each drawn over the picture before, as GIF's "keep"
/// disposal says), every pixel its colour; and its width and height.
pub fn gif_frames(bytes: &[u8]) -> (Vec<Vec<[u8; 3]>>, (u16, u16)) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF's header");
    let (width, height) = (decoder.width(), decoder.height());
    let mut shown = vec![[0u8; 3]; usize::from(width) * usize::from(height)];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a GIF's frame") {
        // The bot's frames each carry their own colours.
        let palette = frame.palette.clone().expect("a frame's own colours");
        let (left, top, w) = (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width));
        // A transparent pixel shows the picture before.
        for (i, &p) in frame.buffer.iter().enumerate().filter(|&(_, &p)| Some(p) != frame.transparent) {
            let p = 3 * usize::from(p);
            shown[(top + i / w) * usize::from(width) + left + i % w] = [palette[p], palette[p + 1], palette[p + 2]];
        }
        frames.push(shown.clone());
    }
    (frames, (width, height))
}
