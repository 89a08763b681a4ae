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
        out.push_str(&format!("<tspan x=\"6\" y=\"{}\" xml:space=\"preserve\">{}</tspan>", 18 + 16 * i, escape(line)));
    }
    out.push_str("</text></svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("<script>&\"'"), "&lt;script&gt;&amp;&quot;&#39;");
        assert!(text_document("a<b\nc").contains("a&lt;b"));
    }
}
