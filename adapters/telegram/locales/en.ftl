# Texts of the Telegram adapter only (the game's texts live in bot-core/locales).
# Every message here needs its counterpart in de.ftl.

## Messages
unknown-command = I do not know { $command }. /help shows what I can do.
button-private = 🔒 My cup in private
private-welcome = Hello { $name }! Open a table in your group with /new. Tap "🔒 My cup in private" under the table, and I show you your cup here – with every button – when it is your turn.
private-linked = Linked: your cup comes here when it is your turn.
private-no-cup = You have no cup at the moment.
roll-confirmed = 🎲 Thrown! “👀 My cup” shows your dice – to you alone.
refused-see-cup = That did not work just now. The buttons under your cup show what you can do: tap “👀 My cup”.
usage-seed = /seed TEXT sets the client seed of the dice, e.g. /seed Stammtisch – before the game starts, if you sit at the table.
usage-verify = “{ $text }” is no game number. /verify checks the latest game here, /verify 12 checks game 12.
usage-round = /round enters a round of a game with real dice, in turn order: /round Anna 665 3, Ben 114 2 built, Cem 221 – or briefly /round Anna 4 (Anna gets 4 Deckel) or /round Anna out (Schock aus).
usage-new = I do not know “{ $text }” here. /new opens a table where the bot throws the dice; /new tally one for real dice, where the bot only keeps score.
hint-sent = 💡 Your hint comes in our private chat.
hint-tap = 💡 Only you get to see the answer: tap “💡 Hint”. Open our private chat (START) and your hints come there.
hint-where = 💡 At which table? Type /hint in your group, or tap “🔒 My cup in private” under its table first.
# Under a member's claim that he paid (issue 37).
button-claim-confirm = ✅ Confirm
button-claim-reject = ✖ Reject
