//! Comma-separated option values (`--threads 1,2,4`, `--algo ybwc,root-split`): one
//! parser for every list the command line takes.

/// The comma-separated words of `text`, trimmed, each parsed by `one`; a repeated value is
/// kept once, at its first place. The first word `one` refuses is the error.
pub fn comma_list<T: PartialEq, E>(
    text: &str,
    mut one: impl FnMut(&str) -> Result<T, E>,
) -> Result<Vec<T>, E> {
    let mut out = Vec::new();
    for word in text.split(',').map(str::trim) {
        let value = one(word)?;
        if !out.contains(&value) {
            out.push(value);
        }
    }
    Ok(out)
}

/// A parsed `--algo` list: `run` and `verify` take any [`abbench_results::Algorithm`],
/// `simulate` only parallel ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgorithmList<A>(pub Vec<A>);

/// Parses an `--algo` list of any algorithms.
pub(crate) fn parse_algorithms(
    text: &str,
) -> Result<AlgorithmList<abbench_results::Algorithm>, abbench_results::UnknownAlgorithm> {
    abbench_results::Algorithm::parse_list(text).map(AlgorithmList)
}

#[cfg(test)]
mod tests {
    use super::comma_list;

    #[test]
    fn order_is_kept_repeats_dropped_and_the_first_bad_word_named() {
        let parse = |w: &str| w.parse::<u32>().map_err(|_| w.to_string());
        assert_eq!(comma_list("4, 1,4,2", parse), Ok(vec![4, 1, 2]));
        assert_eq!(comma_list("1,x,y", parse), Err("x".to_string()));
        assert_eq!(comma_list("", parse), Err(String::new()));
    }
}
