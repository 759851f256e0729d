//! Which heights a check runs at: the ones asked for, or by default every height whose
//! searches stay within a budget of positions, so the default run takes seconds.

/// The greatest height the default choice goes to, whatever the budget.
const MAX_DEFAULT_HEIGHT: u32 = 40;

/// Positions one search may examine when the user named the height: beyond this a search
/// takes minutes, and the check is skipped with a note instead.
pub const MAX_POSITIONS: u128 = 2_000_000_000;

/// The heights to run `what` at. `cost(h)` is the positions the searches at height `h`
/// examine (as the paper predicts them), `None` when too many to count. Without `given`,
/// every height from 1 up while the cost stays within `budget`; with it, the heights
/// given whose cost is within [`MAX_POSITIONS`], the others reported in `notes`.
pub fn choose(
    given: Option<&[u32]>,
    budget: u128,
    what: &str,
    notes: &mut Vec<String>,
    cost: impl Fn(u32) -> Option<u128>,
) -> Vec<u32> {
    match given {
        None => (1..=MAX_DEFAULT_HEIGHT)
            .take_while(|&h| cost(h).is_some_and(|c| c <= budget))
            .collect(),
        Some(heights) => heights
            .iter()
            .copied()
            .filter(|&h| match cost(h) {
                Some(c) if c <= MAX_POSITIONS => true,
                too_many => {
                    let size = too_many.map_or("too many to count".to_string(), |c| {
                        format!("{c:.1e}", c = c as f64)
                    });
                    notes.push(format!(
                        "skipped {what} at height {h}: its searches examine {size} positions, \
                         over the limit of {MAX_POSITIONS:.0e}",
                        MAX_POSITIONS = MAX_POSITIONS as f64
                    ));
                    false
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_stop_at_the_budget_and_given_heights_at_the_limit() {
        let mut notes = Vec::new();
        let cost = |h: u32| 10u128.checked_pow(h);
        assert_eq!(choose(None, 1000, "x", &mut notes, cost), [1, 2, 3]);
        assert_eq!(choose(Some(&[2, 12, 5]), 0, "x", &mut notes, cost), [2, 5]);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].contains("x at height 12"), "{notes:?}");
        let mut notes = Vec::new();
        assert_eq!(choose(Some(&[50]), 0, "x", &mut notes, cost), [0u32; 0]);
        assert!(notes[0].contains("too many to count"), "{notes:?}");
    }
}
