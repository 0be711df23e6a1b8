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

## Fehler: Regeln
rules-unknown-preset = Unbekannte Regelvariante „{ $name }“ (bekannt: standard, wikipedia, moin-moin, muensterland, dortmund, jule)
rules-unknown-key = Unbekannter Regelschalter „{ $key }“
rules-missing-key = Regelschalter „{ $key }“ fehlt
rules-invalid-value = Regelschalter „{ $key }“: { $message }
rules-syntax = Regeldatei ist kein gültiges TOML: { $message }
rules-malformed-override = „{ $text }“ hat nicht die Form schalter=wert
rules-unreadable = Regeldatei „{ $path }“ lässt sich nicht lesen: { $message }

## Fehler: judge
judge-error-too-few = Eine Runde braucht mindestens zwei Würfe
judge-error-empty-name = Spieler { $index }: der Name ist leer
judge-error-duplicate = Spieler „{ $player }“ kommt doppelt vor
judge-error-dice-count = { $player }: ein Wurf hat 3 Würfel, nicht { $count }
judge-error-die-value = { $player }: ein Würfel zeigt 1 bis 6, nicht { $value }
judge-error-throw-count = { $player }: { $throws } Würfe sind nicht möglich (1 bis { $max })
judge-error-over-limit = { $player } hat { $throws }-mal geworfen, öfter als der Anfänger ({ $limit })
judge-error-blind-off = { $player }: blind ist nach diesen Regeln nicht erlaubt
judge-error-blind-single = { $player }: ein blinder Wurf ist ein einziger Wurf aus der Hand
judge-error-stock = stock: { $stock } liegt nicht zwischen 0 und { $total } Deckeln
judge-error-holding-unknown = holdings: „{ $player }“ würfelt in dieser Runde nicht
judge-error-holding-value = holdings: { $player } hält { $value }, keine Deckelzahl von 0 bis { $max }
judge-error-total = Die Deckel gehen nicht auf: Stock { $stock } + Spieler { $players } ist nicht { $total }
judge-error-half-over = { $player } hat schon alle { $total } Deckel: die Hälfte ist vorbei
judge-error-out = { $player } hat keine Deckel und der Stock ist leer: { $player } ist raus (einwuerfeln ist aus)
judge-error-unknown-extra = announced: unbekannter Zusatzwurf „{ $extra }“ (bekannt: jule, 221, 331)
judge-error-extra-not-in-rules = announced: Zusatzwurf „{ $extra }“ gehört nicht zu diesen Regeln
judge-error-json = Kein gültiges JSON: { $message }
judge-error-empty = Keine Eingabe: erwartet wird eine Runde als JSON
judge-error-line = Zeile { $line }: { $message }

## Fehler: Befehlszeile
cli-error-die = „{ $value }“ ist kein Würfel (1 bis 6)
cli-error-dice-count = Ein Wurf hat 3 Würfel, nicht { $count }
cli-error-players = --players: { $value } Spieler gehen nicht (2 bis { $max })
cli-error-games = --games: mindestens 1 Spiel

## simulate
sim-header = Simulation: { $games } Spiele mit { $players } Spielern, Regeln { $rules }, Seed { $seed }
sim-losses = Verlorene Spiele je Platz: { $list }
sim-halves = Verlorene Hälften je Platz: { $list }
sim-parts = Hälften: { $halves }, Finale: { $finals } ({ $finals_pct } %), Blattschuss: { $blattschuss } ({ $blattschuss_pct } %)
sim-rounds = Runden je Spiel: Schnitt { $mean }, min { $min }, max { $max }
sim-classes = Wurfklassen (alle Endwürfe): { $list }
sim-speed = Tempo: { $games_per_s } Spiele/s, { $rounds_per_s } Runden/s ({ $seconds } s)
sim-seat = Platz { $seat }
