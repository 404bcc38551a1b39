### La position en mots : le texte alternatif de chaque image (ce qu'un lecteur d'écran en dit) et `board text:True` /
### `hand text:True`. Des phrases entières : un lecteur d'écran les lit l'une après l'autre. Les repères sont ceux du plateau.

## Tous les jeux.
words-none = aucune
# Un message des images, fait phrase.
words-sentence = { $words }.
# Les scores des joueurs : « ana 5, ben 3 ».
words-points = Points : { $points }.

## Meridian : les îles par leur lettre, les villes comme sur le plateau (6.1 : méridien 6, rangée 1).
words-meridian-move = Meridian, coup { $move } : à { $who } de jouer.
words-meridian-over = Meridian, partie terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
# Chaque île avec des tours, et combien chaque joueur en a : « B : ana 1, ben 2. »
words-meridian-towers = Tours par île : { $islands }
words-meridian-island-short = { $island } : { $towers }.
words-meridian-no-towers = Aucune tour pour l'instant.
words-meridian-player = { $name } : { $points ->
    [one] { $points } point
   *[other] { $points } points
}, réserve de { $reserve ->
    [one] { $reserve } étage
   *[other] { $reserve } étages
}, { $deck ->
    [one] { $deck } carte
   *[other] { $deck } cartes
} face cachée ; face visible : { $cards }.
words-meridian-island = Île { $island } ({ $cities ->
    [one] { $cities } ville
   *[other] { $cities } villes
}{ $count ->
    [0] {""}
    [one] , capitale { $capitals }
   *[other] , capitales { $capitals }
}). Tours : { $towers }. { $holder }
words-meridian-tower = { $city } { $who } ({ $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
})
words-meridian-held = Elle est à { $who }.
words-meridian-tied = Égalité : elle n'est à personne.
words-meridian-empty = Elle n'est à personne.
words-meridian-face-up = Face visible : { $cards }.
words-meridian-reserve = Réserve : { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
}.
words-meridian-to-come = Dans votre paquet ({ $count }) : { $cards }.
words-meridian-played = Jouées ({ $count }) : { $cards }.

## Contrées : les contrées par leur lettre dans l'ordre de pose, les coins par leur repère (B4 : le coin du bas de B).
words-contrees-laying = Contrées, construction du terrain, coup { $move } : à { $who } de jouer.
words-contrees-building = Contrées, conquête des contrées, coup { $move } : à { $who } de jouer.
words-contrees-over = Contrées, partie terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
# Les contrées de chaque joueur, une contrée blanche comptant pour trois : « ana 4, ben 3 ».
words-contrees-score = Contrées : { $points }.
words-contrees-land = { $white ->
    [yes] { $land } (blanche)
   *[other] { $land }
}
# Une contrée en bref : à qui elle est, ou de qui sont les tours sur ses coins.
words-contrees-land-state = { $land } : { $state }.
words-contrees-holder = à { $who }
words-contrees-nobody = à personne
words-contrees-no-towers = aucune tour
words-contrees-towers-count = tours { $towers }
words-contrees-land-line = Contrée { $land } : { $holder }. Tours : { $towers }.
words-contrees-player = { $name } : contrées { $points }, { $markers ->
    [one] { $markers } marqueur restant
   *[other] { $markers } marqueurs restants
}, { $towers ->
    [one] { $towers } tour restante
   *[other] { $towers } tours restantes
}, { $demolished ->
    [one] { $demolished } tour démolie
   *[other] { $demolished } tours démolies
}.
words-contrees-may-lay = Une contrée peut être posée en : { $labels }.
words-contrees-may-build = Une tour peut être bâtie en : { $labels }.

## Dragon Delta : les villages par leur couleur, les planches par leurs bouts (5-19, rouge-4), les îles par leur numéro.
# Un joueur et sa couleur : « ana (rouge) ».
words-dd-who = { $name } ({ $colour })
words-dd-programming = Dragon Delta, tour de jeu { $round } : choix des programmes, on attend { $who }.
words-dd-position = Dragon Delta, tour de jeu { $round }, position { $position } : à { $who } de jouer.
words-dd-over = Dragon Delta, partie terminée au tour de jeu { $round }.
# Où se tient un pion : « ana (rouge) : la planche en 5-19. »
words-dd-pawn = { $who } : { $place }.
words-dd-statue = { $who } a la statuette.
words-dd-plank = { $ends } ({ $colour } { $size })
words-dd-planks = Planches sur la rivière : { $planks }.
words-dd-stones = Pierres sur les îles : { $islands }.
words-dd-lost = Perdues : { $pieces }.
words-dd-player = { $who } : réserve { $reserve } ; { $cards }.
words-dd-laid = programme posé
words-dd-choosing = choisit son programme
words-dd-revealed = cartes révélées : { $cards }
words-dd-cancelled = { $card } (annulée)
words-dd-hand = Votre main : { $cards }.
words-dd-programme = Votre programme : { $cards }.

## Revoir : les plateaux d'une partie, animés.
replay-alt = Une animation de { $frames ->
    [one] { $frames } plateau
   *[other] { $frames } plateaux
}, du coup { $from } au coup { $to }. Le dernier : { $last }
replay-thinned = L'animation montre un plateau sur { $every } des { $boards } publiés : tous ne tiendraient pas dans les 10 Mio de Discord.
