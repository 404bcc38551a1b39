### Contrées : ses coups, menus par repère, refus.

## Un coup en mots : pour le fil ; -done à son joueur une fois joué ; -proposed à son joueur avant qu'il le confirme.
contrees-laid = { $who } pose la contrée { $land }
contrees-laid-done = Vous avez posé la contrée { $land }
contrees-laid-proposed = poser la contrée { $land }
contrees-laid-white = { $who } pose la contrée { $land } (blanche, compte triple)
contrees-laid-white-done = Vous avez posé la contrée { $land } (blanche, compte triple)
contrees-laid-white-proposed = poser la contrée { $land } (blanche, compte triple)
contrees-built = { $who } place une tour en { $spot }
contrees-built-done = Vous avez placé une tour en { $spot }
contrees-built-proposed = placer une tour en { $spot }
contrees-taking = { $line }, prenant possession { $count ->
    [one] de la contrée
   *[other] des contrées
} { $lands }
contrees-demolishing = { $line }, démolissant { $count ->
    [one] { $count } tour
   *[other] { $count } tours
} appartenant à { $other } ({ $spots })
contrees-lost = { $line } ; { $other } retire { $count ->
    [one] son marqueur de la contrée
   *[other] ses marqueurs des contrées
} { $lands }
contrees-passed = { $who } passe (plus aucune tour en réserve ou aucun emplacement libre)
contrees-passed-done = Vous avez passé (plus aucune tour en réserve ou aucun emplacement libre)
contrees-passed-proposed = passer (plus aucune tour en réserve ou aucun emplacement libre)
contrees-placed-nothing = { $who } ne place rien
contrees-placed-nothing-done = Vous n'avez rien placé
contrees-placed-nothing-proposed = ne rien placer
contrees-resigned = { $who } abandonne
contrees-resigned-done = Vous avez abandonné
contrees-resigned-proposed = abandonner
contrees-standing = { $score ->
    [one] { $score } contrée
   *[other] { $score } contrées
}, { $markers ->
    [one] { $markers } marqueur
   *[other] { $markers } marqueurs
} et { $towers ->
    [one] { $towers } tour
   *[other] { $towers } tours
} en réserve, { $demolished ->
    [one] { $demolished } tour démolie
   *[other] { $demolished } tours démolies
}
contrees-chart = décompte des contrées

## Les menus d'un coup : contrées et emplacements par les repères du plateau.
contrees-land = Contrée { $label }
contrees-land-choose = Choisissez une contrée
contrees-land-choose-land-first = Choisissez une contrée : d'abord la contrée voisine
contrees-land-choose-next-to = Choisissez une contrée à côté de la contrée { $land }
contrees-second-land = Deuxième contrée { $label }
contrees-second-land-choose = Choisissez une deuxième contrée
contrees-second-land-choose-land-first = Choisissez une deuxième contrée : d'abord la contrée voisine
contrees-second-land-choose-next-to = Choisissez une deuxième contrée à côté de la contrée { $land }
contrees-spot = Emplacement { $label }
contrees-spot-choose = Choisissez un emplacement
contrees-spot-choose-land-first = Choisissez un emplacement : d'abord la contrée voisine
contrees-spot-choose-next-to = Choisissez un emplacement près de la contrée { $land }
contrees-next-to-land = Près de la contrée { $land }
contrees-no-spot-open = Aucun emplacement ne vous est accessible : passez
contrees-pass-option = Passer
contrees-black-option = Contrée noire
contrees-white-option = Contrée blanche (compte triple)
contrees-black-or-white = Contrée { $label } : noire ou blanche ?

## Les refus des règles, chacun citant sa règle, puis ce qui peut être fait maintenant quand un joueur peut le rencontrer (contrees.md §3–§5).
contrees-refused-game-over = la partie est terminée
contrees-refused-turn = ordre de jeu : c'est à la place { $due } de jouer, pas à la place { $seat }
contrees-refused-no-seat = places : il n'y a pas de place { $seat } (les places sont 0 et 1)
contrees-refused-resign = abandon : la place { $seat } ne peut pas abandonner pour la place { $named }
contrees-refused-lands-first = { $laid } des 16 contrées { $laid ->
    [one] est posée
   *[other] sont posées
}, et les tours viennent quand toutes le sont. { $way }
contrees-refused-lands-laid = les 16 contrées sont posées, il n'en reste aucune à poser. { $way }
contrees-refused-occupied = la contrée { $land } y est déjà posée. { $way }
contrees-refused-not-connected = cette place ne touche pas le territoire, qui doit rester d'un seul tenant. { $way }
contrees-refused-not-expert = seule la version expert comporte des contrées blanches, laissez donc { cmd-contrees-lay-white } de côté. { $way }
contrees-refused-white-laid = votre contrée blanche est déjà posée et les autres sont noires, laissez donc { cmd-contrees-lay-white } de côté. { $way }
contrees-refused-white-last = votre huitième contrée doit être votre contrée blanche, indiquez donc { cmd-contrees-lay-white } : « { cmd-contrees-lay-white.choice-2 } ». { $way }
contrees-refused-not-a-spot = { $spot } n'est pas un angle du territoire. { $way }
contrees-refused-spot-taken = l'emplacement { $spot } porte déjà une tour. { $way }
contrees-refused-rebuild = votre tour en { $spot } vient d'être démolie ; vous pourrez y reconstruire la prochaine fois que vous jouerez. { $way }
contrees-refused-no-towers = il ne vous reste aucune tour. { $way }
contrees-refused-may-not-pass = on ne peut passer que sans tour en réserve ou sans emplacement accessible, et il vous reste { $towers } { $towers ->
    [one] tour
   *[other] tours
}. { $way }
contrees-refused-timeout = temps écoulé : en phase 1, la plateforme pose les contrées d'un joueur à court de temps

## Après un refus, ce qui peut être fait maintenant : la commande, et les repères disponibles.
contrees-way-lay = { $count ->
    [one] Posez votre deuxième contrée
   *[other] Posez vos deux contrées
} avec /{ cmd-contrees } { cmd-contrees-lay } (places libres : { $places })
contrees-way-build = Placez une tour avec /{ cmd-contrees } { cmd-contrees-place } (emplacements libres : { $spots })
contrees-way-pass = Passez avec /{ cmd-contrees } { cmd-contrees-pass }
contrees-way-board = Voyez le plateau avec /{ cmd-contrees } { cmd-board }

## Les règles en bref, pour `règles`.
contrees-rules = **Contrées** en bref, pour deux joueurs. **Construction du terrain** (phase 1) : à chaque tour de jeu, posez deux de vos 8 contrées, chacune touchant le territoire (`/{ cmd-contrees } { cmd-contrees-lay }`, avec les repères du plateau : `B3` est la place libre le long du bord 3 de la contrée B, bords numérotés dans le sens des aiguilles d'une montre à partir du haut à droite). Dans la version expert, l'une de vos contrées est blanche et compte triple ; ce doit être au plus tard votre huitième. **Conquête des contrées** (phase 2) : à chaque tour de jeu, placez une tour sur un emplacement libre (`/{ cmd-contrees } { cmd-contrees-place }`, `B4` est l'angle 4 de la contrée B, angles numérotés dans le sens des aiguilles d'une montre à partir du haut). Avec des tours sur quatre des six angles d'une contrée, vous la possédez : votre marqueur y est posé et les tours adverses qui l'entourent sont démolies. Un groupe de tours sans emplacement libre à proximité directe le long des murailles est lui aussi démoli quand une tour adverse l'encercle. Une contrée où il reste moins de 4 tours de son propriétaire perd son marqueur. Il est interdit de reconstruire immédiatement là où votre tour vient d'être démolie ; s'il ne vous reste aucune tour ou aucun emplacement, passez. La partie se termine quand un joueur a posé ses 10 marqueurs, quand plus personne n'a de tours, ou quand aucun emplacement n'est libre. Le joueur contrôlant le plus de contrées l'emporte (puis celui qui a démoli le plus de tours). Si vous ne jouez pas à temps, on joue pour vous : en phase 1, vos contrées sont posées sur les places libres aux plus petits repères (noires, ou votre blanche quand elle est due), en phase 2, rien n'est construit ; au bout de trois fois de suite, vous abandonnez d'office. Vous pouvez abandonner à tout moment (`/{ cmd-contrees } { cmd-resign }`) : l'autre joueur l'emporte.

## Commandes tapées.
contrees-lands-laid = Les 16 contrées sont posées, il n'en reste aucune à poser. { $way }.
contrees-no-free-place = Il n'y a pas de place libre « { $label } » à côté du territoire. { $way }.
contrees-place-taken = La place « { $label } » est prise : la contrée { $land } y est posée. { $way }.
contrees-no-corner = Il n'y a pas d'emplacement « { $spot } » sur le plateau. { $way }.
