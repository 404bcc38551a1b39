### Contrées: its moves, menus by label, refusals.

## A move in words: for the thread; -done to its player once played; -proposed to its player before they confirm it
## (in lower case: it may follow another, and the question begins with a capital).
contrees-laid = { $who } laid land { $land }
contrees-laid-done = You laid land { $land }
contrees-laid-proposed = lay land { $land }
contrees-laid-white = { $who } laid land { $land } (white, counts 3)
contrees-laid-white-done = You laid land { $land } (white, counts 3)
contrees-laid-white-proposed = lay land { $land } (white, counts 3)
contrees-built = { $who } built at { $spot }
contrees-built-done = You built at { $spot }
contrees-built-proposed = build at { $spot }
contrees-taking = { $line }, taking { $count ->
    [one] land
   *[other] lands
} { $lands }
contrees-demolishing = { $line }, demolishing { $count } of { $other }'s towers ({ $spots })
contrees-lost = { $line }; { $other } lost { $count ->
    [one] land
   *[other] lands
} { $lands }
contrees-passed = { $who } passed (no tower or no open corner left)
contrees-passed-done = You passed (no tower or no open corner left)
contrees-passed-proposed = pass (no tower or no open corner left)
contrees-placed-nothing = { $who } placed nothing
contrees-placed-nothing-done = You placed nothing
contrees-placed-nothing-proposed = place nothing
contrees-resigned = { $who } resigned
contrees-resigned-done = You resigned
contrees-resigned-proposed = resign
contrees-standing = { $score ->
    [one] { $score } point
   *[other] { $score } points
} of land, { $markers ->
    [one] { $markers } marker
   *[other] { $markers } markers
} and { $towers ->
    [one] { $towers } tower
   *[other] { $towers } towers
} left, { $demolished ->
    [one] { $demolished } tower
   *[other] { $demolished } towers
} demolished
contrees-chart = points of land

## The menus of a move: lands and spots by the labels the board shows.
contrees-land = Land { $label }
contrees-land-choose = Choose a land
contrees-land-choose-land-first = Choose a land: first the land it is next to
contrees-land-choose-next-to = Choose a land next to land { $land }
contrees-second-land = Second land { $label }
contrees-second-land-choose = Choose a second land
contrees-second-land-choose-land-first = Choose a second land: first the land it is next to
contrees-second-land-choose-next-to = Choose a second land next to land { $land }
contrees-spot = Spot { $label }
contrees-spot-choose = Choose a spot
contrees-spot-choose-land-first = Choose a spot: first the land it is next to
contrees-spot-choose-next-to = Choose a spot next to land { $land }
contrees-next-to-land = Next to land { $land }
contrees-no-spot-open = No spot is open to you: pass
contrees-pass-option = Pass
contrees-black-option = Black land
contrees-white-option = White land (counts 3)
contrees-black-or-white = Land { $label }: black or white?

## The rules' refusals, each naming its rule (contrees.md §3–§5).
contrees-refused-game-over = the game is over
contrees-refused-turn = turn order: seat { $due } is to move, not seat { $seat }
contrees-refused-no-seat = seats: there is no seat { $seat } (seats are 0 and 1)
contrees-refused-resign = resign: seat { $seat } cannot resign for seat { $named }
contrees-refused-lands-first = phase 1: lands are laid now; towers come once all 16 lands are laid
contrees-refused-lands-laid = phase 2: all 16 lands are laid; place a tower or pass
contrees-refused-occupied = lands: { $land } is already laid
contrees-refused-not-connected = lands: { $land } shares no edge with the territory (it must stay connected)
contrees-refused-not-expert = white land: only the expert game has white lands
contrees-refused-white-laid = white land: you have laid your white land already
contrees-refused-white-last = white land: your last land must be your white land
contrees-refused-not-a-spot = spots: { $spot } is not a corner of a land of the territory
contrees-refused-spot-taken = { $spot } has a tower already
contrees-refused-rebuild = no immediate rebuild: your tower at { $spot } was just demolished; build there from your next turn
contrees-refused-no-towers = supply: you have no tower left (pass)
contrees-refused-may-not-pass = pass: you may pass only with no tower left or no spot to place one on
contrees-refused-timeout = time-out: in phase 1 the platform lays lands for a player out of time

## The rules in short, for `rules`.
contrees-rules = **Contrées** in short, for two. **Phase 1**: each turn, lay two of your 8 lands, each touching the territory (`/{ cmd-contrees } { cmd-contrees-lay }`, by the labels on the board: `B3` is the free place on side 3 of land B, sides counted clockwise from the upper right). In the expert game one of your lands is white and counts 3; it must be your eighth at the latest. **Phase 2**: each turn, build a tower on a free corner (`/{ cmd-contrees } { cmd-contrees-place }`, `B4` is corner 4 of land B, corners counted clockwise from the top). Four of a land's six corners make it yours: your marker goes on it and the other player's towers around it are demolished. A group of towers with no free corner next to it along the walls is demolished too, when the other player's tower closes it. A land with fewer than 4 of its owner's towers left loses its marker. You may not rebuild at once where you were just demolished; with no tower or no corner left, pass. The game ends when a player has all 10 markers out, nobody has towers, or no corner is free. Most land wins (then most towers demolished). A turn not played in time is played for you: in phase 1 lands go on the lowest-labelled free places (black, or your white one when it is due), in phase 2 nothing is built; three in a row, and you are resigned. You may resign at any moment (`/{ cmd-contrees } { cmd-resign }`): the other player wins.

## Typed commands.
contrees-lands-laid = All 16 lands are laid: build with /{ cmd-contrees } { cmd-contrees-place }, or pass.
contrees-no-free-place = There is no free place "{ $label }" next to the territory: use a label on the board.
contrees-no-corner = There is no corner "{ $spot }" on the board.
