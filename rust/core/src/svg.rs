//! Small SVG helpers shared by the games' drawings.

/// Escapes text for SVG/XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Appends a `<text>` element; `body` is escaped.
#[allow(clippy::too_many_arguments)]
pub fn text(out: &mut String, x: i32, y: i32, size: i32, anchor: &str, weight: &str, body: &str) {
    use std::fmt::Write;
    let _ = write!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"{anchor}\" font-weight=\"{weight}\">{}</text>",
        escape(body)
    );
}

/// About how wide `body` is, in pixels, in the drawings' sans-serif font at `size` (DejaVu
/// Sans advances, the font `State.render_rgb` embeds and most browsers resolve): enough to lay
/// text out without a font engine, erring on the wide side.
pub fn text_width(body: &str, size: i32, bold: bool) -> i32 {
    let em: f32 = body
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.3,
            'f' | 't' | 'r' | '(' | ')' | '-' | 'I' => 0.42,
            'm' | 'w' | 'M' | 'W' => 0.9,
            c if c.is_ascii_uppercase() || c.is_ascii_digit() || c == '#' => 0.7,
            _ => 0.6,
        })
        .sum();
    (em * size as f32 * if bold { 1.1 } else { 1.0 }).ceil() as i32
}

/// `body` broken at spaces into at most `widths.len()` lines, line `i` at most `widths[i]`
/// pixels wide (see [`text_width`]). Only text that still does not fit is cut, with an
/// ellipsis at the end of the last line.
pub fn wrap(body: &str, widths: &[i32], size: i32, bold: bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut words = body.split_whitespace().peekable();
    for (i, &width) in widths.iter().enumerate() {
        let last = i + 1 == widths.len();
        let mut line = String::new();
        while let Some(&word) = words.peek() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if text_width(&candidate, size, bold) <= width || (line.is_empty() && !last) {
                line = candidate;
                words.next();
            } else {
                break;
            }
        }
        if last && words.peek().is_some() {
            // Out of lines: the rest goes on this one, cut to fit.
            let rest: Vec<&str> = words.by_ref().collect();
            let mut full = if line.is_empty() {
                rest.join(" ")
            } else {
                format!("{line} {}", rest.join(" "))
            };
            while !full.is_empty() && text_width(&format!("{full}\u{2026}"), size, bold) > width {
                full.pop();
            }
            line = format!("{}\u{2026}", full.trim_end());
        }
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    lines
}

/// Starts a game's picture: the `<svg>` element, `width` by `height` in sans-serif, and a
/// background of `background`. The caller closes it with `</svg>`.
pub fn open_document(out: &mut String, width: i32, height: i32, background: &str) {
    use std::fmt::Write;
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" fill=\"#222\">\
         <rect width=\"100%\" height=\"100%\" fill=\"{background}\"/>"
    );
}

/// Whose picture this is, as the header says it: "view of player p", or "full table".
pub fn viewer_label(viewer: Option<usize>) -> String {
    match viewer {
        Some(v) => format!("view of player {v}"),
        None => "full table".to_string(),
    }
}

/// A monospace text block as an SVG document: the fallback drawing of any state.
pub fn text_document(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let width = 12 + 8 * lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let height = 16 + 16 * lines.len();
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf8f1\"/>\
         <text font-family=\"monospace\" font-size=\"13\" fill=\"#222\">"
    );
    for (i, line) in lines.iter().enumerate() {
        out.push_str(&format!(
            "<tspan x=\"6\" y=\"{}\" xml:space=\"preserve\">{}</tspan>",
            18 + 16 * i,
            escape(line)
        ));
    }
    out.push_str("</text></svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_and_cuts_only_what_does_not_fit() {
        assert_eq!(
            wrap("Cafe Terrace by Night", &[200, 200], 10, true),
            vec!["Cafe Terrace by Night"]
        );
        let two = wrap("Cafe Terrace by Night", &[80, 80], 10, true);
        assert_eq!(two.len(), 2);
        assert_eq!(two.join(" "), "Cafe Terrace by Night");
        assert!(two.iter().all(|l| text_width(l, 10, true) <= 80));
        let cut = wrap("one two three four five six seven", &[40, 40], 10, false);
        assert_eq!(cut.len(), 2);
        assert!(cut[1].ends_with('\u{2026}') && text_width(&cut[1], 10, false) <= 40);
        assert!(wrap("", &[50], 10, false).is_empty());
        assert!(text_width("WWW", 10, false) > text_width("iii", 10, false));
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("<script>&\"'"), "&lt;script&gt;&amp;&quot;&#39;");
        assert!(text_document("a<b\nc").contains("a&lt;b"));
    }
}

/// Opens a `<g>` naming a move field for the browser table (`docs/pictures.md`): clicking
/// an element inside it stands for `field = value` in the fields of a legal move. Close it
/// with `</g>`.
pub fn open_field(out: &mut String, field: &str, value: impl std::fmt::Display) {
    use std::fmt::Write;
    let _ = write!(
        out,
        "<g data-field=\"{}\" data-value=\"{}\">",
        escape(field),
        escape(&value.to_string())
    );
}
