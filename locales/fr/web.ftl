### La page web d'une partie (src/web/page.html et page.js).

web-title = { $title } — partie #{ $game }
# Ce que montre un lien vers la page d'une partie : la partie, puis ses joueurs.
web-og-title = { $title } : { $players }
web-languages = Langues
web-moves-nav = Coups
web-first = Début
web-first-title = La mise en place (Début)
web-previous = Précédent
web-previous-title = Coup précédent (flèche gauche)
web-next = Suivant
web-next-title = Coup suivant (flèche droite)
web-last = Dernier
web-last-title = Le dernier coup (Fin)
web-moves = Coups
web-standing = Classement actuel
web-record = Télécharger l'enregistrement de la partie
web-record-note = (JSON, avec toutes les cartes et tous les programmes ; la commande `replay` du bot le lit)
web-counter-setup = mise en place (sur { $last })
web-counter = coup { $step } sur { $last }
web-chart-title = { $chart }, coup par coup
web-at-setup = À la mise en place :
web-after-move = Après le coup { $step } :
web-analysis = Chances de gagner, coup par coup (l'analyse de la partie)
web-leaderboard-title = { $game } : le classement
web-leaderboard-player = Joueur
web-leaderboard-rating = Cote
web-leaderboard-games = Parties classées
web-leaderboard-note = Une cote suivie de « ? » est provisoire : son joueur a joué moins de { $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
}.

# Un joueur de tête dans l'aperçu d'un lien : « 1. ana 3 ».
web-tournament-unfurled = { $place }. { $name } { $points }
web-tournament-title = { $name } : { $title }, { $format }
web-tournament-swiss = suisse
web-tournament-round-robin = toutes-rondes
web-tournament-open = Inscriptions ouvertes : { $count } pour l'instant.
web-tournament-running = Ronde { $round } sur { $rounds } en cours.
web-tournament-finished = Terminé après { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}.
web-tournament-standings = Classement
web-tournament-player = Joueur
web-tournament-points = Points
web-tournament-buchholz = Buchholz
web-tournament-sonneborn-berger = Sonneborn-Berger
web-tournament-games = Parties
web-tournament-byes = Exemptions
web-tournament-withdrawn = { $name } (retrait)
web-tournament-cross-table = Grille américaine
web-tournament-rounds = Rondes
web-tournament-round = Ronde { $round }
web-tournament-game = Partie #{ $game } : { $players }
web-tournament-byes-of = Exemption : { $names }
web-tournament-note = Points : 1 pour une victoire, ½ pour une nulle, 0 pour une défaite ; à une table de plus de deux, la part des autres joueurs devancés. Une exemption vaut une victoire dans les jeux à deux, ½ aux tables plus grandes. Les égalités sont départagées par le Buchholz (les points des adversaires, chaque partie comptant la moyenne de ses adversaires), puis le Sonneborn-Berger (idem, pondéré par les points marqués dans chaque partie).
web-leaderboard-in-time = Tours à temps
web-chart-table = { $chart } : les valeurs en tableau
web-chart-move = Coup
web-colours = Couleurs
web-colours-standard = habituelles
web-colours-safe = adaptées au daltonisme
web-colours-label = Couleurs :
