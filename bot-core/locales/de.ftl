# Deutsch (Standard). Jede Nachricht hier braucht ihr Gegenstück in en.ftl.

## Würfe
throw-hausnummer = Hausnummer { $number }
throw-hausnummer-built = Hausnummer { $number } (gebaut)
throw-strasse = Straße { $dice }
throw-general = General { $pips }
throw-schock = Schock { $n }
throw-schock-aus = Schock aus
throw-baby-schock-out = Baby Schock Out Hand
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
class-baby_schock_out = Baby Schock Out Hand

## Strafe
penalty-deckel = { $n ->
    [one] 1 Deckel
   *[other] { $n } Deckel
}
penalty-all = alle Deckel

## eval
cli-verify-ok = { $throws ->
    [one] 1 Wurf, er stimmt
   *[other] { $throws } Würfe, alle stimmen
} (Server-Seed passt zum Commitment, jeder Wurf zum Seed).
cli-verify-predates = Dieses Spiel lief noch vor den prüfbaren Würfeln – es gibt nichts nachzurechnen.
cli-verify-commitment = Stimmt nicht: der Server-Seed passt nicht zum Commitment (SHA-256).
cli-verify-missing = Stimmt nicht: Wurf { $n } fehlt.
cli-verify-extra = Stimmt nicht: Wurf { $n } gab es in diesem Spiel nicht.
cli-verify-dice = Stimmt nicht: Wurf { $n } zeigt { $recorded }, der Seed ergibt { $drawn }.
cli-verify-bad-file = { $path } ist kein Spielprotokoll: { $message }
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
judge-moved-all-baby = Baby Schock Out Hand: { $loser } bekommt alle Deckel.
judge-holdings = Deckel: { $list }
judge-out = Raus aus der Hälfte: { $list }
judge-half-lost = { $player } hat die Hälfte verloren.
judge-final-lost = { $player } hat das Finale verloren.
judge-debts = Runde ausgeben: { $list }

## Schulden und Titel
debt-game_lost = Bierrunde für das verlorene Spiel
debt-schock_aus_hand = Schock aus aus der Hand
debt-hille = Hille (2-2-1 aus der Hand)
debt-quit = aus dem laufenden Spiel ausgestiegen
title-pisswurf = Pisswurf

## Spielabschnitte
part-half1 = 1. Hälfte
part-half2 = 2. Hälfte
part-final = Finale

## Fehler: Regeln
rules-unknown-preset = Unbekannte Regelvariante „{ $name }“ (bekannt: standard, wikipedia, moin-moin, muensterland, dortmund, jule, bochum)
rules-unknown-key = Unbekannter Regelschalter „{ $key }“
rules-missing-key = Regelschalter „{ $key }“ fehlt
rules-invalid-value = Regelschalter „{ $key }“: { $message }
rules-value-name-length = muss 1 bis 40 Zeichen lang sein
rules-value-not = { $shown } ist nicht { $expected }
rules-expected-text = ein Text
rules-expected-straight-order = „ascending“ oder „equal“
rules-expected-flip = „forbidden“, „extra-throw“ oder „in-place“
rules-expected-switch = an oder aus (true/false, ja/nein)
rules-value-out-of-range = { $value } liegt nicht zwischen { $lo } und { $hi }
rules-value-not-whole = { $shown } ist keine ganze Zahl
rules-value-not-a-list = { $shown } ist keine Liste von Zusatzwürfen
rules-value-unknown-extra = unbekannter Zusatzwurf „{ $id }“ (bekannt: jule, 221, 331)
rules-value-twice = „{ $id }“ steht doppelt in der Liste
rules-syntax = Regeldatei ist kein gültiges TOML: { $message }
rules-malformed-override = „{ $text }“ hat nicht die Form schalter=wert
rules-unreadable = Regeldatei „{ $path }“ lässt sich nicht lesen: { $message }

## Fehler: judge
judge-error-too-few = Eine Runde braucht mindestens zwei Würfe
judge-error-empty-name = Spieler { $index }: der Name ist leer
judge-error-duplicate = Spieler „{ $player }“ kommt doppelt vor
judge-error-dice-count = { $player }: ein Wurf hat 3 Würfel, nicht { $count }
judge-error-die-value = { $player }: ein Würfel zeigt 1 bis 6, nicht { $value }
judge-error-throw-count = { $player }: { $throws ->
    [one] 1 Wurf geht
   *[other] { $throws } Würfe gehen
} nicht (1 bis { $max })
judge-error-over-limit = { $player } hat { $throws ->
    [one] einmal
   *[other] { $throws }-mal
} geworfen, öfter als der Anfänger ({ $limit ->
    [one] 1 Wurf
   *[other] { $limit } Würfe
})
judge-error-blind-off = { $player }: blind ist nach diesen Regeln nicht erlaubt
judge-error-blind-single = { $player }: ein blinder Wurf ist ein einziger Wurf aus der Hand
judge-error-stock = Feld „stock“: { $stock } liegt nicht zwischen 0 und { $total ->
    [one] 1 Deckel
   *[other] { $total } Deckeln
}
judge-error-holding-unknown = Feld „holdings“: „{ $player }“ würfelt in dieser Runde nicht
judge-error-holding-value = Feld „holdings“: { $player } hält { $value } – das ist keine Deckelzahl von 0 bis { $max }
judge-error-total = Die Deckel gehen nicht auf: { $stock } im Stock und { $players } bei den Spielern ergeben nicht { $total }
judge-error-half-over = { $player } hat schon alle { $total } Deckel: die Hälfte ist vorbei
judge-error-out = { $player } hat keine Deckel und der Stock ist leer: { $player } ist raus (Einwürfeln gibt es nach diesen Regeln nicht)
judge-error-unknown-extra = Feld „announced“: unbekannter Zusatzwurf „{ $extra }“ (bekannt: jule, 221, 331)
judge-error-extra-not-in-rules = Feld „announced“: den Zusatzwurf „{ $extra }“ gibt es nach diesen Regeln nicht
judge-error-json = Kein gültiges JSON: { $message }
judge-error-empty = Keine Eingabe: erwartet wird eine Runde als JSON
judge-error-line = Zeile { $line }: { $message }

## Fehler: Befehlszeile
cli-error-die = „{ $value }“ ist kein Würfel (1 bis 6)
cli-error-dice-count = Ein Wurf hat 3 Würfel, nicht { $count }
cli-error-players = --players: { $value ->
    [one] mit 1 Spieler
   *[other] mit { $value } Spielern
} geht es nicht (2 bis { $max })
cli-error-games = --games: mindestens 1 Spiel
cli-error-bot-level = --bot-level: „{ $value }“ kenne ich nicht (stark oder einfach)
cli-error-strategy = --strategy: „{ $value }“ kenne ich nicht (einfach oder stark)
cli-error-strategies = --strategy: { $count ->
    [one] 1 Strategie
   *[other] { $count } Strategien
} für { $players ->
    [one] 1 Spieler
   *[other] { $players } Spieler
} sind zu viele

## odds
odds-header = Starkes Spiel, Regeln { $rules }, { $players ->
    [one] 1 Spieler
   *[other] { $players } Spieler
}: Endwurf mit höchstens 1, 2 oder 3 Würfen
odds-throws = { $count ->
    [one] 1 Wurf
   *[other] { $count } Würfe
}

## simulate
sim-header = Simulation: { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
} mit { $players ->
    [one] 1 Spieler
   *[other] { $players } Spielern
}, Regeln { $rules }, Seed { $seed }
sim-losses-head = Verlorene Spiele je Platz (mit 95-%-Vertrauensintervall):
sim-seat-losses =   Platz { $seat } ({ $strategy }): { $lost ->
    [one] 1 Spiel
   *[other] { $lost } Spiele
}, { $share } % ({ $low }–{ $high } %)
sim-strategy-simple = einfach
sim-strategy-strong = stark
sim-halves = Verlorene Hälften je Platz: { $list }
sim-parts = { $halves ->
    [one] 1 Hälfte
   *[other] { $halves } Hälften
} gespielt; bis ins Finale: { $finals ->
    [one] 1 Spiel
   *[other] { $finals } Spiele
} ({ $finals_pct } %), per Blattschuss entschieden: { $blattschuss ->
    [one] 1 Spiel
   *[other] { $blattschuss } Spiele
} ({ $blattschuss_pct } %)
sim-rounds = Runden je Spiel: Schnitt { $mean }, min { $min }, max { $max }
sim-classes = Wurfklassen (alle Endwürfe): { $list }
sim-speed = Tempo: { $games_per_s } Spiele/s, { $rounds_per_s } Runden/s ({ $seconds } s, { $threads ->
    [one] 1 Thread
   *[other] { $threads } Threads
})
sim-seat = Platz { $seat }

## Tisch
table-title-lobby = 🎲 Schocken-Tisch von { $opener } · Regeln: { $rules }
table-lobby-members = Am Tisch ({ $count }): { $names }
table-lobby-hint = Mitspielen mit „Mitspielen“; los geht's mit „Los“ (ab 2 Spielern).
table-title = 🎲 Schocken · { $part }, Runde { $round } · Regeln: { $rules }
table-stock = Stock: { $stock } von { $total ->
    [one] 1 Deckel
   *[other] { $total } Deckeln
}
table-limit = Vorgabe: { $limit ->
    [one] 1 Wurf
   *[other] { $limit } Würfe
}
table-limit-open = Vorgabe: noch offen
table-player = { $marker } { $name } · { $deckel } { $status }
table-player-out = raus
table-player-left = ausgestiegen
table-player-throws = Wurf { $throws }/{ $max }
table-player-done = fertig
table-player-blind = blind
table-player-waiting = wartet
table-half-marker = (Hälfte verloren: { $parts })
table-turn = { $name } ist dran.
table-turn-deadline = { $name } ist dran (Zeit bis { $time } Uhr).
table-announcing = { $name } sagt Zusatzwürfe an (oder würfelt klassisch).
table-final = Finale: { $a } gegen { $b }
table-over = Spiel vorbei.
table-over-loser = 🍺 { $name } hat das Spiel verloren und gibt eine Runde aus.
table-over-blattschuss = 🍺 Blattschuss! { $name } hat beide Hälften verloren und gibt eine Runde aus.
table-over-loser-computer = 🍺 { $name } hat das Spiel verloren – ein Computer gibt keine Runde aus.
table-over-blattschuss-computer = 🍺 Blattschuss! { $name } hat beide Hälften verloren – ein Computer gibt keine Runde aus.
table-abandoned = Das Spiel wurde ohne Schulden beendet.
table-last-round-title = Letzte Runde ({ $part }, Runde { $round }):

## Aufdecken
reveal-title = Aufgedeckt – { $part }, Runde { $round }:
reveal-line = { $marker } { $name }: { $dice } { $throw } ({ $throws ->
    [one] 1 Wurf
   *[other] { $throws } Würfe
}{ $blind ->
    [yes] , blind
   *[no] {""}
})
reveal-stock = → { $loser } bekommt { $moved } aus dem Stock (im Stock: { $stock }).
reveal-winner = → { $loser } bekommt { $moved } von { $winner }.
reveal-all = → Schock aus! { $loser } bekommt alle Deckel.
reveal-all-baby = → Baby Schock Out Hand! { $loser } bekommt alle Deckel.
reveal-nothing = → Niemand hatte Deckel abzugeben.
reveal-out = Raus: { $names }

## Privat
private-cup = Dein Becher: { $dice }
private-throw = { $throw }
private-throws = Wurf { $throws } von { $max }
private-your-turn = Du bist dran.
private-not-your-turn = { $name } ist dran.
private-done = Du bist fertig für diese Runde.
private-round-over = Dein Wurf: { $dice } – { $throw }. Runde vorbei: { $loser } bekommt { $moved }.
private-round-over-nothing = Dein Wurf: { $dice } – { $throw }. Runde vorbei: kein Deckel wandert.
private-not-looked = Unter dem Becher liegt dein erster Wurf – schau ihn an.
private-not-looked-blind = Unter dem Becher liegt dein erster Wurf – schau ihn an (oder spiel blind).
private-must-throw = Die Sechs muss zurück in den Becher: würfeln!
private-may-flip = 🔄 Du darfst Sechsen drehen: aus zwei Sechsen wird eine Eins.
private-not-playing = Du spielst diese Runde nicht mit.
private-alert = { $dice } – { $throw } · Wurf { $throws }/{ $max }{ $turn ->
    [yes] {" "}· du bist dran
   *[no] {""}
}

## Knöpfe
button-roll = 🎲 Würfeln
button-look = 👀 Mein Becher
button-stand = ✋ Stehen
button-join = ➕ Mitspielen
button-start = ▶ Los
button-flip = 🔄 Sechsen drehen
button-blind = 🙈 Blind
button-throw-in = Einwürfeln
button-keep = { $dice } raus
button-announce-none = Klassisch
button-announce = Ansagen: { $extras }
button-table = Tisch zeigen

## Ereignisse
event-roll-off = Auswürfeln: { $rolls }
event-roll-off-winner = { $name } fängt an.
event-roll-off-tie = Gleichstand – Stechen!
event-part-started = { $part ->
    [half1] Die 1. Hälfte
    [half2] Die 2. Hälfte
   *[final] Das Finale
} beginnt, { $name } fängt an.
event-round-started = Runde { $round }: { $name } fängt an.
event-announcing = { $name } sagt an, welche Zusatzwürfe zählen.
event-announced = { $name } sagt an: { $extras }.
event-announced-none = { $name } spielt die Runde klassisch.
event-thrown-open = { $name } würfelt offen: { $dice }.
event-thrown-covered = { $name } würfelt (Wurf { $number }).
event-opened = { $name } deckt auf: { $dice }.
event-kept = { $name } legt { $dice } heraus.
event-flipped = { $name } dreht { $ones ->
    [one] eine Sechs zur Eins
   *[other] zwei Sechsen zu Einsen
}.
event-flipped-bonus = { $name } dreht auf dem letzten Wurf und bekommt einen Extrawurf.
event-flipped-in-place = { $name } dreht auf dem letzten Wurf – die Würfel bleiben liegen.
event-stood = { $name } bleibt stehen ({ $throws ->
    [one] 1 Wurf
   *[other] { $throws } Würfe
}).
event-blind = { $name } spielt blind!
event-timed-out = Zeit abgelaufen: { $name } bleibt stehen.
event-limit = Vorgabe für alle: { $limit ->
    [one] 1 Wurf
   *[other] { $limit } Würfe
}.
event-turn = { $name } ist dran.
event-part-lost = { $name } verliert { $part ->
    [half1] die 1. Hälfte
    [half2] die 2. Hälfte
   *[final] das Finale
}.
event-final = Finale: { $a } gegen { $b } – { $b } fängt an.
event-debt = 🍺 { $name } schuldet eine Runde: { $reason }.
event-title = { $name } hat einen { $title } gemacht.
event-throw-in = { $name } würfelt sich wieder ein.
event-left = { $count ->
    [0] { $name } ist ausgestiegen.
   *[other] { $name } ist ausgestiegen und legt { $returned } zurück in den Stock.
}
event-redealt = Die Runde wird neu ausgeteilt; { $name } fängt an.
event-game-over = Spiel vorbei: { $name } verliert{ $blattschuss ->
    [yes] {" "}per Blattschuss
   *[no] {""}
} und gibt eine Runde aus.
event-game-over-computer = Spiel vorbei: { $name } verliert{ $blattschuss ->
    [yes] {" "}per Blattschuss
   *[no] {""}
} – ein Computer gibt keine Runde aus, ins Deckelbuch kommt nichts.
event-game-abandoned = Das Spiel ist ohne Schulden beendet.

## Hinweise
notice-opened = { $name } hat einen Tisch aufgemacht.
notice-joined = { $name } spielt mit.
notice-computer-joined = 🤖 { $name } spielt mit (Computer, { $level }).
computer-level-simple = einfach
computer-level-strong = stark
notice-hints-on = 💡 Tipps sind an: wer dran ist, kann sich privat die besten Züge zeigen lassen.
notice-hints-off = 💡 Tipps sind aus.
hint-title = 💡 Tipp: { $choice }.
hint-line = { $choice }: zu { $percent } % nicht Letzter, { $deckel }
hint-deckel = im Schnitt { $deckel } Deckel
hint-deckel-handed-on = gibt im Schnitt { $deckel } Deckel ab
hint-stand = Stehen lassen
hint-throw = Alles nochmal werfen
hint-keep = Halten { $dice }
hint-flip = Zwei Sechsen umdrehen
hint-nothing = 💡 Hier gibt es nichts zu entscheiden.
button-hint = 💡 Tipp
notice-left = { $name } hat den Tisch verlassen.
notice-kicked = { $name } wurde von { $by } vom Tisch genommen.
notice-started = Das Spiel beginnt!
notice-ended = { $by } hat das Spiel beendet – ohne Schulden.
notice-idle = Der Tisch war zu lange still und ist geschlossen – ohne Schulden.
notice-timed-out = Zeit abgelaufen für { $name }.
notice-turn-renewed = Die Datenbank war { $outage ->
    [one] 1 Sekunde
   *[other] { $outage } Sekunden
} nicht erreichbar – das zählt nicht gegen { $name }: die Zeit für den Zug läuft neu.
notice-debt = 🍺 { $name } schuldet eine Runde: { $reason }.
notice-rules-set = Regeln für diesen Chat: { $rules }.
notice-rules-next-game = Das laufende Spiel behält seine Regeln; die neuen gelten ab dem nächsten.
notice-timer-set = { $seconds ->
    [0] Der Zugtimer ist aus.
    [one] Zugtimer: 1 Sekunde.
   *[other] Zugtimer: { $seconds } Sekunden.
}
notice-paid = { $name } hat eine Runde bezahlt (bestätigt von { $by }). Offen: { $left ->
    [one] 1 Runde
   *[other] { $left } Runden
}.
notice-claimed = { $name } sagt: bezahlt! { $surface ->
    [discord] Ein anderes Mitglied bestätigt es mit /schocken bezahlt spieler:@{ $name }
    [telegram] Ein anderes Mitglied bestätigt es mit /bezahlt { $name }
    [terminal] Ein anderer Spieler bestätigt es mit „NAME: bezahlt { $name }“ – NAME ist sein eigener Name.
   *[plain] Ein anderes Mitglied bestätigt es mit „bezahlt { $name }“.
}
notice-undone = Rückgängig gemacht: { $kind } ({ $name }).
notice-season-closed = Saison { $season } ist abgeschlossen; die Statistik beginnt neu.
notice-stale = Dieser Knopf ist veraltet – hier ist der aktuelle Stand.
notice-duplicate = Schon erledigt.
notice-not-playing = Du spielst diese Runde nicht mit.

## Fehler im Chat
error-no-table = Hier ist kein Tisch offen. { $surface ->
    [discord] Mach einen auf mit /schocken neu.
    [telegram] Mach einen auf mit /neu.
    [terminal] Ein neues Spiel beginnt mit: schocken
   *[plain] Mach einen auf mit dem Befehl „neu“.
}
error-table-exists = Hier ist schon ein Tisch offen.
error-not-member = Du sitzt nicht an diesem Tisch.
error-already-member = Du sitzt schon am Tisch.
error-table-full = Der Tisch ist voll ({ $max } Spieler).
error-game-running = Das Spiel läuft schon – beim nächsten bist du dabei.
error-not-running = Gerade läuft kein Spiel.
error-too-few = Zum Spielen braucht es mindestens zwei.
error-opener-or-admin = { $surface ->
    [discord] Das darf nur, wer den Tisch aufgemacht hat, oder wer das Recht „Server verwalten“ hat.
    [telegram] Das darf nur, wer den Tisch aufgemacht hat, oder ein Admin der Gruppe.
    [terminal] Das darf nur, wer den Tisch aufgemacht hat.
   *[plain] Das darf nur, wer den Tisch aufgemacht hat, oder ein Admin.
}
error-admin-only = { $surface ->
    [discord] Das darf nur, wer das Recht „Server verwalten“ hat.
    [telegram] Das dürfen nur die Admins der Gruppe.
   *[plain] Das dürfen nur Admins.
}
error-stale = Dieser Knopf ist veraltet.
error-button-game-over = Dieses Spiel ist vorbei – der Knopf gilt nicht mehr.
error-foreign-button = Das ist kein Knopf dieses Tisches.
error-anonymous-confirmation = Als anonymer Admin kannst du keine Zahlung bestätigen: schreib unter deinem eigenen Namen.
error-duplicate = Schon erledigt.
error-unknown-player = Am Tisch sitzt niemand namens „{ $name }“.
error-name-missing = Wen meinst du? { $surface ->
    [telegram] Antworte auf eine Nachricht von ihm oder nenn den Namen.
   *[plain] Nenn den Namen.
}
error-judge-syntax = Das verstehe ich nicht: „{ $part }“. Beispiel: Anna 665 3, Ben 114 2 gebaut, Cem 221 1
error-timer-range = Der Zugtimer geht von 30 bis 3600 Sekunden, oder 0 für aus.
notice-time-zone-set = Zeitzone: { $zone }. Zeiten stehen ab jetzt in dieser Zone.
content-rules-time-zone = Zeitzone: { $zone }
content-rules-hints-on = 💡 Tipps: an (hints=off schaltet sie aus)
content-rules-hints-off = 💡 Tipps: aus (hints=on schaltet sie an)

## Die Hausregeln in Worten (/regeln; /regeln details zeigt die Schalter): eine Zeile je
## Schalter (R-… wie in RULES.md), und was eine Änderung geändert hat („jetzt“).
# R-MAT-2
rules-say-deckel = Im Stock liegen { $deckel } Deckel.
# R-RANK (Straße): straight_penalty, straight_order
rules-say-straight = Eine Straße kostet { $penalty } Deckel; { $order ->
    [equal] alle Straßen sind gleich hoch – vorn liegt, wer weniger Würfe brauchte.
   *[ascending] die höhere Straße schlägt die niedrigere.
}
# R-RANK-1
rules-say-general = Ein General kostet 3 Deckel; { $beats ->
    [yes] er schlägt sogar Schock 2 (aber nicht Schock 3).
   *[no] jeder Schock schlägt ihn.
}
# R-RANK-2 (R-RANK-6: Zusatzwürfe ebenso)
rules-say-hand = { $extras ->
    [yes] Straße, General und Zusatzwürfe
   *[no] Straße und General
} { $need ->
    [yes] zählen nur aus der Hand (alle drei Würfel in einem Wurf, ohne Pflücken); gebaut sind sie eine Hausnummer.
   *[no] zählen auch gebaut (mit Pflücken).
}
# R-SIX-1, R-SIX-2
rules-say-sixes = { $flip ->
    [forbidden] Zwei Sechsen werden zu einer Eins (drei zu zwei Einsen), solange noch ein Wurf übrig ist; die übrige Sechs kommt zurück in den Becher.
    [extra_throw] Zwei Sechsen werden zu einer Eins (drei zu zwei Einsen); wer das im letzten Wurf tut, bekommt einen Wurf dazu.
    [in_place] Zwei Sechsen werden zu einer Eins (drei zu zwei Einsen); im letzten Wurf wird die Sechs an Ort und Stelle gedreht, die anderen Würfel bleiben liegen.
   *[off] Sechsen werden nicht gedreht.
}
# R-SIX-4
rules-say-collect = Sechsen dürfen gesammelt werden: herauslegen und drehen, sobald zwei zusammen sind.
# R-RANK-4
rules-say-hand-beats-built = Ein Schock aus, aus der Hand geworfen, schlägt einen gebauten.
# R-RANK-5
rules-say-later-schock-aus = Von zwei gleichen Schock aus gewinnt der spätere.
# R-RANK-7
rules-say-baby = Baby Schock Out Hand: 2-2-1 aus der Hand schlägt im Finale alles, sogar Schock aus – der Verlierer bekommt alle Deckel, das Finale ist vorbei.
# R-RANK-6
rules-say-extras = { $count ->
    [one] Zusatzwurf
   *[other] Zusatzwürfe
}, über Schock 6 und unter Schock aus: { $list }.
rules-say-extra = { $name } für { $deckel }
rules-say-announced = { $count ->
    [one] Er zählt nur, wenn der Anfänger der Runde ihn vorher ansagt
   *[other] Sie zählen nur, wenn der Anfänger der Runde sie vorher ansagt
}; die erste Runde einer Hälfte ist immer klassisch.
# R-RND-6
rules-say-blind = Blind spielen ist erlaubt: ansagen, bevor man hinschaut, dann bleibt es bei dem einen Wurf; ist er der höchste der Runde, zählt die Strafe doppelt.
# R-SCORE-5
rules-say-einwuerfeln = Einwürfeln: Wer raus ist, darf mitwürfeln und ist wieder dabei, sobald er Deckel bekommt.
# R-DEBT-1
rules-say-schock-aus-buys = Wer Schock aus in einem Wurf wirft, gibt eine Runde aus.
# R-DEBT-2
rules-say-hille = Hille: Wer 2-2-1 aus der Hand wirft, gibt sofort eine Runde aus.
# R-TITLE-1
rules-say-pisswurf = Pisswurf: Bleibt der Anfänger nach dem ersten Wurf stehen, bekommt er den Titel – ohne Folgen für die Deckel.
# Hausregel quitter_pays
rules-say-quitter-pays = Wer ein laufendes Spiel verlässt, gibt eine Runde aus.
rules-say-details = Alle Schalter einzeln: { $surface ->
    [discord] /schocken regeln einstellung:details
    [telegram] /regeln details
   *[other] regeln details
}
rules-changed = Geändert:
rules-unchanged = { $why ->
    [renamed] Sonst ändert sich nichts: dieselben Spielregeln unter neuem Namen.
    [idle] Am Spiel ändert das nichts: der Schalter wirkt nur zusammen mit einem, der aus ist.
   *[same] Nichts geändert: Diese Regeln galten schon.
}
rules-now-deckel = Im Stock liegen jetzt { $deckel } Deckel (vorher { $before }).
rules-now-straight-penalty = Eine Straße kostet jetzt { $penalty } Deckel.
rules-now-straight-order = { $order ->
    [equal] Alle Straßen sind jetzt gleich hoch – vorn liegt, wer weniger Würfe brauchte.
   *[ascending] Jetzt schlägt die höhere Straße die niedrigere.
}
rules-now-hand = { $extras ->
    [yes] Straße, General und Zusatzwürfe
   *[no] Straße und General
} { $on ->
    [yes] zählen jetzt nur aus der Hand (ohne Pflücken).
   *[no] zählen jetzt auch gebaut (mit Pflücken).
}
rules-now-general = { $on ->
    [yes] Ein General schlägt jetzt Schock 2.
   *[no] Ein General schlägt Schock 2 nicht mehr: jeder Schock schlägt ihn.
}
rules-now-hand-beats-built = { $on ->
    [yes] Ein Schock aus, aus der Hand geworfen, schlägt jetzt einen gebauten.
   *[no] Ein Schock aus, aus der Hand geworfen, schlägt einen gebauten nicht mehr.
}
rules-now-later-schock-aus = { $on ->
    [yes] Von zwei gleichen Schock aus gewinnt jetzt der spätere.
   *[no] Bei zwei gleichen Schock aus gewinnt jetzt, wer weniger Würfe brauchte, sonst der frühere.
}
rules-now-baby = { $on ->
    [yes] Jetzt gilt Baby Schock Out Hand: 2-2-1 aus der Hand schlägt im Finale sogar Schock aus und beendet es.
   *[no] Baby Schock Out Hand gilt nicht mehr.
}
rules-now-sixes = { $on ->
    [yes] Zwei Sechsen werden jetzt zu einer Eins.
   *[no] Sechsen werden jetzt nicht mehr gedreht.
}
rules-now-flip = { $flip ->
    [extra_throw] Wer im letzten Wurf zwei Sechsen dreht, bekommt jetzt einen Wurf dazu.
    [in_place] Im letzten Wurf wird die Sechs jetzt an Ort und Stelle gedreht; die anderen Würfel bleiben liegen.
   *[forbidden] Drehen geht jetzt nur noch mit einem Wurf übrig.
}
rules-now-collect = { $on ->
    [yes] Sechsen dürfen jetzt gesammelt werden.
   *[no] Sechsen dürfen nicht mehr gesammelt werden.
}
rules-now-extras = { $count ->
    [0] Zusatzwürfe gibt es jetzt keine mehr.
    [one] Zusatzwurf jetzt: { $list }.
   *[other] Zusatzwürfe jetzt: { $list }.
}
rules-now-announced = { $on ->
    [yes] Zusatzwürfe zählen jetzt nur, wenn der Anfänger der Runde sie ansagt.
   *[no] Zusatzwürfe zählen jetzt auch ohne Ansage.
}
rules-now-blind = { $on ->
    [yes] Blind spielen ist jetzt erlaubt (doppelte Strafe, wenn der blinde Wurf der höchste ist).
   *[no] Blind spielen ist jetzt nicht mehr erlaubt.
}
rules-now-einwuerfeln = { $on ->
    [yes] Einwürfeln ist jetzt erlaubt: Wer raus ist, darf mitwürfeln.
   *[no] Einwürfeln ist jetzt nicht mehr erlaubt.
}
rules-now-schock-aus-buys = { $on ->
    [yes] Wer Schock aus in einem Wurf wirft, gibt jetzt eine Runde aus.
   *[no] Schock aus in einem Wurf kostet jetzt keine Runde mehr.
}
rules-now-hille = { $on ->
    [yes] Jetzt gilt die Hille: Wer 2-2-1 aus der Hand wirft, gibt eine Runde aus.
   *[no] Die Hille gilt nicht mehr.
}
rules-now-pisswurf = { $on ->
    [yes] Jetzt gibt es den Pisswurf: Bleibt der Anfänger nach dem ersten Wurf stehen, bekommt er den Titel.
   *[no] Den Pisswurf gibt es nicht mehr.
}
rules-now-quitter-pays = { $on ->
    [yes] Wer ein laufendes Spiel verlässt, gibt jetzt eine Runde aus.
   *[no] Wer ein laufendes Spiel verlässt, gibt jetzt keine Runde mehr aus.
}
# Der Tisch mit vielen Spielern: die letzte Runde kurz, damit die Nachricht in Discords
# 2000 Zeichen passt.
table-last-round-more = … { $count ->
    [one] 1 weiterer Wurf
   *[other] { $count } weitere Würfe
} …

history-by-game = vom Spiel
error-unknown-time-zone = Die Zeitzone „{ $zone }“ kenne ich nicht. Beispiele: Europe/Berlin, Europe/Vienna, Europe/Zurich.
error-nothing-owed = { $name } schuldet keine Runde.
error-nothing-owed-unknown = Diese Person schuldet hier keine Runde.
error-confirm-own = Ein anderes Mitglied muss deine Zahlung bestätigen.
error-already-claimed = Deine Zahlung wartet schon auf Bestätigung.
error-nothing-to-undo = Du hast nichts, was sich rückgängig machen ließe.
error-undo-expired = Rückgängig geht nur { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} lang.
error-no-such-page = { $pages ->
    [0] Diese Seite gibt es nicht – das Deckelbuch ist noch leer.
    [one] Diese Seite gibt es nicht – es gibt nur 1 Seite.
   *[other] Diese Seite gibt es nicht – es gibt { $pages } Seiten.
}
error-storage = Das konnte ich nicht speichern – es hat sich nichts geändert, bitte nochmal.
error-busy = Gerade ist hier zu viel los – es hat sich nichts geändert, bitte gleich nochmal.
error-unreachable = Der Tisch ist gerade nicht erreichbar (die Datenbank ist nicht verfügbar) – es hat sich nichts geändert. Versuch es in ein paar Sekunden nochmal.
error-internal = Da ist etwas schiefgegangen – es hat sich nichts geändert. Bitte versuch es nochmal.
# Fehler, bevor ein Discord-Befehl läuft ($command: der Befehl, wie Discord ihn dem Nutzer zeigt, z. B. /schocken verlauf)
error-discord-option = Eine Angabe zu { $command } kann ich nicht lesen – es hat sich nichts geändert. { $surface ->
    [discord] Was wohin gehört, zeigt /schocken hilfe.
   *[plain] Was wohin gehört, zeigt die Hilfe.
}
error-discord-outdated = { $command } kam in einer Form an, die ich nicht kenne – wahrscheinlich zeigt dein Discord noch eine ältere Fassung des Befehls. Es hat sich nichts geändert. Lade Discord neu (Strg+R) und versuch es nochmal.
error-discord-unknown-command = Diesen Befehl kenne ich nicht (mehr) – wahrscheinlich zeigt dein Discord noch eine ältere Liste. Lade Discord neu (Strg+R); { $surface ->
    [discord] alle Befehle zeigt /schocken hilfe.
   *[plain] alle Befehle zeigt die Hilfe.
}
error-discord-subcommand = Was soll ich tun? { $surface ->
    [discord] Zum Beispiel /schocken neu – alle Befehle zeigt /schocken hilfe.
   *[plain] Alle Befehle zeigt die Hilfe.
}
error-discord-cooldown = Nicht so schnell – { $command } geht in { $seconds ->
    [one] einer Sekunde
   *[other] { $seconds } Sekunden
} wieder.
error-discord-bot-permissions = Mir fehlen in diesem Kanal Berechtigungen für { $command }. Jemand mit dem Recht „Server verwalten“ kann sie mir geben.
error-discord-user-permissions = Dir fehlen in diesem Kanal die Berechtigungen für { $command }.
error-discord-not-allowed = { $command } darfst du hier nicht benutzen.
error-discord-owner-only = { $command } darf nur der Betreiber des Bots benutzen.
error-discord-server-only = { $command } geht nur auf einem Server, nicht in Direktnachrichten.
error-discord-dm-only = { $command } geht nur in Direktnachrichten an den Bot.
error-discord-nsfw-only = { $command } geht nur in Kanälen mit Altersbeschränkung.
error-game-over = Das Spiel ist vorbei.
error-unknown-seat = Diesen Platz gibt es nicht.
error-player-left = Du bist ausgestiegen.
error-not-in-round = Du spielst diese Runde nicht mit.
error-not-your-turn = Du bist nicht dran – { $name } ist dran.
error-already-finished = Du bist in dieser Runde schon fertig.
error-announcement-pending = Erst sagt { $name } die Zusatzwürfe an.
error-not-announcing = Ansagen geht nur vor der Runde.
error-not-starter = Ansagen darf nur, wer die Runde anfängt ({ $name }).
error-extra-not-in-rules = Den Zusatzwurf { $extra } gibt es nach diesen Regeln nicht.
error-no-throws-left = Du hast keinen Wurf mehr (Vorgabe: { $limit ->
    [one] 1 Wurf
   *[other] { $limit } Würfe
}).
error-must-throw = Nach dem Drehen muss die Sechs zurück in den Becher: erst würfeln.
error-nothing-to-keep = Welche Würfel? { $surface ->
    [discord] Zum Beispiel: /schocken halten würfel:1 1
    [telegram] Zum Beispiel: /halten 1 1
    [terminal] Zum Beispiel: h 1 1
   *[plain] Zum Beispiel: 1 1
}
error-invalid-die = Ein Würfel zeigt 1 bis 6, nicht { $value }.
error-not-in-cup = Im Becher liegt keine { $value }.
error-leave-one = Mindestens ein Würfel muss im Becher bleiben.
error-rethrow-six = Die zurückgelegte Sechs muss neu geworfen werden.
error-sixes-off = Nach diesen Regeln werden keine Sechsen gedreht.
error-no-two-sixes = Zum Drehen brauchst du zwei Sechsen im letzten Wurf.
error-no-two-sixes-collected = Zum Drehen brauchst du zwei Sechsen – im letzten Wurf oder herausgelegt gesammelt.
error-flip-needs-throw = Drehen geht nach diesen Regeln nur mit einem Wurf übrig.
error-blind-off = Blind ist nach diesen Regeln nicht erlaubt.
error-blind-after-look = Blind geht nur, bevor du unter den Becher schaust.
error-throw-in-off = Einwürfeln ist nach diesen Regeln nicht erlaubt.
error-not-out = Einwürfeln kann nur, wer raus ist.
error-already-throwing-in = Du würfelst dich schon ein.
error-real-dice = Bei diesem Spiel fallen die Würfel am echten Tisch – trag stattdessen die ganze Runde ein.

## Inhalte
content-debts-title = 🍺 Offene Runden:
content-debts-line = { $name }: { $rounds ->
    [one] 1 Runde
   *[other] { $rounds } Runden
}
content-debts-none = Niemand schuldet eine Runde. Prost!
content-history-title = Deckelbuch (Seite { $page } von { $pages }, neueste zuerst):
content-history-line = #{ $id } { $time } · { $kind } · { $name } { $rounds } · { $reason } · { $actor }
content-history-none = Das Deckelbuch ist noch leer.
kind-debt = Schuld
kind-paid = bezahlt
kind-claim = sagt bezahlt
kind-reversal = Storno
content-stats-title = Statistik, Saison { $season }:
content-stats-line = { $name }: { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, { $lost } verloren, { $halves ->
    [one] 1 Hälfte
   *[other] { $halves } Hälften
} verloren, { $finals ->
    [one] 1 Finale
   *[other] { $finals } Finale
}, { $blatt ->
    [one] 1 Blattschuss
   *[other] { $blatt } Blattschüsse
}, { $aus }× Schock aus{ $best }
content-stats-best = , bester Wurf: { $throw }
content-stats-none = Noch keine Spiele in dieser Saison.
content-rules-title = Regeln: { $name }
content-rules-timer = Zugtimer: { $seconds ->
    [0] aus
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}
content-export = Deckelbuch als CSV-Datei.
content-help = { $surface ->
    [discord]
        🎲 Schocken – so geht's, alles unter /schocken:
        { $new }: Tisch aufmachen · { $join } · { $bot } [name:…] [stufe:stark|einfach]: ein Computer spielt mit · { $start }: Spiel starten (Auswürfeln)
        { $roll } (blind:True: ohne hinzuschauen) · { $keep } würfel:1 1 (Würfel herauslegen) · { $flip }: zwei Sechsen zur Eins · { $stand }
        { $table }: Tisch zeigen · { $reveal }: letzte Runde · { $leave } · { $kick } spieler:@Name · { $end }
        { $rules }: in Worten (einstellung:details: alle Schalter), mit einstellung:… oder zeitzone:… setzen (Server verwalten) · { $debts }: offene Runden · { $paid } spieler:@Name · { $history } (csv:True: als Datei) · { $undo } · { $stats }
        { $judge } runde:… – Schiedsrichter für einen echten Tisch, z. B. runde:Anna 665 3, Ben 114 2 gebaut, Cem 221 1 (Finalrunde: finale: davor)
        Echte Würfel, der Bot zählt: { $new } modus:zählen · { $start } anfänger:@Name (wer anfängt) · je Runde { $round } zeile:Anna 665 3, Ben 114 2 gebaut (kurz: zeile:Anna 4) · { $undo }
        Prüfbare Würfel: { $seed } text:… (vor dem Start) · { $verify } [spiel:Nr.]: ein Spiel nachrechnen · { $fairness }: Würfelstatistik
        Verein, alles unter /verein: { $night } aktion:start [spät-ab:19:30] · { $here }: anmelden · { $night }: Stand · { $night } aktion:ende (Admins) · { $penalties } · { $cash } · { $pay } [spieler:@Name] betrag:5 · { $cashbook } · { $cancel } · { $ratings } · { $championship }
        Schockturnier, alles unter /{ $tournament }: /{ $tournament } hilfe zeigt jedes Wort (angaben:… für den Rest)
        Die eigenen Würfel sieht nur, wem sie gehören. 💡 Tipp unter deinem Becher: die besten Züge nach den genauen Chancen, nur für dich (aus: { $rules } einstellung:hints=off).
    [telegram]
        🎲 Schocken – so geht's:
        /{ $new }: Tisch aufmachen · /{ $join }: mitspielen · /{ $start }: Spiel starten (Auswürfeln)
        /{ $bot } [Name] [einfach|stark]: Computer mitspielen lassen · /{ $hint }: privater Tipp, wenn du dran bist (aus: /{ $rules } hints=off)
        /{ $roll } · /{ $keep } 1 1: Würfel herauslegen · /{ $flip }: zwei Sechsen zur Eins · /{ $stand } · /{ $blind }
        /{ $table }: Tisch zeigen · /{ $reveal }: letzte Runde · /{ $leave } · /{ $kick } Name · /{ $end }
        /{ $debts }: offene Runden · /{ $paid } Name · /{ $history } · /{ $undo } · /{ $export } · /{ $stats }
        /{ $rules }: in Worten · /{ $rules } details: alle Schalter · Admins der Gruppe: /{ $rules } setzen, /{ $timer }, /{ $timezone }, /{ $newseason }
        /{ $judge }: Schiedsrichter für einen echten Tisch, z. B. /{ $judge } Anna 665 3, Ben 114 2 gebaut, Cem 221 1 (Finalrunde: finale: davor)
        Prüfbare Würfel: /{ $seed } Text (vor dem Start) · /{ $verify } [Nr.]: ein Spiel nachrechnen · /{ $fairness }: Würfelstatistik
        Echte Würfel, der Bot zählt: /{ $new } zählen · /{ $start } Name (wer anfängt) · je Runde /{ $round } Anna 665 3, Ben 114 2 gebaut (kurz: /{ $round } Anna 4) · /{ $undo }
        Clubabend: /{ $night } start [19:30] · /{ $here }: anmelden · /{ $night }: Stand · /{ $night } ende (Admins) · /{ $penalties }: Strafenkatalog · /{ $cash } · /{ $pay } [Name] 5 · /{ $cashbook } [export] · /{ $cancel } · /{ $ratings } · /{ $championship }
        Schockturnier: /{ $tournament } hilfe
        Die eigenen Würfel sieht nur, wem sie gehören.
    [terminal]
        🎲 Schocken – so geht's:
        { $roll }: würfeln · { $keep } 1 1: Würfel herauslegen · { $flip }: zwei Sechsen zur Eins · { $stand }: stehen · { $blind }: blind
        { $table }: Tisch zeigen · { $reveal }: letzte Runde · { $leave } · { $kick } NAME · { $end } · { $quit }: Pause
        { $rules } (details: alle Schalter) · { $debts }: offene Runden · { $paid } NAME · { $history } · { $undo } · { $export } · { $stats }
        { $judge }: Schiedsrichter für einen echten Tisch, z. B. „{ $judge } Anna 665 3, Ben 114 2 gebaut, Cem 221 1“
        { $verify } [Nr.]: ein Spiel nachrechnen · { $fairness }: Würfelstatistik
        Echte Würfel, der Bot zählt: schocken --tally, dann je Runde „{ $round } Anna 665 3, Ben 114 2 gebaut“ (kurz: „{ $round } Anna 4“)
        Clubabend: { $night } start [19:30] · NAME: { $here } · { $night }: Stand · { $night } ende · { $penalties }: Strafenkatalog · { $cash } · NAME: { $pay } [NAME] 5 · { $cashbook } [export] · { $cancel } · { $ratings } · { $championship }
        Schockturnier: { $tournament } hilfe
        { $help } zeigt alle Befehle.
   *[plain]
        🎲 Schocken – so geht's:
        { $new }: Tisch aufmachen · { $join } · { $start }: Spiel starten (Auswürfeln)
        { $roll } · { $keep } 1 1: Würfel herauslegen · { $flip }: zwei Sechsen zur Eins · { $stand } · { $blind }
        { $table }: Tisch zeigen · { $reveal }: letzte Runde · { $leave } · { $kick } NAME · { $end }
        { $rules }: anzeigen (details: alle Schalter) oder setzen (Admins) · { $debts }: offene Runden · { $paid } NAME · { $history } · { $undo } · { $export } · { $stats }
        { $judge }: Schiedsrichter für einen echten Tisch, z. B. „Anna 665 3, Ben 114 2 gebaut, Cem 221 1“
        Prüfbare Würfel: { $seed } TEXT (vor dem Start) · { $verify } [Nr.]: ein Spiel nachrechnen · { $fairness }: Würfelstatistik
        Echte Würfel, der Bot zählt: { $new } zählen · { $start } NAME (wer anfängt) · je Runde { $round } Anna 665 3, Ben 114 2 gebaut (kurz: { $round } Anna 4) · { $undo }
        Clubabend: { $night } start [19:30] · { $here } · { $night } ende (Admins) · { $penalties } · { $cash } · { $pay } [NAME] 5 · { $cashbook } · { $cancel } · { $ratings } · { $championship }
        Schockturnier: { $tournament } hilfe
        Die eigenen Würfel sieht nur, wem sie gehören.
}
debt-paid = bezahlt
debt-claim = sagt bezahlt
debt-undo = rückgängig
error-look-first = Schau erst unter deinen Becher { $surface ->
    [terminal] (Enter drücken).
   *[plain] („Mein Becher“).
}
error-bad-argument = Das verstehe ich nicht: „{ $text }“.
error-nothing-revealed = In diesem Spiel ist noch keine Runde aufgedeckt.
error-below-one = Gezählt wird ab 1: „{ $text }“ gibt es nicht.
error-text-after-command = Hinter diesem Befehl steht nichts – mit „{ $text }“ dahinter habe ich ihn nicht ausgeführt. Es hat sich nichts geändert.
error-bad-button = Dieser Knopf ist ungültig – er gehört zu keinem Tisch.

## Provably fair dice
table-proof = 🔐 Prüfbare Würfel · Spiel { $game } · Client-Seed: { $client }
table-proof-commitment = Commitment: { $commitment }
table-proof-seed = Server-Seed: { $seed } · { $throws ->
    [one] 1 Wurf
   *[other] { $throws } Würfe
}
proof-mismatch-extra = Wurf { $n } gab es in diesem Spiel nicht
notice-client-seed = { $name } setzt den Client-Seed auf „{ $seed }“.
error-seed-fixed = Der Client-Seed steht fest, sobald das Spiel läuft.{ $surface ->
    [terminal] {" "}Am Terminal setzt du ihn vor dem Start mit: schocken --client-seed TEXT
   *[other] {""}
}
error-bad-client-seed = Ein Client-Seed ist ein Text mit 1 bis { $max } Zeichen.
error-no-such-game = In diesem Chat gibt es kein Spiel { $game }.
error-no-proof-yet = Dieses Spiel lief noch vor den prüfbaren Würfeln.
content-proof-running =
    Spiel { $game } läuft noch – der Server-Seed bleibt bis zum Spielende geheim.
    Commitment: { $commitment }
    Client-Seed: { $client }
content-proof-last = Das letzte beendete Spiel prüfst du mit { $surface ->
    [discord] /schocken prüfen spiel:{ $game }
    [telegram] /pruefen { $game }
    [terminal] „verify { $game }“
   *[plain] „verify { $game }“
}.
content-proof-ok = Spiel { $game }: { $throws ->
    [0] keine Würfe
    [one] der eine Wurf passt
   *[other] alle { $throws } Würfe passen
} zum Commitment. In der Datei steht jeder Wurf – nachrechnen kann ihn jeder mit SHA-256 und HMAC.
content-proof-bad = Spiel { $game }: Achtung, { $what }!
content-proof-predates = Spiel { $game } lief noch vor den prüfbaren Würfeln – da gibt es nichts nachzurechnen.
proof-mismatch-commitment = der Server-Seed passt nicht zum Commitment
proof-mismatch-missing = Wurf { $n } fehlt
proof-mismatch-dice = Wurf { $n } passt nicht: gespeichert { $recorded }, der Seed ergibt { $drawn }
content-fairness-none = Noch kein beendetes Spiel mit prüfbaren Würfeln – noch nichts zu zählen.
content-fairness-title = 🎲 Würfelstatistik: { $dice ->
    [one] ein Würfel
   *[other] { $dice } Würfel
} aus { $games ->
    [one] einem Spiel
   *[other] { $games } Spielen
}
content-fairness-face = { $face }: { $count }× (erwartet { $expected })
content-fairness-test = Chi-Quadrat-Test: { $chi } bei 5 Freiheitsgraden, p { $p }
content-fairness-fine = Das liegt im Rahmen dessen, was faire Würfel liefern.
content-fairness-odd = So eine Abweichung ist bei fairen Würfeln selten (p unter 1 %) – bei vielen Runden kommt sie trotzdem mal vor.

## Terminal
console-welcome = 🎲 Schocken im Terminal – Tisch „{ $table }“.
console-continue = Hier läuft noch ein Spiel – es geht weiter, wo ihr aufgehört habt.
console-ask-players = Wer spielt mit? Namen durch Komma getrennt (1 bis 6):
console-ask-bots = Wie viele Computerspieler dazu? (0 bis { $max })
console-bad-players = Bitte 1 bis 6 verschiedene Namen, durch Komma getrennt.
console-bad-bots = Bitte eine Zahl von 0 bis { $max }.
console-too-few = Zusammen braucht es mindestens zwei Spieler.
console-bot-name = Computer { $n }
console-handoff = ➡ Gib an { $name } weiter und drück Enter.
console-prompt = { $name }>
console-saved = Tisch gespeichert. Weiter geht's mit: schocken
console-goodbye = Das Spiel ist vorbei. Prost!
console-unknown = Unbekannter Befehl „{ $text }“ – ? zeigt die Befehle.
console-record-saved = Spielprotokoll gespeichert in { $path } – nachprüfen mit: schocken verify { $path }
console-verify-hint = Die Würfel dieses Spiels prüfen: beim nächsten Start von schocken „verify { $game }“ eingeben.
console-exported = Deckelbuch gespeichert in { $path }.
console-cash-exported = Kassenbuch gespeichert in { $path }.
console-not-saved = { $path } ließ sich nicht speichern: { $why ->
        [missing-folder] Diesen Ordner gibt es nicht.
        [denied] Dort darf ich nicht schreiben.
        [folder] Das ist ein Ordner – bitte einen Dateinamen angeben.
       *[other] Die Datei ließ sich nicht schreiben.
    } Am Tisch hat sich nichts geändert.
console-night-picture = Das Bild des Abends ist gespeichert in { $path }.
console-keys =
    Befehle: { $roll } = würfeln · { $keep } 1 1 = halten · { $flip } = Sechsen drehen · { $stand } = stehen · { $blind } = blind
    { $announce } [jule 221 331] = ansagen · { $throw-in } = einwürfeln · { $table } = Tisch · { $reveal } · Enter = mein Becher
    { $hint } = die besten Züge nach den genauen Chancen (wenn du dran bist)
    { $debts } · { $history } [Seite] · { $paid } NAME · { $undo } · { $stats } · { $export } [Datei]
    { $verify } [Nr.] = Würfel eines Spiels nachrechnen · { $fairness } = Würfelstatistik
    { $rules } [details | Variante schalter=wert] · { $timezone } ZONE · { $kick } NAME · { $leave } · { $end } · { $judge } TEXT · { $quit } = Pause
    Als anderer Spieler: NAME: Befehl (z. B. „Ben: { $paid } Anna“)
    Verein: { $night } [start 19:30 | ende] · NAME: { $here } · { $penalties } [schlüssel=wert] · { $cash } · NAME: { $pay } [NAME] BETRAG · { $cashbook } [Seite | export | excel] · { $cancel } [Nr.] · { $ratings } · { $championship }
    Schockturnier: { $tournament } hilfe
    (am Terminal ist jeder Admin; jedes Mitglied handelt mit „NAME: Befehl“, auch wer nicht mitspielt)

## Zählmodus (echte Würfel)
error-tally-not-tally = Bei diesem Spiel würfelt der Bot selbst – Runden trägt man nur bei einem Spiel mit echten Würfeln ein.
error-tally-not-in-round = { $name } spielt diese Runde nicht mit.
error-tally-twice = { $name } steht zweimal in der Zeile.
error-tally-missing = { $name } spielt diese Runde mit, fehlt aber in der Zeile.
error-tally-order = Bitte in Wurfreihenfolge, der Anfänger vorn: { $names }.
error-tally-die = { $name }: Ein Würfel zeigt 1 bis 6, nicht { $value }.
error-tally-throw-count = { $name }: Mit { $throws ->
    [one] einem Wurf
   *[other] { $throws } Würfen
} geht das nicht – möglich { $max ->
    [one] ist nur ein Wurf
   *[other] sind 1 bis { $max } Würfe
}.
error-tally-over-limit = { $name }: { $throws ->
    [one] ein Wurf ist
   *[other] { $throws } Würfe sind
} mehr als die Vorgabe ({ $limit ->
    [one] ein Wurf
   *[other] { $limit } Würfe
}).
error-tally-blind-off = { $name }: Blind gibt es bei diesen Regeln nicht.
error-tally-blind-single = { $name }: Blind ist ein einziger Wurf aus der Hand.
error-tally-penalty = Eine Runde kostet 1 bis { $max } Deckel.
error-tally-from-stock = Solange der Stock Deckel hat, kommen sie aus dem Stock – ohne „von …“.
error-tally-from-missing = Der Stock ist leer: Sag, von wem die Deckel kommen, z. B. „Anna 4 von Ben“.
error-tally-from-loser = Die Deckel kommen vom Gewinner der Runde, nicht vom Verlierer selbst.
error-starter-by-roll-off = Wer anfängt, entscheidet das Auswürfeln.
error-computer-real-dice = Ein Computer kann nicht mit echten Würfeln spielen.
error-hints-off = { $surface ->
    [discord] Tipps sind in diesem Chat aus (ein Admin schaltet sie mit „/schocken regeln einstellung:hints=on“ an).
    [telegram] Tipps sind in diesem Chat aus (ein Admin schaltet sie mit „/regeln hints=on“ an).
   *[other] Tipps sind aus (anschalten mit „regeln hints=on“).
}
error-no-hint-now = Einen Tipp gibt es, wenn du dran bist und unter deinen Becher geschaut hast.
notice-round-entered = { $by } hat die Runde eingetragen.
notice-round-taken-back = { $by } hat die letzte Runde zurückgenommen.
notice-debt-taken-back = 🍺 Die Runde von { $name } ist gestrichen (im Deckelbuch zurückgebucht).
table-title-lobby-tally = 🎲 Schocken-Tisch von { $opener } · echte Würfel, der Bot zählt · Regeln: { $rules }
table-lobby-hint-tally = Mitspielen mit „Mitspielen“; los geht's mit „Los“ (ab 2 Spielern). Gewürfelt wird am echten Tisch, der Bot führt Deckel, Hälften und Bierrunde. Wer das Auswürfeln gewonnen hat, nennt ihr beim Start (los mit Namen); sonst fängt die Sitzreihenfolge an.
table-title-tally = 🎲 Schocken mit echten Würfeln · { $part }, Runde { $round } · Regeln: { $rules }
table-player-plays = spielt mit
table-tally-turn = { $name } fängt an. Wenn alle geworfen haben, tragt die Runde mit „runde“ in Wurfreihenfolge ein, z. B. „{ $example }“ – oder kurz „{ $name } 3“ (bekommt 3 Deckel) bzw. „{ $name } aus“ (Schock aus).
error-real-dice-game = Spiel { $game } lief mit echten Würfeln – da hat der Bot keine Würfel nachzurechnen.
console-tally-prompt = Runde (z. B. „Anna 665 3, Ben 114 2 gebaut“ oder „Anna 4“; ? = Befehle):
console-tally-over = Enter beendet – „rückgängig“, falls die letzte Runde falsch eingetragen ist, oder ein Vereinsbefehl (z. B. „abend ende“):
console-tally-keys =
    Eine Runde eintragen, in Wurfreihenfolge: NAME Würfel [Würfe] [gebaut|blind], … (z. B. „Anna 665 3, Ben 114 2 gebaut, Cem 221“)
    Kurz: NAME N = bekommt N Deckel · NAME N von NAME = vom Gewinner (Stock leer) · NAME aus = Schock aus
    { $undo } = letzte Runde zurücknehmen · { $table } = Tisch · { $debts } · { $history } · { $stats } · { $export } [Datei] · { $end } · { $quit } = Pause
    { $announce } [jule 221 331] = ansagen (als Anfänger: „NAME: { $announce } jule“) · { $throw-in } = einwürfeln („NAME: { $throw-in }“)
    Verein: { $night } [start 19:30 | ende] · NAME: { $here } · { $penalties } [schlüssel=wert] · { $cash } · NAME: { $pay } [NAME] BETRAG · { $cashbook } [Seite | export | excel] · { $cancel } [Nr.] · { $ratings } · { $championship }
    Schockturnier: { $tournament } hilfe
    (am Terminal ist jeder Admin; jedes Mitglied handelt mit „NAME: Befehl“, auch wer nicht mitspielt)

## Befehle: die Beschreibung jedes Befehls in einer Zeile (Discord: die Registrierung, Telegram: das Befehlsmenü)
cmd-new = { $surface ->
    [discord] Einen Tisch in diesem Kanal aufmachen
   *[telegram] Tisch aufmachen (/neu zählen: echte Würfel, der Bot zählt)
}
cmd-join = { $surface ->
    [discord] Am Tisch mitspielen, bevor das Spiel beginnt
   *[telegram] Mitspielen
}
cmd-leave = { $surface ->
    [discord] Den Tisch verlassen
   *[telegram] Aussteigen
}
cmd-start = { $surface ->
    [discord] Das Spiel starten
   *[telegram] Spiel starten
}
cmd-roll = { $surface ->
    [discord] Die Würfel unter deinem Becher werfen
   *[telegram] Würfeln
}
cmd-keep = { $surface ->
    [discord] Würfel vor dem nächsten Wurf herauslegen
   *[telegram] Würfel herauslegen, z. B. /halten 1 1
}
cmd-flip = { $surface ->
    [discord] Zwei Sechsen zu einer Eins drehen
   *[telegram] Zwei Sechsen zur Eins drehen
}
cmd-stand = { $surface ->
    [discord] Mit dem Wurf stehen bleiben
   *[telegram] Stehen bleiben
}
cmd-blind = Blind spielen
cmd-announce = Als Anfänger die Zusatzwürfe der Runde ansagen, z. B. a jule
cmd-throw-in = Einwürfeln: wer raus ist, würfelt wieder mit
cmd-reveal = { $surface ->
    [discord] Die letzte Runde aufgedeckt zeigen
   *[telegram] Letzte Runde zeigen
}
cmd-table = { $surface ->
    [discord] Den Tisch als neue Nachricht zeigen
   *[telegram] Tisch zeigen
}
cmd-rules = { $surface ->
    [discord] Regeln und Zeitzone zeigen oder setzen (Server verwalten)
   *[telegram] Regeln in Worten; /regeln details: alle Schalter (Admins: setzen)
}
cmd-kick = { $surface ->
    [discord] Einen Spieler vom Tisch nehmen (wer aufgemacht hat oder Server verwalten)
   *[telegram] Spieler entfernen (antworten oder Namen nennen)
}
cmd-end = { $surface ->
    [discord] Das Spiel ohne Schulden beenden (wer aufgemacht hat oder Server verwalten)
   *[telegram] Spiel ohne Bierrunde beenden
}
cmd-debts = { $surface ->
    [discord] Wer eine Runde schuldet
   *[telegram] Offene Runden
}
cmd-paid = { $surface ->
    [discord] Eine Runde wurde bezahlt (ein anderes Mitglied bestätigt)
   *[telegram] Runde bezahlt (dem Zahler antworten oder Namen nennen)
}
cmd-history = { $surface ->
    [discord] Das Deckelbuch, neueste zuerst, oder als CSV-Datei
   *[telegram] Verlauf der Deckel, seitenweise
}
cmd-undo = { $surface ->
    [discord] Deinen letzten Eintrag im Deckelbuch oder die zuletzt eingetragene Runde zurücknehmen
   *[telegram] Letzten eigenen Eintrag oder die zuletzt eingetragene Runde zurücknehmen
}
cmd-export = Verlauf als CSV-Datei
cmd-night = { $surface ->
    [discord] Clubabend: Stand zeigen; eröffnen oder beenden (Server verwalten)
   *[other] Clubabend: zeigen, „start [19:30]“ eröffnen, „ende“ beenden (Admins)
}
cmd-check-in = Beim Clubabend anmelden: ich bin da
cmd-penalties = { $surface ->
    [discord] Strafenkatalog zeigen oder ändern (Server verwalten)
   *[other] Strafenkatalog zeigen oder ändern (Admins)
}
cmd-cash = Kasse: wer schuldet wie viel, was in bar da ist
cmd-pay = In die Kasse eingezahlt (ein anderes Mitglied bestätigt)
cmd-cashbook = { $surface ->
    [discord] Kassenbuch, seitenweise, oder als Datei (CSV oder Excel)
   *[other] Kassenbuch, seitenweise; „export“ als CSV, „excel“ als Tabelle
}
cmd-cancel = Eigene Einzahlung zurücknehmen; mit Nummer: eine gebuchte Einzahlung (Admins: jede)
cmd-ratings = Rangliste nach Spielstärke
cmd-championship = Vereinsmeisterschaft dieser Saison
cmd-tournament = Schockturnier: Anmeldung, Auslosung, Ergebnisse, Stand („turnier hilfe“ zeigt alles)
cmd-stats = Statistik dieser Saison
cmd-judge = { $surface ->
    [discord] Schiedsrichter für einen echten Tisch: wer bekommt wie viele Deckel
   *[telegram] Schiedsrichter für einen echten Tisch
}
cmd-help = { $surface ->
    [discord] So spielt man mit diesem Bot
   *[telegram] So geht's
}
cmd-timer = Zugzeit in Sekunden, 0 = aus (Admins)
cmd-timezone = Zeitzone der Gruppe, z. B. Europe/Vienna (Admins)
cmd-newseason = Saison abschließen (Admins)
cmd-seed = { $surface ->
    [discord] Den Client-Seed der Würfel vor dem Start setzen (wer am Tisch sitzt)
   *[telegram] Client-Seed der Würfel setzen (vor dem Start), z. B. /seed Stammtisch
}
cmd-verify = { $surface ->
    [discord] Die Würfel eines Spiels nachrechnen: das neueste oder Spiel Nr. N
   *[telegram] Würfel eines Spiels nachprüfen, z. B. /pruefen 12
}
cmd-fairness = { $surface ->
    [discord] Die Würfelstatistik dieses Kanals, mit Diagramm
   *[telegram] Würfelstatistik des Chats mit Chi-Quadrat-Test
}
cmd-round = { $surface ->
    [discord] Echte Würfel: die Runde eintragen, die am Tisch gefallen ist
   *[telegram] Runde eines echten Tisches eintragen, z. B. /runde Anna 665 3, Ben 114 2 gebaut
}
cmd-bot = { $surface ->
    [discord] Einen Computer mitspielen lassen (wer aufgemacht hat oder Server verwalten, vor dem Start)
   *[telegram] Computer mitspielen lassen, z. B. /bot Robbi einfach (Stufe: einfach oder stark)
}
cmd-hint = Privater Tipp für deinen Zug (nachdem du unter den Becher geschaut hast)
cmd-quit = Das Terminal verlassen; der Tisch bleibt gespeichert
cmd-welcome = Den privaten Chat starten: dein Becher kommt hierher

## The web page (Telegram Mini App, Discord Activity, local play)
web-refused-frame = Das hat die Seite nicht verstanden – es hat sich nichts geändert.
web-refused-button = Diesen Knopf gibt es an diesem Tisch nicht – es hat sich nichts geändert.
web-refused-word = Das geht hier nicht – es hat sich nichts geändert.
web-refused-name = Ein Name braucht 1 bis 32 Zeichen.
web-bye = Der Bot macht gerade Pause. Die Seite verbindet sich gleich neu.
web-login-refused = Die Anmeldung hat nicht geklappt. Öffne den Tisch bitte noch einmal aus dem Chat.
web-login-not-offered = So kann man sich hier nicht anmelden. Öffne den Tisch bitte aus dem Chat.
web-no-table = Diesen Tisch gibt es nicht. Öffne ihn bitte noch einmal aus dem Chat.
web-not-member = Dieser Tisch gehört einer Gruppe, in der du nicht bist. Mitspielen und zuschauen können nur ihre Mitglieder.
web-unavailable = Gerade ist keine Anmeldung möglich – bitte versuch es gleich noch einmal.
web-session-expired = Die Sitzung ist abgelaufen. Lade die Seite bitte neu.
web-too-many = Du hast den Tisch schon in zu vielen Fenstern offen. Schließ eins davon.
cli-web-open = Der Tisch ist offen: { $url } – im Browser öffnen. Strg+C beendet (das Spiel bleibt gespeichert).
cli-web-not-local = { $addr } ist nicht nur auf diesem Rechner erreichbar: an diesem Tisch spielt jeder jeden Platz. Nimm 127.0.0.1 (zum Beispiel --addr 127.0.0.1:8080).
button-play = 🎲 Am Tisch spielen

## Clubabende, Strafenkatalog, Kasse, Rangliste, Meisterschaft (issue 25)
club-night-opened = 🍺 Der Clubabend ist eröffnet! Wer da ist, meldet sich mit { $surface ->
    [discord] /verein da
    [telegram] /da
    [terminal] „NAME: da“
   *[plain] „da“
} an. Jedes Spiel an den Tischen des Clubs zählt bis zum Ende des Abends.
club-night-opened-late = 🍺 Der Clubabend ist eröffnet! Wer da ist, meldet sich mit { $surface ->
    [discord] /verein da
    [telegram] /da
    [terminal] „NAME: da“
   *[plain] „da“
} an – ab { $time } Uhr gilt man als zu spät. Jedes Spiel an den Tischen des Clubs zählt bis zum Ende des Abends.
club-checked-in = ✅ { $name } ist da.
club-checked-in-late = ✅ { $name } ist da – zu spät.
club-already-checked-in = { $name } ist schon seit { $time } Uhr da.
club-night-closed = 🍺 Der Clubabend ist beendet. Die Strafen sind in der Kasse gebucht.
club-night-title-open = 🍺 Clubabend { $date }, seit { $from } Uhr – Stand jetzt
club-night-title-closed = 🍺 Clubabend { $date }, { $from }–{ $to } Uhr
club-night-figures = { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
} · { $rounds ->
    [one] 1 Bierrunde
   *[other] { $rounds } Bierrunden
} · Strafen { $total }
club-night-figures-valued = { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
} · { $rounds ->
    [one] 1 Bierrunde
   *[other] { $rounds } Bierrunden
} ({ $value }) · Strafen { $total }
club-night-nobody = Noch hat sich niemand angemeldet und niemand gespielt.
club-night-line = { $name }{ $late ->
    [yes] {" "}(zu spät)
   *[no] {""}
}: { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, { $lost } verloren, { $halves ->
    [one] 1 Hälfte
   *[other] { $halves } Hälften
}, { $schock ->
    [0] {""}
    [one] 1 × Schock aus kassiert,{" "}
   *[other] { $schock } × Schock aus kassiert,{" "}
}{ $rounds ->
    [one] 1 Bierrunde
   *[other] { $rounds } Bierrunden
} – { $penalties }
club-night-line-balance = { $line } · Kasse danach: { $balance }
club-night-line-absent = { $name } (fehlt): { $penalties }
club-night-best = Bester Wurf des Abends: { $throw } ({ $name })
club-night-box = Kasse: { $owed } offen, { $cash } in bar
club-presence-present = da
club-presence-late = zu spät
club-presence-absent = fehlt
club-col-player = Mitglied
club-col-games = Spiele
club-col-lost = Verloren
club-col-halves = Hälften
club-col-schock = Schock aus
club-col-rounds = Bierrunden
club-col-penalties = Strafen
club-col-fee = Gebühr
club-col-late-fee = Zu spät
club-col-lost-money = Verl. Spiele €
club-col-halves-money = Hälften €
club-col-schock-money = Schock aus €
club-col-rounds-money = Bierrunden €
club-col-absent = Schnitt
club-col-balance = Kontostand
club-night-absent-share = { $present ->
    [one] Wer fehlt, zahlt so viel wie der einzige Anwesende: { $share }.
   *[other] Wer fehlt, zahlt den Schnitt der { $present } Anwesenden: { $total } ÷ { $present } = { $share }{ $rounded ->
        [yes] {" "}(auf den Cent abgerundet)
       *[no] {""}
    }.
}
club-balance-word-owes = offen { $amount }
club-balance-word-credit = Guthaben { $amount }
club-balance-word-square = bezahlt
club-catalogue-title = Strafenkatalog:
club-catalogue-line = { $label } ({ $key }): { $value }
club-catalogue-how = Admins ändern ihn mit { $surface ->
    [discord] /verein strafen werte:spiel=0,50 haelfte=0,20
    [telegram] /strafen spiel=0,50 haelfte=0,20
    [terminal] „strafen spiel=0,50 haelfte=0,20“
   *[plain] „strafen spiel=0,50 haelfte=0,20“
}.
club-catalogue-changed = Der Strafenkatalog ist geändert.
club-key-spiel = Verlorenes Spiel
club-key-haelfte = Verlorene Hälfte
club-key-schockaus = Schock aus kassiert
club-key-bierrunde = Bierrunde
club-key-abend = Abendgebühr
club-key-zuspaet = Zu spät
club-key-abwesend = Wer fehlt, zahlt
club-key-rundenpreis = Preis einer Runde
club-key-erinnerung = Erinnerung an offene Beträge
club-absent-average = den Schnitt des Abends
club-absent-nothing = nichts
club-reminder-days = { $days ->
    [0] aus
    [one] nach 1 Tag
   *[other] nach { $days } Tagen
}
club-cash-title = Kasse: { $cash } in bar.
club-cash-all-square = Niemand schuldet der Kasse etwas.
club-cash-owes = { $name } schuldet { $amount }
club-cash-credit = { $name } hat { $amount } Guthaben
club-payment-booked = 💶 { $amount } von { $name } eingezahlt (bestätigt von { $by }). { $rest }
club-balance-square = Damit ist alles bezahlt.
club-balance-owes = Offen bleiben { $amount }.
club-balance-credit = Damit hat { $name } { $amount } Guthaben.
club-payment-claimed = { $name } sagt: { $amount } eingezahlt! Ein anderes Mitglied bestätigt es mit { $surface ->
    [discord] /verein einzahlung spieler:@{ $name }
    [telegram] /einzahlung { $name }
    [terminal] „NAME: einzahlung { $name }“
   *[plain] „einzahlung { $name }“
}.
club-claim-rejected = ✖ Die Meldung von { $name } über { $amount } ist abgelehnt (von { $by }); gebucht ist nichts.
club-claim-withdrawn = ✖ { $name } hat die Meldung über { $amount } zurückgezogen; gebucht ist nichts.
club-error-claim-settled = Diese Meldung (Kassenbuchung #{ $id }) ist schon erledigt: bestätigt, abgelehnt oder zurückgezogen.
club-cash-undone = ↩️ Kassenbuchung #{ $id } storniert von { $by }: { $kind }, { $name }, { $amount }.
club-undone-owes = { $name } schuldet der Kasse jetzt { $amount }.
club-undone-credit = { $name } hat jetzt { $amount } Guthaben.
club-undone-square = { $name } ist jetzt mit der Kasse quitt.
club-history-none = Das Kassenbuch ist noch leer.
club-history-title = Kassenbuch (Seite { $page } von { $pages }):
club-history-line = #{ $id } { $time } { $kind } { $name } { $amount } – { $reason }, von { $by }{ $undone ->
    [yes] {" "}(rückgängig gemacht)
   *[no] {""}
}
club-entry-charge = Strafe
club-entry-payment = Einzahlung
club-entry-claim = Meldung
club-entry-payout = Ausgabe
club-entry-reversal = Storno
club-reason-game_lost = verlorenes Spiel
club-reason-half_lost = verlorene Hälfte
club-reason-schock_aus_received = Schock aus kassiert
club-reason-bierrunde = Bierrunde
club-reason-evening_fee = Abendgebühr
club-reason-late_fee = zu spät
club-reason-absent = gefehlt
club-reason-payment = eingezahlt
club-reason-claim = sagt, eingezahlt zu haben
club-reason-undo = rückgängig
club-ratings-none = Noch keine Rangliste: Es braucht Spiele mit mindestens zwei Menschen.
club-ratings-title = Rangliste (Spielstärke μ − 3σ: wächst mit jedem Spiel, Neue beginnen bei 0):
club-ratings-line = { $place }. { $name }: { $rating } ({ $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
})
club-championship-none = Saison { $season } hat noch keinen beendeten Clubabend.
club-championship-title = Vereinsmeisterschaft, Saison { $season } ({ $evenings ->
    [one] 1 Abend
   *[other] { $evenings } Abende
}):
club-championship-line = { $place }. { $name }: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} ({ $evenings ->
    [one] 1 Abend
   *[other] { $evenings } Abende
}{ $won ->
    [0] {""}
    [one] , 1 Abendsieg
   *[other] , { $won } Abendsiege
})
club-error-no-night = Es ist kein Clubabend offen. Ein Admin eröffnet ihn mit { $surface ->
    [discord] /verein abend aktion:start
    [telegram] /abend start
    [terminal] „abend start“
   *[plain] „abend start“
}.
club-error-night-open = Es ist schon ein Clubabend offen. Beenden mit { $surface ->
    [discord] /verein abend aktion:ende
    [telegram] /abend ende
    [terminal] „abend ende“
   *[plain] „abend ende“
}.
club-error-bad-clock = „{ $text }“ ist keine Uhrzeit wie 19:30.
club-error-not-an-amount = Das ist kein Betrag. Schreib ihn wie 2,50 oder 2,50 €.
club-error-negative = Beträge sind nie negativ.
club-error-too-precise = Höchstens zwei Stellen nach dem Komma, bitte.
club-error-too-large = Mehr als { $max } geht nicht in einem Betrag.
club-error-zero-amount = Der Betrag muss über 0 sein.
club-error-amount-missing = Wie viel? Zum Beispiel { $surface ->
    [discord] /verein einzahlung betrag:5
    [telegram] /einzahlung 5
    [terminal] „einzahlung 5“
   *[plain] „einzahlung 5“
}.
club-error-no-open-claim = { $name } hat keine Einzahlung gemeldet, die auf Bestätigung wartet. Eine Einzahlung für { $name } buchst du mit dem Betrag: { $surface ->
    [discord] /verein einzahlung spieler:@{ $name } betrag:5
    [telegram] /einzahlung { $name } 5
    [terminal] „einzahlung { $name } 5“
   *[plain] „einzahlung { $name } 5“
}.
club-error-unknown-member = „{ $name }“ kennt der Club nicht (weder in der Kasse noch bei einem Abend oder am Tisch).
club-error-no-such-entry = Es gibt keine Kassenbuchung #{ $id } in diesem Club.
club-error-not-undoable = Kassenbuchung #{ $id } ist schon rückgängig gemacht oder selbst ein Storno.
club-error-already-claimed = Du hast schon eine Einzahlung gemeldet; ein anderes Mitglied muss sie bestätigen.
club-error-own-claim-waits = Deine Meldung über { $amount } wartet darauf, dass ein anderes Mitglied sie bestätigt – mit { $surface ->
    [discord] /verein einzahlung spieler:@{ $name }
    [telegram] /einzahlung { $name }
    [terminal] „NAME: einzahlung { $name }“
   *[plain] „einzahlung { $name }“
}. Selbst bestätigen geht nicht.
club-error-nothing-own-to-undo = Ohne Nummer nimmst du nur eine Einzahlung für dich selbst zurück – und da ist keine. Andere Buchungen mit ihrer Nummer aus dem Kassenbuch, z. B. { $surface ->
    [discord] /verein storno nummer:12
    [telegram] /storno 12
    [terminal] „storno 12“
   *[plain] „storno 12“
}: eine Einzahlung, die du für jemanden gebucht hast, oder als Admin jede.
club-error-not-your-entry = Kassenbuchung #{ $id } darfst du nicht zurücknehmen. Das darf ein Admin; eine Einzahlung auch, wer sie gebucht hat oder für wen sie ist.
club-error-computer = Computerspieler haben kein Kassenkonto.
club-error-unknown-key = Den Eintrag „{ $key }“ gibt es im Strafenkatalog nicht. Es gibt: { $keys }.
club-error-no-value = „{ $word }“ braucht einen Wert, zum Beispiel spiel=0,50.
club-error-bad-amount = { $key }: { $reason }
club-error-bad-choice = „{ $value }“ geht nicht für { $key } (schnitt oder nichts).
club-error-bad-days = „{ $value }“: Erinnerung nach 0 (aus) bis { $max } Tagen.
club-reminder-title = 💶 Erinnerung von der Kasse – bitte überweist eure offenen Beträge:
club-reminder-line = { $name }: { $amount } (seit { $days ->
    [one] 1 Tag
   *[other] { $days } Tagen
})
club-reminder-how = Schon bezahlt? Meldet es mit { $surface ->
    [discord] /verein einzahlung betrag:…
    [telegram] /einzahlung Betrag
    [terminal] „NAME: einzahlung BETRAG“
   *[plain] „einzahlung Betrag“
}; ein anderes Mitglied bestätigt.
# The cash book as a file (issue 32).
book-file-stem = kassenbuch
book-file-csv = 📒 Das Kassenbuch als CSV-Datei ({ $entries ->
    [one] eine Buchung
   *[other] { $entries } Buchungen
}): Beträge aus Sicht des Mitglieds (Strafe −, Einzahlung +), sein Kontostand danach (unter 0: schuldet der Kasse) und das Bargeld der Kasse – jede Spalte lässt sich summieren. Gemeldete, noch nicht bestätigte Einzahlungen sind nicht gebucht.
book-file-xlsx = 📒 Das Kassenbuch als Excel-Tabelle ({ $entries ->
    [one] eine Buchung
   *[other] { $entries } Buchungen
}): ein Blatt mit den Buchungen (Beträge aus Sicht des Mitglieds: Strafe −, Einzahlung +), eines mit den Kontoständen ({ $members ->
    [one] ein Mitglied
   *[other] { $members } Mitglieder
}) und dem Bargeld der Kasse.
book-col-id = Nr.
book-col-time = Zeit
book-col-kind = Art
book-col-member = Mitglied
book-col-amount = Betrag (€)
book-col-balance = Kontostand (€)
book-col-cash = Kasse (€)
book-col-booked = Gebucht
book-col-reason = Grund
book-col-evening = Abend
book-col-by = Von
book-col-reverses = Storno zu Nr.
book-col-reversed-by = Storniert mit Nr.
book-yes = ja
book-no = nein
book-claim-open = gemeldet: { $amount }, wartet auf Bestätigung
book-claim-confirmed = gemeldet: { $amount }, gebucht mit Nr. { $id }
book-claim-withdrawn = gemeldet: { $amount }, abgelehnt oder zurückgezogen mit Nr. { $id }, nichts gebucht
book-sheet-entries = Buchungen
book-sheet-balances = Kontostände
book-in-box = Bargeld in der Kasse

## Schockturnier (issue 35)
tourney-stage-points = Punkterunde
tourney-stage-knockout = K.-o.-Runde
tourney-stage-final = Finale
tourney-scoring-punkte = Punkte
tourney-scoring-platzierung = Platzierung
tourney-scoring-strafpunkte = Strafpunkte
tourney-format-title = Turnierformat: { $scoring }
tourney-format-tables = Tische zu { $size } (mindestens { $min }, höchstens { $max }), jede Runde neu gelost.
tourney-format-rounds = { $rounds ->
    [one] 1 Punkterunde
   *[other] { $rounds } Punkterunden
} zu { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}, bis zu { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
} je Tisch. Läuft die Zeit ab, wird das laufende Spiel scharf zu Ende gespielt: Die nächste verlorene Hälfte entscheidet es.
tourney-format-no-knockout = Kein K.-o.: Die Punkterunden entscheiden.
tourney-format-knockout-lives = K.-o.: Die besten { $qualifiers } spielen an Tischen zu { $table } mit { $lives ->
    [one] einem Leben
   *[other] { $lives } Leben
}; jedes verlorene Spiel kostet eins, der Letzte am Tisch kommt weiter, bis zum Finale.
tourney-format-knockout-best = K.-o.: Die besten { $qualifiers } spielen an Tischen zu { $table }; der Beste jedes Tisches kommt weiter, bis zum Finale.
tourney-format-teams = Teams zu { $size }: Die Teamwertung ist die Summe der Spieler.
tourney-format-rules = Gespielt wird nach den Regeln „{ $rules }“.
tourney-format-keys = Ändern (vor der ersten Auslosung): { $surface ->
    [terminal] turnier format
   *[other] /turnier format
} runden=3 spiele=5 minuten=60 tisch=4 ko=16 leben=2 team=4 wertung=punkte|platzierung|strafpunkte
tourney-overview-title = 🏆 { $name } ({ $scoring })
tourney-overview-entrants = { $registered ->
    [one] 1 Spieler angemeldet
   *[other] { $registered } Spieler angemeldet
}, { $present } da{ $teams ->
    [0] {""}
    [one] , 1 Team
   *[other] , { $teams } Teams
}.
tourney-overview-finished = Das Turnier ist beendet.
tourney-overview-next-draw = Als Nächstes: Auslosung der { $stage } ({ $surface ->
    [terminal] turnier auslosen
   *[other] /turnier auslosen
}). Zusage der Auslosung: SHA-256 { $commitment }
tourney-round-status = Runde { $round } ({ $stage }): { $closed } von { $tables ->
    [one] 1 Tisch
   *[other] { $tables } Tischen
} fertig.
tourney-clock-paused = Die Uhr steht (Pause).
tourney-clock-not-started = Die Uhr ({ $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}) läuft noch nicht.
tourney-clock-over = Die Zeit ist um: Laufende Spiele werden scharf zu Ende gespielt.
tourney-clock-left = Noch { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}.
tourney-round-title = 🎲 { $name }: Runde { $round } ({ $stage })
tourney-table-card = Tisch { $table }{ $mode }: { $seats } – { $state }
tourney-table-real-cups = (echte Becher)
tourney-table-closed = fertig, { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}
tourney-table-pending = Spiel { $game } wartet auf Bestätigung
tourney-table-games = { $games ->
    [0] noch kein Spiel
    [one] 1 Spiel
   *[other] { $games } Spiele
}
tourney-round-proof = Auslosung prüfbar: Zusage SHA-256 { $commitment }, Schlüssel { $seed }
tourney-round-next-commitment = Zusage der nächsten Auslosung: SHA-256 { $commitment } (prüfen mit { $surface ->
    [terminal] turnier prüfen NUMMER
   *[other] /turnier prüfen NUMMER
})
tourney-verify-holds = ✅ Auslosung der Runde { $round } geprüft: Der Schlüssel { $seed } passt zur Zusage { $commitment } und lost genau diese Tische.
tourney-verify-fails = ❌ Die Auslosung der Runde { $round } lässt sich mit dem Schlüssel { $seed } nicht nachvollziehen!
tourney-log-empty = Keine Korrekturen.
tourney-log-title = Korrekturen der Turnierleitung:
tourney-log-line = { $at } { $by }: Runde { $round }, Tisch { $table }, Spiel { $game }: { $before } → { $after }
tourney-log-none = (keins)
tourney-points = { $points ->
    [-1] −1 Punkt
    [one] 1 Punkt
   *[other] { $points } Punkte
}
tourney-penalty-points = { $points ->
    [one] 1 Strafpunkt
   *[other] { $points } Strafpunkte
}
tourney-standings-title = 📋 { $name }: Stand nach { $done } von { $rounds ->
    [one] 1 Punkterunde
   *[other] { $rounds } Punkterunden
}
tourney-standings-final-order = Endstand:
tourney-standings-knockout = Das K.-o. läuft.
tourney-standings-still-in = Noch dabei: { $names }
tourney-standings-points-title = Punkterunden:
tourney-standings-nobody = Noch niemand angemeldet.
tourney-standings-line = { $place }. { $name }: { $points } ({ $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, { $lost } verloren)
tourney-standings-more = … und { $more } weitere (alle auf der Anzeigetafel).
tourney-teams-title = Teamwertung:
tourney-team-line = { $place }. { $name }: { $points } ({ $members ->
    [one] 1 Spieler
   *[other] { $members } Spieler
})
tourney-withdrawn = abgemeldet
tourney-player-title = 👤 { $name } bei { $tournament }
tourney-player-team = Team { $team }
tourney-player-not-present = Noch nicht eingecheckt.
tourney-player-round = Runde { $round } ({ $stage }): Tisch { $table }, Platz { $place }, { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} aus { $games ->
    [one] 1 Spiel
   *[other] { $games } Spielen
}{ $closed ->
    [yes] {""}
   *[no] {" "}(läuft)
}
tourney-player-total = Gesamt: Platz { $place } von { $players }, { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
tourney-player-now = Jetzt: Runde { $round }, Tisch { $table } mit { $mates }
tourney-player-final = Endplatz: { $place }.
tourney-lost-half = Hälfte { $half }: { $name }
tourney-lost-final = Finale: { $name }
tourney-durchmarsch = Durchmarsch
tourney-scharf = scharf beendet
tourney-created = 🏆 Turnier „{ $name }“ angelegt (Format { $format }). Anmelden mit { $surface ->
    [terminal] „NAME: turnier anmelden“
   *[other] /turnier anmelden
}, am Turniertag einchecken mit { $surface ->
    [terminal] „NAME: turnier da“
   *[other] /turnier da
}.
tourney-format-changed = Das Turnierformat ist geändert.
tourney-registered = { $name } ist angemeldet (Nr. { $number }). Am Turniertag einchecken mit { $surface ->
    [terminal] „turnier da“
   *[other] /turnier da
}.
tourney-registered-present = { $name } ist angemeldet (Nr. { $number }) und spielt ab der nächsten Runde mit.
tourney-registered-team = Team: { $team }.
tourney-checked-in = Eingecheckt: { $names }.
tourney-withdrew = { $name } ist abgemeldet und wird nicht mehr gelost.
tourney-drawn = Runde { $round } ({ $stage }) ist gelost.
tourney-clock-started = ⏱️ Runde { $round } läuft: { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}.
tourney-paused = ⏸️ Pause: Die Uhr steht, es werden keine Spiele eingetragen.
tourney-resumed = ▶️ Weiter geht’s, die Uhr läuft.
tourney-entry-waiting = Tisch { $table }, Spiel { $game } von { $by } eingetragen: { $losers }. Ein zweiter Spieler am Tisch bestätigt mit { $surface ->
    [terminal] „turnier ok“
   *[other] /turnier ok
} (oder widerspricht mit { $surface ->
    [terminal] „turnier nein“
   *[other] /turnier nein
}).
tourney-game-counted = ✅ Tisch { $table }, Spiel { $game } zählt: { $losers }.
tourney-entry-rejected = Der Eintrag von Tisch { $table }, Spiel { $game } ist verworfen ({ $by }); bitte neu eintragen.
tourney-table-done = Tisch { $table } ist fertig.
tourney-round-complete = Die Runde ist komplett – die Turnierleitung lost die nächste mit { $surface ->
    [terminal] „turnier auslosen“
   *[other] /turnier auslosen
}.
tourney-corrected = Korrigiert: Runde { $round }, Tisch { $table }, Spiel { $game } (steht im Protokoll).
tourney-deleted = Gestrichen: Runde { $round }, Tisch { $table }, Spiel { $game } (steht im Protokoll).
tourney-finished-winner = 🏆 Das Turnier ist beendet. Sieger: { $name }!
tourney-finished = 🏆 Das Turnier ist beendet.
tourney-error-none = Hier läuft kein Turnier. Eine Turnierleitung (Admin) legt eines an mit { $surface ->
    [terminal] „turnier neu NAME“
   *[other] /turnier neu NAME
}.
tourney-error-running = Hier läuft schon das Turnier „{ $name }“.
tourney-error-director = Das darf nur die Turnierleitung (ein Admin).
tourney-error-not-registered = Du bist bei diesem Turnier nicht angemeldet ({ $surface ->
    [terminal] „turnier anmelden“
   *[other] /turnier anmelden
}).
tourney-error-not-seated = Du sitzt an keinem Tisch der laufenden Runde; nenne die Tischnummer.
tourney-error-not-at-table = „{ $name }“ sitzt nicht an Tisch { $table }.
tourney-error-ambiguous = „{ $name }“ passt auf mehrere Spieler an Tisch { $table }; nimm den ganzen Namen oder die Platznummer.
tourney-error-no-seat = Tisch { $table } hat keinen Platz { $seat }.
tourney-error-order-needed = Bei Platzierung zählt, wer wann raus ist: Jede Hälfte in der Reihenfolge des Rausgehens, der Verlierer zuletzt, gleichzeitig Raus mit +, Hälften und Finale mit | getrennt, z. B. { $surface ->
    [terminal] „turnier ergebnis 3 1 Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna“
   *[other] /turnier ergebnis 3 1 Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna
}.
tourney-error-losers = Ein Spiel sind ein bis drei Verlierer: Hälfte 1, Hälfte 2, Finale, z. B. { $surface ->
    [terminal] „turnier ergebnis 3 1 Anna Ben Anna“
   *[other] /turnier ergebnis 3 1 Anna Ben Anna
} (Tisch 3, Spiel 1).
tourney-error-no-tables = { $present } Spieler passen nicht an Tische zu { $min } bis { $max }.
tourney-error-no-name = Es fehlt ein Name.
tourney-error-name-taken = „{ $name }“ ist schon angemeldet.
tourney-error-unknown = Niemand namens „{ $name }“ ist angemeldet.
tourney-error-unknown-number = Spieler Nr. { $number } ist nicht angemeldet.
tourney-error-team-full = Das Team „{ $team }“ ist voll ({ $size } Spieler).
tourney-error-no-teams = Dieses Turnier hat keine Teams (die Turnierleitung stellt sie ein mit { $surface ->
    [terminal] „turnier format team=4“
   *[other] /turnier format team=4
}).
tourney-error-entries-closed = Das K.-o. hat begonnen: Keine Anmeldungen mehr.
tourney-error-format-fixed = Nach der ersten Auslosung bleibt das Format, wie es ist.
tourney-error-round-running = Runde { $round } wird noch gespielt: Erst wenn alle Tische fertig sind, wird neu gelost (die Turnierleitung schließt einen Tisch mit { $surface ->
    [terminal] „turnier schliessen TISCH“
   *[other] /turnier schließen TISCH
}).
tourney-error-no-round = Gerade läuft keine Runde ({ $surface ->
    [terminal] „turnier auslosen“
   *[other] /turnier auslosen
} lost die nächste).
tourney-error-not-current = Runde { $asked } ist nicht die laufende Runde (das ist Runde { $current }).
tourney-error-unknown-round = Eine Runde { $round } gibt es nicht.
tourney-error-unknown-table = Runde { $round } hat keinen Tisch { $table }.
tourney-error-table-complete = Tisch { $table } ist schon fertig.
tourney-error-game-entered = Spiel { $game } von Tisch { $table } ist schon eingetragen; Korrekturen macht die Turnierleitung.
tourney-error-game-ahead = Tisch { $table } hat { $entered ->
    [one] 1 Spiel
   *[other] { $entered } Spiele
} eingetragen: Als Nächstes kommt Spiel { $next }.
tourney-error-unknown-game = Tisch { $table } hat kein Spiel { $game }.
tourney-error-wrong-players = Das sind nicht die Spieler von Tisch { $table }.
tourney-error-seated = Wer an einem laufenden Tisch sitzt (Tisch { $table }), meldet sich erst nach der Runde ab.
tourney-error-clock-not-started = Die Uhr der Runde { $round } läuft noch nicht.
tourney-error-clock-running = Die Uhr läuft schon.
tourney-error-paused = Pause: Die Turnierleitung macht weiter mit { $surface ->
    [terminal] „turnier weiter“
   *[other] /turnier weiter
}.
tourney-error-not-paused = Es ist keine Pause.
tourney-error-still-playing = Tisch { $table } hat noch Spiele vor sich und die Zeit läuft noch.
tourney-error-round-closed = Runde { $round } ist abgeschlossen und die nächste gelost: Sie lässt sich nicht mehr korrigieren.
tourney-error-not-your-table = Du sitzt nicht an Tisch { $table }.
tourney-error-nothing-to-confirm = An Tisch { $table } wartet kein Eintrag auf Bestätigung.
tourney-error-own-entry = Bestätigen muss ein zweiter Spieler am Tisch, nicht wer eingetragen hat.
tourney-error-not-decided = Das Turnier ist noch nicht entschieden.
tourney-error-finished = Das Turnier ist beendet.
tourney-error-too-few = { $present ->
    [one] 1 Spieler ist da
   *[other] { $present } Spieler sind da
}: zu wenige für eine Runde (mindestens 3).
tourney-error-preset = Ein Turnierformat „{ $name }“ gibt es nicht (bekannt: punkte, platzierung, strafpunkte).
tourney-error-format-file = Die Formatdatei lässt sich nicht lesen: { $why }
tourney-error-key = Eine Formateinstellung „{ $key }“ gibt es nicht (runden, spiele, minuten, tisch, min, max, ko, kotisch, komodus, leben, team, wertung, regeln).
tourney-error-value = „{ $value }“ geht nicht für { $key }.
tourney-error-table-sizes = Tische: 3 ≤ min ≤ tisch ≤ max ≤ 8.
tourney-error-range = { $key } muss zwischen { $low } und { $high } liegen.
tourney-error-places = { $key } braucht { $needed } Werte, vom Ersten raus bis zum Verlierer der Hälfte.
tourney-game-too-few = Ein Spiel braucht mindestens zwei Spieler.
tourney-game-twice = Ein Spieler steht zweimal im Spiel.
tourney-game-not-playing = Ein genannter Spieler spielt dieses Spiel nicht mit.
tourney-game-half-incomplete = Hälfte { $half } nennt nicht jeden Spieler genau einmal.
tourney-game-halves = Ein Spiel hat zwei Hälften (nur eine, wenn die Zeit in der ersten abgelaufen ist).
tourney-game-final-missing = Die Hälften haben verschiedene Verlierer: Es fehlt der Verlierer des Finales.
tourney-game-final-not-half-loser = Das Finale spielen die Verlierer der beiden Hälften.
tourney-game-no-final = Einer hat beide Hälften verloren (Durchmarsch): Da gibt es kein Finale.
tourney-help = { $surface ->
    [terminal] 🏆 Schockturnier – „turnier WORT …“ (vor dem Wort „NAME:“, wer es sagt):
   *[other] 🏆 Schockturnier – /turnier WORT …:
}
  neu NAME [punkte|platzierung|strafpunkte] – Turnier anlegen (Turnierleitung)
  format [runden=2 spiele=5 …] – Format zeigen oder ändern
  anmelden [NAME] [team=TEAM] – anmelden (sich selbst; andere nur die Turnierleitung)
  da [NAME|alle] – am Turniertag einchecken · abmelden [NAME] – abmelden
  auslosen – nächste Runde losen · start – Uhr starten · pause / weiter
  ergebnis TISCH SPIEL Anna Ben Anna – Verlierer von Hälfte 1, Hälfte 2 und Finale (Name oder Platznummer); bei Platzierung jede Hälfte in der Reihenfolge des Rausgehens: Carl+Dora Ben Anna | Dora Carl Anna Ben | Anna
  tisch N – Tisch N spielt hier (Kanal, Thread, Thema): seine Spiele hier zählen von selbst
  ok / nein – Eintrag am eigenen Tisch bestätigen oder verwerfen
  schließen [TISCH] – Tisch fertig (nach Ablauf der Zeit)
  korrektur RUNDE TISCH SPIEL ERGEBNIS|streichen – Korrektur (Turnierleitung, im Protokoll)
  stand · spieler [NAME] · tische [RUNDE] · karten (Tischkarten als Bild) · tafel (Live-Stand) · export [spiele] · excel · bild · prüfen RUNDE · protokoll · ende
tourney-error-place-taken = Hier spielt schon Tisch { $table }.
tourney-table-bound = Tisch { $table } spielt hier: Jedes Spiel, das hier unter genau seinen Spielern zu Ende geht, zählt fürs Turnier. Los geht’s mit { $surface ->
    [discord] /schocken neu
    [terminal] neu
   *[other] /neu
}.
tourney-not-counted = Dieses Spiel zählt nicht für Tisch { $table }: { $why }
tourney-word-new = Turnier anlegen: Name und Format (Turnierleitung)
tourney-word-format = Format zeigen oder ändern, z. B. runden=2 spiele=5
tourney-word-register = Anmelden (sich selbst; andere nur die Turnierleitung), team=NAME
tourney-word-here = Am Turniertag einchecken (die Turnierleitung: NAME oder alle)
tourney-word-withdraw = Abmelden: nicht mehr gelost
tourney-word-draw = Die nächste Runde losen (Turnierleitung)
tourney-word-start = Die Uhr der Runde starten (Turnierleitung)
tourney-word-pause = Pause: Uhr anhalten (Turnierleitung)
tourney-word-resume = Weiter nach der Pause (Turnierleitung)
tourney-word-result = Ein Spiel eintragen: TISCH SPIEL Verlierer, z. B. 3 1 Anna Ben Anna
tourney-word-ok = Den Eintrag am eigenen Tisch bestätigen
tourney-word-no = Den Eintrag am eigenen Tisch verwerfen
tourney-word-close = Tisch fertig, nach Ablauf der Zeit
tourney-word-correct = Korrektur: RUNDE TISCH SPIEL Ergebnis oder streichen (Turnierleitung)
tourney-word-standings = Der Stand des Turniers
tourney-word-player = Die Seite eines Spielers (leer: deine)
tourney-word-tables = Die Tische einer Runde (leer: der laufenden)
tourney-word-verify = Eine Auslosung nachprüfen: RUNDE
tourney-word-log = Die Korrekturen der Turnierleitung
tourney-word-finish = Das Turnier beenden (Turnierleitung)
tourney-word-help = Alle Wörter mit Beispielen
tourney-word-table = Tisch N spielt hier: seine Spiele zählen von selbst
tourney-text-option = Was auf das Wort folgt, z. B. 3 1 Anna Ben Anna
tourney-root = Schockturnier: Anmeldung, Auslosung, Ergebnisse, Stand
tourney-file = 📎 { $name } als Datei.
tourney-picture-final = Endstand
tourney-picture-points = Stand nach { $done } von { $rounds ->
    [one] 1 Punkterunde
   *[other] { $rounds } Punkterunden
}
tourney-col-place = Platz
tourney-col-name = Name
tourney-col-team = Team
tourney-col-points = Punkte
tourney-col-games = Spiele
tourney-col-lost = verloren
tourney-col-halves = Hälften verloren
tourney-col-final = Endplatz
tourney-col-round = Runde
tourney-col-stage = Abschnitt
tourney-col-table = Tisch
tourney-col-game = Spiel
tourney-col-players = Spieler (Punkte)
tourney-col-half1 = Hälfte 1 verloren
tourney-col-half2 = Hälfte 2 verloren
tourney-col-final-loser = Finale verloren
tourney-col-scharf = scharf
tourney-col-yes = ja
tourney-col-members = Spieler
tourney-col-sheet-standings = Stand
tourney-col-sheet-teams = Teams
tourney-col-sheet-games = Spiele
console-tournament-saved = Turnierdatei gespeichert in { $path }.
tourney-board = 📺 Live-Stand von { $name } (für den Beamer, ohne Anmeldung): { $url }
tourney-board-own = Deine Seite: { $url }
tourney-error-no-board = Hier gibt es keine Web-Anzeige: Für diesen Bot ist keine Web-Adresse eingerichtet.
tourney-word-board = Links zum Live-Stand (Beamer) und zur eigenen Seite
tourney-board-waiting = Die Auslosung der ersten Runde steht noch aus.
tourney-board-tables = Tische
tourney-board-standings = Stand
tourney-time-up = ⏱️ Die Zeit der Runde { $round } ist um! Laufende Spiele werden scharf zu Ende gespielt (die nächste verlorene Hälfte entscheidet), neue beginnen nicht. Wer kein Spiel mehr offen hat, meldet den Tisch fertig mit { $surface ->
    [terminal] „turnier schliessen“
   *[other] /turnier schließen
}.
tourney-registered-entry = { $name } (Nr. { $number })
tourney-registered-several = { $count } angemeldet: { $names }. Wer sich selbst mit { $surface ->
    [terminal] „NAME: turnier da“
   *[other] /turnier da
} eincheckt, spricht ab dann für sich.
tourney-card-title = { $name }: Runde { $round } ({ $stage }), Tischkarten
tourney-card-seat = Platz { $seat }
tourney-card-game = Spiel { $game }
tourney-card-how = Platz 1 trägt ein, ein zweiter Spieler bestätigt. Je Spiel: Verlierer Hälfte 1 / Hälfte 2 / Finale.
tourney-word-cards = Die Tischkarten der Runde als Bild zum Ausdrucken
tourney-word-export = Dateien: Stand als CSV; dahinter spiele, excel, bild oder karten
tourney-word-excel = Stand, Teams und Spiele als Tabelle (xlsx)
tourney-word-picture = Der Stand als Bild
