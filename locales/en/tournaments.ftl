# Tournaments (issue 49): entries, rounds, standings.

tournament-none-here = There is no tournament of this game on this server (or none with that number).
tournament-entries-closed = Tournament #{ $tournament } is no longer taking entries: it has started.
tournament-already-entered = You are entered in tournament #{ $tournament } already.
tournament-not-entered = You are not entered in tournament #{ $tournament }.
tournament-already-withdrawn = You have withdrawn from tournament #{ $tournament } already.
tournament-over = Tournament #{ $tournament } is over.
tournament-full = Tournament #{ $tournament } is full: it takes { $max ->
    [one] { $max } entrant
   *[other] { $max } entrants
}.
tournament-other-server = Tournament #{ $tournament } belongs to another server.
tournament-not-host-or-moderator = Only the host of tournament #{ $tournament } can start it, or someone who may manage threads in its channel (type the command there or in its thread).
tournament-too-few = Tournament #{ $tournament } has { $have } { $have ->
    [one] entrant
   *[other] entrants
}; it needs at least { $min } to start.
tournament-not-in-a-server = Tournaments are played on a server: create or join one in a server channel.
tournament-name-length = A tournament's name has 1 to { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
tournament-round-robin-rounds = A round robin has as many rounds as it takes everyone to meet: leave rounds out.
tournament-swiss-rounds = A Swiss tournament has 1 to { $max ->
    [one] { $max } round
   *[other] { $max } rounds
}.
tournament-computers = A tournament takes at most { $max ->
    [one] { $max } computer
   *[other] { $max } computers
}.
tournament-starts-when = The start must be a date and time to come, within { $days ->
    [one] { $days } day
   *[other] { $days } days
}, written like 2026-12-24 20:00 (in your time zone once you have set one).
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

tournament-may-not-create = Creating a tournament here takes the permission to manage threads in this channel, or the server's organisers' role.
tournament-no-thread = This tournament could not open its thread here (the bot may not create threads in this channel), so it was not created.
tournament-entered = You are entered in { $name } (tournament #{ $tournament }). Your games start by themselves, each in a thread of its own, and you are told when it is your turn.
tournament-withdrew = You have left { $name }.
tournament-started = { $name } has started: the first round's games are opening in this channel.
tournament-state-open = **{ $name }** takes entries until its host starts it.
tournament-state-starts = **{ $name }** takes entries until it starts, { $at }.
tournament-state-running = **{ $name }**: round { $round } of { $rounds } is under way.
tournament-state-finished = **{ $name }** is over, after { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}.
tournament-format-swiss = a Swiss tournament
tournament-format-round-robin = a round robin
tournament-announcement = It is { $format } of { $title } (tournament #{ $id }): join with the button below.
tournament-announcement-closed = It is { $format } of { $title } (tournament #{ $id }).
tournament-no-entrants = Nobody has entered yet.
tournament-entrants = { $count } { $count ->
    [one] entrant
   *[other] entrants
}: { $names }.
tournament-may-not-name-organisers = Naming the organisers' role takes the permission to manage this server.
tournament-organisers = Members of { $role } may now create tournaments on this server, besides those who may manage threads in a channel.
tournament-organisers-none = Only those who may manage threads in a channel may now create tournaments there.
tournament-not-in-a-thread = This is a thread: create a tournament from the channel itself; it gets a thread of its own, and so does each of its games.
