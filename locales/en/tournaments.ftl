# Tournaments (issue 49): entries, rounds, standings.

tournament-none-here = There is no tournament of this game on this server (or none with that number).
tournament-entries-closed = Tournament #{ $tournament } is no longer taking entries: it has started.
tournament-already-entered = You are entered in tournament #{ $tournament } already.
tournament-not-entered = You are not entered in tournament #{ $tournament }.
tournament-already-withdrawn = You have withdrawn from tournament #{ $tournament } already.
tournament-over = Tournament #{ $tournament } is over.
tournament-full = Tournament #{ $tournament } is full: it takes { $max } entrants.
tournament-not-host-or-moderator = Only the host of tournament #{ $tournament } can start it, or someone who may manage threads in its channel (type the command there or in its thread).
tournament-too-few = Tournament #{ $tournament } has { $have } { $have ->
    [one] entrant
   *[other] entrants
}; it needs at least { $min } to start.
tournament-not-in-a-server = Tournaments are played on a server: create or join one in a server channel.
tournament-name-length = A tournament's name has 1 to { $max } characters.
tournament-round-robin-rounds = A round robin has as many rounds as it takes everyone to meet: leave rounds out.
tournament-swiss-rounds = A Swiss tournament has 1 to { $max } rounds.
tournament-computers = A tournament takes at most { $max } computers.
tournament-starts-when = The start must be a date and time to come, within { $days } days, written like 2026-12-24 20:00 (in your time zone once you have set one).
tournament-round-begins = **{ $name }**: round { $round } of { $rounds } begins, { $games } { $games ->
    [one] game
   *[other] games
}{ $count ->
    [0] {""}
    [one] {""}, a bye for { $byes }
   *[other] {""}, byes for { $byes }
}.
tournament-table = **{ $name }**, round { $round }, table { $table }: { $players } play game #{ $game } in this thread.
tournament-thread-name = { $name }, round { $round }: game #{ $game }
tournament-finished = **{ $name }** is over. { $winners } { $count ->
    [one] wins
   *[other] win
}!
tournament-column-player = Player
tournament-column-points = Points
tournament-column-buchholz = Buch.
tournament-column-sonneborn-berger = S-B
tournament-withdrawn-name = { $name } (out)
tournament-more-lines = …and { $count } more on the tournament's page.
