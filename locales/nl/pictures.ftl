### De woorden op de afbeeldingen: panelen, kaarten, notities en legenda's. Houd ze kort: ze moeten in de panelen passen.

## Alle spellen.
# De naam van een speler als de namen die plaats niet dekken.
picture-seat = plaats { $seat }
picture-preview-note = Voorbeeld: Bevestigen of Terug.
picture-labels-legend = Labels tonen wat nu gekozen kan worden.

## Meridian: het paneel van het bord.
picture-meridian-move = Zet { $move } · { $who } is aan de beurt
picture-meridian-over = Spel afgelopen na { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}
# Naast de speler die aan de beurt is.
picture-meridian-to-play = aan zet
picture-meridian-points = { $score ->
    [one] { $score } pt
   *[other] { $score } ptn
}
picture-meridian-material = Voorraad { $reserve } · Stapel { $deck }

## Meridian: de uitslag.
picture-meridian-final-score = Eindstand
picture-meridian-no-winner = Geen winnaar
picture-meridian-wins = { $who } wint
picture-meridian-shared-win = Gedeelde overwinning: { $names }
picture-meridian-final-reserve = voorraad { $reserve }
picture-meridian-winner = winnaar
picture-meridian-legend-conquered = Eiland in de kleur van een speler: van die speler;
picture-meridian-legend-tied = grijs gestreept: gelijke stand, niemand scoort.

## Meridian: de eigen kaarten van een speler.
picture-meridian-your-cards = { $name } · jouw kaarten
picture-meridian-no-cards = Geen kaarten meer: je spel is afgelopen.
picture-meridian-reserve = Voorraad
# Na het getal van de voorraad, groot geschreven.
picture-meridian-floors = { $floors ->
    [one] stuk
   *[other] stukken
}
picture-meridian-to-come = In je stapel ({ $count })
picture-meridian-played = Gespeeld ({ $count })
picture-meridian-card-meridian = meridiaan { $meridian }
picture-meridian-card-meridians = meridiaan { $first } t/m { $last }

## Contrées: het paneel.
picture-contrees-laying = Fase 1: gebieden leggen, zet { $move }
picture-contrees-building = Fase 2: torens bouwen, zet { $move }
picture-contrees-lands = Gebieden: { $lands }
picture-contrees-markers = Bezitsmarkers over: { $markers }
picture-contrees-towers = Torens over: { $towers }
picture-contrees-demolished = Gesloopt: { $demolished }
picture-contrees-draw = Gelijkspel.
picture-contrees-wins = { $who } wint.
picture-contrees-to-play = { $who } is aan de beurt.

## Dragon Delta: het paneel.
picture-dd-round-programming = Ronde { $round } · programmeren
picture-dd-round-position = Ronde { $round } · positie { $position }
picture-dd-resigned = opgegeven
picture-dd-statue = beeldje
picture-dd-programmed = geprogrammeerd
picture-dd-choosing = kiest…
picture-dd-reserve = Voorraad
# Een lege voorraad planken.
picture-dd-no-planks = geen
picture-dd-stones-left = Stenen over: { $stones }
# De verloren planken, erna getekend.
picture-dd-lost = Verloren:
picture-dd-wins = { $who } wint

## Dragon Delta: de voorkant van een kaart (weinig letters: kleine kaarten verkleinen hun woorden), en het doelwit van een draak eronder.
picture-dd-card = { $card ->
    [stone] steen
    [stones-2] 2 stenen
    [plank] plank
    [planks-2] 2 planken
    [take] wegnemen
    [move] verplaatsen
    [move-2] 2× verplaatsen
    [jump] springen
    [dragon] draak
   *[other] { $card }
}

## De letter op het teken van elke kleur (dorpen, pionnen, spelers): Ge voor geel, want groen neemt G.
picture-dd-letter = { $colour ->
    [red] R
    [black] Z
    [blue] B
    [green] G
    [white] W
   *[yellow] Ge
}

## Dragon Delta: de programma-afbeelding van een speler.
picture-dd-programme-title = { $name } · ronde { $round }
picture-dd-hand = Je hand ({ $cards ->
    [one] { $cards } kaart
   *[other] { $cards } kaarten
})
picture-dd-programme = Je programma ({ $chosen } van 5 gekozen)
picture-dd-note-playing = Positie { $position } van { $of } wordt gespeeld.
picture-dd-note-laid = Je programma ligt klaar; de ronde begint zodra iedereen het zijne heeft gelegd.
picture-dd-note-choose = Kies nog { $cards ->
    [one] { $cards } kaart
   *[other] { $cards } kaarten
}, in volgorde.
