# English. Every message here needs its counterpart in de.ftl.

## Throws
throw-hausnummer = House number { $number }
throw-hausnummer-built = House number { $number } (built)
throw-strasse = Straight { $dice }
throw-general = General { $pips }
throw-schock = Schock { $n }
throw-schock-aus = Schock out
throw-baby-schock-out = Baby Schock Out Hand
throw-jule = Jule
throw-221 = { $penalty ->
    [9] Nine (2-2-1)
    [7] Seven (2-2-1)
   *[other] Two-two-one
}
throw-331 = { $penalty ->
    [8] Eight (3-3-1)
    [10] Three-thirty-one
   *[other] Three-three-one
}

class-hausnummer = house number
class-strasse = straight
class-general = general
class-schock = schock
class-extra = extra throw
class-schock_aus = schock out
class-baby_schock_out = baby schock out hand

## Penalty
penalty-deckel = { $n ->
    [one] 1 Deckel
   *[other] { $n } Deckel
}
penalty-all = every Deckel

## eval
cli-verify-ok = { $throws ->
    [one] 1 throw, it matches
   *[other] { $throws } throws, all match
} (the server seed matches the commitment, every throw the seed).
cli-verify-predates = This game was played before provably fair dice – there is nothing to recompute.
cli-verify-commitment = Does not match: the server seed does not match the commitment (SHA-256).
cli-verify-missing = Does not match: throw { $n } is missing.
cli-verify-extra = Does not match: throw { $n } was never made in this game.
cli-verify-dice = Does not match: throw { $n } shows { $recorded }, the seed gives { $drawn }.
cli-verify-bad-file = { $path } is no game record: { $message }
eval-line = { $name } — { $class }, penalty: { $penalty }
eval-hand = from the hand
eval-built = built
eval-announced-only = counts only when announced

## judge
judge-ranking = Ranking: { $list }
judge-entry = { $player } ({ $throw }, { $throws ->
    [one] 1 throw
   *[other] { $throws } throws
}{ $blind ->
    [yes] , blind
   *[no] {""}
})
judge-best = Best throw: { $throw } by { $winner }.
judge-moved-stock = { $loser } takes { $moved } from the stock ({ $penalty } due); left in the stock: { $stock }.
judge-moved-winner = { $loser } gets { $moved } from { $winner } ({ $penalty } due).
judge-moved-all = Schock out: { $loser } gets every Deckel.
judge-moved-all-baby = Baby Schock Out Hand: { $loser } gets every Deckel.
judge-holdings = Deckel: { $list }
judge-out = Out of the half: { $list }
judge-half-lost = { $player } lost the half.
judge-final-lost = { $player } lost the final.
judge-debts = Owes a round: { $list }

## Debts and titles
debt-game_lost = lost the game
debt-schock_aus_hand = Schock out from the hand
debt-hille = Hille (2-2-1 from the hand)
debt-quit = left a running game
title-pisswurf = Pisswurf

## Parts of the game
part-half1 = first half
part-half2 = second half
part-final = final

## Errors: rules
rules-unknown-preset = Unknown rule preset "{ $name }" (known: standard, wikipedia, moin-moin, muensterland, dortmund, jule, bochum)
rules-unknown-key = Unknown rule key "{ $key }"
rules-missing-key = Rule key "{ $key }" is missing
rules-invalid-value = Rule key "{ $key }": { $message }
rules-value-name-length = must be 1 to 40 characters
rules-value-not = { $shown } is not { $expected }
rules-expected-text = a text
rules-expected-straight-order = "ascending" or "equal"
rules-expected-flip = "forbidden", "extra-throw" or "in-place"
rules-expected-switch = on or off (true/false, yes/no)
rules-value-out-of-range = { $value } is not between { $lo } and { $hi }
rules-value-not-whole = { $shown } is not a whole number
rules-value-not-a-list = { $shown } is not a list of extras
rules-value-unknown-extra = unknown extra "{ $id }" (known: jule, 221, 331)
rules-value-twice = "{ $id }" is listed twice
rules-syntax = Rule file is not valid TOML: { $message }
rules-malformed-override = "{ $text }" is not of the form key=value
rules-unreadable = Cannot read rule file "{ $path }": { $message }

## Errors: judge
judge-error-too-few = A round needs at least two throws
judge-error-empty-name = Player { $index }: the name is empty
judge-error-duplicate = Player "{ $player }" is named twice
judge-error-dice-count = { $player }: a throw has 3 dice, not { $count }
judge-error-die-value = { $player }: a die shows 1 to 6, not { $value }
judge-error-throw-count = { $player }: { $throws ->
    [one] 1 throw is
   *[other] { $throws } throws are
} not possible (1 to { $max })
judge-error-over-limit = { $player } threw { $throws ->
    [one] once
   *[other] { $throws } times
}, more often than the starter ({ $limit ->
    [one] 1 throw
   *[other] { $limit } throws
})
judge-error-blind-off = { $player }: blind throws are not allowed under these rules
judge-error-blind-single = { $player }: a blind throw is a single throw from the hand
judge-error-stock = Field "stock": { $stock } is not between 0 and { $total } Deckel
judge-error-holding-unknown = Field "holdings": "{ $player }" does not throw in this round
judge-error-holding-value = Field "holdings": { $player } holds { $value }, not a number of Deckel from 0 to { $max }
judge-error-total = Deckel do not add up: { $stock } in the stock plus { $players } with the players is not { $total }
judge-error-half-over = { $player } already holds all { $total } Deckel: the half is over
judge-error-out = { $player } holds no Deckel and the stock is empty: { $player } is out (these rules have no throwing in)
judge-error-unknown-extra = Field "announced": unknown extra throw "{ $extra }" (known: jule, 221, 331)
judge-error-extra-not-in-rules = Field "announced": the extra throw "{ $extra }" is not part of these rules
judge-error-json = Not valid JSON: { $message }
judge-error-empty = No input: expected one round as JSON
judge-error-line = Line { $line }: { $message }

## Errors: command line
cli-error-die = "{ $value }" is not a die (1 to 6)
cli-error-dice-count = A throw has 3 dice, not { $count }
cli-error-players = --players: { $value ->
    [one] 1 player is
   *[other] { $value } players are
} not possible (2 to { $max })
cli-error-games = --games: at least 1 game
cli-error-bot-level = --bot-level: I don't know “{ $value }” (strong or simple)
cli-error-strategy = --strategy: I don't know “{ $value }” (simple or strong)
cli-error-strategies = --strategy: { $count ->
    [one] 1 strategy
   *[other] { $count } strategies
} for { $players ->
    [one] 1 player
   *[other] { $players } players
} is too many

## odds
odds-header = Strong play, rules { $rules }, { $players ->
    [one] 1 player
   *[other] { $players } players
}: final throw with at most 1, 2 or 3 throws
odds-throws = { $count ->
    [one] 1 throw
   *[other] { $count } throws
}

## simulate
sim-header = Simulation: { $games ->
    [one] 1 game
   *[other] { $games } games
} with { $players ->
    [one] 1 player
   *[other] { $players } players
}, rules { $rules }, seed { $seed }
sim-losses-head = Games lost per seat (with 95 % confidence interval):
sim-seat-losses =   Seat { $seat } ({ $strategy }): { $lost ->
    [one] 1 game
   *[other] { $lost } games
}, { $share } % ({ $low }–{ $high } %)
sim-strategy-simple = simple
sim-strategy-strong = strong
sim-halves = Halves lost per seat: { $list }
sim-parts = { $halves ->
    [one] 1 half
   *[other] { $halves } halves
} played; to a final: { $finals ->
    [one] 1 game
   *[other] { $finals } games
} ({ $finals_pct } %), decided by Blattschuss: { $blattschuss ->
    [one] 1 game
   *[other] { $blattschuss } games
} ({ $blattschuss_pct } %)
sim-rounds = Rounds per game: mean { $mean }, min { $min }, max { $max }
sim-classes = Throw classes (every final throw): { $list }
sim-speed = Speed: { $games_per_s } games/s, { $rounds_per_s } rounds/s ({ $seconds } s, { $threads ->
    [one] 1 thread
   *[other] { $threads } threads
})
sim-seat = Seat { $seat }

## Table
table-title-lobby = 🎲 Schocken table of { $opener } · rules: { $rules }
table-lobby-members = At the table ({ $count }): { $names }
table-lobby-hint = Join with "Join"; start with "Go" (2 players or more).
table-title = 🎲 Schocken · { $part }, round { $round } · rules: { $rules }
table-stock = Stock: { $stock } of { $total } Deckel
table-limit = Limit: { $limit ->
    [one] 1 throw
   *[other] { $limit } throws
}
table-limit-open = Limit: not set yet
table-player = { $marker } { $name } · { $deckel } { $status }
table-player-out = out
table-player-left = left
table-player-throws = throw { $throws }/{ $max }
table-player-done = done
table-player-blind = blind
table-player-waiting = waiting
table-half-marker = (lost: { $parts })
table-turn = { $name } to play.
table-turn-deadline = { $name } to play (time until { $time }).
table-announcing = { $name } announces extra throws (or rolls classic).
table-final = Final: { $a } against { $b }
table-over = Game over.
table-over-loser = 🍺 { $name } lost the game and buys a round.
table-over-blattschuss = 🍺 Blattschuss! { $name } lost both halves and buys a round.
table-over-loser-computer = 🍺 { $name } lost the game – a computer buys no round.
table-over-blattschuss-computer = 🍺 Blattschuss! { $name } lost both halves – a computer buys no round.
table-abandoned = The game was ended without a debt.
table-last-round-title = Last round ({ $part }, round { $round }):

## Reveal
reveal-title = Revealed – { $part }, round { $round }:
reveal-line = { $marker } { $name }: { $dice } { $throw } ({ $throws ->
    [one] 1 throw
   *[other] { $throws } throws
}{ $blind ->
    [yes] , blind
   *[no] {""}
})
reveal-stock = → { $loser } takes { $moved } from the stock (left: { $stock }).
reveal-winner = → { $loser } gets { $moved } from { $winner }.
reveal-all = → Schock out! { $loser } gets every Deckel.
reveal-all-baby = → Baby Schock Out Hand! { $loser } gets every Deckel.
reveal-nothing = → Nobody had Deckel to give.
reveal-out = Out: { $names }

## Private
private-cup = Your cup: { $dice }
private-throw = { $throw }
private-throws = Throw { $throws } of { $max }
private-your-turn = Your turn.
private-not-your-turn = { $name } to play.
private-done = You are done for this round.
private-round-over = Your throw: { $dice } – { $throw }. Round over: { $loser } gets { $moved }.
private-round-over-nothing = Your throw: { $dice } – { $throw }. Round over: no Deckel moves.
private-not-looked = Your first throw is under the cup – look at it.
private-not-looked-blind = Your first throw is under the cup – look at it (or play blind).
private-must-throw = The six goes back into the cup: roll!
private-may-flip = 🔄 You may turn sixes: two sixes become a one.
private-not-playing = You do not play this round.
private-alert = { $dice } – { $throw } · throw { $throws }/{ $max }{ $turn ->
    [yes] {" "}· your turn
   *[no] {""}
}

## Buttons
button-roll = 🎲 Roll
button-look = 👀 My cup
button-stand = ✋ Stand
button-join = ➕ Join
button-start = ▶ Go
button-flip = 🔄 Turn sixes
button-blind = 🙈 Blind
button-throw-in = Throw in
button-keep = Keep { $dice }
button-announce-none = Classic
button-announce = Announce: { $extras }
button-table = Show table

## Events
event-roll-off = Roll-off: { $rolls }
event-roll-off-winner = { $name } starts.
event-roll-off-tie = A tie – roll again!
event-part-started = The { $part ->
    [half1] first half
    [half2] second half
   *[final] final
} begins, { $name } starts.
event-round-started = Round { $round }: { $name } starts.
event-announcing = { $name } announces which extra throws count.
event-announced = { $name } announces: { $extras }.
event-announced-none = { $name } plays the round classic.
event-thrown-open = { $name } rolls openly: { $dice }.
event-thrown-covered = { $name } rolls (throw { $number }).
event-opened = { $name } shows: { $dice }.
event-kept = { $name } sets aside { $dice }.
event-flipped = { $name } turns { $ones ->
    [one] a six into a one
   *[other] two sixes into ones
}.
event-flipped-bonus = { $name } turns on the last throw and gets an extra throw.
event-flipped-in-place = { $name } turns on the last throw – the dice stay as they are.
event-stood = { $name } stands ({ $throws ->
    [one] 1 throw
   *[other] { $throws } throws
}).
event-blind = { $name } plays blind!
event-timed-out = Time is up: { $name } stands.
event-limit = Limit for everybody: { $limit ->
    [one] 1 throw
   *[other] { $limit } throws
}.
event-turn = { $name } to play.
event-part-lost = { $name } loses the { $part ->
    [half1] first half
    [half2] second half
   *[final] final
}.
event-final = Final: { $a } against { $b } – { $b } starts.
event-debt = 🍺 { $name } owes a round: { $reason }.
event-title = { $name } made a { $title }.
event-throw-in = { $name } throws in again.
event-left = { $count ->
    [0] { $name } left.
   *[other] { $name } left and puts { $returned } back into the stock.
}
event-redealt = The round is dealt anew; { $name } starts.
event-game-over = Game over: { $name } loses{ $blattschuss ->
    [yes] {" "}by Blattschuss
   *[no] {""}
} and buys a round.
event-game-over-computer = Game over: { $name } loses{ $blattschuss ->
    [yes] {" "}by Blattschuss
   *[no] {""}
} – a computer buys no round, nothing goes into the ledger.
event-game-abandoned = The game ended without a debt.

## Notices
notice-opened = { $name } opened a table.
notice-joined = { $name } joins.
notice-computer-joined = 🤖 { $name } joins (computer, { $level }).
computer-level-simple = simple
computer-level-strong = strong
notice-hints-on = 💡 Hints are on: whoever is to play can see the best moves privately.
notice-hints-off = 💡 Hints are off.
hint-title = 💡 Hint: { $choice }.
hint-line = { $choice }: { $percent } % not the lowest, { $deckel }
hint-deckel = { $deckel } Deckel on average
hint-deckel-handed-on = hands on { $deckel } Deckel on average
hint-stand = Stand
hint-throw = Throw all again
hint-keep = Keep { $dice }
hint-flip = Flip two sixes
hint-nothing = 💡 There is nothing to decide here.
button-hint = 💡 Hint
notice-left = { $name } left the table.
notice-kicked = { $by } removed { $name } from the table.
notice-started = The game begins!
notice-ended = { $by } ended the game – without a debt.
notice-idle = The table was idle for too long and is closed – without a debt.
notice-timed-out = Time is up for { $name }.
notice-turn-renewed = The database could not be reached for { $outage ->
    [one] 1 second
   *[other] { $outage } seconds
} – that does not count against { $name }: the time for the turn starts again.
notice-debt = 🍺 { $name } owes a round: { $reason }.
notice-rules-set = Rules of this chat: { $rules }.
notice-rules-next-game = The running game keeps its rules; the new ones apply from the next game.
notice-timer-set = { $seconds ->
    [0] The turn timer is off.
    [one] Turn timer: 1 second.
   *[other] Turn timer: { $seconds } seconds.
}
notice-paid = { $name } paid a round (confirmed by { $by }). Still owed: { $left ->
    [one] 1 round
   *[other] { $left } rounds
}.
notice-claimed = { $name } says: paid! { $surface ->
    [discord] Another member confirms it with /schocken paid user:@{ $name }
    [telegram] Another member confirms it with /paid { $name }
    [terminal] Another player confirms it with "NAME: paid { $name }" – NAME being his own name.
   *[plain] Another member confirms it with "paid { $name }".
}
notice-undone = Undone: { $kind } ({ $name }).
notice-season-closed = Season { $season } is closed; statistics start afresh.
notice-stale = This button is outdated – here is the current state.
notice-duplicate = Already done.
notice-not-playing = You do not play this round.

## Errors in chat
error-no-table = No table is open here. { $surface ->
    [discord] Open one with /schocken new.
    [telegram] Open one with /new.
    [terminal] A new game starts with: schocken
   *[plain] Open one with the command "new".
}
error-table-exists = A table is already open here.
error-not-member = You are not at this table.
error-already-member = You are already at the table.
error-table-full = The table is full ({ $max ->
    [one] 1 player
   *[other] { $max } players
}).
error-game-running = The game is already running – you are in the next one.
error-not-running = No game is running.
error-too-few = A game needs at least two players.
error-opener-or-admin = { $surface ->
    [discord] Only the table's opener or a member with the "Manage Server" permission may do that.
    [telegram] Only the table's opener or a group admin may do that.
    [terminal] Only the table's opener may do that.
   *[plain] Only the table's opener or an admin may do that.
}
error-admin-only = { $surface ->
    [discord] Only members with the "Manage Server" permission may do that.
    [telegram] Only the group admins may do that.
   *[plain] Only admins may do that.
}
error-stale = This button is outdated.
error-button-game-over = This game is over – the button no longer works.
error-foreign-button = This is not a button of this table.
error-anonymous-confirmation = As an anonymous admin you cannot confirm a payment: write under your own name.
error-duplicate = Already done.
error-unknown-player = Nobody called "{ $name }" is at the table.
error-name-missing = Whom do you mean? { $surface ->
    [telegram] Reply to one of his messages or name the player.
   *[plain] Name the player.
}
error-judge-syntax = I cannot read "{ $part }". Example: Anna 665 3, Ben 114 2 built, Cem 221 1
error-timer-range = The turn timer takes 30 to 3600 seconds, or 0 for off.
notice-time-zone-set = Time zone: { $zone }. Times are shown in this zone from now on.
content-rules-time-zone = Time zone: { $zone }
content-rules-hints-on = 💡 Hints: on (hints=off switches them off)
content-rules-hints-off = 💡 Hints: off (hints=on switches them on)

## The house rules in words (/rules; /rules details shows the switches): one line a switch
## (R-… as in RULES.md), and what a change changed ("now").
# R-MAT-2
rules-say-deckel = The stock holds { $deckel } Deckel.
# R-RANK (straight): straight_penalty, straight_order
rules-say-straight = A straight costs { $penalty } Deckel; { $order ->
    [equal] all straights are equal – whoever needed fewer throws ranks higher.
   *[ascending] a higher straight beats a lower one.
}
# R-RANK-1
rules-say-general = A general costs 3 Deckel; { $beats ->
    [yes] it even beats Schock 2 (but not Schock 3).
   *[no] every Schock beats it.
}
# R-RANK-2 (R-RANK-6: extra throws alike)
rules-say-hand = { $extras ->
    [yes] Straights, generals and extra throws
   *[no] Straights and generals
} { $need ->
    [yes] count only from the hand (all three dice in one throw, no picking); built, they are a house number.
   *[no] count when built too (picking allowed).
}
# R-SIX-1, R-SIX-2
rules-say-sixes = { $flip ->
    [forbidden] Two sixes become a one (three sixes two ones) while a throw is left; the other six goes back into the cup.
    [extra_throw] Two sixes become a one (three sixes two ones); whoever does it on the last throw gets one more throw.
    [in_place] Two sixes become a one (three sixes two ones); on the last throw the six is turned in place and the other dice stay as they are.
   *[off] Sixes are not turned.
}
# R-SIX-4
rules-say-collect = Sixes may be collected: set them aside and turn them once two are together.
# R-RANK-4
rules-say-hand-beats-built = A Schock out from the hand beats a built one.
# R-RANK-5
rules-say-later-schock-aus = Between two equal Schock outs the later one wins.
# R-RANK-7
rules-say-baby = Baby Schock Out Hand: 2-2-1 from the hand in the final beats everything, even Schock out – the loser gets every Deckel and the final is over.
# R-RANK-6
rules-say-extras = { $count ->
    [one] Extra throw
   *[other] Extra throws
}, above Schock 6 and below Schock out: { $list }.
rules-say-extra = { $name } for { $deckel }
rules-say-announced = { $count ->
    [one] It counts only when the round's starter announces it beforehand
   *[other] They count only when the round's starter announces them beforehand
}; the first round of a half is always classic.
# R-RND-6
rules-say-blind = Playing blind is allowed: announce it before looking, then that one throw stands; if it is the round's highest, the penalty doubles.
# R-SCORE-5
rules-say-einwuerfeln = Throwing in: a player who is out may throw along and is back in as soon as he gets Deckel.
# R-DEBT-1
rules-say-schock-aus-buys = Whoever throws Schock out in one throw buys a round.
# R-DEBT-2
rules-say-hille = Hille: whoever throws 2-2-1 from the hand buys a round at once.
# R-TITLE-1
rules-say-pisswurf = Pisswurf: a starter who stands after his first throw gets the title – no effect on the Deckel.
# House rule quitter_pays
rules-say-quitter-pays = Whoever leaves a running game buys a round.
rules-say-details = Every switch by its key: { $surface ->
    [discord] /schocken rules text:details
    [telegram] /rules details
   *[other] rules details
}
rules-changed = Changed:
rules-unchanged = { $why ->
    [renamed] Nothing else changes: the same rules under a new name.
    [idle] This changes nothing in play: the switch works only together with one that is off.
   *[same] Nothing changed: these were the rules already.
}
rules-now-deckel = The stock now holds { $deckel } Deckel (before: { $before }).
rules-now-straight-penalty = A straight now costs { $penalty } Deckel.
rules-now-straight-order = { $order ->
    [equal] All straights are now equal – whoever needed fewer throws ranks higher.
   *[ascending] A higher straight now beats a lower one.
}
rules-now-hand = { $extras ->
    [yes] Straights, generals and extra throws
   *[no] Straights and generals
} { $on ->
    [yes] now count only from the hand (no picking).
   *[no] now count when built too (picking allowed).
}
rules-now-general = { $on ->
    [yes] A general now beats Schock 2.
   *[no] A general no longer beats Schock 2: every Schock beats it.
}
rules-now-hand-beats-built = { $on ->
    [yes] A Schock out from the hand now beats a built one.
   *[no] A Schock out from the hand no longer beats a built one.
}
rules-now-later-schock-aus = { $on ->
    [yes] Between two equal Schock outs the later one now wins.
   *[no] Between two equal Schock outs, fewer throws now win, then the earlier player.
}
rules-now-baby = { $on ->
    [yes] Baby Schock Out Hand now counts: 2-2-1 from the hand in the final beats even Schock out and ends it.
   *[no] Baby Schock Out Hand no longer counts.
}
rules-now-sixes = { $on ->
    [yes] Two sixes now become a one.
   *[no] Sixes are no longer turned.
}
rules-now-flip = { $flip ->
    [extra_throw] Whoever turns two sixes on the last throw now gets one more throw.
    [in_place] On the last throw the six is now turned in place; the other dice stay as they are.
   *[forbidden] Turning sixes now needs a throw left.
}
rules-now-collect = { $on ->
    [yes] Sixes may now be collected.
   *[no] Sixes may no longer be collected.
}
rules-now-extras = { $count ->
    [0] There are no extra throws any more.
    [one] Extra throw now: { $list }.
   *[other] Extra throws now: { $list }.
}
rules-now-announced = { $on ->
    [yes] Extra throws now count only when the round's starter announces them.
   *[no] Extra throws now count without being announced.
}
rules-now-blind = { $on ->
    [yes] Playing blind is now allowed (double penalty if the blind throw is the highest).
   *[no] Playing blind is no longer allowed.
}
rules-now-einwuerfeln = { $on ->
    [yes] Throwing in is now allowed: a player who is out may throw along.
   *[no] Throwing in is no longer allowed.
}
rules-now-schock-aus-buys = { $on ->
    [yes] Whoever throws Schock out in one throw now buys a round.
   *[no] Schock out in one throw no longer costs a round.
}
rules-now-hille = { $on ->
    [yes] Hille now counts: whoever throws 2-2-1 from the hand buys a round.
   *[no] Hille no longer counts.
}
rules-now-pisswurf = { $on ->
    [yes] The Pisswurf is now awarded: a starter who stands after his first throw gets the title.
   *[no] There is no Pisswurf any more.
}
rules-now-quitter-pays = { $on ->
    [yes] Whoever leaves a running game now buys a round.
   *[no] Whoever leaves a running game no longer buys a round.
}
# A table with many players: the last round in short, so the message fits Discord's 2000
# characters.
table-last-round-more = … { $count ->
    [one] 1 more throw
   *[other] { $count } more throws
} …

history-by-game = by the game
error-unknown-time-zone = I do not know the time zone "{ $zone }". Examples: Europe/Berlin, Europe/London, America/New_York.
error-nothing-owed = { $name } owes no round.
error-nothing-owed-unknown = That member owes no round here.
error-confirm-own = Another member has to confirm your payment.
error-already-claimed = Your payment already waits for confirmation.
error-nothing-to-undo = You have nothing to undo.
error-undo-expired = Undo works for { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} only.
error-no-such-page = { $pages ->
    [0] That page does not exist – the ledger is still empty.
    [one] That page does not exist – there is only 1 page.
   *[other] That page does not exist – there are { $pages } pages.
}
error-storage = I could not save that – nothing changed, please try again.
error-busy = Too much going on right now – nothing changed, please try again in a moment.
error-unreachable = The table cannot be reached for a moment (the database is not available) – nothing changed. Try again in a few seconds.
error-internal = Something went wrong – nothing changed. Please try again.
# Errors before a Discord command runs ($command: the command as Discord shows it to the user, e.g. /schocken history)
error-discord-option = I cannot read one of the options of { $command } – nothing changed. { $surface ->
    [discord] /schocken help shows what goes where.
   *[plain] The help shows what goes where.
}
error-discord-outdated = { $command } arrived in a form I do not know – your Discord probably still shows an older version of the command. Nothing changed. Reload Discord (Ctrl+R) and try again.
error-discord-unknown-command = I do not know this command (any more) – your Discord probably still shows an older list. Reload Discord (Ctrl+R); { $surface ->
    [discord] /schocken help lists every command.
   *[plain] the help lists every command.
}
error-discord-subcommand = What shall I do? { $surface ->
    [discord] For example /schocken new – /schocken help lists every command.
   *[plain] The help lists every command.
}
error-discord-cooldown = Not so fast – { $command } works again in { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
}.
error-discord-bot-permissions = I lack permissions in this channel for { $command }. Someone with Manage Server can grant them.
error-discord-user-permissions = You lack the permissions in this channel for { $command }.
error-discord-not-allowed = You may not use { $command } here.
error-discord-owner-only = Only the bot's operator may use { $command }.
error-discord-server-only = { $command } works only on a server, not in direct messages.
error-discord-dm-only = { $command } works only in direct messages to the bot.
error-discord-nsfw-only = { $command } works only in age-restricted channels.
error-game-over = The game is over.
error-unknown-seat = No such seat.
error-player-left = You have left the game.
error-not-in-round = You do not play this round.
error-not-your-turn = Not your turn – { $name } is to play.
error-already-finished = You are done for this round.
error-announcement-pending = { $name } announces the extra throws first.
error-not-announcing = Announcing works only before the round.
error-not-starter = Only the round's starter ({ $name }) announces.
error-extra-not-in-rules = The extra throw { $extra } is not part of these rules.
error-no-throws-left = You have no throw left (limit: { $limit ->
    [one] 1 throw
   *[other] { $limit } throws
}).
error-must-throw = After turning, the six goes back into the cup: roll first.
error-nothing-to-keep = Which dice? { $surface ->
    [discord] For example: /schocken keep dice:1 1
    [telegram] For example: /keep 1 1
    [terminal] For example: k 1 1
   *[plain] For example: 1 1
}
error-invalid-die = A die shows 1 to 6, not { $value }.
error-not-in-cup = There is no { $value } in your cup.
error-leave-one = At least one die must stay in the cup.
error-rethrow-six = The six that went back must be thrown again.
error-sixes-off = These rules do not turn sixes.
error-no-two-sixes = Turning needs two sixes in the last throw.
error-no-two-sixes-collected = Turning needs two sixes – in the last throw or collected aside.
error-flip-needs-throw = Under these rules, turning needs a throw left.
error-blind-off = These rules do not allow blind throws.
error-blind-after-look = Blind works only before you look under the cup.
error-throw-in-off = These rules do not allow throwing in.
error-not-out = Only a player who is out can throw in.
error-already-throwing-in = You are already throwing in.
error-real-dice = This game's dice fall on a real table – enter the whole round instead.

## Content
content-debts-title = 🍺 Rounds owed:
content-debts-line = { $name }: { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}
content-debts-none = Nobody owes a round. Cheers!
content-history-title = Ledger (page { $page } of { $pages }, newest first):
content-history-line = #{ $id } { $time } · { $kind } · { $name } { $rounds } · { $reason } · { $actor }
content-history-none = The ledger is still empty.
kind-debt = debt
kind-paid = paid
kind-claim = claims paid
kind-reversal = reversal
content-stats-title = Statistics, season { $season }:
content-stats-line = { $name }: { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $lost } lost, { $halves ->
    [one] 1 half
   *[other] { $halves } halves
} lost, { $finals ->
    [one] 1 final
   *[other] { $finals } finals
}, { $blatt }× Blattschuss, { $aus }× Schock out{ $best }
content-stats-best = , best throw: { $throw }
content-stats-none = No games in this season yet.
content-rules-title = Rules: { $name }
content-rules-timer = Turn timer: { $seconds ->
    [0] off
    [one] 1 second
   *[other] { $seconds } seconds
}
content-export = The ledger as a CSV file.
content-help = { $surface ->
    [discord]
        🎲 Schocken – how to play, everything under /schocken:
        { $new }: open a table · { $join } · { $bot } [name:…] [level:strong|simple]: a computer joins · { $start }: begin the game (roll-off)
        { $roll } (blind:True: without looking) · { $keep } dice:1 1 (set dice aside) · { $flip }: two sixes become a one · { $stand }
        { $table }: show the table · { $reveal }: last round · { $leave } · { $kick } user:@name · { $end }
        { $rules }: in words (text:details: every switch), set with text:… or zone:… (Manage Server) · { $debts }: rounds owed · { $paid } user:@name · { $history } (csv:True: as a file) · { $undo } · { $stats }
        { $judge } text:… – referee for a real table, e.g. text:Anna 665 3, Ben 114 2 built, Cem 221 1 (a round of the final: final: first)
        Real dice, the bot keeps score: { $new } mode:tally · { $start } starter:@name (who begins) · each round { $round } text:Anna 665 3, Ben 114 2 built (short: text:Anna 4) · { $undo }
        Provably fair dice: { $seed } text:… (before the start) · { $verify } [game:no.]: recompute a game · { $fairness }: dice statistics
        The club, all under /club: { $night } action:start [late-after:19:30] · { $here }: check in · { $night }: standings · { $night } action:end (admins) · { $penalties } · { $cash } · { $pay } [user:@name] amount:5 · { $cashbook } · { $cancel } · { $ratings } · { $championship }
        Schockturnier, all under /{ $tournament }: /{ $tournament } help shows every word (text:… for the rest)
        Only the owner sees the dice under his cup. 💡 Hint under your cup: the best moves by the exact odds, for you alone (off: { $rules } text:hints=off).
    [telegram]
        🎲 Schocken – how to play:
        /{ $new }: open a table · /{ $join } · /{ $start }: start the game (roll-off)
        /{ $bot } [name] [simple|strong]: seat a computer player · /{ $hint }: a private hint on your turn (off: /{ $rules } hints=off)
        /{ $roll } · /{ $keep } 1 1: set dice aside · /{ $flip }: two sixes become a one · /{ $stand } · /{ $blind }
        /{ $table }: show the table · /{ $reveal }: last round · /{ $leave } · /{ $kick } name · /{ $end }
        /{ $debts }: rounds owed · /{ $paid } name · /{ $history } · /{ $undo } · /{ $export } · /{ $stats }
        /{ $rules }: in words · /{ $rules } details: every switch · group admins: /{ $rules } to set, /{ $timer }, /{ $timezone }, /{ $newseason }
        /{ $judge }: referee for a real table, e.g. /{ $judge } Anna 665 3, Ben 114 2 built, Cem 221 1 (a round of the final: final: first)
        Provably fair dice: /{ $seed } text (before the start) · /{ $verify } [no.]: recompute a game · /{ $fairness }: dice statistics
        Real dice, the bot keeps score: /{ $new } tally · /{ $start } Name (who starts) · each round /{ $round } Anna 665 3, Ben 114 2 built (short: /{ $round } Anna 4) · /{ $undo }
        Club night: /{ $night } start [19:30] · /{ $here }: check in · /{ $night }: standings · /{ $night } end (admins) · /{ $penalties }: penalty catalogue · /{ $cash } · /{ $pay } [Name] 5 · /{ $cashbook } [export] · /{ $cancel } · /{ $ratings } · /{ $championship }
        Schockturnier: /{ $tournament } help
        Only the owner sees the dice under his cup.
    [terminal]
        🎲 Schocken – how to play:
        { $roll }: roll · { $keep } 1 1: set dice aside · { $flip }: two sixes become a one · { $stand }: stand · { $blind }: blind
        { $table }: show the table · { $reveal }: last round · { $leave } · { $kick } NAME · { $end } · { $quit }: pause
        { $rules } (details: every switch) · { $debts }: rounds owed · { $paid } NAME · { $history } · { $undo } · { $export } · { $stats }
        { $judge }: referee for a real table, e.g. "{ $judge } Anna 665 3, Ben 114 2 built, Cem 221 1"
        { $verify } [no.]: recompute a game · { $fairness }: dice statistics
        Real dice, the bot keeps score: schocken --tally, then each round "{ $round } Anna 665 3, Ben 114 2 built" (short: "{ $round } Anna 4")
        Club night: { $night } start [19:30] · NAME: { $here } · { $night }: standings · { $night } end · { $penalties }: penalty catalogue · { $cash } · NAME: { $pay } [NAME] 5 · { $cashbook } [export] · { $cancel } · { $ratings } · { $championship }
        Schockturnier: { $tournament } help
        { $help } shows every command.
   *[plain]
        🎲 Schocken – how to play:
        { $new }: open a table · { $join } · { $start }: start the game (roll-off)
        { $roll } · { $keep } 1 1: set dice aside · { $flip }: two sixes become a one · { $stand } · { $blind }
        { $table }: show the table · { $reveal }: last round · { $leave } · { $kick } NAME · { $end }
        { $rules }: show (details: every switch) or set (admins) · { $debts }: rounds owed · { $paid } NAME · { $history } · { $undo } · { $export } · { $stats }
        { $judge }: referee for a real table, e.g. "Anna 665 3, Ben 114 2 built, Cem 221 1"
        Provably fair dice: { $seed } TEXT (before the start) · { $verify } [no.]: recompute a game · { $fairness }: dice statistics
        Real dice, the bot keeps score: { $new } tally · { $start } NAME (who begins) · each round { $round } Anna 665 3, Ben 114 2 built (short: { $round } Anna 4) · { $undo }
        Club night: { $night } start [19:30] · { $here } · { $night } end (admins) · { $penalties } · { $cash } · { $pay } [NAME] 5 · { $cashbook } · { $cancel } · { $ratings } · { $championship }
        Schockturnier: { $tournament } help
        Only the owner sees the dice under his cup.
}
debt-paid = paid
debt-claim = claims paid
debt-undo = undone
error-look-first = Look under your cup first { $surface ->
    [terminal] (press Enter).
   *[plain] ("My cup").
}
error-bad-argument = I cannot read "{ $text }".
error-nothing-revealed = No round of this game has been revealed yet.
error-below-one = Counting starts at 1: there is no "{ $text }".
error-text-after-command = Nothing goes after this command – with "{ $text }" after it I did not carry it out. Nothing changed.
error-bad-button = This button is not valid – it belongs to no table.

## Provably fair dice
table-proof = 🔐 Provably fair dice · game { $game } · client seed: { $client }
table-proof-commitment = Commitment: { $commitment }
table-proof-seed = Server seed: { $seed } · { $throws ->
    [one] 1 throw
   *[other] { $throws } throws
}
proof-mismatch-extra = throw { $n } was never made in this game
notice-client-seed = { $name } sets the client seed to “{ $seed }”.
error-seed-fixed = The client seed is fixed once the game is running.{ $surface ->
    [terminal] {" "}At the terminal, set it before the start with: schocken --client-seed TEXT
   *[other] {""}
}
error-bad-client-seed = A client seed is a text of 1 to { $max } characters.
error-no-such-game = There is no game { $game } in this chat.
error-no-proof-yet = This game was played before provably fair dice.
content-proof-running =
    Game { $game } is still running – the server seed stays secret until the game ends.
    Commitment: { $commitment }
    Client seed: { $client }
content-proof-last = Check the last finished game with { $surface ->
    [discord] /schocken verify game:{ $game }
    [telegram] /verify { $game }
    [terminal] “verify { $game }”
   *[plain] “verify { $game }”
}.
content-proof-ok = Game { $game }: { $throws ->
    [0] no throws
    [one] the one throw matches
   *[other] all { $throws } throws match
} the commitment. The file lists every throw – anyone can recompute it with SHA-256 and HMAC.
content-proof-bad = Game { $game }: careful, { $what }!
content-proof-predates = Game { $game } was played before provably fair dice – there is nothing to recompute.
proof-mismatch-commitment = the server seed does not match the commitment
proof-mismatch-missing = throw { $n } is missing
proof-mismatch-dice = throw { $n } does not match: stored { $recorded }, the seed gives { $drawn }
content-fairness-none = No finished game with provably fair dice yet – nothing to count.
content-fairness-title = 🎲 Dice statistics: { $dice ->
    [one] one die
   *[other] { $dice } dice
} from { $games ->
    [one] one game
   *[other] { $games } games
}
content-fairness-face = { $face }: { $count }× (expected { $expected })
content-fairness-test = Chi-square test: { $chi } with 5 degrees of freedom, p { $p }
content-fairness-fine = That is well within what fair dice give.
content-fairness-odd = A deviation like this is rare with fair dice (p below 1 %) – over many rounds it still happens now and then.

## Terminal
console-welcome = 🎲 Schocken in the terminal – table "{ $table }".
console-continue = A game is still running here – it goes on where you left off.
console-ask-players = Who plays? Names separated by commas (1 to 6):
console-ask-bots = How many computer players besides? (0 to { $max })
console-bad-players = Please 1 to 6 different names, separated by commas.
console-bad-bots = Please a number from 0 to { $max }.
console-too-few = Together it takes at least two players.
console-bot-name = Computer { $n }
console-handoff = ➡ Pass to { $name } and press Enter.
console-prompt = { $name }>
console-saved = Table saved. Continue with: schocken
console-goodbye = The game is over. Cheers!
console-unknown = Unknown command "{ $text }" – ? shows the commands.
console-record-saved = Game record saved to { $path } – check it with: schocken verify { $path }
console-verify-hint = Check this game's dice: start schocken again and type "verify { $game }".
console-exported = Ledger saved to { $path }.
console-cash-exported = Cash book saved to { $path }.
console-not-saved = Could not save { $path }: { $why ->
        [missing-folder] there is no such folder.
        [denied] I may not write there.
        [folder] that is a folder – please give a file name.
       *[other] the file could not be written.
    } Nothing changed at the table.
console-night-picture = The night's picture is saved to { $path }.
console-keys =
    Commands: { $roll } = roll · { $keep } 1 1 = keep · { $flip } = turn sixes · { $stand } = stand · { $blind } = blind
    { $announce } [jule 221 331] = announce · { $throw-in } = throw in · { $table } = table · { $reveal } · Enter = my cup
    { $hint } = the best moves by the exact odds (on your turn)
    { $debts } · { $history } [page] · { $paid } NAME · { $undo } · { $stats } · { $export } [file]
    { $verify } [no.] = recompute a game's dice · { $fairness } = dice statistics
    { $rules } [details | preset key=value] · { $timezone } ZONE · { $kick } NAME · { $leave } · { $end } · { $judge } TEXT · { $quit } = pause
    As another player: NAME: command (e.g. "Ben: { $paid } Anna")
    Club: { $night } [start 19:30 | end] · NAME: { $here } · { $penalties } [key=value] · { $cash } · NAME: { $pay } [NAME] AMOUNT · { $cashbook } [page | export | excel] · { $cancel } [no.] · { $ratings } · { $championship }
    Schockturnier: { $tournament } help
    (at the terminal everyone is an admin; any member acts with "NAME: command", also one who does not play)

## Tally mode (real dice)
error-tally-not-tally = The bot rolls this game's dice itself – rounds are entered only in a game with real dice.
error-tally-not-in-round = { $name } does not play this round.
error-tally-twice = { $name } is named twice.
error-tally-missing = { $name } plays this round but is missing from the line.
error-tally-order = Please list the round in turn order, the starter first: { $names }.
error-tally-die = { $name }: a die shows 1 to 6, not { $value }.
error-tally-throw-count = { $name }: { $throws ->
    [one] one throw is
   *[other] { $throws } throws are
} not possible – { $max ->
    [one] only one throw
   *[other] 1 to { $max } throws
}.
error-tally-over-limit = { $name }: { $throws ->
    [one] one throw is
   *[other] { $throws } throws are
} more than the starter's limit ({ $limit ->
    [one] one throw
   *[other] { $limit } throws
}).
error-tally-blind-off = { $name }: these rules have no blind throws.
error-tally-blind-single = { $name }: a blind throw is a single throw from the hand.
error-tally-penalty = A round costs 1 to { $max } Deckel.
error-tally-from-stock = While the stock holds Deckel they come from the stock – leave out “from …”.
error-tally-from-missing = The stock is empty: say who hands over the Deckel, e.g. “Anna 4 from Ben”.
error-tally-from-loser = The Deckel come from the round's winner, not from the loser himself.
error-starter-by-roll-off = The roll-off decides who starts.
error-computer-real-dice = A computer cannot play with real dice.
error-hints-off = { $surface ->
    [discord] Hints are off in this chat (an admin switches them on with “/schocken rules text:hints=on”).
    [telegram] Hints are off in this chat (an admin switches them on with “/rules hints=on”).
   *[other] Hints are off (switch them on with “rules hints=on”).
}
error-no-hint-now = A hint is there when it is your turn and you have looked under your cup.
notice-round-entered = { $by } entered the round.
notice-round-taken-back = { $by } took back the last round.
notice-debt-taken-back = 🍺 { $name }'s round is struck off (reversed in the ledger).
table-title-lobby-tally = 🎲 Schocken table of { $opener } · real dice, the bot keeps score · rules: { $rules }
table-lobby-hint-tally = Join with “Join”; start with “Start” (2 players or more). The dice fall on the real table; the bot keeps the Deckel, halves and the round of beer. Name the roll-off's winner when you start (start with a name); otherwise the seating order begins.
table-title-tally = 🎲 Schocken with real dice · { $part }, round { $round } · rules: { $rules }
table-player-plays = plays
table-tally-turn = { $name } starts. Once everybody has thrown, enter the round with “round” in turn order, e.g. “{ $example }” – or briefly “{ $name } 3” (gets 3 Deckel) or “{ $name } out” (Schock aus).
error-real-dice-game = Game { $game } was played with real dice – the bot has no dice of its own to check there.
console-tally-prompt = Round (e.g. “Anna 665 3, Ben 114 2 built” or “Anna 4”; ? = commands):
console-tally-over = Enter ends – “undo” if the last round was entered wrong, or a club command (e.g. “night end”):
console-tally-keys =
    Enter a round in turn order: NAME dice [throws] [built|blind], … (e.g. “Anna 665 3, Ben 114 2 built, Cem 221”)
    Short: NAME N = gets N Deckel · NAME N from NAME = from the winner (stock empty) · NAME out = Schock aus
    { $undo } = take back the last round · { $table } = table · { $debts } · { $history } · { $stats } · { $export } [file] · { $end } · { $quit } = pause
    { $announce } [jule 221 331] = announce (as the starter: “NAME: { $announce } jule”) · { $throw-in } = throw in (“NAME: { $throw-in }”)
    Club: { $night } [start 19:30 | end] · NAME: { $here } · { $penalties } [key=value] · { $cash } · NAME: { $pay } [NAME] AMOUNT · { $cashbook } [page | export | excel] · { $cancel } [no.] · { $ratings } · { $championship }
    Schockturnier: { $tournament } help
    (at the terminal everyone is an admin; any member acts with "NAME: command", also one who does not play)

## Commands: each command's one-line description (Discord: its registration, Telegram: the command menu)
cmd-new = { $surface ->
    [discord] Open a table in this channel
   *[telegram] Open a table (/new tally: real dice, the bot keeps score)
}
cmd-join = { $surface ->
    [discord] Join the table before the game starts
   *[telegram] Join the table
}
cmd-leave = Leave the table
cmd-start = Start the game
cmd-roll = { $surface ->
    [discord] Roll the dice under your cup
   *[telegram] Roll the dice
}
cmd-keep = { $surface ->
    [discord] Set dice aside before the next roll
   *[telegram] Set dice aside, e.g. /keep 1 1
}
cmd-flip = Turn two sixes into a one
cmd-stand = { $surface ->
    [discord] Stand with what you have
   *[telegram] Stand with your throw
}
cmd-blind = Play blind
cmd-announce = As the starter, announce the round's extra throws, e.g. a jule
cmd-throw-in = Throw in: who is out throws along again
cmd-reveal = { $surface ->
    [discord] Show the last round's reveal
   *[telegram] Show the last round
}
cmd-table = { $surface ->
    [discord] Show the table as a new message
   *[telegram] Show the table
}
cmd-rules = { $surface ->
    [discord] Show the rules and time zone, or set them (Manage Server)
   *[telegram] The rules in words; /rules details: every switch (admins: set them)
}
cmd-kick = { $surface ->
    [discord] Take a player off the table (the opener or Manage Server)
   *[telegram] Remove a player (reply to him or name him)
}
cmd-end = { $surface ->
    [discord] End the game without a debt (the opener or Manage Server)
   *[telegram] End the game without a debt
}
cmd-debts = { $surface ->
    [discord] Who owes a round
   *[telegram] Rounds owed
}
cmd-paid = { $surface ->
    [discord] A round was paid (confirmed by another member)
   *[telegram] A round was paid (reply to the payer or name him)
}
cmd-history = { $surface ->
    [discord] The Deckel ledger, newest first, or as a CSV file
   *[telegram] The ledger, page by page
}
cmd-undo = { $surface ->
    [discord] Undo your last ledger entry or the last entered round (within 5 minutes)
   *[telegram] Undo your last ledger entry or the last entered round
}
cmd-export = The ledger as a CSV file
cmd-night = { $surface ->
    [discord] Club night: show the standings; open or close it (Manage Server)
   *[other] Club night: show it, "start [19:30]" opens, "end" closes (admins)
}
cmd-check-in = Check in to the club night: I am here
cmd-penalties = { $surface ->
    [discord] Show or change the penalty catalogue (Manage Server)
   *[other] Show or change the penalty catalogue (admins)
}
cmd-cash = Cash box: who owes how much, the cash in it
cmd-pay = Paid into the cash box (confirmed by another member)
cmd-cashbook = { $surface ->
    [discord] Cash book, page by page, or as a file (CSV or Excel)
   *[other] Cash book, page by page; "export" as CSV, "excel" as a spreadsheet
}
cmd-cancel = Take back your own payment; by number: a payment you booked (admins: any)
cmd-ratings = Ratings by playing strength
cmd-championship = The club championship of this season
cmd-tournament = Schockturnier: registration, draw, results, standings ("tournament help" shows everything)
cmd-stats = Statistics of this season
cmd-judge = { $surface ->
    [discord] Referee a real table: who threw what, who gets how many Deckel
   *[telegram] Referee a real table
}
cmd-help = { $surface ->
    [discord] How to play with this bot
   *[telegram] How to play
}
cmd-timer = Turn timer in seconds, 0 = off (admins)
cmd-timezone = The group's time zone, e.g. Europe/London (admins)
cmd-newseason = Close the season (admins)
cmd-seed = { $surface ->
    [discord] Set the dice's client seed before the start (a seated player)
   *[telegram] Set the dice's client seed (before the start), e.g. /seed Stammtisch
}
cmd-verify = { $surface ->
    [discord] Check a game's dice: the newest, or game number N
   *[telegram] Check a game's dice, e.g. /verify 12
}
cmd-fairness = { $surface ->
    [discord] This channel's dice statistics, with a chart
   *[telegram] The chat's dice statistics with a chi-square test
}
cmd-round = { $surface ->
    [discord] Real dice: enter the round that fell at the table
   *[telegram] Enter a round of a real table, e.g. /round Anna 665 3, Ben 114 2 built
}
cmd-bot = { $surface ->
    [discord] Seat a computer player (the opener or Manage Server, before the start)
   *[telegram] Seat a computer player, e.g. /bot Robbi simple (level: simple or strong)
}
cmd-hint = A private hint for your turn (after looking at your cup)
cmd-quit = Leave the terminal; the table stays saved
cmd-welcome = Start the private chat: your cup comes here

## The web page (Telegram Mini App, Discord Activity, local play)
web-refused-frame = The page could not make sense of that – nothing changed.
web-refused-button = That button is not at this table – nothing changed.
web-refused-word = That does not work here – nothing changed.
web-refused-name = A name needs 1 to 32 characters.
web-bye = The bot is taking a break. The page reconnects in a moment.
web-login-refused = Signing in did not work. Please open the table from the chat again.
web-login-not-offered = You cannot sign in that way here. Please open the table from the chat.
web-no-table = There is no such table. Please open it from the chat again.
web-not-member = This table belongs to a group you are not in. Only its members can play or watch.
web-unavailable = Signing in is not possible right now – please try again in a moment.
web-session-expired = The session has expired. Please reload the page.
web-too-many = You have the table open in too many windows already. Close one of them.
cli-web-open = The table is open: { $url } – open it in your browser. Ctrl+C ends it (the game stays saved).
cli-web-not-local = { $addr } can be reached from other machines: at this table anyone plays every seat. Use 127.0.0.1 (for example --addr 127.0.0.1:8080).
button-play = 🎲 Play at the table

## Club nights, penalty catalogue, cash box, ratings, championship (issue 25)
club-night-opened = 🍺 The club night is open! Whoever is here checks in with { $surface ->
    [discord] /club here
    [telegram] /here
    [terminal] "NAME: here"
   *[plain] "here"
}. Every game at the club's tables counts until the night is closed.
club-night-opened-late = 🍺 The club night is open! Whoever is here checks in with { $surface ->
    [discord] /club here
    [telegram] /here
    [terminal] "NAME: here"
   *[plain] "here"
} – from { $time } on one counts as late. Every game at the club's tables counts until the night is closed.
club-checked-in = ✅ { $name } is here.
club-checked-in-late = ✅ { $name } is here – late.
club-already-checked-in = { $name } has been here since { $time }.
club-night-closed = 🍺 The club night is closed. The penalties are booked in the cash box.
club-night-title-open = 🍺 Club night { $date }, since { $from } – standings now
club-night-title-closed = 🍺 Club night { $date }, { $from }–{ $to }
club-night-figures = { $games ->
    [one] 1 game
   *[other] { $games } games
} · { $rounds ->
    [one] 1 round of beer
   *[other] { $rounds } rounds of beer
} · penalties { $total }
club-night-figures-valued = { $games ->
    [one] 1 game
   *[other] { $games } games
} · { $rounds ->
    [one] 1 round of beer
   *[other] { $rounds } rounds of beer
} ({ $value }) · penalties { $total }
club-night-nobody = Nobody has checked in or played yet.
club-night-line = { $name }{ $late ->
    [yes] {" "}(late)
   *[no] {""}
}: { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $lost } lost, { $halves ->
    [one] 1 half
   *[other] { $halves } halves
}, { $schock ->
    [0] {""}
    [one] hit by 1 Schock aus,{" "}
   *[other] hit by { $schock } Schock aus,{" "}
}{ $rounds ->
    [one] 1 round of beer
   *[other] { $rounds } rounds of beer
} – { $penalties }
club-night-line-balance = { $line } · account after: { $balance }
club-night-line-absent = { $name } (absent): { $penalties }
club-night-best = Best throw of the night: { $throw } ({ $name })
club-night-box = Cash box: { $owed } owed, { $cash } in cash
club-presence-present = here
club-presence-late = late
club-presence-absent = absent
club-col-player = Member
club-col-games = Games
club-col-lost = Lost
club-col-halves = Halves
club-col-schock = Schock aus
club-col-rounds = Rounds
club-col-penalties = Penalties
club-col-fee = Fee
club-col-late-fee = Late
club-col-lost-money = Games lost €
club-col-halves-money = Halves €
club-col-schock-money = Schock aus €
club-col-rounds-money = Rounds €
club-col-absent = Average
club-col-balance = Balance
club-night-absent-share = { $present ->
    [one] Absent members pay as much as the one member present: { $share }.
   *[other] Absent members pay the average of the { $present } members present: { $total } ÷ { $present } = { $share }{ $rounded ->
        [yes] {" "}(rounded down to the cent)
       *[no] {""}
    }.
}
club-balance-word-owes = owes { $amount }
club-balance-word-credit = credit { $amount }
club-balance-word-square = square
club-catalogue-title = Penalty catalogue:
club-catalogue-line = { $label } ({ $key }): { $value }
club-catalogue-how = Admins change it with { $surface ->
    [discord] /club penalties values:game=0.50 half=0.20
    [telegram] /penalties game=0.50 half=0.20
    [terminal] "penalties game=0.50 half=0.20"
   *[plain] "penalties game=0.50 half=0.20"
}.
club-catalogue-changed = The penalty catalogue has changed.
club-key-spiel = Game lost
club-key-haelfte = Half lost
club-key-schockaus = Hit by a Schock aus
club-key-bierrunde = Round of beer owed
club-key-abend = Evening fee
club-key-zuspaet = Late
club-key-abwesend = Absent members pay
club-key-rundenpreis = Price of a round
club-key-erinnerung = Reminder of unpaid amounts
club-absent-average = the night's average
club-absent-nothing = nothing
club-reminder-days = { $days ->
    [0] off
    [one] after 1 day
   *[other] after { $days } days
}
club-cash-title = Cash box: { $cash } in cash.
club-cash-all-square = Nobody owes the cash box anything.
club-cash-owes = { $name } owes { $amount }
club-cash-credit = { $name } has { $amount } credit
club-payment-booked = 💶 { $name } paid in { $amount } (confirmed by { $by }). { $rest }
club-balance-square = That settles everything.
club-balance-owes = { $amount } still owed.
club-balance-credit = { $name } now has { $amount } credit.
club-payment-claimed = { $name } says: paid in { $amount }! Another member confirms it with { $surface ->
    [discord] /club pay user:@{ $name }
    [telegram] /pay { $name }
    [terminal] "NAME: pay { $name }"
   *[plain] "pay { $name }"
}.
club-claim-rejected = ✖ { $name }'s claim of { $amount } was rejected (by { $by }); nothing is booked.
club-claim-withdrawn = ✖ { $name } withdrew the claim of { $amount }; nothing is booked.
club-error-claim-settled = This claim (cash entry #{ $id }) is settled already: confirmed, rejected or withdrawn.
club-cash-undone = ↩️ Cash entry #{ $id } reversed by { $by }: { $kind }, { $name }, { $amount }.
club-undone-owes = { $name } now owes the box { $amount }.
club-undone-credit = { $name } now has { $amount } credit.
club-undone-square = { $name } is now square with the box.
club-history-none = The cash book is still empty.
club-history-title = Cash book (page { $page } of { $pages }):
club-history-line = #{ $id } { $time } { $kind } { $name } { $amount } – { $reason }, by { $by }{ $undone ->
    [yes] {" "}(undone)
   *[no] {""}
}
club-entry-charge = Penalty
club-entry-payment = Payment
club-entry-claim = Claim
club-entry-payout = Payout
club-entry-reversal = Reversal
club-reason-game_lost = game lost
club-reason-half_lost = half lost
club-reason-schock_aus_received = hit by a Schock aus
club-reason-bierrunde = round of beer
club-reason-evening_fee = evening fee
club-reason-late_fee = late
club-reason-absent = absent
club-reason-payment = paid in
club-reason-claim = says he paid in
club-reason-undo = undone
club-ratings-none = No ratings yet: they need games with at least two people.
club-ratings-title = Ratings (skill μ − 3σ: grows with every game, newcomers start at 0):
club-ratings-line = { $place }. { $name }: { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
club-championship-none = Season { $season } has no closed club night yet.
club-championship-title = Club championship, season { $season } ({ $evenings ->
    [one] 1 night
   *[other] { $evenings } nights
}):
club-championship-line = { $place }. { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $evenings ->
    [one] 1 night
   *[other] { $evenings } nights
}{ $won ->
    [0] {""}
    [one] , 1 night won
   *[other] , { $won } nights won
})
club-error-no-night = No club night is open. An admin opens one with { $surface ->
    [discord] /club night action:start
    [telegram] /night start
    [terminal] "night start"
   *[plain] "night start"
}.
club-error-night-open = A club night is open already. Close it with { $surface ->
    [discord] /club night action:end
    [telegram] /night end
    [terminal] "night end"
   *[plain] "night end"
}.
club-error-bad-clock = "{ $text }" is not a time of day like 19:30.
club-error-not-an-amount = That is not an amount. Write it like 2.50 or €2.50.
club-error-negative = Amounts are never negative.
club-error-too-precise = At most two decimals, please.
club-error-too-large = No single amount may be more than { $max }.
club-error-zero-amount = The amount must be above 0.
club-error-amount-missing = How much? For example { $surface ->
    [discord] /club pay amount:5
    [telegram] /pay 5
    [terminal] "pay 5"
   *[plain] "pay 5"
}.
club-error-no-open-claim = { $name } has no payment waiting to be confirmed. To book a payment for { $name }, give the amount: { $surface ->
    [discord] /club pay user:@{ $name } amount:5
    [telegram] /pay { $name } 5
    [terminal] "pay { $name } 5"
   *[plain] "pay { $name } 5"
}.
club-error-unknown-member = The club does not know "{ $name }" (not in the cash box, at no night, not at the table).
club-error-no-such-entry = There is no cash entry #{ $id } in this club.
club-error-not-undoable = Cash entry #{ $id } is undone already or is itself a reversal.
club-error-already-claimed = You have reported a payment already; another member has to confirm it.
club-error-own-claim-waits = Your report of { $amount } waits for another member to confirm it – with { $surface ->
    [discord] /club pay user:@{ $name }
    [telegram] /pay { $name }
    [terminal] "NAME: pay { $name }"
   *[plain] "pay { $name }"
}. You cannot confirm it yourself.
club-error-nothing-own-to-undo = Without a number you take back only a payment for yourself – and there is none. Other entries by their number from the cash book, e.g. { $surface ->
    [discord] /club cancel entry:12
    [telegram] /cancel 12
    [terminal] "cancel 12"
   *[plain] "cancel 12"
}: a payment you booked for someone, or any entry as an admin.
club-error-not-your-entry = You may not take back cash entry #{ $id }. An admin may; a payment also whoever booked it or whom it is for.
club-error-computer = Computer players have no cash account.
club-error-unknown-key = The penalty catalogue has no entry "{ $key }". There are: { $keys }.
club-error-no-value = "{ $word }" needs a value, for example game=0.50.
club-error-bad-amount = { $key }: { $reason }
club-error-bad-choice = "{ $value }" does not work for { $key } (average or nothing).
club-error-bad-days = "{ $value }": a reminder after 0 (off) to { $max } days.
club-reminder-title = 💶 A reminder from the cash box – please pay in what you owe:
club-reminder-line = { $name }: { $amount } (for { $days ->
    [one] 1 day
   *[other] { $days } days
})
club-reminder-how = Paid already? Report it with { $surface ->
    [discord] /club pay amount:…
    [telegram] /pay amount
    [terminal] "NAME: pay AMOUNT"
   *[plain] "pay amount"
}; another member confirms.
# The cash book as a file (issue 32).
book-file-stem = cashbook
book-file-csv = 📒 The cash book as a CSV file ({ $entries ->
    [one] one entry
   *[other] { $entries } entries
}): amounts from the member's side (penalty −, payment +), his balance after each (below 0: he owes the box) and the cash in the box – every column sums. Payments claimed but not yet confirmed are not booked.
book-file-xlsx = 📒 The cash book as an Excel spreadsheet ({ $entries ->
    [one] one entry
   *[other] { $entries } entries
}): a sheet of entries (amounts from the member's side: penalty −, payment +), one of balances ({ $members ->
    [one] one member
   *[other] { $members } members
}) and the cash in the box.
book-col-id = No.
book-col-time = Time
book-col-kind = Kind
book-col-member = Member
book-col-amount = Amount (€)
book-col-balance = Balance (€)
book-col-cash = Cash (€)
book-col-booked = Booked
book-col-reason = Reason
book-col-evening = Night
book-col-by = By
book-col-reverses = Reverses no.
book-col-reversed-by = Reversed by no.
book-yes = yes
book-no = no
book-claim-open = claimed: { $amount }, waiting for confirmation
book-claim-confirmed = claimed: { $amount }, booked as no. { $id }
book-claim-withdrawn = claimed: { $amount }, rejected or withdrawn with no. { $id }, nothing booked
book-sheet-entries = Entries
book-sheet-balances = Balances
book-in-box = Cash in the box

## Schockturnier (issue 35)
tourney-stage-points = point round
tourney-stage-knockout = knockout round
tourney-stage-final = final
tourney-scoring-punkte = Punkte (points)
tourney-scoring-platzierung = Platzierung (places)
tourney-scoring-strafpunkte = Strafpunkte (penalty points)
tourney-format-title = Tournament format: { $scoring }
tourney-format-tables = Tables of { $size } (at least { $min }, at most { $max }), drawn anew each round.
tourney-format-rounds = { $rounds ->
    [one] 1 point round
   *[other] { $rounds } point rounds
} of { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}, up to { $games ->
    [one] 1 game
   *[other] { $games } games
} per table. When the time runs out the game in play is finished "scharf": the next lost half decides it.
tourney-format-no-knockout = No knockout: the point rounds decide.
tourney-format-knockout-lives = Knockout: the best { $qualifiers } play at tables of { $table } with { $lives ->
    [one] one life
   *[other] { $lives } lives
}; every lost game costs one, the last one at the table goes on, up to the final.
tourney-format-knockout-best = Knockout: the best { $qualifiers } play at tables of { $table }; the best of each table goes on, up to the final.
tourney-format-teams = Teams of { $size }: a team scores the sum of its players.
tourney-format-rules = Played by the rules "{ $rules }".
tourney-format-keys = Change (before the first draw): { $surface ->
    [terminal] tournament format
   *[other] /tournament format
} rounds=3 games=5 minutes=60 table=4 qualifiers=16 lives=2 team=4 scoring=punkte|platzierung|strafpunkte
tourney-overview-title = 🏆 { $name } ({ $scoring })
tourney-overview-entrants = { $registered ->
    [one] 1 player registered
   *[other] { $registered } players registered
}, { $present } present{ $teams ->
    [0] {""}
    [one] , 1 team
   *[other] , { $teams } teams
}.
tourney-overview-finished = The tournament is over.
tourney-overview-next-draw = Next: the draw of the { $stage } ({ $surface ->
    [terminal] tournament draw
   *[other] /tournament draw
}). Commitment of the draw: SHA-256 { $commitment }
tourney-round-status = Round { $round } ({ $stage }): { $closed } of { $tables ->
    [one] 1 table
   *[other] { $tables } tables
} done.
tourney-clock-paused = The clock stands still (pause).
tourney-clock-not-started = The clock ({ $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}) has not been started.
tourney-clock-over = Time is up: games in play are finished "scharf".
tourney-clock-left = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} left.
tourney-round-title = 🎲 { $name }: round { $round } ({ $stage })
tourney-table-card = Table { $table }{ $mode }: { $seats } – { $state }
tourney-table-real-cups = (real cups)
tourney-table-closed = done, { $games ->
    [one] 1 game
   *[other] { $games } games
}
tourney-table-pending = game { $game } awaits confirmation
tourney-table-games = { $games ->
    [0] no game yet
    [one] 1 game
   *[other] { $games } games
}
tourney-round-proof = The draw can be checked: commitment SHA-256 { $commitment }, seed { $seed }
tourney-round-next-commitment = Commitment of the next draw: SHA-256 { $commitment } (check with { $surface ->
    [terminal] tournament verify NUMBER
   *[other] /tournament verify NUMBER
})
tourney-verify-holds = ✅ Draw of round { $round } checked: the seed { $seed } matches the commitment { $commitment } and draws exactly these tables.
tourney-verify-fails = ❌ The draw of round { $round } cannot be reproduced with the seed { $seed }!
tourney-log-empty = No corrections.
tourney-log-title = The director's corrections:
tourney-log-line = { $at } { $by }: round { $round }, table { $table }, game { $game }: { $before } → { $after }
tourney-log-none = (none)
tourney-points = { $points ->
    [-1] −1 point
    [one] 1 point
   *[other] { $points } points
}
tourney-penalty-points = { $points ->
    [one] 1 penalty point
   *[other] { $points } penalty points
}
tourney-standings-title = 📋 { $name }: standings after { $done } of { $rounds ->
    [one] 1 point round
   *[other] { $rounds } point rounds
}
tourney-standings-final-order = Final standings:
tourney-standings-knockout = The knockout is under way.
tourney-standings-still-in = Still in: { $names }
tourney-standings-points-title = Point rounds:
tourney-standings-nobody = Nobody registered yet.
tourney-standings-line = { $place }. { $name }: { $points } ({ $games ->
    [one] 1 game
   *[other] { $games } games
}, { $lost } lost)
tourney-standings-more = … and { $more } more (everyone on the board).
tourney-teams-title = Teams:
tourney-team-line = { $place }. { $name }: { $points } ({ $members ->
    [one] 1 player
   *[other] { $members } players
})
tourney-withdrawn = withdrawn
tourney-player-title = 👤 { $name } at { $tournament }
tourney-player-team = Team { $team }
tourney-player-not-present = Not checked in yet.
tourney-player-round = Round { $round } ({ $stage }): table { $table }, place { $place }, { $points ->
    [one] 1 point
   *[other] { $points } points
} from { $games ->
    [one] 1 game
   *[other] { $games } games
}{ $closed ->
    [yes] {""}
   *[no] {" "}(playing)
}
tourney-player-total = Overall: place { $place } of { $players }, { $points ->
    [one] 1 point
   *[other] { $points } points
}
tourney-player-now = Now: round { $round }, table { $table } with { $mates }
tourney-player-final = Final place: { $place }.
tourney-lost-half = half { $half }: { $name }
tourney-lost-final = final: { $name }
tourney-durchmarsch = Durchmarsch (both halves)
tourney-scharf = ended scharf
tourney-created = 🏆 Tournament "{ $name }" created (format { $format }). Register with { $surface ->
    [terminal] "NAME: tournament register"
   *[other] /tournament register
}, check in on the day with { $surface ->
    [terminal] "NAME: tournament here"
   *[other] /tournament here
}.
tourney-format-changed = The tournament format is changed.
tourney-registered = { $name } is registered (no. { $number }). Check in on the day with { $surface ->
    [terminal] "tournament here"
   *[other] /tournament here
}.
tourney-registered-present = { $name } is registered (no. { $number }) and plays from the next round.
tourney-registered-team = Team: { $team }.
tourney-checked-in = Checked in: { $names }.
tourney-withdrew = { $name } has withdrawn and is drawn no more.
tourney-drawn = Round { $round } ({ $stage }) is drawn.
tourney-clock-started = ⏱️ Round { $round } is on: { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}.
tourney-paused = ⏸️ Pause: the clock stands still, no games are entered.
tourney-resumed = ▶️ On we go, the clock runs.
tourney-entry-waiting = Table { $table }, game { $game } entered by { $by }: { $losers }. A second player at the table confirms with { $surface ->
    [terminal] "tournament ok"
   *[other] /tournament ok
} (or objects with { $surface ->
    [terminal] "tournament no"
   *[other] /tournament no
}).
tourney-game-counted = ✅ Table { $table }, game { $game } counts: { $losers }.
tourney-entry-rejected = The entry of table { $table }, game { $game } is dropped ({ $by }); please enter it again.
tourney-table-done = Table { $table } is done.
tourney-round-complete = The round is complete – the director draws the next with { $surface ->
    [terminal] "tournament draw"
   *[other] /tournament draw
}.
tourney-corrected = Corrected: round { $round }, table { $table }, game { $game } (kept in the log).
tourney-deleted = Struck out: round { $round }, table { $table }, game { $game } (kept in the log).
tourney-finished-winner = 🏆 The tournament is over. Winner: { $name }!
tourney-finished = 🏆 The tournament is over.
tourney-error-none = No tournament runs here. A director (an admin) creates one with { $surface ->
    [terminal] "tournament new NAME"
   *[other] /tournament new NAME
}.
tourney-error-running = The tournament "{ $name }" runs here already.
tourney-error-director = Only the tournament's director (an admin) may do that.
tourney-error-not-registered = You are not registered in this tournament ({ $surface ->
    [terminal] "tournament register"
   *[other] /tournament register
}).
tourney-error-not-seated = You do not sit at a table of the running round; name the table's number.
tourney-error-not-at-table = "{ $name }" does not sit at table { $table }.
tourney-error-ambiguous = "{ $name }" fits more than one player at table { $table }; use the whole name or the seat number.
tourney-error-no-seat = Table { $table } has no seat { $seat }.
tourney-error-order-needed = Platzierung counts who went out when: each half in the order the players went out, the loser last, out together joined by +, halves and final apart by |, e.g. { $surface ->
    [terminal] "tournament result 3 1 Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna"
   *[other] /tournament result 3 1 Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna
}.
tourney-error-losers = A game is one to three losers: half 1, half 2, the final, e.g. { $surface ->
    [terminal] "tournament result 3 1 Anna Ben Anna"
   *[other] /tournament result 3 1 Anna Ben Anna
} (table 3, game 1).
tourney-error-no-tables = { $present ->
    [one] 1 player does
   *[other] { $present } players do
} not fit tables of { $min } to { $max }.
tourney-error-no-name = A name is missing.
tourney-error-name-taken = "{ $name }" is registered already.
tourney-error-unknown = Nobody called "{ $name }" is registered.
tourney-error-unknown-number = Player no. { $number } is not registered.
tourney-error-team-full = The team "{ $team }" is full ({ $size ->
    [one] 1 player
   *[other] { $size } players
}).
tourney-error-no-teams = This tournament has no teams (the director sets them with { $surface ->
    [terminal] "tournament format team=4"
   *[other] /tournament format team=4
}).
tourney-error-entries-closed = The knockout has begun: no more entries.
tourney-error-format-fixed = After the first draw the format stays as it is.
tourney-error-round-running = Round { $round } is still being played: the next is drawn once every table is done (the director closes a table with { $surface ->
    [terminal] "tournament close TABLE"
   *[other] /tournament close TABLE
}).
tourney-error-no-round = No round is being played ({ $surface ->
    [terminal] "tournament draw"
   *[other] /tournament draw
} draws the next).
tourney-error-not-current = Round { $asked } is not the round being played (that is round { $current }).
tourney-error-unknown-round = There is no round { $round }.
tourney-error-unknown-table = Round { $round } has no table { $table }.
tourney-error-table-complete = Table { $table } is done already.
tourney-error-game-entered = Game { $game } of table { $table } is entered already; the director makes corrections.
tourney-error-game-ahead = Table { $table } has entered { $entered ->
    [one] 1 game
   *[other] { $entered } games
}: next comes game { $next }.
tourney-error-unknown-game = Table { $table } has no game { $game }.
tourney-error-wrong-players = Those are not the players of table { $table }.
tourney-error-seated = Who sits at a running table (table { $table }) withdraws after the round.
tourney-error-clock-not-started = The clock of round { $round } has not been started.
tourney-error-clock-running = The clock runs already.
tourney-error-paused = Pause: the director goes on with { $surface ->
    [terminal] "tournament resume"
   *[other] /tournament resume
}.
tourney-error-not-paused = There is no pause.
tourney-error-still-playing = Table { $table } has games left and its time has not run out.
tourney-error-round-closed = Round { $round } is over and the next is drawn: it cannot be corrected any more.
tourney-error-not-your-table = You do not sit at table { $table }.
tourney-error-nothing-to-confirm = Nothing awaits confirmation at table { $table }.
tourney-error-own-entry = A second player at the table confirms, not the one who entered it.
tourney-error-not-decided = The tournament is not decided yet.
tourney-error-finished = The tournament is over.
tourney-error-too-few = { $present ->
    [one] 1 player is present
   *[other] { $present } players are present
}: too few for a round (at least 3).
tourney-error-preset = There is no tournament format "{ $name }" (known: punkte, platzierung, strafpunkte).
tourney-error-format-file = The format file does not read: { $why }
tourney-error-key = There is no format setting "{ $key }" (rounds, games, minutes, table, min, max, qualifiers, kotable, knockout, lives, team, scoring, rules).
tourney-error-value = "{ $value }" does not work for { $key }.
tourney-error-table-sizes = Tables: 3 ≤ min ≤ table ≤ max ≤ 8.
tourney-error-range = { $key } must be between { $low } and { $high }.
tourney-error-places = { $key } needs { $needed } values, from the first out to the half's loser.
tourney-game-too-few = A game needs at least two players.
tourney-game-twice = A player is named twice in the game.
tourney-game-not-playing = A player named does not play this game.
tourney-game-half-incomplete = Half { $half } does not name every player exactly once.
tourney-game-halves = A game has two halves (one only when the time ran out in the first).
tourney-game-final-missing = The halves have different losers: the final's loser is missing.
tourney-game-final-not-half-loser = The final is played by the losers of the two halves.
tourney-game-no-final = One player lost both halves (Durchmarsch): there is no final.
tourney-help = { $surface ->
    [terminal] 🏆 Schockturnier – "tournament WORD …" (before the word "NAME:", who says it):
   *[other] 🏆 Schockturnier – /tournament WORD …:
}
  new NAME [punkte|platzierung|strafpunkte] – create a tournament (director)
  format [rounds=2 games=5 …] – show or change the format
  register [NAME] [team=TEAM] – register (oneself; others only the director)
  here [NAME|all] – check in on the day · withdraw [NAME] – withdraw
  draw – draw the next round · start – start the clock · pause / resume
  result TABLE GAME Anna Ben Anna – losers of half 1, half 2 and the final (name or seat number); under Platzierung each half in the order out: Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna
  table N – table N plays here (channel, thread, topic): its games here count by themselves
  ok / no – confirm or drop an entry at one's own table
  close [TABLE] – table done (after the time ran out)
  correct ROUND TABLE GAME RESULT|strike – a correction (director, kept in the log)
  standings · player [NAME] · tables [ROUND] · cards (table cards as a picture) · board (live standings) · export [games] · excel · picture · verify ROUND · log · finish
tourney-error-place-taken = Table { $table } plays here already.
tourney-table-bound = Table { $table } plays here: every game that ends here among exactly its players counts for the tournament. Start with { $surface ->
    [discord] /schocken new
    [terminal] new
   *[other] /new
}.
tourney-not-counted = This game does not count for table { $table }: { $why }
tourney-word-new = Create a tournament: name and format (director)
tourney-word-format = Show or change the format, e.g. rounds=2 games=5
tourney-word-register = Register (oneself; others only the director), team=NAME
tourney-word-here = Check in on the day (the director: NAME or all)
tourney-word-withdraw = Withdraw: drawn no more
tourney-word-draw = Draw the next round (director)
tourney-word-start = Start the round's clock (director)
tourney-word-pause = Pause: stop the clock (director)
tourney-word-resume = Go on after the pause (director)
tourney-word-result = Enter a game: TABLE GAME losers, e.g. 3 1 Anna Ben Anna
tourney-word-ok = Confirm the entry at one's own table
tourney-word-no = Drop the entry at one's own table
tourney-word-close = Table done, after the time ran out
tourney-word-correct = Correction: ROUND TABLE GAME result or strike (director)
tourney-word-standings = The tournament's standings
tourney-word-player = A player's page (empty: yours)
tourney-word-tables = A round's tables (empty: the running one)
tourney-word-verify = Check a draw: ROUND
tourney-word-log = The director's corrections
tourney-word-finish = Finish the tournament (director)
tourney-word-help = Every word with examples
tourney-word-table = Table N plays here: its games count by themselves
tourney-text-option = What follows the word, e.g. 3 1 Anna Ben Anna
tourney-root = Schockturnier: registration, draw, results, standings
tourney-file = 📎 { $name } as a file.
tourney-picture-final = Final standings
tourney-picture-points = Standings after { $done } of { $rounds ->
    [one] 1 point round
   *[other] { $rounds } point rounds
}
tourney-col-place = Place
tourney-col-name = Name
tourney-col-team = Team
tourney-col-points = Points
tourney-col-games = Games
tourney-col-lost = lost
tourney-col-halves = Halves lost
tourney-col-final = Final place
tourney-col-round = Round
tourney-col-stage = Stage
tourney-col-table = Table
tourney-col-game = Game
tourney-col-players = Players (points)
tourney-col-half1 = Half 1 lost
tourney-col-half2 = Half 2 lost
tourney-col-final-loser = Final lost
tourney-col-scharf = scharf
tourney-col-yes = yes
tourney-col-members = Players
tourney-col-sheet-standings = Standings
tourney-col-sheet-teams = Teams
tourney-col-sheet-games = Games
console-tournament-saved = Tournament file saved in { $path }.
tourney-board = 📺 Live standings of { $name } (for the projector, no login): { $url }
tourney-board-own = Your page: { $url }
tourney-error-no-board = There is no web board here: this bot has no web address set up.
tourney-word-board = Links to the live standings (projector) and one's own page
tourney-board-waiting = The first round has not been drawn yet.
tourney-board-tables = Tables
tourney-board-standings = Standings
tourney-time-up = ⏱️ Round { $round }'s time is up! Games in play are finished "scharf" (the next lost half decides), no new game begins. A table with no game in play reports done with { $surface ->
    [terminal] "tournament close"
   *[other] /tournament close
}.
tourney-registered-entry = { $name } (no. { $number })
tourney-registered-several = { $count } registered: { $names }. Whoever checks in himself with { $surface ->
    [terminal] "NAME: tournament here"
   *[other] /tournament here
} speaks for himself from then on.
tourney-card-title = { $name }: round { $round } ({ $stage }), table cards
tourney-card-seat = Seat { $seat }
tourney-card-game = Game { $game }
tourney-card-how = Seat 1 enters the games, a second player confirms. Per game: loser of half 1 / half 2 / final.
tourney-word-cards = The round's table cards as a picture to print
tourney-word-export = Files: the standings as CSV; after it games, excel, picture or cards
tourney-word-excel = Standings, teams and games as a spreadsheet (xlsx)
tourney-word-picture = The standings as a picture
