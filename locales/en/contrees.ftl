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

## The rules' refusals, each naming its rule, then what may be done now where a player can meet it (contrees.md §3–§5).
contrees-refused-game-over = the game is over
contrees-refused-turn = turn order: seat { $due } is to move, not seat { $seat }
contrees-refused-no-seat = seats: there is no seat { $seat } (seats are 0 and 1)
contrees-refused-resign = resign: seat { $seat } cannot resign for seat { $named }
contrees-refused-lands-first = { $laid } of the 16 lands { $laid ->
    [one] is
   *[other] are
} laid, and towers come once all are. { $way }
contrees-refused-lands-laid = all 16 lands are laid, so no land is left to lay. { $way }
contrees-refused-occupied = land { $land } lies there already. { $way }
contrees-refused-not-connected = that place does not touch the territory, which must stay in one piece. { $way }
contrees-refused-not-expert = only the expert game has white lands, so leave out { cmd-contrees-lay-white }. { $way }
contrees-refused-white-laid = your white land is laid already and the others are black, so leave out { cmd-contrees-lay-white }. { $way }
contrees-refused-white-last = your eighth land must be your white one, so set { cmd-contrees-lay-white } to "{ cmd-contrees-lay-white.choice-2 }". { $way }
contrees-refused-not-a-spot = { $spot } is not a corner of the territory. { $way }
contrees-refused-spot-taken = { $spot } has a tower already. { $way }
contrees-refused-rebuild = your tower at { $spot } was just demolished, and you may build there again from your next turn. { $way }
contrees-refused-no-towers = you have no tower left. { $way }
contrees-refused-may-not-pass = you may pass only with no tower left or no corner open to you, and you have { $towers } { $towers ->
    [one] tower
   *[other] towers
} left. { $way }
contrees-refused-timeout = time-out: in phase 1 the platform lays lands for a player out of time

## After a refusal, what may be done now: the command, and the labels at hand.
contrees-way-lay = { $count ->
    [one] Lay your second land
   *[other] Lay your two lands
} with /{ cmd-contrees } { cmd-contrees-lay } (free places: { $places })
contrees-way-build = Build with /{ cmd-contrees } { cmd-contrees-place } (free corners: { $spots })
contrees-way-pass = Pass with /{ cmd-contrees } { cmd-contrees-pass }
contrees-way-board = See the board with /{ cmd-contrees } { cmd-board }

## The rules in short, for `rules`.
contrees-rules = **Contrées** in short, for two. **Phase 1**: each turn, lay two of your 8 lands, each touching the territory (`/{ cmd-contrees } { cmd-contrees-lay }`, by the labels on the board: `B3` is the free place on side 3 of land B, sides counted clockwise from the upper right). In the expert game one of your lands is white and counts 3; it must be your eighth at the latest. **Phase 2**: each turn, build a tower on a free corner (`/{ cmd-contrees } { cmd-contrees-place }`, `B4` is corner 4 of land B, corners counted clockwise from the top). Four of a land's six corners make it yours: your marker goes on it and the other player's towers around it are demolished. A group of towers with no free corner next to it along the walls is demolished too, when the other player's tower closes it. A land with fewer than 4 of its owner's towers left loses its marker. You may not rebuild at once where you were just demolished; with no tower or no corner left, pass. The game ends when a player has all 10 markers out, nobody has towers, or no corner is free. Most land wins (then most towers demolished). A turn not played in time is played for you: in phase 1 lands go on the lowest-labelled free places (black, or your white one when it is due), in phase 2 nothing is built; three in a row, and you are resigned. You may resign at any moment (`/{ cmd-contrees } { cmd-resign }`): the other player wins.

## Typed commands.
contrees-lands-laid = All 16 lands are laid, so no land is left to lay. { $way }.
contrees-no-free-place = There is no free place "{ $label }" next to the territory. { $way }.
contrees-place-taken = "{ $label }" is taken: land { $land } lies there. { $way }.
contrees-no-corner = There is no corner "{ $spot }" on the board. { $way }.
