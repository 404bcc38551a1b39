### Meridian (Leo Colovini): its moves, menus, refusals and options.

## A move in words: for the thread; -done to its player once played; -proposed to its player before they confirm it
## (in lower case: it may follow another, and the question begins with a capital).
meridian-passed = { $who } passed, discarding { $card }
meridian-passed-done = You passed, discarding { $card }
meridian-passed-proposed = pass, discarding { $card }
meridian-played = { $who } played { $card } on meridian { $meridian }: { $what }
meridian-played-done = You played { $card } on meridian { $meridian }: { $what }
meridian-played-proposed = play { $card } on meridian { $meridian } — { $what }
meridian-took-back = took back their { $floors }-floor tower at { $city }
meridian-took-back-done = took back your { $floors }-floor tower at { $city }
meridian-took-back-proposed = take back your { $floors }-floor tower at { $city }
# "a"/"an" as the number is said: "an 8-floor", "an 11-floor", "an 18-floor".
meridian-placed = { $floors ->
    [8] an
    [11] an
    [18] an
   *[other] a
} { $floors }-floor tower at { $city }
meridian-placed-done = { $floors ->
    [8] an
    [11] an
    [18] an
   *[other] a
} { $floors }-floor tower at { $city }
meridian-placed-proposed = { $floors ->
    [8] an
    [11] an
    [18] an
   *[other] a
} new { $floors }-floor tower at { $city }
meridian-then = { $first }, then { $then }
meridian-pushing = { $line }, pushing { $pushed } { $direction }
meridian-pushed-tower = { $name }'s { $height }
meridian-north = north
meridian-south = south
meridian-standing = { $score ->
    [one] { $score } point
   *[other] { $score } points
}, { $reserve ->
    [one] { $reserve } floor
   *[other] { $reserve } floors
} in reserve

## The menus of a move.
meridian-choose-card = Choose a card
meridian-card = Card { $card }
meridian-choose-meridian = Choose a meridian, or pass
meridian-meridian = Meridian { $meridian }
meridian-pass-option = Pass (place nothing)
meridian-choose-action = Choose what to do
meridian-place-option = Place a new tower
meridian-take-back-option = Take back your tower at { $city }
meridian-replace-option = Take back { $city }, then place a new tower
meridian-choose-height = Choose the height
meridian-floors = { $floors ->
    [one] { $floors } floor
   *[other] { $floors } floors
}
meridian-choose-city = Choose the city
meridian-city = City { $city }

## The rules' refusals, each naming its rule (spec §3–§4).
meridian-refused-game-over = the game is over
meridian-refused-turn = turn order: seat { $due } is to move, not seat { $seat }
meridian-refused-card = card: { $card } is not one of your face-up cards
meridian-refused-no-meridian = card: a move that takes back or places a tower must name its meridian
meridian-refused-not-on-card = card: { $card } does not allow meridian { $meridian }
meridian-refused-no-city = city: there is no city { $city }; each meridian has cities 1 to { $rows }
meridian-refused-no-tower = take back: you have no tower at { $city }
meridian-refused-identical = take back and place: the new tower must differ from the one taken back in height or city
meridian-refused-zero-height = height: a tower has at least 1 floor
meridian-refused-r1 = R1 first tower: meridian { $meridian } has no tower, so a tower there needs at least 2 floors
meridian-refused-r2 = R2 distinct heights: meridian { $meridian } already has a tower of height { $height }
meridian-refused-r3 = R3 order: a tower of { $height } at { $city } would break the north-to-south order of heights
meridian-refused-r4 = R4 one tower per meridian: you already have { $limit } on meridian { $meridian }
meridian-refused-r5 = R5 reserve: a tower of { $height } needs { $height ->
    [one] { $height } floor
   *[other] { $height } floors
} and you have { $available }
meridian-refused-r6-own = R6 city: { $city } holds your own tower; only another player's tower can be pushed
meridian-refused-r6-off = R6 city: placing at { $city } would push a tower { $direction } off the board

## After a refusal, what may be done now: the legal values of the part of the move at fault, with the command.
meridian-refused-way = { $rule }. { $way }
meridian-way-cards = Your face-up cards: { $cards }; play one with /{ cmd-meridian } { cmd-meridian-play }, or discard it with /{ cmd-meridian } { cmd-meridian-pass }
meridian-way-meridians = Card { $card } can go on { $count ->
    [one] meridian
   *[other] meridians
} { $meridians } now, with /{ cmd-meridian } { cmd-meridian-play }
meridian-way-take-back = You can take back { $count ->
    [one] your tower at
   *[other] your towers at
} { $cities }, with /{ cmd-meridian } { cmd-meridian-play } and { cmd-meridian-play-take_back }
meridian-way-heights = On meridian { $meridian } you can place a tower of { $heights } floors, with /{ cmd-meridian } { cmd-meridian-play } and { cmd-meridian-play-height }
meridian-way-cities = { $height ->
    [8] An
    [11] An
    [18] An
   *[other] A
} { $height }-floor tower can go at { $cities }, with /{ cmd-meridian } { cmd-meridian-play } and { cmd-meridian-play-row }
meridian-way-pass = Card { $card } can only be discarded now, with /{ cmd-meridian } { cmd-meridian-pass }

## Options that do not set up a game.
meridian-board-unknown = unknown board { $name } (use "standard-5", "standard-4" or a grid of row strings)
meridian-board-rows = a board has 4 or 5 rows, this grid has { $rows }
meridian-board-row-length = board row { $row } has { $len ->
    [one] { $len } character
   *[other] { $len } characters
}, every row has 10 (one per meridian)
meridian-board-letter = board row { $row }, meridian { $meridian }: { $found } is not an island letter (a-z, A-Z for a capital)
meridian-board-does-not-suit = a board of { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
} does not suit { $players ->
    [one] { $players } player
   *[other] { $players } players
} (4 cities a meridian for 3 players, 5 for 2 or 4)
meridian-board-unreadable = this board cannot be set up

## The rules in short, for `rules`.
meridian-rules = **Meridian** in short. Each turn, play one of your two face-up cards and choose a meridian it allows (1–10, or a range). On it you may **place** a tower (floors from your reserve), **take back** one of yours, **both**, or **pass**. Towers on a meridian have different heights, tallest to the north; an empty meridian's first tower has 2 floors or more; one tower per player per meridian (two with 2 players). Placing on another player's tower pushes it (and the towers behind it) one city north if yours is shorter, south if taller, never off the board. When all cards are played, each island goes to the player with the strongest garrison there (1 per tower, 2 on a capital ★); its cities are their points. Ties: most floors left. A turn not played in time passes by itself; three in a row, and the player is resigned.

## Typed commands.
meridian-your-tower = Your tower at { $city }
meridian-no-such-card = There is no card "{ $card }": cards are 1 to 10, 1-2-3, 4-5-6-7 and 8-9-10. { $way }.
meridian-out-of-range = { $what } { $value } is out of range
meridian-height-and-row = A new tower needs both a height and a row.
meridian-nothing-to-do = Give a height and a row to place a tower, or { cmd-meridian-play-take_back }; to pass use /{ cmd-meridian } { cmd-meridian-pass }.
