//! The transport of f-puzzles data: the shapes of links that carry it, and the cleaning of
//! their payloads before lz-string decompression (fpuzzles.md §1).

use super::lzstring::decompress_from_base64;
use super::FpuzzlesError;

/// Where the compressed data of a link sits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    /// The payload as written in the link.
    pub text: String,
    /// Whether it came from a URL path, where servers may collapse `//` to `/`.
    pub in_path: bool,
}

/// The payload a link or bare string carries.
///
/// # Errors
///
/// A link to a puzzle stored on a server (a short id), or one that is not f-puzzles data.
pub(crate) fn payload(text: &str) -> Result<Payload, FpuzzlesError> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let is_url = lower.contains("://");
    if !is_url {
        return Ok(Payload {
            text: text.to_string(),
            in_path: false,
        });
    }
    let query = |name: &str| -> Option<String> {
        let start = text.find('?')?;
        let query = &text[start + 1..];
        let query = query.split('#').next().unwrap_or("");
        query.split('&').find_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            (key == name).then(|| value.to_string())
        })
    };
    if let Some(load) = query("load") {
        return Ok(Payload {
            text: load,
            in_path: false,
        });
    }
    if query("id").is_some() {
        return Err(FpuzzlesError::Link(
            "this f-puzzles link names a puzzle stored on the f-puzzles server (?id=); \
             nothing is fetched: open it in f-puzzles and copy the ?load= link"
                .into(),
        ));
    }
    if let Some(id) = query("puzzleid") {
        return prefixed(&id, false);
    }
    // SudokuPad: the payload is in the path, after the host.
    let after_scheme = &text[lower.find("://").map_or(0, |k| k + 3)..];
    let path = after_scheme.split_once('/').map_or("", |(_, path)| path);
    let path = path.split(['?', '#']).next().unwrap_or("");
    let path = path.strip_prefix("sudoku/").unwrap_or(path);
    let path = path.strip_prefix("puzzle/").unwrap_or(path);
    prefixed(path, true)
}

/// The payload after SudokuPad's `fpuzzles` (or `fpuz`) prefix.
fn prefixed(id: &str, in_path: bool) -> Result<Payload, FpuzzlesError> {
    for prefix in ["fpuzzles", "fpuz"] {
        if let Some(rest) = id.strip_prefix(prefix) {
            return Ok(Payload {
                text: rest.to_string(),
                in_path,
            });
        }
    }
    if id.starts_with("scl") || id.starts_with("ctc") {
        return Err(FpuzzlesError::Link(
            "this SudokuPad link holds SudokuPad's own format, not f-puzzles data; \
             open it in SudokuPad and export it to f-puzzles"
                .into(),
        ));
    }
    Err(FpuzzlesError::Link(format!(
        "this link names a puzzle stored on a server ({id:?}); nothing is fetched: \
         use a link that carries the puzzle (f-puzzles ?load=, SudokuPad /fpuzzles...)"
    )))
}

/// The payload cleaned as fpuzzles.md §1.2 says: trimmed, cut at `#`, percent-decoded,
/// spaces back to `+`, URL alphabets mapped to the standard one.
pub(crate) fn clean(payload: &str) -> String {
    let text = payload.trim();
    let text = text.split('#').next().unwrap_or("");
    let mut text = if text.contains('%') {
        percent_decode(text)
    } else {
        text.to_string()
    };
    text = text.replace(' ', "+");
    if text.contains('_') {
        text = text.replace('-', "+").replace('_', "/");
    } else if text.contains(['-', '$']) {
        text = text.replace('-', "/").replace('$', "");
    }
    text
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[k], bytes.get(k + 1), bytes.get(k + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                k += 3;
            }
            (b, _, _) => {
                out.push(b);
                k += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Most slashes tried doubled, as SudokuPad does, when a path payload does not decompress.
const MAX_SLASHES: usize = 16;

/// The f-puzzles JSON text that `text` (a link, a bare payload or JSON) carries.
///
/// # Errors
///
/// A link that needs a server, or a payload that does not decompress to JSON.
pub fn decode(text: &str) -> Result<String, FpuzzlesError> {
    if text.trim_start().starts_with('{') {
        return Ok(text.to_string());
    }
    let payload = payload(text)?;
    let cleaned = clean(&payload.text);
    if cleaned.is_empty() {
        return Err(FpuzzlesError::Payload {
            stage: "decompress",
            message: "the link carries no puzzle".into(),
        });
    }
    let json = match decompress_from_base64(&cleaned).filter(|t| !t.is_empty()) {
        Some(json) => json,
        None if payload.in_path && cleaned.contains('/') => {
            undouble(&cleaned).ok_or_else(|| FpuzzlesError::Payload {
                stage: "decompress",
                message: "link damaged (collapsed //); use the f-puzzles ?load= form".into(),
            })?
        }
        None => {
            return Err(FpuzzlesError::Payload {
                stage: "decompress",
                message: "not lz-string base64 data (damaged or cut short?)".into(),
            })
        }
    };
    if !json.trim_start().starts_with('{') {
        return Err(FpuzzlesError::Payload {
            stage: "JSON",
            message: "the payload does not decompress to a JSON object".into(),
        });
    }
    Ok(json)
}

/// Decompresses `text` with some of its slashes doubled (fewest first), as SudokuPad does for
/// paths where `//` was collapsed; the first that gives a JSON object.
fn undouble(text: &str) -> Option<String> {
    let slashes: Vec<usize> = text.match_indices('/').map(|(k, _)| k).collect();
    let slashes = &slashes[..slashes.len().min(MAX_SLASHES)];
    let m = slashes.len();
    let mut masks: Vec<u32> = (1..1u32 << m).collect();
    masks.sort_by_key(|mask| mask.count_ones());
    masks.into_iter().find_map(|mask| {
        let mut fixed = String::with_capacity(text.len() + m);
        let mut last = 0;
        for (bit, &k) in slashes.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                fixed.push_str(&text[last..=k]);
                fixed.push('/');
                last = k + 1;
            }
        }
        fixed.push_str(&text[last..]);
        decompress_from_base64(&fixed).filter(|t| t.trim_start().starts_with('{'))
    })
}

#[cfg(test)]
mod tests {
    use super::super::lzstring::compress_to_base64;
    use super::*;
    use crate::sudoku::parse::is_link;

    #[test]
    fn links_are_told_from_file_names() {
        for link in [
            "https://www.f-puzzles.com/?load=N4Ig",
            "HTTP://f-puzzles.com/?load=x",
            "sudokupad://puzzle/fpuzzlesN4Ig",
            "N4IgzglgXgpiBcAWAvkA",
        ] {
            assert!(is_link(link), "{link}");
        }
        // Text that is not ASCII where a scheme would end is not a link, and no panic.
        for name in [
            "puzzle.json",
            "-",
            "N4Ig.json",
            "examples/x.toml",
            "123456\u{2502}",
            "\u{2502}2.4\u{2502}.1.\u{2502}",
            "https:\u{e9}",
        ] {
            assert!(!is_link(name), "{name}");
        }
    }

    #[test]
    fn every_link_shape_gives_its_payload() {
        let json = "{\"size\":4}";
        let p = compress_to_base64(json);
        for link in [
            format!("https://www.f-puzzles.com/?load={p}"),
            format!("https://f-puzzles.com/?load={p}&x=1#top"),
            format!("https://sudokupad.app/fpuzzles{p}"),
            format!("https://sudokupad.app/fpuz{p}"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{p}"),
            format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{p}"),
            format!("https://app.crackingthecryptic.com/fpuzzles{p}"),
            format!("sudokupad://puzzle/fpuzzles{p}"),
            format!("  {p}\n"),
            p.replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D"),
            p.replace('+', " "),
        ] {
            assert_eq!(decode(&link).unwrap(), json, "{link}");
        }
    }

    #[test]
    fn url_alphabets_are_mapped() {
        assert_eq!(clean("ab-c_d"), "ab+c/d");
        assert_eq!(clean("ab-c$"), "ab/c");
        assert_eq!(clean("a%2Bb%3D#x"), "a+b=");
    }

    #[test]
    fn links_that_need_a_server_are_refused() {
        for (link, says) in [
            ("https://f-puzzles.com/?id=abc123", "server"),
            ("https://sudokupad.app/abc123", "server"),
            ("https://sudokupad.app/sclN4Ig", "not f-puzzles data"),
        ] {
            let error = decode(link).unwrap_err().to_string();
            assert!(error.contains(says), "{link}: {error}");
        }
    }

    #[test]
    fn collapsed_slashes_are_repaired_in_paths_only() {
        // A payload with a `//` in it.
        let json = (0..400).find_map(|k| {
            let json = format!("{{\"size\":9,\"title\":\"{}\"}}", "ab?".repeat(k));
            compress_to_base64(&json).contains("//").then_some(json)
        });
        let json = json.expect("some payload has a //");
        let p = compress_to_base64(&json).replacen("//", "/", 1);
        assert_eq!(
            decode(&format!("https://sudokupad.app/fpuzzles{p}")).unwrap(),
            json
        );
        let error = decode(&format!("https://f-puzzles.com/?load={p}")).unwrap_err();
        assert!(error.to_string().starts_with("f-puzzles payload: "));
    }
}
