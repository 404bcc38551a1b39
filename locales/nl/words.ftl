### De stelling in woorden: de alt-tekst van elke afbeelding (wat een schermlezer ervan voorleest) en `board text:True` /
### `hand text:True`. Hele zinnen: een schermlezer leest ze na elkaar voor. De labels zijn die van het bord.

## Elk spel.
words-none = geen
# Een bericht van de afbeeldingen, als zin.
words-sentence = { $words }.
# De scores van de spelers: ‘ana 5, ben 3’.
words-points = Punten: { $points }.

## Meridian: eilanden bij hun letter, steden zoals op het bord (6.1: meridiaan 6, rij 1).
words-meridian-move = Meridian, zet { $move }: { $who } is aan de beurt.
words-meridian-over = Meridian, spel afgelopen na { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}.
# Elk eiland met torens, en hoeveel elke speler er heeft: ‘B: ana 1, ben 2.’
words-meridian-towers = Torens per eiland: { $islands }
words-meridian-island-short = { $island }: { $towers }.
words-meridian-no-towers = Nog geen torens.
words-meridian-player = { $name }: { $points ->
    [one] { $points } punt
   *[other] { $points } punten
}, voorraad { $reserve ->
    [one] { $reserve } stuk
   *[other] { $reserve } stukken
}, { $deck ->
    [one] { $deck } kaart
   *[other] { $deck } kaarten
} gedekt; open: { $cards }.
words-meridian-island = Eiland { $island } ({ $cities ->
    [one] { $cities } stad
   *[other] { $cities } steden
}{ $count ->
    [0] {""}
    [one] , hoofdstad { $capitals }
   *[other] , hoofdsteden { $capitals }
}). Torens: { $towers }. { $holder }
words-meridian-tower = { $city } { $who } ({ $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
})
words-meridian-held = Het is van { $who }.
words-meridian-tied = Gelijke stand: het is van niemand.
words-meridian-empty = Het is van niemand.
words-meridian-face-up = Open: { $cards }.
words-meridian-reserve = Voorraad: { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
}.
words-meridian-to-come = In je stapel ({ $count }): { $cards }.
words-meridian-played = Gespeeld ({ $count }): { $cards }.

## Contrées: gebieden bij hun letter in volgorde van leggen, hoeken bij hun label (B4: de onderste hoek van B).
words-contrees-laying = Contrées, fase 1 (gebieden leggen), zet { $move }: { $who } is aan de beurt.
words-contrees-building = Contrées, fase 2 (torens bouwen), zet { $move }: { $who } is aan de beurt.
words-contrees-over = Contrées, spel afgelopen na { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}.
# De gebieden van elke speler, een wit gebied telt voor drie: ‘ana 4, ben 3’.
words-contrees-score = Gebieden: { $points }.
words-contrees-land = { $white ->
    [yes] { $land } (wit)
   *[other] { $land }
}
# Een gebied in het kort: van wie het is, of wiens torens op zijn hoeken staan.
words-contrees-land-state = { $land }: { $state }.
words-contrees-holder = van { $who }
words-contrees-nobody = van niemand
words-contrees-no-towers = geen torens
words-contrees-towers-count = torens { $towers }
words-contrees-land-line = Gebied { $land }: { $holder }. Torens: { $towers }.
words-contrees-player = { $name }: gebieden { $points }, { $markers ->
    [one] { $markers } bezitsmarker
   *[other] { $markers } bezitsmarkers
} over, { $towers ->
    [one] { $towers } toren
   *[other] { $towers } torens
} over, { $demolished } gesloopt.
words-contrees-may-lay = Een gebied kan worden gelegd op: { $labels }.
words-contrees-may-build = Een toren kan worden gebouwd op: { $labels }.

## Dragon Delta: dorpen bij hun kleur, planken bij hun uiteinden (5-19, rood-4), eilanden bij hun nummer.
# Een speler en zijn kleur: ‘ana (rood)’.
words-dd-who = { $name } ({ $colour })
words-dd-programming = Dragon Delta, ronde { $round }: programma's worden gekozen, nog door { $who }.
words-dd-position = Dragon Delta, ronde { $round }, positie { $position }: { $who } is aan de beurt.
words-dd-over = Dragon Delta, spel afgelopen in ronde { $round }.
# Waar een pion staat: ‘ana (rood): de plank 5-19.’
words-dd-pawn = { $who }: { $place }.
words-dd-statue = { $who } heeft het beeldje.
words-dd-plank = { $ends } ({ $colour } { $size })
words-dd-planks = Planken op de rivier: { $planks }.
words-dd-stones = Stenen op de eilanden: { $islands }.
words-dd-lost = Verloren: { $pieces }.
words-dd-player = { $who }: voorraad { $reserve }; { $cards }.
words-dd-laid = programma gelegd
words-dd-choosing = kiest een programma
words-dd-revealed = omgedraaide kaarten: { $cards }
words-dd-cancelled = { $card } (geannuleerd)
words-dd-hand = Je hand: { $cards }.
words-dd-programme = Je programma: { $cards }.

## Terugkijken: de borden van een spel, geanimeerd.
replay-alt = Een animatie van { $frames ->
    [one] { $frames } bord
   *[other] { $frames } borden
}, van zet { $from } tot zet { $to }. Het laatste: { $last }
replay-thinned = De animatie toont één op de { $every } van de { $boards } geplaatste borden: ze zouden niet allemaal in de 10 MiB van Discord passen.
