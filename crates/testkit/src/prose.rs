//! Prose read as a reader meets it: the sentences of a Markdown page and their lengths,
//! for the check that the README and the guide keep sentences short.
//!
//! The rule, in full:
//!
//! * **Prose lines only.** Fenced code blocks (from a line starting with three backticks to
//!   the next), table rows (lines starting with `|`), headings (`#`), HTML comments and
//!   blank lines are not prose; each ends a paragraph.
//! * **Paragraphs.** Consecutive prose lines join into one paragraph. A list item (`* `,
//!   `- ` or `1. `) starts a new one; a block quote's `>` is dropped.
//! * **Spans.** An inline code span counts as one word, whatever it holds; a link counts
//!   its text, not its address; an image counts nothing.
//! * **Sentences.** A sentence ends at a word ending in `.`, `!` or `?` (or with one of
//!   them before a closing parenthesis), unless the word is an abbreviation such as
//!   "e.g."; the end of a paragraph ends a sentence too.
//! * **Words.** A word is a run of non-space characters holding a letter or a digit.

/// Abbreviations whose full stop does not end a sentence, lower-cased.
const ABBREVIATIONS: [&str; 6] = ["e.g.", "i.e.", "fig.", "cf.", "vs.", "al."];

/// The length in words of each sentence of the Markdown `text`, in order.
pub fn sentence_lengths(text: &str) -> Vec<usize> {
    paragraphs(text)
        .iter()
        .flat_map(|p| sentences_of(&plain(p)))
        .collect()
}

/// The median of `lengths` (the mean of the middle two for an even count); 0 for none.
pub fn median(lengths: &[usize]) -> f64 {
    let mut sorted = lengths.to_vec();
    sorted.sort_unstable();
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    }
}

/// The prose paragraphs of `text`, each joined into one line.
fn paragraphs(text: &str) -> Vec<String> {
    let mut paragraphs = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut in_fence = false;
    let flush = |current: &mut Vec<&str>, paragraphs: &mut Vec<String>| {
        if !current.is_empty() {
            paragraphs.push(current.join(" "));
            current.clear();
        }
    };
    for line in text.lines() {
        let mut line = line.trim();
        if line.starts_with("```") {
            in_fence = !in_fence;
            flush(&mut current, &mut paragraphs);
            continue;
        }
        let not_prose = line.is_empty()
            || line.starts_with('|')
            || line.starts_with('#')
            || line.starts_with("<!--");
        if in_fence || not_prose {
            flush(&mut current, &mut paragraphs);
            continue;
        }
        while let Some(rest) = line.strip_prefix('>') {
            line = rest.trim_start();
        }
        if let Some(item) = list_item(line) {
            flush(&mut current, &mut paragraphs);
            line = item;
        }
        current.push(line);
    }
    flush(&mut current, &mut paragraphs);
    paragraphs
}

/// The text of a list item's line after its marker, if it is one.
fn list_item(line: &str) -> Option<&str> {
    for marker in ["* ", "- "] {
        if let Some(rest) = line.strip_prefix(marker) {
            return Some(rest);
        }
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let rest = &line[digits..];
    (digits > 0).then(|| rest.strip_prefix(". ")).flatten()
}

/// `paragraph` with each code span made one word, links made their text, and images
/// left out.
fn plain(paragraph: &str) -> String {
    let mut out = String::with_capacity(paragraph.len());
    let mut rest = paragraph;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            let ticks = rest.chars().take_while(|&t| t == '`').count();
            let fence = &rest[..ticks];
            match rest[ticks..].find(fence) {
                Some(end) => {
                    out.push_str("CODE");
                    rest = &rest[ticks + end + ticks..];
                }
                None => {
                    out.push_str(fence);
                    rest = &rest[ticks..];
                }
            }
        } else if let Some((text, after)) = link(rest) {
            if c != '!' {
                out.push_str(text);
            }
            rest = after;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A link (`[text](address)`) or image (`![text](address)`) at the start of `text`: its
/// text and what follows it.
fn link(text: &str) -> Option<(&str, &str)> {
    let open = text.strip_prefix('!').unwrap_or(text).strip_prefix('[')?;
    let close = open.find(']')?;
    let after = open[close + 1..].strip_prefix('(')?;
    let end = after.find(')')?;
    Some((&open[..close], &after[end + 1..]))
}

/// The word counts of the sentences of one plain paragraph.
fn sentences_of(paragraph: &str) -> Vec<usize> {
    let mut lengths = Vec::new();
    let mut words = 0;
    for word in paragraph.split_whitespace() {
        if word.chars().any(char::is_alphanumeric) {
            words += 1;
        }
        let bare = word.trim_end_matches(')');
        let ends = bare.ends_with(['.', '!', '?']);
        if ends && !ABBREVIATIONS.contains(&bare.to_lowercase().as_str()) && words > 0 {
            lengths.push(words);
            words = 0;
        }
    }
    if words > 0 {
        lengths.push(words);
    }
    lengths
}

#[cfg(test)]
mod tests {
    use super::{median, sentence_lengths};

    #[test]
    fn prose_lines_only_code_and_tables_left_out() {
        let page = "# A heading of many words here\n\nOne two three. Four five.\n\n\
                    ```\nnot prose at all. not at all.\n```\n\n| a table | row. |\n\n\
                    * An item of four.\n* And `a long code span here` counts one.\n";
        assert_eq!(sentence_lengths(page), vec![3, 2, 4, 4]);
    }

    #[test]
    fn lines_of_a_paragraph_join_and_abbreviations_do_not_end_a_sentence() {
        let page = "A sentence that runs\nover two lines, e.g. this one (as it says.) \
                    Then [a link's text](https://example.com/a.b) ends.\n";
        assert_eq!(sentence_lengths(page), vec![13, 5]);
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&[1, 9, 3, 5]), 4.0);
        assert_eq!(median(&[7, 1, 3]), 3.0);
        assert_eq!(median(&[]), 0.0);
    }
}
