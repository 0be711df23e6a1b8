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
