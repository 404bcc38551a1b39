### Les mots dessinés sur les images : panneaux, cartes, notes et légendes. Restez bref : ils doivent tenir dans les panneaux.

## Tous les jeux.
# Le nom d'un joueur quand les noms ne couvrent pas sa place.
picture-seat = place { $seat }
picture-preview-note = Aperçu : Confirmer ou Retour.
picture-labels-legend = Les repères : ce qui peut être choisi.

## Meridian : le panneau du plateau.
picture-meridian-move = Coup { $move } · à { $who } de jouer
picture-meridian-over = Partie terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
# À côté du joueur qui doit jouer.
picture-meridian-to-play = à jouer
picture-meridian-points = { $score ->
    [one] { $score } pt
   *[other] { $score } pts
}
picture-meridian-material = Réserve { $reserve } · Paquet { $deck }

## Meridian : le résultat.
picture-meridian-final-score = Score final
picture-meridian-no-winner = Aucun vainqueur
picture-meridian-wins = { $who } l'emporte
picture-meridian-shared-win = Victoire partagée : { $names }
picture-meridian-final-reserve = réserve { $reserve }
picture-meridian-winner = vainqueur
picture-meridian-legend-conquered = Une île à la couleur d'un joueur est à lui ;
picture-meridian-legend-tied = rayée grise : égalité, personne ne marque.

## Meridian : les cartes d'un joueur.
picture-meridian-your-cards = { $name } · vos cartes
picture-meridian-no-cards = Plus aucune carte : votre partie est finie.
picture-meridian-reserve = Réserve
# Après le nombre de la réserve, écrit en grand.
picture-meridian-floors = { $floors ->
    [one] étage
   *[other] étages
}
picture-meridian-to-come = Dans votre paquet ({ $count })
picture-meridian-played = Jouées ({ $count })
picture-meridian-card-meridian = méridien { $meridian }
picture-meridian-card-meridians = un méridien de { $first } à { $last }

## Contrées : le panneau.
picture-contrees-laying = Construction du terrain, coup { $move }
picture-contrees-building = Conquête des contrées, coup { $move }
picture-contrees-lands = Contrées : { $lands }
picture-contrees-markers = Marqueurs restants : { $markers }
picture-contrees-towers = Tours restantes : { $towers }
picture-contrees-demolished = Tours démolies : { $demolished }
picture-contrees-draw = Match nul.
picture-contrees-wins = { $who } l'emporte.
picture-contrees-to-play = À { $who } de jouer.

## Dragon Delta : le panneau.
picture-dd-round-programming = Tour de jeu { $round } · programmation
picture-dd-round-position = Tour de jeu { $round } · position { $position }
picture-dd-resigned = abandon
picture-dd-statue = statuette
picture-dd-programmed = programmé
picture-dd-choosing = choisit…
picture-dd-reserve = Réserve
# Une réserve de planches vide.
picture-dd-no-planks = aucune
picture-dd-stones-left = Pierres restantes : { $stones }
# Les planches perdues, dessinées après.
picture-dd-lost = Perdues :
picture-dd-wins = { $who } l'emporte

## Dragon Delta : la face d'une carte (peu de lettres : les petites cartes réduisent leurs mots), et la cible d'un dragon dessous.
picture-dd-card = { $card ->
    [stone] pierre
    [stones-2] 2 pierres
    [plank] planche
    [planks-2] 2 planches
    [take] retirer
    [move] déplacer
    [move-2] déplacer 2
    [jump] sauter
    [dragon] dragon
   *[other] { $card }
}

## La lettre sur la marque de chaque couleur (villages, pions, joueurs) : Bc pour blanc, car bleu prend B.
picture-dd-letter = { $colour ->
    [red] R
    [black] N
    [blue] B
    [green] V
    [white] Bc
   *[yellow] J
}

## Dragon Delta : l'image du programme d'un joueur.
picture-dd-programme-title = { $name } · tour de jeu { $round }
picture-dd-hand = Votre main ({ $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
})
picture-dd-programme = Votre programme ({ $chosen ->
    [one] { $chosen } carte choisie
   *[other] { $chosen } cartes choisies
} sur 5)
picture-dd-note-playing = La position { $position } sur { $of } est en cours.
picture-dd-note-laid = Votre programme est posé ; le tour de jeu commence quand tous les programmes le sont.
picture-dd-note-choose = Choisissez encore { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
}, dans l'ordre.
