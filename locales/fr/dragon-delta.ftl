### Dragon Delta (Roberto Fraga) : cartes, lieux, coups, menus et refus.

## Couleurs des pions, des villages et des planches.
dd-colour = { $colour ->
    [red] rouge
    [black] noir
    [blue] bleu
    [green] vert
    [white] blanc
   *[yellow] jaune
}

## La place d'une planche par ses deux bouts, dans les mots du lecteur (« rouge-5 », « 5-19 ») : un village par le nom de sa couleur, dans les menus, le fil et sur l'image du plateau.
dd-ends = { $from }-{ $to }
dd-colour-name = { $colour ->
    [red] rouge
    [black] noir
    [blue] bleu
    [green] vert
    [white] blanc
   *[yellow] jaune
}

## Cartes : leurs noms et ce qu'elles font.
dd-card = { $card ->
    [stone] Pierre
    [stones-2] 2 pierres
    [plank] Planche
    [planks-2] 2 planches
    [take] Retirer
    [move] Déplacer
    [move-2] Déplacer 2
   *[jump] Sauter
}
dd-card-dragon = Dragon { $colour }
dd-does = { $card ->
    [stone] placez 1 pierre
    [stones-2] placez 2 pierres
    [plank] placez 1 planche
    [planks-2] placez 2 planches
    [take] retirez 1 planche ou 1 pierre
    [move] déplacez votre pion de 1 planche
    [move-2] déplacez votre pion de 2 planches
   *[jump] faites sauter votre pion par-dessus un autre pion
}
dd-does-dragon = annule l'action du joueur { $colour } à la même position
dd-card-option = { $card } : { $does }

## Lieux.
dd-village = le village { $colour }
dd-on-plank = la planche en { $plank }

## Un coup en mots : pour le fil ; -done à son joueur une fois joué ; -proposed à son joueur avant qu'il le confirme.
dd-programmed = { $who } a programmé ses cartes
dd-programmed-done = Vous avez programmé vos cartes
dd-programmed-proposed = poser ce programme
dd-placed-stone = { $who } place une pierre sur l'île { $island }
dd-placed-stone-done = Vous avez placé une pierre sur l'île { $island }
dd-placed-stone-proposed = placer une pierre sur l'île { $island }
dd-laid-plank = { $who } pose une planche de taille { $size } en { $ends }
dd-laid-plank-done = Vous avez posé une planche de taille { $size } en { $ends }
dd-laid-plank-proposed = poser une planche de taille { $size } en { $ends }
dd-plank-lost = { $who } ne peut poser sa planche de taille { $size } nulle part : elle est perdue
dd-plank-lost-done = Vous ne pouvez poser votre planche de taille { $size } nulle part : elle est perdue
dd-plank-lost-proposed = poser votre planche de taille { $size } : elle ne se pose nulle part et est perdue
dd-took-plank = { $who } retire la planche en { $ends } et la range dans sa réserve
dd-took-plank-done = Vous avez retiré la planche en { $ends } et l'avez rangée dans votre réserve
dd-took-plank-proposed = retirer la planche en { $ends } et la ranger dans votre réserve
dd-took-stone = { $who } retire la pierre de l'île { $island }
dd-took-stone-done = Vous avez retiré la pierre de l'île { $island }
dd-took-stone-proposed = retirer la pierre de l'île { $island }
dd-moved = { $who } déplace son pion sur { $places }
dd-moved-done = Vous avez déplacé votre pion sur { $places }
dd-moved-proposed = déplacer votre pion sur { $places }
dd-jumped = { $who } fait sauter son pion sur { $places }
dd-jumped-done = Vous avez fait sauter votre pion sur { $places }
dd-jumped-proposed = faire sauter votre pion sur { $places }
dd-then-place = { $first }, puis sur { $then }
dd-resigned = { $who } abandonne
dd-resigned-done = Vous avez abandonné
dd-resigned-proposed = abandonner
dd-reached-goal = { $line } et atteint son but : victoire !
dd-reached-goal-done = { $line } et atteint votre but : victoire !
dd-reached-goal-proposed = { $line } et atteindre votre but (victoire)
dd-then-event = { $line }. { $event }
dd-revealed = Cartes en position { $position } retournées : { $cards }
dd-revealed-card = { $who } joue { $card }
dd-cancelled = { $who } voit sa carte { $card } annulée par un dragon
dd-nothing = { $who } ne peut pas jouer sa carte { $card } : rien ne se passe
dd-fell = { $who } joue sa carte { $card } : nulle part où aller, le pion tombe à l'eau et regagne { $village }
dd-new-round = Tour de jeu { $round } : chacun programme cinq cartes ; la statuette est devant { $statue }
dd-programme-laid = Votre programme pour le tour de jeu { $round } est déjà posé.
dd-standing = pion { $colour } sur { $at }, en route vers { $goal } ; réserve : { $reserve }
dd-standing-resigned = abandon
dd-reserve = planches { $planks }
dd-reserve-empty = aucune planche
dd-chart = chemin restant jusqu'au but (%)

## Les menus : un programme carte par carte, puis les résultats de chaque action.
dd-programme-card = Carte { $number } sur { $of }
dd-programme-card-after = Carte { $number } sur { $of } après { $after }
dd-your-goal = { $place } (votre but)
dd-island = Île { $island }
dd-choose-island = Choisissez une île pour votre pierre
dd-plank-option = Planche de taille { $size } (couleur : { $colour })
dd-choose-plank = Choisissez une planche de votre réserve (vous verrez ensuite où la poser)
dd-between = En { $ends }
dd-choose-where-plank = Planche de taille { $size } : choisissez où la poser
dd-take-plank = La planche en { $ends }
dd-take-plank-piece = La planche en { $ends } : { $colour }, taille { $size }
dd-take-stone = La pierre de l'île { $island }
dd-choose-take = Choisissez une planche ou une pierre à retirer
dd-choose-where = Choisissez où aller
dd-choose-landing = Choisissez où atterrir
dd-choose-first-step = Choisissez où aller (premier pas)
dd-choose-second-step = Puis où ? (second pas, depuis { $from })

## Les refus des règles, chacun citant sa règle, puis ce qui peut être fait maintenant quand un joueur peut le rencontrer.
dd-refused-game-over = la partie est terminée
dd-refused-no-seat = places : il n'y a pas de place { $seat }
dd-refused-resigned = abandon : la place { $seat } a déjà abandonné
dd-refused-programmed = programmes : la place { $seat } a déjà posé son programme pour ce tour de jeu
dd-refused-programming = les programmes sont en cours de choix : posez d'abord le vôtre, avec /{ cmd-delta } { cmd-delta-program }
dd-refused-not-programming = les programmes reviendront au tour de jeu suivant ; les actions de ce tour sont en cours. { $way }
dd-refused-programme-length = programme : il compte { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} ; un programme en compte 5
dd-refused-not-in-hand = programme : vous n'avez pas la carte { $card } en main. { $way }
dd-refused-twice = programme : la carte { $card } y figure deux fois. { $way }
dd-refused-two-dragons = programme : une seule carte Dragon au plus, l'une d'elles doit donc partir. { $way }
dd-refused-turn = ordre de jeu : c'est à la place { $due } d'agir, pas à la place { $seat }
dd-refused-impossible = { $card } : ce n'est pas l'un de ses résultats possibles en ce moment. { $way }

## Après un refus, ce qui peut être fait maintenant : les cartes qui peuvent remplacer la carte en cause, ou le choix attendu.
dd-way-cards = Cartes qui peuvent prendre sa place : { $cards }, avec /{ cmd-delta } { cmd-delta-program }
dd-way-choice = C'est à votre carte « { $card } » d'agir : choisissez son effet dans les menus de /{ cmd-delta } { cmd-hand }
dd-way-menus = Choisissez parmi les menus de /{ cmd-delta } { cmd-hand }

## Les règles en bref, pour `règles`.
dd-rules = **Dragon Delta** en bref, de 2 à 6 joueurs. Traversez le fleuve de votre village jusqu'au village opposé en posant des pierres sur les îles et des planches entre elles. **À chaque tour de jeu**, chacun programme en secret cinq de ses cartes, dans l'ordre (`/{ cmd-delta } { cmd-delta-program }`, ou par clics dans vos messages privés) : placer 1 ou 2 pierres, placer 1 ou 2 planches de votre réserve, retirer une planche ou une pierre, se déplacer de 1, se déplacer de 2, sauter par-dessus un pion voisin (comme un déplacement de 2 : jusqu'au village ou à une planche libre au-delà), et au plus une carte Dragon, qui annule l'action de sa couleur à la même position. Puis la position 1 est retournée pour tous et jouée à partir du joueur qui a la statuette, puis la position 2, et ainsi de suite ; la statuette passe au joueur suivant à chaque tour de jeu. Vous choisissez chaque résultat quand vient votre action (les îles par leur numéro, les planches par leurs extrémités comme `5-19`, les villages par leur couleur) ; une planche est choisie dans votre réserve avant de voir où elle peut aller (ce choix est définitif), et elle est perdue si elle ne tient nulle part. Une action qui n'a qu'un résultat possible est jouée aussitôt ; sans résultat possible, rien ne se passe, et un pion qui ne peut pas se déplacer tombe à l'eau et revient à son village. Le premier pion qui atteint son but gagne aussitôt. **Délais** : 3 jours pour programmer et 1 jour pour un choix (fixés au départ). Faute de jouer à temps, le programme est `stone, stones-2, plank, planks-2, take` (Pierre, 2 pierres, Planche, 2 planches, Retirer), et un choix prend la première option de chaque menu (le plus petit repère) ; après trois programmes de suite non posés à temps, vous abandonnez d'office. Vous pouvez abandonner à tout moment (`/{ cmd-delta } { cmd-resign }`).

## Commandes tapées.
dd-unknown-card = La carte « { $card } » n'existe pas : tapez les cartes stone, stones-2, plank, planks-2, take, move, move-2, jump et dragon- suivi de la couleur en anglais (par exemple dragon-red).
dd-programme-length = Un programme compte 5 cartes dans l'ordre, pas { $count } : par exemple stone plank move move-2 jump.
