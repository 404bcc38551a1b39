### Dragon Delta (Roberto Fraga): cards, places, moves, menus and refusals.

## Colours of pawns, villages and planks.
dd-colour = { $colour ->
    [red] red
    [black] black
    [blue] blue
    [green] green
    [white] white
   *[yellow] yellow
}

## A plank's place by its two ends, in the reader's words ("red-5", "5-19"): a village by its colour's name, in the menus, the thread and on the board's picture.
dd-ends = { $from }-{ $to }
dd-colour-name = { $colour ->
    [red] red
    [black] black
    [blue] blue
    [green] green
    [white] white
   *[yellow] yellow
}

## Cards: their names and what they do.
dd-card = { $card ->
    [stone] stone
    [stones-2] stones-2
    [plank] plank
    [planks-2] planks-2
    [take] take
    [move] move
    [move-2] move-2
   *[jump] jump
}
dd-card-dragon = dragon-{ $colour }
dd-does = { $card ->
    [stone] place 1 stone
    [stones-2] place 2 stones
    [plank] place 1 plank
    [planks-2] place 2 planks
    [take] take a plank or a stone
    [move] move 1
    [move-2] move 2
   *[jump] jump over a pawn
}
dd-does-dragon = dragon: cancels { $colour }'s action at its position
dd-card-option = { $card }: { $does }

## Places.
dd-village = the { $colour } village
dd-on-plank = the plank { $plank }

## A move in words: for the thread; -done to its player once played; -proposed to its player before they confirm it
## (in lower case: it may follow another, and the question begins with a capital).
dd-programmed = { $who } has programmed
dd-programmed-done = You have programmed
dd-programmed-proposed = lay this programme
dd-placed-stone = { $who } placed a stone on island { $island }
dd-placed-stone-done = You placed a stone on island { $island }
dd-placed-stone-proposed = place a stone on island { $island }
dd-laid-plank = { $who } laid plank { $size } between { $ends }
dd-laid-plank-done = You laid plank { $size } between { $ends }
dd-laid-plank-proposed = lay plank { $size } between { $ends }
dd-plank-lost = { $who }'s plank { $size } fits nowhere: it is lost
dd-plank-lost-done = Your plank { $size } fits nowhere: it is lost
dd-plank-lost-proposed = lay plank { $size }: it fits nowhere and is lost
dd-took-plank = { $who } took the plank { $ends } into their reserve
dd-took-plank-done = You took the plank { $ends } into your reserve
dd-took-plank-proposed = take the plank { $ends } into your reserve
dd-took-stone = { $who } took the stone off island { $island }
dd-took-stone-done = You took the stone off island { $island }
dd-took-stone-proposed = take the stone off island { $island }
dd-moved = { $who } moved to { $places }
dd-moved-done = You moved to { $places }
dd-moved-proposed = move to { $places }
dd-jumped = { $who } jumped to { $places }
dd-jumped-done = You jumped to { $places }
dd-jumped-proposed = jump to { $places }
dd-then-place = { $first }, then { $then }
dd-resigned = { $who } resigned
dd-resigned-done = You resigned
dd-resigned-proposed = resign
dd-reached-goal = { $line }, reaching their goal: they win
dd-reached-goal-done = { $line }, reaching your goal: you win
dd-reached-goal-proposed = { $line }, reaching your goal (you win)
dd-then-event = { $line }. { $event }
dd-revealed = Position { $position } revealed: { $cards }
dd-revealed-card = { $who } { $card }
dd-cancelled = { $who }'s { $card } is cancelled by a dragon
dd-nothing = { $who }'s { $card } cannot be done: nothing happens
dd-fell = { $who }'s { $card }: nowhere to go, the pawn falls in the water and is back at { $village }
dd-new-round = Round { $round }: everyone programmes five cards; the statue is with { $statue }
dd-programme-laid = Your programme for round { $round } is laid already.
dd-standing = { $colour }, on { $at }, heading for { $goal }; { $reserve } in reserve
dd-standing-resigned = resigned
dd-reserve = planks { $planks }
dd-reserve-empty = no plank
dd-chart = way left to the goal (%)

## The menus: a programme card by card, then each action's outcomes.
dd-programme-card = Card { $number } of { $of }
dd-programme-card-after = Card { $number } of { $of } after { $after }
dd-your-goal = { $place } (your goal)
dd-island = Island { $island }
dd-choose-island = Choose an island for your stone
dd-plank-option = Plank { $size } ({ $colour })
dd-choose-plank = Choose a plank from your reserve (where it fits is shown once it is chosen)
dd-between = Between { $ends }
dd-choose-where-plank = Plank { $size }: choose where to lay it
dd-take-plank = The plank { $ends }
dd-take-plank-piece = The plank { $ends } ({ $colour } { $size })
dd-take-stone = The stone of island { $island }
dd-choose-take = Choose a plank or a stone to take
dd-choose-where = Choose where to go
dd-choose-landing = Choose where to land
dd-choose-first-step = Choose where to go (first step)
dd-choose-second-step = Then where (second step from { $from })

## The rules' refusals, each naming its rule, then what may be done now where a player can meet it.
dd-refused-game-over = the game is over
dd-refused-no-seat = seats: there is no seat { $seat }
dd-refused-resigned = resign: seat { $seat } has resigned already
dd-refused-programmed = programmes: seat { $seat } has laid its programme this round already
dd-refused-programming = programmes are being chosen: lay yours first, with /{ cmd-delta } { cmd-delta-program }
dd-refused-not-programming = programmes come at the next round, and this round's actions are carried out now. { $way }
dd-refused-programme-length = programme: it has { $count ->
    [one] { $count } card
   *[other] { $count } cards
}; a programme is 5
dd-refused-not-in-hand = programme: { $card } is not in your hand. { $way }
dd-refused-twice = programme: { $card } is there twice. { $way }
dd-refused-two-dragons = programme: at most one dragon, so one of them goes. { $way }
dd-refused-turn = turn order: seat { $due } is to act, not seat { $seat }
dd-refused-impossible = { $card }: that is not one of its possible outcomes now. { $way }

## After a refusal, what may be done now: the cards that may take a faulty one's place, or the choice due.
dd-way-cards = Cards that may take its place: { $cards }, with /{ cmd-delta } { cmd-delta-program }
dd-way-choice = Your { $card } is due now: choose what it does in the menus of /{ cmd-delta } { cmd-hand }
dd-way-menus = Choose among the menus of /{ cmd-delta } { cmd-hand }

## The rules in short, for `rules`.
dd-rules = **Dragon Delta** in short, for 2 to 6. Cross the river from your village to the one opposite by laying stones on islands and planks between them. **Each round** everyone programmes five of their cards in secret, in order (`/{ cmd-delta } { cmd-delta-program }`, or with clicks in your DM): place 1 or 2 stones, place 1 or 2 planks from your reserve, take a plank or a stone, move 1, move 2, jump over a pawn next to you (as a move of 2: to the village or a free plank beyond it), and at most one dragon, which cancels that colour's action at the same position. Then position 1 is revealed for everyone and carried out from the statue holder on, then position 2, and so on; the statue passes on each round. You choose each outcome when your action comes (islands by number, planks by their ends such as `5-19`, villages by colour); a plank is chosen from your reserve before you see where it fits (that choice is final), and is lost if it fits nowhere. An action with one possible outcome is played at once; with none, nothing happens, and a pawn that cannot move falls in the water, back to its village. The first pawn to reach its goal wins at once. **Time**: 3 days to programme and 1 day for a choice (set at start). Not in time: the programme is `stone, stones-2, plank, planks-2, take`, a choice the first option of each menu (the lowest label); three programmes in a row not laid in time, and you are resigned. You may resign at any moment (`/{ cmd-delta } { cmd-resign }`).

## Typed commands.
dd-unknown-card = There is no card "{ $card }": the cards are stone, stones-2, plank, planks-2, take, move, move-2, jump and dragon-<colour>.
dd-programme-length = A programme is 5 cards in order, not { $count }: e.g. stone plank move move-2 jump.
