//! A jump's landings as the rulebook widened them, for the rules' tests and the bot's (which include this file).

use rules::dragon_delta::action::Action;
use rules::dragon_delta::board::Support;
use rules::dragon_delta::place::Place;

/// Whether a jump's landings include both a village (the far end) and a plank resting on it: the outcomes the
/// rulebook's "a move of 2 planks" adds.
pub fn lands_beyond_a_village(legal: &[Action]) -> bool {
    let village = legal.iter().find_map(|a| match a {
        Action::To { to } => match to[..] {
            [Place::Village(c)] => Some(c),
            _ => None,
        },
        _ => None,
    });
    village.is_some_and(|c| {
        legal.iter().any(
            |a| matches!(a, Action::To { to } if matches!(to[..], [Place::Plank(e)] if e.touches(Support::Village(c)))),
        )
    })
}
