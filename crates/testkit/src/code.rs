//! Rust source read as code: comments and literals blanked, items marked `#[cfg(test)]`
//! left out. What the structural checks (`cycles.rs`, `function_length.rs`) read.

/// `text` as code only — comments, and the contents of string and character literals,
/// blanked — without its items marked `#[cfg(test)]`; and the names of the modules that
/// such items declare as files (`#[cfg(test)] mod test;`).
pub(crate) fn without_tests(text: &str) -> (String, Vec<String>) {
    let code = blank_comments_and_literals(text);
    let mut out = String::new();
    let mut test_modules = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its first `;` (a `mod x;` or `use` line) or with the block
        // its first `{` opens.
        let end = match (item.find(';'), item.find('{')) {
            (Some(semi), brace) if brace.is_none_or(|b| semi < b) => {
                let words: Vec<&str> = item[..semi].split_whitespace().collect();
                if let [.., "mod", name] = words.as_slice() {
                    test_modules.push((*name).to_string());
                }
                semi + 1
            }
            (_, Some(brace)) => {
                let mut depth = 0usize;
                let mut end = item.len();
                for (i, c) in item[brace..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = brace + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            _ => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_modules)
}

/// `text` with its comments and the contents of its string and character literals
/// replaced by spaces (line breaks kept), so that a brace or a path inside one is not
/// read as code.
pub(crate) fn blank_comments_and_literals(text: &str) -> String {
    blank_code(text, false)
}

/// `text` with its comments replaced by spaces (line breaks kept), its literals as they
/// are: code with the words it prints.
pub(crate) fn blank_comments(text: &str) -> String {
    blank_code(text, true)
}

/// `text` with its comments blanked, and its literals' contents too unless
/// `keep_literals`; one character for each of `text`'s.
fn blank_code(text: &str, keep_literals: bool) -> String {
    let blank = |c: char| if keep_literals { c } else { blank(c) };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let after_ident = i > 0 && is_ident(chars[i - 1]);
        i = if c == '/' && next == Some('/') {
            line_comment(&chars, i, &mut out)
        } else if c == '/' && next == Some('*') {
            block_comment(&chars, i, &mut out)
        } else if let Some(hashes) = raw_string_at(&chars, i).filter(|_| !after_ident) {
            raw_string(&chars, i, hashes, &mut out, &blank)
        } else if c == '"' {
            string(&chars, i, &mut out, &blank)
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{7b}'.
            out.push(blank(c));
            out.push(blank('\\'));
            let mut i = i + 2;
            while i < chars.len() && chars[i] != '\'' {
                out.push(blank(chars[i]));
                i += 1;
            }
            out.push(blank('\''));
            i + 1
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            // 'x'; a lifetime ('a) has no closing quote after one character.
            for k in 0..3 {
                out.push(blank(chars[i + k]));
            }
            i + 3
        } else {
            out.push(c);
            i + 1
        };
    }
    out
}

/// A space for a blanked character; a line break stays.
fn blank(c: char) -> char {
    if c == '\n' { '\n' } else { ' ' }
}

/// Blanks the line comment at `i`; returns where the code goes on.
fn line_comment(chars: &[char], mut i: usize, out: &mut String) -> usize {
    while i < chars.len() && chars[i] != '\n' {
        out.push(' ');
        i += 1;
    }
    i
}

/// Blanks the block comment at `i`, nested ones within; returns where the code goes on.
fn block_comment(chars: &[char], mut i: usize, out: &mut String) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            out.push_str("  ");
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            out.push_str("  ");
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            out.push(blank(chars[i]));
            i += 1;
        }
    }
    i
}

/// The number of `#` of the raw string (r"…", r#"…"#, br"…") that starts at `i`, if one
/// does.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    let c = chars[i];
    let next = chars.get(i + 1).copied();
    if !(c == 'r' || (c == 'b' && next == Some('r'))) {
        return None;
    }
    let start = if c == 'b' { i + 2 } else { i + 1 };
    let hashes = chars[start..].iter().take_while(|&&h| h == '#').count();
    (chars.get(start + hashes) == Some(&'"')).then_some(hashes)
}

/// Blanks the raw string at `i`, of `hashes` hashes, each character as `blank` says;
/// returns where the code goes on.
fn raw_string(
    chars: &[char],
    i: usize,
    hashes: usize,
    out: &mut String,
    blank: &dyn Fn(char) -> char,
) -> usize {
    let start = if chars[i] == 'b' { i + 2 } else { i + 1 };
    let open = start + hashes;
    for &c in &chars[i..=open] {
        out.push(blank(c));
    }
    let mut i = open + 1;
    while i < chars.len() {
        let closes = chars[i] == '"'
            && chars.len() > i + hashes
            && chars[i + 1..=i + hashes].iter().all(|&h| h == '#');
        if closes {
            for &c in &chars[i..=i + hashes] {
                out.push(blank(c));
            }
            return i + 1 + hashes;
        }
        out.push(blank(chars[i]));
        i += 1;
    }
    i
}

/// Blanks the string literal at `i`, each character as `blank` says; returns where the
/// code goes on.
fn string(chars: &[char], i: usize, out: &mut String, blank: &dyn Fn(char) -> char) -> usize {
    out.push(blank('"'));
    let mut i = i + 1;
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' {
            out.push(blank('\\'));
            i += 1;
        }
        if let Some(&c) = chars.get(i) {
            out.push(blank(c));
        }
        i += 1;
    }
    if i < chars.len() {
        out.push(blank('"'));
    }
    i + 1
}

/// A character of an identifier.
pub(crate) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}
