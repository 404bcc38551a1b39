### The words drawn on the pictures: panels, cards, notes and legends. Keep them short: they must fit the panels.

## Every game.
# A player's name when the names do not cover their seat.
picture-seat = seat { $seat }
picture-preview-note = Preview: Confirm, or Back to choose again.
picture-labels-legend = Labels name what may be chosen now.

## Meridian: the board's panel.
picture-meridian-move = Move { $move } · { $who } to play
picture-meridian-over = Game over after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
# Beside the player whose turn it is.
picture-meridian-to-play = to play
picture-meridian-points = { $score } pts
picture-meridian-material = Reserve { $reserve } · Deck { $deck }

## Meridian: the result.
picture-meridian-final-score = Final score
picture-meridian-no-winner = No winner
picture-meridian-wins = { $who } wins
picture-meridian-shared-win = Shared win: { $names }
picture-meridian-final-reserve = reserve { $reserve }
picture-meridian-winner = winner
picture-meridian-legend-conquered = Islands in a player's colour are theirs;
picture-meridian-legend-tied = striped grey: tied, nobody scores.

## Meridian: a player's own cards.
picture-meridian-your-cards = { $name } · your cards
picture-meridian-no-cards = No cards left: your game is done.
picture-meridian-reserve = Reserve
# After the reserve's number, drawn large.
picture-meridian-floors = { $floors ->
    [one] floor
   *[other] floors
}
picture-meridian-to-come = Still to come ({ $count })
picture-meridian-played = Played ({ $count })
picture-meridian-card-meridian = meridian { $meridian }
picture-meridian-card-meridians = any of meridians { $first }–{ $last }

## Contrées: the panel.
picture-contrees-laying = Phase 1: laying lands, move { $move }
picture-contrees-building = Phase 2: building towers, move { $move }
picture-contrees-lands = Land: { $lands }
picture-contrees-markers = Markers left: { $markers }
picture-contrees-towers = Towers left: { $towers }
picture-contrees-demolished = Demolished: { $demolished }
picture-contrees-draw = A draw.
picture-contrees-wins = { $who } wins.
picture-contrees-to-play = { $who } to play.

## Dragon Delta: the panel.
picture-dd-round-programming = Round { $round } · programming
picture-dd-round-position = Round { $round } · position { $position }
picture-dd-resigned = resigned
picture-dd-statue = statue
picture-dd-programmed = programmed
picture-dd-choosing = choosing…
picture-dd-reserve = Reserve
# An empty reserve of planks.
picture-dd-no-planks = none
picture-dd-stones-left = Stones left: { $stones }
# The planks lost, drawn after it.
picture-dd-lost = Lost:
picture-dd-wins = { $who } wins

## Dragon Delta: a card's face (a few letters: small cards shrink their words), and a dragon's target under it.
picture-dd-card = { $card ->
    [stone] stone
    [stones-2] 2 stones
    [plank] plank
    [planks-2] 2 planks
    [take] take
    [move] move
    [move-2] move 2
    [jump] jump
    [dragon] dragon
   *[other] { $card }
}

## The letter on each colour's mark (villages, pawns, players): one letter each, K for black as blue takes B.
picture-dd-letter = { $colour ->
    [red] R
    [black] K
    [blue] B
    [green] G
    [white] W
   *[yellow] Y
}

## Dragon Delta: a player's programme picture.
picture-dd-programme-title = { $name } · round { $round }
picture-dd-hand = Your hand ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
})
picture-dd-programme = Your programme ({ $chosen } of 5 chosen)
picture-dd-note-playing = Position { $position } of { $of } is being played.
picture-dd-note-laid = Your programme is laid; the round starts when everyone's is.
picture-dd-note-choose = Choose { $cards ->
    [one] { $cards } more card
   *[other] { $cards } more cards
}, in order.
