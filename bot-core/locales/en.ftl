# English. Every message here needs its counterpart in de.ftl.

## Throws
throw-hausnummer = House number { $number }
throw-hausnummer-built = House number { $number } (built)
throw-strasse = Straight { $dice }
throw-general = General { $pips }
throw-schock = Schock { $n }
throw-schock-aus = Schock out
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

## Penalty
penalty-deckel = { $n ->
    [one] 1 Deckel
   *[other] { $n } Deckel
}
penalty-all = every Deckel

## eval
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
judge-holdings = Deckel: { $list }
judge-out = Out of the half: { $list }
judge-half-lost = { $player } lost the half.
judge-debts = Owes a round: { $list }

## Debts and titles
debt-game_lost = Bierrunde for the lost game
debt-schock_aus_hand = Schock out from the hand
debt-hille = Hille (2-2-1 from the hand)
debt-quit = left a running game
title-pisswurf = Pisswurf

## Parts of the game
part-half1 = first half
part-half2 = second half
part-final = final

## Errors: rules
rules-unknown-preset = Unknown rule preset "{ $name }" (known: standard, wikipedia, moin-moin, muensterland, dortmund, jule)
rules-unknown-key = Unknown rule key "{ $key }"
rules-missing-key = Rule key "{ $key }" is missing
rules-invalid-value = Rule key "{ $key }": { $message }
rules-syntax = Rule file is not valid TOML: { $message }
rules-malformed-override = "{ $text }" is not of the form key=value
rules-unreadable = Cannot read rule file "{ $path }": { $message }

## Errors: judge
judge-error-too-few = A round needs at least two throws
judge-error-empty-name = Player { $index }: the name is empty
judge-error-duplicate = Player "{ $player }" is named twice
judge-error-dice-count = { $player }: a throw has 3 dice, not { $count }
judge-error-die-value = { $player }: a die shows 1 to 6, not { $value }
judge-error-throw-count = { $player }: { $throws } throws is not possible (1 to { $max })
judge-error-over-limit = { $player } threw { $throws } times, more than the starter ({ $limit })
judge-error-blind-off = { $player }: blind throws are not allowed under these rules
judge-error-blind-single = { $player }: a blind throw is a single throw from the hand
judge-error-stock = stock: { $stock } is not between 0 and { $total } Deckel
judge-error-holding-unknown = holdings: "{ $player }" does not throw in this round
judge-error-holding-value = holdings: { $player } holds { $value }, not a number of Deckel from 0 to { $max }
judge-error-total = Deckel do not add up: stock { $stock } + players { $players } is not { $total }
judge-error-half-over = { $player } already holds all { $total } Deckel: the half is over
judge-error-out = { $player } holds no Deckel and the stock is empty: { $player } is out (einwuerfeln is off)
judge-error-unknown-extra = announced: unknown extra "{ $extra }" (known: jule, 221, 331)
judge-error-extra-not-in-rules = announced: extra "{ $extra }" is not part of these rules
judge-error-json = Not valid JSON: { $message }
judge-error-empty = No input: expected one round as JSON
judge-error-line = Line { $line }: { $message }

## Errors: command line
cli-error-die = "{ $value }" is not a die (1 to 6)
cli-error-dice-count = A throw has 3 dice, not { $count }
cli-error-players = --players: { $value } players is not possible (2 to { $max })
cli-error-games = --games: at least 1 game

## simulate
sim-header = Simulation: { $games } games with { $players } players, rules { $rules }, seed { $seed }
sim-losses = Games lost per seat: { $list }
sim-halves = Halves lost per seat: { $list }
sim-parts = Halves: { $halves }, finals: { $finals } ({ $finals_pct } %), Blattschuss: { $blattschuss } ({ $blattschuss_pct } %)
sim-rounds = Rounds per game: mean { $mean }, min { $min }, max { $max }
sim-classes = Throw classes (every final throw): { $list }
sim-speed = Speed: { $games_per_s } games/s, { $rounds_per_s } rounds/s ({ $seconds } s)
sim-seat = Seat { $seat }
