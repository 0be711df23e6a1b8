//! A button's id → its command: the chat buttons of Discord and Telegram and the web table's
//! all carry the same ids ([`ButtonId`]), so a press reads alike everywhere.

use crate::engine::{Extra, ExtraSet};
use crate::service::ids::{ButtonAction, ButtonId, ChatId};
use crate::service::{Actor, ClubRequest, Command, Request};

/// The extras of an announce button (bits: 1 Jule, 2 2-2-1, 4 3-3-1).
pub fn extras_from_bits(bits: u8) -> ExtraSet {
    let mut set = ExtraSet::EMPTY;
    for (bit, extra) in [
        (1, Extra::Jule),
        (2, Extra::TwoTwoOne),
        (4, Extra::ThreeThreeOne),
    ] {
        if bits & bit != 0 {
            set.insert(extra);
        }
    }
    set
}

/// The command a button click stands for. It carries the button's table and version, so a
/// click on an old game or an outdated state changes nothing.
pub fn button_command(chat: ChatId, actor: Actor, button: &ButtonId) -> Command {
    let request = match &button.action {
        ButtonAction::Roll => Request::Roll,
        ButtonAction::Look => Request::Look,
        ButtonAction::Stand => Request::Stand,
        ButtonAction::Join => Request::Join,
        ButtonAction::Start => Request::Start,
        ButtonAction::Flip => Request::Flip,
        ButtonAction::Blind => Request::Blind,
        ButtonAction::ThrowIn => Request::ThrowIn,
        ButtonAction::Table => Request::Show,
        ButtonAction::Hint => Request::Hint,
        ButtonAction::Keep(values) => Request::Keep {
            values: values.clone(),
        },
        ButtonAction::Announce(bits) => Request::Announce {
            extras: extras_from_bits(*bits),
        },
        // A claim's buttons carry its cash entry, not a table: nothing to be outdated.
        ButtonAction::ConfirmClaim | ButtonAction::RejectClaim => {
            let claim = button.table;
            let request = match button.action {
                ButtonAction::ConfirmClaim => ClubRequest::ConfirmClaim { claim },
                _ => ClubRequest::RejectClaim { claim },
            };
            return Command::new(chat, actor, Request::Club(request));
        }
    };
    Command::new(chat, actor, request).expecting(button.table, button.version)
}
