//! SVG drawings to RGB pixels with resvg, text set in the DejaVu fonts embedded from
//! `fonts/` (see `fonts/LICENSE`), so rendering needs nothing installed on the machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};

/// The widest picture drawn (and, below, the tallest): a guard against allocating gigabytes.
pub const MAX_SIDE: u32 = 8192;

const FONTS: [&[u8]; 3] = [
    include_bytes!("../fonts/DejaVuSans.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold.ttf"),
    include_bytes!("../fonts/DejaVuSansMono.ttf"),
];

fn fonts() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for data in FONTS {
            db.load_font_data(data.to_vec());
        }
        // Every generic family the drawings may name resolves to an embedded face.
        db.set_sans_serif_family("DejaVu Sans");
        db.set_serif_family("DejaVu Sans");
        db.set_cursive_family("DejaVu Sans");
        db.set_fantasy_family("DejaVu Sans");
        db.set_monospace_family("DejaVu Sans Mono");
        Arc::new(db)
    })
    .clone()
}

/// An RGB picture: `height` rows of `width` pixels, 3 bytes each.
pub struct Rgb {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// Draws `svg` on white at `width` pixels wide (default: the drawing's own width), keeping
/// its proportions.
pub fn rasterize(svg: &str, width: Option<u32>) -> Result<Rgb, String> {
    let options = Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".to_string(),
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &options)
        .map_err(|e| format!("the SVG drawing could not be read: {e}"))?;
    let size = tree.size();
    let width = width.unwrap_or_else(|| size.width().ceil() as u32);
    if width == 0 || width > MAX_SIDE {
        return Err(format!(
            "width must be from 1 to {MAX_SIDE} pixels, got {width}"
        ));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
    if height > MAX_SIDE {
        return Err(format!("the picture would be {height} pixels tall (at most {MAX_SIDE}): choose a smaller width"));
    }
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("cannot draw a {width}x{height} picture"))?;
    pixmap.fill(Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Opaque (drawn on white), so the premultiplied RGBA bytes are plain RGB plus 255.
    let pixels = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok(Rgb {
        width,
        height,
        pixels,
    })
}
