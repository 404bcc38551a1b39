### La page web d'une partie (src/web/page.html et page.js).

web-title = { $title } — partie #{ $game }
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
web-record-note = (JSON, avec toutes les cartes et tous les programmes ; la commande replay du bot le lit)
web-board-alt-setup = Le plateau à la mise en place
web-board-alt = Le plateau après le coup { $step }
web-counter-setup = mise en place (sur { $last })
web-counter = coup { $step } sur { $last }
web-chart-title = { $chart }, coup par coup
web-at-setup = À la mise en place :
web-after-move = Après le coup { $step } :
