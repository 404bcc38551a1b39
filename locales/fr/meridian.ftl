### Meridian (Leo Colovini) : ses coups, menus, refus et options.

## Un coup en mots : pour le fil ; -done à son joueur une fois joué ; -proposed à son joueur avant qu'il le confirme.
meridian-passed = { $who } passe et défausse la carte { $card }
meridian-passed-done = Vous avez passé et défaussé la carte { $card }
meridian-passed-proposed = passer et défausser la carte { $card }
meridian-played = { $who } joue la carte { $card } sur le méridien { $meridian } : { $what }
meridian-played-done = Vous avez joué la carte { $card } sur le méridien { $meridian } : { $what }
meridian-played-proposed = jouer la carte { $card } sur le méridien { $meridian } — { $what }
meridian-took-back = retrait de sa tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-took-back-done = retrait de votre tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-took-back-proposed = retirer votre tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-placed = une tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-placed-done = une tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-placed-proposed = une nouvelle tour de { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
} en { $city }
meridian-then = { $first }, puis { $then }
meridian-pushing = { $line }, repoussant { $pushed } { $direction }
meridian-pushed-tower = la tour de { $height ->
    [one] { $height } étage
   *[other] { $height } étages
} appartenant à { $name }
meridian-north = vers le nord
meridian-south = vers le sud
meridian-standing = { $score ->
    [one] { $score } point
   *[other] { $score } points
}, { $reserve ->
    [one] { $reserve } étage
   *[other] { $reserve } étages
} en réserve

## Les menus d'un coup.
meridian-choose-card = Choisissez une carte
meridian-card = Carte { $card }
meridian-choose-meridian = Choisissez un méridien, ou passez
meridian-meridian = Méridien { $meridian }
meridian-pass-option = Passer (ne rien placer)
meridian-choose-action = Choisissez votre action
meridian-place-option = Placer une nouvelle tour
meridian-take-back-option = Retirer votre tour en { $city }
meridian-replace-option = Retirer votre tour en { $city }, puis placer une nouvelle tour
meridian-choose-height = Choisissez la hauteur
meridian-floors = { $floors ->
    [one] { $floors } étage
   *[other] { $floors } étages
}
meridian-choose-city = Choisissez la cité
meridian-city = Cité { $city }

## Les refus des règles, chacun citant sa règle (spec §3–§4).
meridian-refused-game-over = la partie est terminée
meridian-refused-turn = ordre de jeu : c'est à la place { $due } de jouer, pas à la place { $seat }
meridian-refused-card = carte : la carte { $card } ne fait pas partie de vos cartes retournées
meridian-refused-no-meridian = carte : un coup qui retire ou place une tour doit indiquer son méridien
meridian-refused-not-on-card = carte : la carte { $card } ne permet pas de jouer sur le méridien { $meridian }
meridian-refused-no-city = cité : la cité { $city } n'existe pas ; chaque méridien a les cités 1 à { $rows }
meridian-refused-no-tower = retrait : vous n'avez pas de tour en { $city }
meridian-refused-identical = retrait et placement : la nouvelle tour doit différer de celle retirée par sa hauteur ou par sa cité
meridian-refused-zero-height = hauteur : une tour a au moins 1 étage
meridian-refused-r1 = R1 première tour : le méridien { $meridian } n'a aucune tour, donc une tour y demande au moins 2 étages
meridian-refused-r2 = R2 hauteurs différentes : le méridien { $meridian } a déjà une tour de { $height ->
    [one] { $height } étage
   *[other] { $height } étages
}
meridian-refused-r3 = R3 ordre : une tour de { $height ->
    [one] { $height } étage
   *[other] { $height } étages
} en { $city } romprait l'ordre des hauteurs du nord au sud
meridian-refused-r4 = R4 une tour par méridien : vous avez déjà { $limit ->
    [one] { $limit } tour
   *[other] { $limit } tours
} sur le méridien { $meridian }
meridian-refused-r5 = R5 réserve : une tour de { $height ->
    [one] { $height } étage demande { $height } étage
   *[other] { $height } étages demande { $height } étages
} et il vous en reste { $available }
meridian-refused-r6-own = R6 cité : la cité { $city } porte votre propre tour ; seule la tour d'un autre joueur peut être repoussée
meridian-refused-r6-off = R6 cité : placer une tour en { $city } pousserait une tour { $direction } hors du plateau

## Après un refus, ce qui peut être fait maintenant : les valeurs permises de la partie du coup en cause, avec la commande.
meridian-refused-way = { $rule }. { $way }
meridian-way-cards = Vos cartes retournées : { $cards } ; jouez-en une avec /{ cmd-meridian } { cmd-meridian-play }, ou défaussez-la avec /{ cmd-meridian } { cmd-meridian-pass }
meridian-way-meridians = La carte { $card } peut aller sur { $count ->
    [one] le méridien
   *[other] les méridiens
} { $meridians } maintenant, avec /{ cmd-meridian } { cmd-meridian-play }
meridian-way-take-back = Vous pouvez retirer { $count ->
    [one] votre tour en
   *[other] vos tours en
} { $cities }, avec /{ cmd-meridian } { cmd-meridian-play } et { cmd-meridian-play-take_back }
meridian-way-heights = Sur le méridien { $meridian }, vous pouvez placer une tour de { $heights } étages, avec /{ cmd-meridian } { cmd-meridian-play } et { cmd-meridian-play-height }
meridian-way-cities = Une tour de { $height ->
    [one] { $height } étage
   *[other] { $height } étages
} peut aller en { $cities }, avec /{ cmd-meridian } { cmd-meridian-play } et { cmd-meridian-play-row }
meridian-way-pass = La carte { $card } ne peut plus qu'être défaussée, avec /{ cmd-meridian } { cmd-meridian-pass }

## Options qui ne permettent pas de préparer une partie.
meridian-board-unknown = plateau inconnu { $name } (utilisez « standard-5 », « standard-4 » ou une grille de rangées)
meridian-board-rows = un plateau a 4 ou 5 rangées, cette grille en a { $rows }
meridian-board-row-length = la rangée { $row } du plateau a { $len ->
    [one] { $len } caractère
   *[other] { $len } caractères
} ; chaque rangée en a 10 (un par méridien)
meridian-board-letter = rangée { $row } du plateau, méridien { $meridian } : { $found } n'est pas une lettre d'île (a-z, A-Z pour une capitale)
meridian-board-does-not-suit = un plateau de { $rows } cités par méridien ne convient pas à { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
} (4 cités par méridien à 3 joueurs, 5 à 2 ou 4 joueurs)
meridian-board-unreadable = ce plateau ne peut pas être mis en place

## Les règles en bref, pour `règles`.
meridian-rules = **Meridian** en bref. À chaque tour de jeu, jouez l'une de vos deux cartes retournées et choisissez un méridien qu'elle permet (1 à 10, ou une série). Sur ce méridien, vous pouvez **placer** une tour (avec des étages de votre réserve), **retirer** l'une des vôtres, faire **les deux**, ou **passer**. Les tours d'un même méridien ont toutes des hauteurs différentes, la plus haute au nord ; la première tour d'un méridien vide a au moins 2 étages ; chaque joueur a une seule tour par méridien (deux à 2 joueurs). Placer une tour sur celle d'un autre joueur la repousse (avec les tours qui la suivent) d'une cité vers le nord si la vôtre est plus basse, vers le sud si elle est plus haute, jamais hors du plateau. Quand toutes les cartes ont été jouées, chaque île est conquise par le joueur qui y a la plus forte garnison (chaque tour vaut 1, ou 2 sur une capitale ★) ; chaque cité de l'île lui rapporte 1 point. En cas d'égalité, le joueur à qui il reste le plus d'étages de tour l'emporte. Si vous ne jouez pas à temps, vous passez automatiquement ; au bout de trois fois de suite, vous abandonnez d'office.

## Commandes tapées.
meridian-your-tower = Votre tour en { $city }
meridian-no-such-card = La carte « { $card } » n'existe pas : les cartes sont 1 à 10, 1-2-3, 4-5-6-7 et 8-9-10. { $way }.
meridian-out-of-range = valeur hors limites pour { $what ->
    [height] hauteur
    [row] rangée
    [meridian] méridien
   *[other] { $what }
} : { $value }
meridian-height-and-row = Une nouvelle tour demande une hauteur et une rangée.
meridian-nothing-to-do = Indiquez une hauteur et une rangée pour placer une tour, ou l'option { cmd-meridian-play-take_back } ; pour passer, utilisez /{ cmd-meridian } { cmd-meridian-pass }.
