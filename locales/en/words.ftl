### The position in words: each picture's alt text (what a screen reader says for it) and `board text:True` /
### `hand text:True`. Whole sentences: a screen reader reads them one after another. Labels are the board's.

## Every game.
words-none = none
# A message of the pictures, made a sentence.
words-sentence = { $words }.
# The players' scores: "ana 5, ben 3".
words-points = Points: { $points }.

## Meridian: islands by their letters, cities as on the board (6.1: meridian 6, row 1).
words-meridian-move = Meridian, move { $move }: { $who } to play.
words-meridian-over = Meridian, game over after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
# Each island with towers, and how many each player has there: "B: ana 1, ben 2."
words-meridian-towers = Towers per island: { $islands }
words-meridian-island-short = { $island }: { $towers }.
words-meridian-no-towers = No towers yet.
words-meridian-player = { $name }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, reserve { $reserve ->
    [one] { $reserve } floor
   *[other] { $reserve } floors
}, { $deck ->
    [one] { $deck } card
   *[other] { $deck } cards
} face down; face up: { $cards }.
words-meridian-island = Island { $island } ({ $cities ->
    [one] { $cities } city
   *[other] { $cities } cities
}{ $count ->
    [0] {""}
    [one] , capital { $capitals }
   *[other] , capitals { $capitals }
}). Towers: { $towers }. { $holder }
words-meridian-tower = { $city } { $who } ({ $floors ->
    [one] { $floors } floor
   *[other] { $floors } floors
})
words-meridian-held = { $who } holds it.
words-meridian-tied = Tied: nobody holds it.
words-meridian-empty = Nobody holds it.
words-meridian-face-up = Face up: { $cards }.
words-meridian-reserve = Reserve: { $floors ->
    [one] { $floors } floor
   *[other] { $floors } floors
}.
words-meridian-to-come = Still to come ({ $count }): { $cards }.
words-meridian-played = Played ({ $count }): { $cards }.

## Contrées: lands by their letters in laying order, corners by their labels (B4: B's bottom corner).
words-contrees-laying = Contrées, phase 1 (laying lands), move { $move }: { $who } to play.
words-contrees-building = Contrées, phase 2 (building towers), move { $move }: { $who } to play.
words-contrees-over = Contrées, game over after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
# The lands each player holds, a white land counting three: "ana 4, ben 3".
words-contrees-score = Land: { $points }.
words-contrees-land = { $white ->
    [yes] { $land } (white)
   *[other] { $land }
}
# A land in short: who holds it, or whose towers stand on its corners.
words-contrees-land-state = { $land }: { $state }.
words-contrees-holder = { $who }'s
words-contrees-nobody = nobody's
words-contrees-no-towers = no towers
words-contrees-towers-count = towers { $towers }
words-contrees-land-line = Land { $land }: { $holder }. Towers: { $towers }.
words-contrees-player = { $name }: land { $points }, { $markers ->
    [one] { $markers } marker
   *[other] { $markers } markers
} left, { $towers ->
    [one] { $towers } tower
   *[other] { $towers } towers
} left, { $demolished } demolished.
words-contrees-may-lay = A land may be laid at: { $labels }.
words-contrees-may-build = A tower may be built at: { $labels }.

## Dragon Delta: villages by their colours, planks by their ends (5-19, red-4), islands by their numbers.
# A player and their colour: "ana (red)".
words-dd-who = { $name } ({ $colour })
words-dd-programming = Dragon Delta, round { $round }: programmes being chosen, awaited from { $who }.
words-dd-position = Dragon Delta, round { $round }, position { $position }: { $who } to play.
words-dd-over = Dragon Delta, game over in round { $round }.
# Where a pawn stands: "ana (red): the plank 5-19."
words-dd-pawn = { $who }: { $place }.
words-dd-statue = { $who } holds the statue.
words-dd-plank = { $ends } ({ $colour } { $size })
words-dd-planks = Planks on the river: { $planks }.
words-dd-stones = Stones on islands: { $islands }.
words-dd-lost = Lost: { $pieces }.
words-dd-player = { $who }: reserve { $reserve }; { $cards }.
words-dd-laid = programme laid
words-dd-choosing = choosing a programme
words-dd-revealed = cards revealed: { $cards }
words-dd-cancelled = { $card } (cancelled)
words-dd-hand = Your hand: { $cards }.
words-dd-programme = Your programme: { $cards }.

## Replays: a game's boards animated.
replay-alt = An animation of { $frames ->
    [one] { $frames } board
   *[other] { $frames } boards
}, from move { $from } to move { $to }. The last: { $last }
replay-thinned = The animation shows one board in { $every } of the { $boards } posted: all of them would not fit in Discord's 10 MiB.
