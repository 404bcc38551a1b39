### A game's web page (src/web/page.html and page.js).

web-title = { $title } — game #{ $game }
# What a link to a game's page unfurls to: the game, then its players.
web-og-title = { $title }: { $players }
web-languages = Languages
web-moves-nav = Moves
web-first = First
web-first-title = The set-up (Home)
web-previous = Previous
web-previous-title = Previous move (Left arrow)
web-next = Next
web-next-title = Next move (Right arrow)
web-last = Last
web-last-title = The latest move (End)
web-moves = Moves
web-standing = Standing now
web-record = Download the game's record
web-record-note = (JSON, every card and programme shown; the bot's replay command reads it)
web-counter-setup = set-up (of { $last })
web-counter = move { $step } of { $last }
web-chart-title = { $chart }, move by move
web-at-setup = At the set-up:
web-after-move = After move { $step }:
web-analysis = Chance to win, move by move (the game's analysis)
web-leaderboard-title = { $game }: the leaderboard
web-leaderboard-player = Player
web-leaderboard-rating = Rating
web-leaderboard-games = Rated games
web-leaderboard-note = A rating with "?" is provisional: its player has played fewer than { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}.

# A leader in a link's card: "1. ana 3".
web-tournament-unfurled = { $place }. { $name } { $points }
web-tournament-title = { $name }: { $title }, { $format }
web-tournament-swiss = Swiss
web-tournament-round-robin = round robin
web-tournament-open = Taking entries: { $count } so far.
web-tournament-running = Round { $round } of { $rounds } under way.
web-tournament-finished = Over after { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}.
web-tournament-standings = Standings
web-tournament-player = Player
web-tournament-points = Points
web-tournament-buchholz = Buchholz
web-tournament-sonneborn-berger = Sonneborn-Berger
web-tournament-games = Games
web-tournament-byes = Byes
web-tournament-withdrawn = { $name } (withdrew)
web-tournament-cross-table = Cross-table
web-tournament-rounds = Rounds
web-tournament-round = Round { $round }
web-tournament-game = Game #{ $game }: { $players }
web-tournament-byes-of = Bye: { $names }
web-tournament-note = Points: 1 for a win, ½ a draw, 0 a loss; at a table of more than two, the share of the others finished ahead of. A bye scores a win in games of two, ½ at larger tables. Ties are broken by Buchholz (the opponents' points, each game counting its opponents' mean), then Sonneborn-Berger (the same, weighed by the points scored in each game).
web-leaderboard-in-time = Turns in time
web-chart-table = { $chart }: the values as a table
web-chart-move = Move
web-colours = Colours
web-colours-standard = standard
web-colours-safe = safe for colour-blind eyes
web-colours-label = Colours:
