### Words every game shares: lists, refusals, answers, lobbies, turns and reminders.

## Lists: "ana, ben and cy", "/a, /b or /c".
list-and = { $init } and { $last }
list-or = { $init } or { $last }

## A player count: "2" or "2 to 4".
players-range = { $min } to { $max }

## Refusals: nothing was changed.
error-no-such-game = There is no game #{ $game }.
error-not-seated = You are not playing in game #{ $game }.
error-not-your-turn = It is { $due }'s turn, not yours.
error-illegal = That move is not allowed: { $rule }.
error-pledged = You chose { $kept } already, before seeing where it leads: that choice is final.
error-moved-on = Game #{ $game } has moved on (you saw move { $seen }, it is now at move { $now }). Nothing was changed.
error-game-over = Game #{ $game } is over.
error-not-started = Game #{ $game } has not started yet.
error-already-started = Game #{ $game } has already started.
error-already-seated = You are already seated in game #{ $game }.
error-lobby-full = Game #{ $game } is full ({ $max ->
    [one] { $max } player
   *[other] { $max } players
}).
error-player-count = Game #{ $game } needs { $players ->
    [one] { $players } player
   *[other] { $players } players
} to start; it has { $have }.
error-not-host = Only the host of game #{ $game } can do that.
error-not-a-player = { $name } does not play in game #{ $game }.
error-not-host-or-player = Only the host of game #{ $game }, or the player themselves, can hand a seat to a computer.
error-computer-already = { $name }'s seat is played by a computer already.
error-seat-gone = { $name } resigned from game #{ $game }, and in this game the rules take a resigned player's part out: no one can take their seat.
error-not-host-or-moderator = Only the host of game #{ $game } can abandon it, or someone who may manage threads in its own channel (type the command in the game's thread).
error-too-many-lobbies = You have { $max ->
    [one] { $max } lobby
   *[other] { $max } lobbies
} open on this server already: start or abandon one first.
error-too-many-invitations = { $name } has { $max ->
    [one] { $max } invitation
   *[other] { $max } invitations
} waiting on this server already; they can answer those first.
error-not-invited = You are not invited to game #{ $game }.
error-host-cannot-leave = The host cannot leave their own lobby; abandon the game instead.
error-no-such-page = There is no such game page.
error-no-such-move = Game #{ $game } has no move { $step }: it is at move { $last }.
error-replay-moves = Game #{ $game } has moves 0 to { $last }: a replay goes from one of them to the same or a later one (asked: { $from } to { $to }).
error-replay-nothing-shown = No board of game #{ $game } was shown in its thread from move { $from } to move { $to }: ask for more moves.
discord-replay = Game #{ $game } as its thread showed it, from move { $from } to move { $to }.
error-export-too-early = A game's record holds its secrets, so game #{ $game } can be exported once it is over.
error-bad-options = Bad game options: { $why }
error-internal = Something went wrong on our side; nothing was changed.
setup-unreadable = the options of { $game } do not read: { $why }
setup-players = { $game } is for { $players ->
    [one] { $players } player
   *[other] { $players } players
}, not { $have }
setup-other-game = a move of { $action } in a game of { $game }
refused-other-game = this is a move of { $action }, not of { $game }

## Menus of a move.
menu-nothing = Nothing to choose now
menu-page = { $first } … { $last }
menu-first-the-page = { $prompt } (first the page)
chart-points = points

## What a change did, in the game's thread.
play-lines = { $lines }
play-said = { $lines }.
play-to-play = { $turn ->
    [0] { $lines }. { $due } to play.
   *[other] { $lines }. { $due } to play (turn { $turn }).
}
play-game-over =
    { $lines }. The game is over.
    { $result }
play-resigned = { $who } resigned; their turns will be played for them
play-abandoned = Game #{ $game } was abandoned. Nobody wins.
play-time-ran-out = { $who }'s time ran out
play-timed-out-resigned = { $who } let { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
} in a row run out and is resigned
play-only-outcome = Its only possible outcome: { $line }
play-for-resigned = { $line } (resigned)
play-score = { $who } { $score }
play-winner = Winner: { $winners }.
play-final-scores = Final scores: { $scores }. Winner: { $winners }.
play-rating-change = { $who } { $before } → { $after } ({ $change })
play-with-ratings =
    { $result }
    Ratings: { $changes }.
play-over-to-player = **{ $title } #{ $game }** is over. { $result }

## Lobbies and invitations.
lobby-seats-invite = a game seats { $max }: invite { $others } at most
lobby-seats-invite-or-computers = a game seats { $max }: invite or seat computers for { $others } at most
lobby-invites = { $host } invites you to play { $title } (game #{ $game }). Join to take a seat, or Decline. The game starts when everyone invited has joined.
lobby-declined = { $who } declined the invitation. The host may start with the players seated, or wait for someone to join.
lobby-begins = Game #{ $game } begins. Turn order: { $order }. { $first } { $count ->
    [one] plays
   *[other] play
} first.
lobby-started = Game #{ $game } has started; { $first } { $count ->
    [one] plays
   *[other] play
} first.

## Turn limits, reminders, vacations, settings.
clock-turn-limit-bounds = a turn limit is { $min } to { $max ->
    [one] { $max } day
   *[other] { $max } days
}, not { $days }
clock-choice-limit-bounds = a choice's limit is { $min } to { $max ->
    [one] { $max } hour
   *[other] { $max } hours
}, not { $hours }
clock-less-than-an-hour = less than an hour
clock-hours = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
clock-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
clock-days-hours = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
clock-reminder = Reminder: { $head }
vacation-bounds = A vacation is 1 to { $max ->
    [one] { $max } day
   *[other] { $max } days
}.
vacation-left = You have { $left ->
    [one] { $left } day
   *[other] { $left } days
} of vacation left this year.
vacation-said = { $who } is on vacation for { $days ->
    [one] { $days } day
   *[other] { $days } days
}: their turn limit and reminders wait until they are back.
settings-reminder-bounds = Reminders come every { $min } to { $max ->
    [one] { $max } hour
   *[other] { $max } hours
}, not { $hours }.
computer-took-seat = { $who }'s seat is played by a computer from now on: { $computer }.
page-link = Every move, step by step: { $url }
analysis-ready = The analysis of game #{ $game } is ready: each player can ask for their costliest moves with the analysis command.
analysis-ready-page = The analysis of game #{ $game } is ready, its costliest moves marked: { $url }

## Private messages.
delivery-since-last-turn = Since your last turn:

## A game's web page.
page-begins = The game begins.
page-rating = rated { $rating }
page-costly = A costly move: { $before } % → { $after } %; best was { $best }.
page-abandoned = Abandoned.
page-won = Over: { $winners } won.
page-over = Over.
page-to-play = { $due } to play.
delivery-in-thread = { $user }, { $note } I cannot send you private messages ({ $why }). Use the button to see your game here, privately, and play.
delivery-dms-off = you turned private messages off
delivery-dms-closed = your DMs are closed

## Buttons.
button-join = Join
button-leave = Leave
button-start = Start
button-decline = Decline
button-back = Back
button-confirm = Confirm
button-my-view = My view

## Lobby messages.
lobby-on = **{ $title } #{ $game }**: { $seated }. The game is on; see the thread.
lobby-looking = **{ $title } #{ $game }** is looking for players ({ $players }). Seated: { $seated }.
lobby-looking-invited = { $looking } Invited: { $invited } (they answer in the thread).

## Answers to commands and clicks.
language-name = English
discord-language = I will write to you in { $language }.
discord-no-game = You have no game in progress. Start one with { $starts }.
discord-several-games = You are in several games: use this in a game's thread, or give game:#.
discord-start-in-a-server = Games are played in a server's channel, each in its own thread: start one there.
discord-start-not-in-a-thread = This is a thread: start a game from the channel itself, and it gets a thread of its own.
discord-no-thread = { $title } #{ $game } could not open its thread here.
discord-thread-permissions = I cannot open a thread in this channel: let me Create Public Threads and Send Messages in Threads here, then start again.
error-other-game = Game #{ $game } is not a game of { $title }: use its own commands.
discord-already-played = Already played.
# A move once played, as told to its player: "You played 4-5-6-7 …".
discord-played = { $moves }.
discord-status = { $status ->
    [lobby] lobby
    [active] active
    [finished] finished
   *[abandoned] abandoned
}
discord-status-line = Game #{ $game } ({ $status }) after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
discord-status-to-play = { $line } { $due } to play.
discord-status-time-left = { $line } Time left for this turn: { $left }.
discord-status-player = • { $name }: { $standing }
discord-no-game-here = You have no game in progress here.
discord-games-line = • #{ $game } { $place }: { $players }; { $turn }
discord-games-to-play = { $due } to play
discord-no-moves = No moves yet.
discord-log-earlier = …{ $count ->
    [one] { $count } earlier move
   *[other] { $count } earlier moves
} left out (they do not fit one message).
discord-resigned = You resigned from game #{ $game }.
discord-abandoned = Game #{ $game } is abandoned.
discord-record = The record of game #{ $game }.
discord-vacation = Enjoy your break. Your games wait for you until { $until }.
discord-dms-on = I will send your turns (and your cards) by DM.
discord-dms-off = No more DMs: I will tell you in the game's thread.
discord-reminders = You will be reminded every { $hours ->
    [one] hour
   *[other] { $hours } hours
} when it is your turn.
discord-leaderboard-all-time = all time
discord-leaderboard-days = { $days ->
    [one] the last day
   *[other] the last { $days } days
}
discord-leaderboard-empty = No rated { $game } games on this server ({ $period }) yet.
discord-leaderboard =
    { $game } on this server, { $period }:
    { $lines }
discord-leaderboard-line = { $rank }. { $name } { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
discord-leaderboard-page =
    { $leaderboard }
    Page: { $url }
discord-profile-none = { $name } has no rated { $game } game on this server yet.
discord-profile-opponent = { $name } ({ $games })
discord-profile-game = #{ $game }: place { $place }, { $before } → { $after } ({ $change })
discord-profile-game-page = { $line } { $url }
discord-profile =
    { $name } at { $game } on this server: { $rating } (#{ $rank }), { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }, { $wins } won.
    Rating: { $history }
    Met most: { $opponents }
    { $recent }
discord-analysis-none = Game #{ $game } is not over: a game is analysed once it has ended.
discord-analysis-unavailable = Game #{ $game } has no analysis: it was abandoned, ended before games were analysed, or could not be analysed.
discord-analysis-waiting = The analysis of game #{ $game } is not ready yet: try again in a minute.
discord-analysis-not-player = You did not play in game #{ $game }: the analysis shows a player's own moves.
discord-analysis-clean = None of your moves in game #{ $game } cost you anything the analysis could find.
discord-analysis-move = Move { $step }: { $before } % → { $after } %; best was { $best } ({ $best_share } %).
discord-analysis =
    Your costliest moves in game #{ $game } (your chance to win before → after the move):
    { $lines }
discord-your-cards = Your cards in **{ $title } #{ $game }**.
discord-the-board = The board of **{ $title } #{ $game }**.
discord-button-gone = This button is no longer in use.
discord-declined = You declined game #{ $game }.
discord-joined-started = You joined game #{ $game }, and it has started.
discord-joined = You joined game #{ $game }; it starts when everyone invited has joined.
error-nothing-to-choose = You have nothing to choose in game #{ $game } now.
discord-choose-again = Your move in game #{ $game }: choose again.
discord-then = { $first }, then { $then }
# A move proposed before its player confirms it: "Play 4-5-6-7 on meridian 6 — a new 3-floor tower at 6.2?".
discord-confirm = { $moves }?
discord-command = /{ $root } { $command }
discord-and-more = …and { $count } more

## Computer players' names (stored in the game's language, like a person's name).
computer-level = { $level ->
    [easy] easy
    [strong] strong
   *[normal] normal
}
computer = Computer ({ $level })
computer-numbered = Computer { $number } ({ $level })
computer-for = { $computer } for { $player }

## Players' time: warnings before a turn runs out, and times in each player's zone.
clock-warning = { $head } It runs out in { $left }, on { $at }: after that it is played for you.
clock-at = { $weekday } at { $time } ({ $zone })
clock-weekday = { $day ->
    [1] Monday
    [2] Tuesday
    [3] Wednesday
    [4] Thursday
    [5] Friday
    [6] Saturday
   *[7] Sunday
}
settings-warnings = You will be warned { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} before a turn of yours runs out.
settings-warnings-off = You will not be warned before a turn of yours runs out.
settings-warnings-bounds = Warnings are 1 to { $most } numbers of hours from { $min } to { $max } (such as 12 1), or off, not "{ $typed }".
settings-time-zone = The times I write for you are now in { $zone }.
settings-time-zone-none = The times I write for you are now in UTC.
settings-time-zone-unknown = There is no time zone "{ $zone }": use a name such as Europe/Paris or America/New_York.
settings-shown =
    Your settings (each is changed by its own command under settings):
    { $lines }
settings-shown-dms = Private messages: { $on ->
    [yes] on
   *[no] off
}
settings-shown-reminders = Reminders: every { $hours ->
    [one] hour
   *[other] { $hours } hours
}
settings-shown-reminders-game = Reminders: at each game's interval
settings-shown-warnings = Warnings: { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} before a turn runs out
settings-shown-warnings-off = Warnings: none
settings-shown-zone = Time zone: { $zone }
settings-shown-language = Language: { $language }
settings-shown-vacation = Vacation: until { $until }
settings-shown-no-vacation = Vacation: none ({ $left ->
    [one] { $left } day
   *[other] { $left } days
} left this year)
settings-quiet = Quiet hours: no private message from me from { $from } to { $to } in your time zone; what comes meanwhile waits, then comes as one message.
settings-quiet-off = No quiet hours: private messages come when they happen.
settings-quiet-both = Give both hours (from and to), or neither to have no quiet hours.
settings-quiet-same = Quiet hours from { $hour } to { $hour } would last no time at all: give two different hours.
settings-hour-bounds = Hours of the day are { $min } to { $max }, not { $hour }.
settings-digest = Your daily digest comes at { $at } in your time zone: every game waiting for you in one message, instead of reminders.
settings-digest-off = No daily digest: reminders come game by game.
settings-shown-quiet = Quiet hours: { $from } to { $to }
settings-shown-quiet-off = Quiet hours: none
settings-shown-digest = Daily digest: at { $at }
settings-shown-digest-off = Daily digest: none
quiet-held =
    While your quiet hours lasted:
    { $lines }
digest =
    { $count ->
        [one] One game is waiting for you:
       *[other] { $count } games are waiting for you:
    }
    { $lines }
digest-game = { $head } { $left } left, until { $at }.
digest-links = { $thread } · page: { $page }
digest-more = …and { $more } more.
button-accept = Accept
substitute-asked = { $leaving } is leaving game #{ $game }: will { $arriving } take over their seat?
substitute-offered = { $arriving } is asked in the thread of game #{ $game } to take over { $leaving }'s seat.
substitute-declined = { $arriving } will not take over { $leaving }'s seat.
substitute-you-declined = You turned down the seat in game #{ $game }.
substitute-took = { $arriving } takes over { $leaving }'s seat.
substitute-your-seat = You play { $leaving }'s seat in **{ $title } #{ $game }** from now on.
substitute-you-took = You play { $leaving }'s seat in game #{ $game } from now on: your view comes privately.
error-may-not-substitute = Only the host of game #{ $game }, the player leaving, or someone who may manage threads in its own channel can hand a seat to a substitute.
error-plays-already = { $name } already plays in game #{ $game }.
error-no-seat-offer = No seat of game #{ $game } is waiting for you: the offer was answered, replaced, or its seat changed hands.
error-seat-changed-hands = Your seat in game #{ $game } has changed hands: { $to } plays it now.
discord-substitute-bot = { $name } is a bot: a substitute is a person, or use { cmd-computer } to hand the seat to the bot's own players.
rejoin-asked = { $player } asks to take their seat in game #{ $game } back from { $computer }: does the host agree?
rejoin-you-asked = The host of game #{ $game } is asked in its thread to let you take your seat back.
rejoin-you-took = You play your seat in game #{ $game } again: your view comes privately.
rejoin-took = { $player } takes their seat back from the computer.
rejoin-your-seat = You play your seat in **{ $title } #{ $game }** again.
rejoin-declined = The host will not let { $player } take their seat back.
rejoin-you-let = { $player } plays their seat in game #{ $game } again.
error-no-seat-to-rejoin = You have no seat to take back in game #{ $game }: only a seat a computer took over from you, and still plays, can be taken back.
undo-asked = { $name } asks to undo their last move in game #{ $game } ({ $lines }): do you agree? Everyone else must agree within a day.
undo-you-asked = The other players of game #{ $game } are asked in its thread; the undo lapses after a day, or once anyone moves.
undo-you-took = The move is undone in game #{ $game }.
undo-you-agreed = You agreed to the undo in game #{ $game }; waiting for { $waiting }.
undo-you-refused = You refused the undo in game #{ $game }.
undo-refused = { $name } does not agree to undo { $asker }'s move.
undo-done = { $name }'s move is undone ({ $lines })
undo-your-turn = A move was undone: it is your turn again.
undo-no-move = you have made no move to undo
undo-moved-since = { $name } has moved since
undo-card-turned = it turned a card face up, which everyone has seen
undo-programmes-revealed = the programmes have been revealed
undo-not-a-choice = a resignation or a turn lost to the clock was no choice of yours
error-undo-refused = Your last move in game #{ $game } cannot be undone: { $why }.
error-no-undo = No undo of game #{ $game } is waiting for your answer: it was answered, asked again, or someone moved since.
error-undo-waiting = { $name }'s undo in game #{ $game } is waiting for answers: it comes first.
error-undo-lapsed = The undo asked in game #{ $game } has lapsed: a day has passed.

## Fair play: whose result, seats by consent, requests that stand once, reliability.
fair-min-reliability-bounds = The minimum reliability is a share of turns played in time, from 0 to { $max }%: { $minimum } is out of bounds.
fair-asked-already = You have asked already in game #{ $game }: your request waits for its answer (it lapses after a day).
fair-too-many-requests = You have asked for seats { $max } times in game #{ $game } today: ask again tomorrow.
fair-too-many-substitutions = This seat of game #{ $game } has changed hands { $max } times, as often as a seat may: it stays with whoever holds it.
fair-held-another-seat = { $name } has held a seat of game #{ $game } already: one seat per person per game, and a former player comes back only to their own, with { cmd-rejoin }.
fair-resigned = { $name } resigned from game #{ $game }: resigning is final, they do not play it again.
fair-offer-lapsed = The offer of that seat in game #{ $game } has lapsed: it was made more than a day ago. Ask again if it still holds.
fair-offer-stale = The offer of that seat in game #{ $game } no longer stands: its seat changed hands or resigned since. Ask again if it still holds.
fair-undo-off-tournament = Moves are not undone in game #{ $game }: it is a tournament game.
fair-undo-off = Moves are not undone in game #{ $game }: its host turned undo off when it started.
fair-below-minimum = { $name } played { $percent }% of their recent turns in time; this asks at least { $minimum }%.
substitute-offered-both = { $arriving } is asked in the thread of game #{ $game } to take over { $leaving }'s seat, and { $leaving } to agree: they are playing.
substitute-asked-leaving = { $leaving }, you are asked to hand your seat in **{ $title } #{ $game }** to { $arriving }: do you agree? Nobody takes it without your Accept.
substitute-while-away = Your turn in **{ $title } #{ $game }** ran out, or you have not moved within its turn limit: { $arriving } is asked to take over your seat.
substitute-you-agreed = Your Accept is kept for game #{ $game }: the seat changes hands once the other player accepts too.
substitute-you-let = { $arriving } plays your seat in game #{ $game } from now on. Thank you for playing.
substitute-kept = { $leaving } keeps their seat.
fair-reliability = Turns in time: { $recent }% of the last { $count }, { $all }% of all { $turns }. Median time to move: { $median }.
fair-reliability-none = No turn played yet on this server.
fair-reliability-short = { $recent }% in time, { $median }
fair-reliability-none-short = new
fair-no-median = none yet
play-rating-change-provisional = { $who } { $before } → { $after } ({ $change }, provisional)
play-with-provisional-ratings =
    { $result }
    Ratings: { $changes }. A rating is provisional for its player's first { $games ->
        [one] rated game
       *[other] { $games } rated games
    }: it moves fast until then.
lobby-over = **{ $title } #{ $game }** is over. { $result }
lobby-abandoned = **{ $title } #{ $game }** was abandoned. Nobody wins.
turn-head = { $turn ->
    [0] **{ $title } #{ $game }**: your turn.
   *[other] **{ $title } #{ $game }**: your turn (turn { $turn }).
}
turn-head-server = { $turn ->
    [0] **{ $title } #{ $game }** on *{ $server }*: your turn.
   *[other] **{ $title } #{ $game }** on *{ $server }*: your turn (turn { $turn }).
}
turn-due = Due { $at } ({ $relative }).
turn-ran-out = { $left ->
    [one] Your last turn ran out and was played for you: one more in a row resigns you.
   *[other] Your last turn ran out and was played for you: { $left } more in a row resign you.
}
retired-played = Played
retired-ran-out = Ran out: played for you
retired-undone = Undone
retired-substituted = Your seat went to someone else
retired-over = The game is over
retired-answered = Answered
retired-started = The game has started
retired-closed = The lobby closed
delivery-dms-explained = { $user }: I cannot send you private messages ({ $why }), so your turns are called here, with a ping and the "My view" button to see your game privately and play. I say this once a game.
delivery-turn-here = { $user }, { $note }
settings-colours = { $colours ->
    [safe] I will draw the pictures I send you in colours anyone can tell apart, with each player's shape where colour alone would tell.
   *[standard] I will draw the pictures I send you in the standard colours.
}
settings-colours-game = I will draw the pictures I send you in each game's colours.
settings-shown-colours = Colours: { $colours ->
    [safe] safe for colour-blind eyes
   *[standard] standard
}
settings-shown-colours-game = Colours: each game's
puzzle-find = Find a better move for **{ $player }** in { $title } #{ $game }, move { $seq }: the position as they saw it.
puzzle-no-such-choice = That is not one of the moves of this puzzle (game #{ $game }, move { $seq }). Nothing was changed.
puzzle-solved = Solved! { $chosen }: { $chosen_chance } % to win. The best: { $best } ({ $best_chance } %). In the game: { $played } ({ $played_chance } %).
puzzle-failed = Not this time. { $chosen }: { $chosen_chance } % to win. The best: { $best } ({ $best_chance } %). In the game: { $played } ({ $played_chance } %). This puzzle comes back { $back }.
puzzle-none = No puzzle for you yet: puzzles come from the moves of finished games that cost { $points ->
    [one] { $points } point
   *[other] { $points } points
} of chance or more, once the game is analysed.
puzzle-none-back = No new puzzle for you now. The next one you missed comes back { $back }.
error-no-such-puzzle = There is no puzzle at move { $seq } of game #{ $game } that you can be set here.
error-puzzle-solved = You have already solved the puzzle of game #{ $game }, move { $seq }.
error-puzzle-not-due = You tried this puzzle already: it comes back { $back }.
puzzle-server-in-dm = Puzzles from a server's games are asked for on that server; here, puzzles come from your own games.
discord-profile-puzzles = Puzzles: { $solved } solved of { $tried } tried; streak: { $streak }.
