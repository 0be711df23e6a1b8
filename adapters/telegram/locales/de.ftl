# Texte nur des Telegram-Adapters (die Texte des Spiels stehen in bot-core/locales).
# Jede Nachricht hier braucht ihr Gegenstück in en.ftl.

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
usage-round = Mit /runde trägst du die Runde eines Spiels mit echten Würfeln ein, in Wurfreihenfolge: /runde Anna 665 3, Ben 114 2 gebaut, Cem 221 – oder kurz /runde Anna 4 (Anna bekommt 4 Deckel) bzw. /runde Anna aus (Schock aus).
usage-new = „{ $text }“ kenne ich hier nicht. /neu macht einen Tisch auf, an dem der Bot würfelt; /neu zählen einen für echte Würfel, an dem der Bot nur zählt.
hint-sent = 💡 Dein Tipp kommt in unseren privaten Chat.
hint-tap = 💡 Die Antwort sieht nur du: tippe auf „💡 Tipp“. Starte unseren privaten Chat (START), dann kommen Tipps dorthin.
hint-where = 💡 An welchem Tisch? Schreib /tipp in deiner Gruppe, oder tippe erst unter ihrem Tisch auf „🔒 Mein Becher privat“.
# Under a member's claim that he paid (issue 37).
button-claim-confirm = ✅ Bestätigen
button-claim-reject = ✖ Ablehnen
