# Texts of the Telegram adapter only (the game's texts live in bot-core/locales).
# Every message here needs its counterpart in de.ftl.

## The command menu (setMyCommands)
cmd-new = Open a table (/new tally: real dice, the bot keeps score)
cmd-join = Join the table
cmd-leave = Leave the table
cmd-go = Start the game
cmd-roll = Roll the dice
cmd-keep = Set dice aside, e.g. /keep 1 1
cmd-flip = Turn two sixes into a one
cmd-stand = Stand with your throw
cmd-blind = Play blind
cmd-reveal = Show the last round
cmd-table = Show the table
cmd-rules = The rules in words; /rules details: every switch (admins: set them)
cmd-kick = Remove a player (reply to him or name him)
cmd-end = End the game without a debt
cmd-debts = Rounds owed
cmd-paid = A round was paid (reply to the payer or name him)
cmd-history = The ledger, page by page
cmd-undo = Undo your last ledger entry or the last entered round
cmd-export = The ledger as a CSV file
cmd-stats = Statistics of this season
cmd-judge = Referee a real table
cmd-help = How to play
cmd-timer = Turn timer in seconds, 0 = off (admins)
cmd-timezone = The group's time zone, e.g. Europe/London (admins)
cmd-newseason = Close the season (admins)
cmd-seed = Set the dice's client seed (before the start), e.g. /seed Stammtisch
cmd-verify = Check a game's dice, e.g. /verify 12
cmd-fairness = The chat's dice statistics with a chi-square test

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
cmd-round = Enter a round of a real table, e.g. /round Anna 665 3, Ben 114 2 built
usage-round = /round enters a round of a game with real dice, in turn order: /round Anna 665 3, Ben 114 2 built, Cem 221 – or briefly /round Anna 4 (Anna gets 4 Deckel) or /round Anna out (Schock aus).
usage-new = I do not know “{ $text }” here. /new opens a table where the bot throws the dice; /new tally one for real dice, where the bot only keeps score.
cmd-bot = Seat a computer player, e.g. /bot Robbi simple (level: simple or strong)
cmd-hint = A private hint for your turn (after looking at your cup)
hint-sent = 💡 Your hint comes in our private chat.
hint-tap = 💡 Only you get to see the answer: tap “💡 Hint”. Open our private chat (START) and your hints come there.
hint-where = 💡 At which table? Type /hint in your group, or tap “🔒 My cup in private” under its table first.
