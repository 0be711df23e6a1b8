# Texte nur des Telegram-Adapters (die Texte des Spiels stehen in bot-core/locales).
# Jede Nachricht hier braucht ihr Gegenstück in en.ftl.

## Das Befehlsmenü (setMyCommands)
cmd-new = Tisch aufmachen (/neu zählen: echte Würfel, der Bot zählt)
cmd-join = Mitspielen
cmd-leave = Aussteigen
cmd-go = Spiel starten
cmd-roll = Würfeln
cmd-keep = Würfel herauslegen, z. B. /halten 1 1
cmd-flip = Zwei Sechsen zur Eins drehen
cmd-stand = Stehen bleiben
cmd-blind = Blind spielen
cmd-reveal = Letzte Runde zeigen
cmd-table = Tisch zeigen
cmd-rules = Regeln in Worten; /regeln details: alle Schalter (Admins: setzen)
cmd-kick = Spieler entfernen (antworten oder Namen nennen)
cmd-end = Spiel ohne Bierrunde beenden
cmd-debts = Offene Runden
cmd-paid = Runde bezahlt (dem Zahler antworten oder Namen nennen)
cmd-history = Verlauf der Deckel, seitenweise
cmd-undo = Letzten eigenen Eintrag oder die zuletzt eingetragene Runde zurücknehmen
cmd-export = Verlauf als CSV-Datei
cmd-stats = Statistik dieser Saison
cmd-judge = Schiedsrichter für einen echten Tisch
cmd-help = So geht's
cmd-timer = Zugzeit in Sekunden, 0 = aus (Admins)
cmd-timezone = Zeitzone der Gruppe, z. B. Europe/Vienna (Admins)
cmd-newseason = Saison abschließen (Admins)
cmd-seed = Client-Seed der Würfel setzen (vor dem Start), z. B. /seed Stammtisch
cmd-verify = Würfel eines Spiels nachprüfen, z. B. /pruefen 12
cmd-fairness = Würfelstatistik des Chats mit Chi-Quadrat-Test

## Nachrichten
unknown-command = Den Befehl { $command } kenne ich nicht. /hilfe zeigt, was ich kann.
button-private = 🔒 Mein Becher privat
private-welcome = Hallo { $name }! Mach in deiner Gruppe mit /neu einen Tisch auf. Tippe unter dem Tisch auf „🔒 Mein Becher privat“, dann zeige ich dir hier deinen Becher – mit allen Knöpfen –, wenn du dran bist.
private-linked = Verbunden: Dein Becher kommt hierher, wenn du dran bist.
private-no-cup = Gerade hast du keinen Becher.
roll-confirmed = 🎲 Geworfen! Deine Würfel zeigt dir „👀 Mein Becher“ – nur dir.
refused-see-cup = Das ging gerade nicht. Was geht, zeigen dir die Knöpfe unter deinem Becher: tippe auf „👀 Mein Becher“.
usage-seed = Mit /seed TEXT legst du den Client-Seed der Würfel fest, z. B. /seed Stammtisch – das geht vor dem Spielstart, wenn du am Tisch sitzt.
usage-verify = „{ $text }“ ist keine Spielnummer. /pruefen prüft das letzte Spiel hier, /pruefen 12 das Spiel 12.
cmd-round = Runde eines echten Tisches eintragen, z. B. /runde Anna 665 3, Ben 114 2 gebaut
usage-round = Mit /runde trägst du die Runde eines Spiels mit echten Würfeln ein, in Wurfreihenfolge: /runde Anna 665 3, Ben 114 2 gebaut, Cem 221 – oder kurz /runde Anna 4 (Anna bekommt 4 Deckel) bzw. /runde Anna aus (Schock aus).
usage-new = „{ $text }“ kenne ich hier nicht. /neu macht einen Tisch auf, an dem der Bot würfelt; /neu zählen einen für echte Würfel, an dem der Bot nur zählt.
cmd-bot = Computer mitspielen lassen, z. B. /bot Robbi einfach (Stufe: einfach oder stark)
cmd-hint = Privater Tipp für deinen Zug (nachdem du unter den Becher geschaut hast)
hint-sent = 💡 Dein Tipp kommt in unseren privaten Chat.
hint-tap = 💡 Die Antwort sieht nur du: tippe auf „💡 Tipp“. Starte unseren privaten Chat (START), dann kommen Tipps dorthin.
hint-where = 💡 An welchem Tisch? Schreib /tipp in deiner Gruppe, oder tippe erst unter ihrem Tisch auf „🔒 Mein Becher privat“.
