# Deutsch (Standard). Jede Nachricht hier braucht ihr Gegenstück in en.ftl.

## Würfe
throw-hausnummer = Hausnummer { $number }
throw-hausnummer-built = Hausnummer { $number } (gebaut)
throw-strasse = Straße { $dice }
throw-general = General { $pips }
throw-schock = Schock { $n }
throw-schock-aus = Schock aus
throw-jule = Jule
throw-221 = { $penalty ->
    [9] Neuner
    [7] Siebener
   *[other] Zwei-Zwei-Eins
}
throw-331 = { $penalty ->
    [8] Achter
    [10] Drei-Einunddreißig
   *[other] Drei-Drei-Eins
}

class-hausnummer = Hausnummer
class-strasse = Straße
class-general = General
class-schock = Schock
class-extra = Zusatzwurf
class-schock_aus = Schock aus

## Strafe
penalty-deckel = { $n ->
    [one] 1 Deckel
   *[other] { $n } Deckel
}
penalty-all = alle Deckel

## eval
eval-line = { $name } — { $class }, Strafe: { $penalty }
eval-hand = aus der Hand
eval-built = gebaut
eval-announced-only = zählt nur, wenn angesagt

## judge
judge-ranking = Rangfolge: { $list }
judge-entry = { $player } ({ $throw }, { $throws ->
    [one] 1 Wurf
   *[other] { $throws } Würfe
}{ $blind ->
    [yes] , blind
   *[no] {""}
})
judge-best = Höchster Wurf: { $throw } von { $winner }.
judge-moved-stock = { $loser } bekommt { $moved } aus dem Stock ({ $penalty } verlangt); im Stock: { $stock }.
judge-moved-winner = { $loser } bekommt { $moved } von { $winner } ({ $penalty } verlangt).
judge-moved-all = Schock aus: { $loser } bekommt alle Deckel.
judge-holdings = Deckel: { $list }
judge-out = Raus aus der Hälfte: { $list }
judge-half-lost = { $player } hat die Hälfte verloren.
judge-debts = Runde ausgeben: { $list }

## Schulden und Titel
debt-game_lost = Bierrunde für das verlorene Spiel
debt-schock_aus_hand = Schock aus aus der Hand
debt-hille = Hille (2-2-1 aus der Hand)
debt-quit = hat das laufende Spiel verlassen
title-pisswurf = Pisswurf

## Spielabschnitte
part-half1 = 1. Hälfte
part-half2 = 2. Hälfte
part-final = Finale
