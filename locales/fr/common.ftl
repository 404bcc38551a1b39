### Mots communs à tous les jeux : listes, refus, réponses, parties en attente, tours de jeu et rappels.

## Listes : « ana, ben et cy », « /a, /b ou /c ».
list-and = { $init } et { $last }
list-or = { $init } ou { $last }

## Un nombre de joueurs : « 2 » ou « 2 à 4 ».
players-range = { $min } à { $max }

## Refus : rien n'a été modifié.
error-no-such-game = La partie #{ $game } n'existe pas.
error-not-seated = Vous ne jouez pas dans la partie #{ $game }.
error-not-your-turn = C'est à { $due } de jouer, pas à vous.
error-illegal = Ce coup n'est pas autorisé : { $rule }.
error-pledged = Vous avez déjà choisi { $kept }, avant d'en voir les conséquences : ce choix est définitif.
error-moved-on = La partie #{ $game } a avancé (vous avez vu le coup { $seen }, elle en est au coup { $now }). Rien n'a été modifié.
error-game-over = La partie #{ $game } est terminée.
error-not-started = La partie #{ $game } n'a pas encore commencé.
error-already-started = La partie #{ $game } a déjà commencé.
error-already-seated = Vous avez déjà une place dans la partie #{ $game }.
error-lobby-full = La partie #{ $game } est complète ({ $max ->
    [one] { $max } joueur
   *[other] { $max } joueurs
}).
error-player-count = Il faut { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
} pour lancer la partie #{ $game } ; elle en compte { $have }.
error-not-host = Seul l'hôte de la partie #{ $game } peut faire cela.
error-not-a-player = { $name } ne joue pas dans la partie #{ $game }.
error-not-host-or-player = Seul l'hôte de la partie #{ $game }, ou le joueur concerné, peut confier une place à l'ordinateur.
error-computer-already = L'ordinateur joue déjà pour { $name }.
error-seat-gone = { $name } a abandonné la partie #{ $game }, et dans ce jeu les règles retirent la part d'un joueur qui abandonne : personne ne peut reprendre sa place.
error-not-host-or-moderator = Seul l'hôte de la partie #{ $game }, ou une personne autorisée à gérer les fils de son salon, peut l'annuler (tapez la commande dans le fil de la partie).
error-too-many-lobbies = Vous avez déjà { $max ->
    [one] { $max } partie en attente
   *[other] { $max } parties en attente
} sur ce serveur : lancez-en une ou annulez-en une d'abord.
error-too-many-invitations = { $name } a déjà { $max ->
    [one] { $max } invitation en attente
   *[other] { $max } invitations en attente
} sur ce serveur : il faut d'abord y répondre.
error-not-invited = Vous n'avez pas d'invitation pour la partie #{ $game }.
error-host-cannot-leave = L'hôte ne peut pas quitter sa propre partie en attente ; annulez plutôt la partie.
error-no-such-page = Cette page de partie n'existe pas.
error-no-such-move = La partie #{ $game } n'a pas de coup { $step } : elle en est au coup { $last }.
error-replay-moves = La partie #{ $game } compte les coups 0 à { $last } : on la revoit d'un coup à un coup égal ou suivant (demandé : { $from } à { $to }).
error-replay-nothing-shown = Aucun plateau de la partie #{ $game } n'a été montré dans son fil du coup { $from } au coup { $to } : demandez plus de coups.
discord-replay = La partie #{ $game } telle que son fil l'a montrée, du coup { $from } au coup { $to }.
error-export-too-early = L'enregistrement d'une partie contient ses secrets : la partie #{ $game } ne pourra être exportée qu'une fois terminée.
error-bad-options = Options de partie invalides : { $why }
error-internal = Un problème est survenu de notre côté ; rien n'a été modifié.
setup-unreadable = les options de { $game } sont illisibles : { $why }
setup-players = { $game } est un jeu pour { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, pas { $have }
setup-other-game = un coup de { $action } dans une partie de { $game }
refused-other-game = ce coup est un coup de { $action }, pas de { $game }

## Menus d'un coup.
menu-nothing = Rien à choisir pour l'instant
menu-page = { $first } … { $last }
menu-first-the-page = { $prompt } (d'abord la page)
chart-points = points

## Ce qu'a fait un changement, dans le fil de la partie.
play-lines = { $lines }
play-said = { $lines }.
play-to-play = { $turn ->
    [0] { $lines }. À { $due } de jouer.
   *[other] { $lines }. À { $due } de jouer (tour n° { $turn }).
}
play-game-over =
    { $lines }. La partie est terminée.
    { $result }
play-resigned = { $who } a abandonné ; ses coups seront joués à sa place
play-abandoned = La partie #{ $game } a été annulée. Personne ne gagne.
play-time-ran-out = Temps écoulé pour { $who }
play-timed-out-resigned = { $who } a laissé expirer son délai { $turns } fois de suite et abandonne d'office
play-only-outcome = Seul résultat possible : { $line }
play-for-resigned = { $line } (abandon)
play-score = { $who } { $score }
play-winner = Vainqueur : { $winners }.
play-final-scores = Scores finaux : { $scores }. Vainqueur : { $winners }.
play-rating-change = { $who } { $before } → { $after } ({ $change })
play-with-ratings =
    { $result }
    Cotes : { $changes }.
play-over-to-player = **{ $title } #{ $game }** : la partie est terminée. { $result }

## Parties en attente et invitations.
lobby-seats-invite = une partie compte { $max } places : invitez { $others ->
    [one] { $others } joueur
   *[other] { $others } joueurs
} au plus
lobby-seats-invite-or-computers = une partie compte { $max } places : invitez des joueurs ou ajoutez l'ordinateur pour { $others ->
    [one] { $others } place
   *[other] { $others } places
} au plus
lobby-invites = { $host } vous invite à jouer à { $title } (partie #{ $game }). Rejoignez la partie pour prendre une place, ou refusez. La partie commence quand tous les invités l'ont rejointe.
lobby-declined = { $who } a refusé l'invitation. L'hôte peut lancer la partie avec les joueurs présents, ou attendre que quelqu'un la rejoigne.
lobby-begins = La partie #{ $game } commence. Ordre de jeu : { $order }. { $first } { $count ->
    [one] joue
   *[other] jouent
} en premier.
lobby-started = La partie #{ $game } a commencé ; { $first } { $count ->
    [one] joue
   *[other] jouent
} en premier.

## Délais, rappels, vacances, réglages.
clock-turn-limit-bounds = le délai par coup va de { $min } à { $max ->
    [one] { $max } jour
   *[other] { $max } jours
}, pas { $days }
clock-choice-limit-bounds = le délai d'un choix va de { $min } à { $max ->
    [one] { $max } heure
   *[other] { $max } heures
}, pas { $hours }
clock-less-than-an-hour = moins d'une heure
clock-hours = { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
clock-days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
clock-days-hours = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} et { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
clock-reminder = Rappel : { $head }
vacation-bounds = Une période de vacances dure de 1 à { $max ->
    [one] { $max } jour
   *[other] { $max } jours
}.
vacation-left = Il vous reste { $left ->
    [one] { $left } jour
   *[other] { $left } jours
} de vacances cette année.
vacation-said = { $who } est en vacances pour { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} : son délai de jeu et ses rappels sont suspendus jusqu'à son retour.
settings-reminder-bounds = L'intervalle entre deux rappels va de { $min } à { $max ->
    [one] { $max } heure
   *[other] { $max } heures
}, pas { $hours }.
computer-took-seat = Désormais, l'ordinateur joue pour { $who } : { $computer }.
page-link = Tous les coups, pas à pas : { $url }
analysis-ready = L'analyse de la partie #{ $game } est prête : chaque joueur peut demander ses coups les plus coûteux avec la commande analyse.
analysis-ready-page = L'analyse de la partie #{ $game } est prête, ses coups les plus coûteux signalés : { $url }

## Messages privés.
delivery-since-last-turn = Depuis la dernière fois que vous avez joué :

## La page web d'une partie.
page-begins = La partie commence.
page-rating = cote { $rating }
page-costly = Un coup coûteux : { $before } % → { $after } % ; le meilleur était { $best }.
page-abandoned = Annulée.
page-won = Terminée. Vainqueur : { $winners }.
page-over = Terminée.
page-to-play = À { $due } de jouer.
delivery-in-thread = { $user }, { $note } Je ne peux pas vous envoyer de messages privés ({ $why }). Utilisez le bouton pour voir votre partie ici, en privé, et jouer.
delivery-dms-off = vous avez désactivé les messages privés
delivery-dms-closed = vos messages privés sont fermés

## Boutons.
button-join = Rejoindre
button-leave = Quitter
button-start = Lancer
button-decline = Refuser
button-back = Retour
button-confirm = Confirmer
button-my-view = Voir ma partie

## Messages des parties en attente.
lobby-on = **{ $title } #{ $game }** : { $seated }. La partie est en cours ; voir le fil.
lobby-looking = **{ $title } #{ $game }** cherche des joueurs ({ $players }). À la table : { $seated }.
lobby-looking-invited = { $looking } Invités : { $invited } (réponse dans le fil).

## Réponses aux commandes et aux clics.
language-name = français
discord-language = Je vous écrirai en { $language }.
discord-no-game = Vous n'avez aucune partie en cours. Lancez-en une avec { $starts }.
discord-several-games = Vous participez à plusieurs parties : utilisez cette commande dans le fil d'une partie, ou donnez son numéro dans l'option partie.
discord-start-in-a-server = Les parties se jouent dans un salon d'un serveur, chacune dans son propre fil : lancez-en une là-bas.
discord-start-not-in-a-thread = Ceci est un fil : lancez une partie depuis le salon lui-même, et elle aura son propre fil.
discord-no-thread = La partie { $title } #{ $game } n'a pas pu ouvrir son fil ici.
discord-thread-permissions = Je ne peux pas ouvrir de fil dans ce salon : accordez-moi ici les permissions Créer des fils publics et Envoyer des messages dans les fils, puis relancez la partie.
error-other-game = La partie #{ $game } n'est pas une partie de { $title } : utilisez ses propres commandes.
discord-already-played = Déjà joué.
# Un coup une fois joué, tel que son joueur le lit : « Vous avez joué la carte 4-5-6-7… ».
discord-played = { $moves }.
discord-status = { $status ->
    [lobby] en attente
    [active] en cours
    [finished] terminée
   *[abandoned] annulée
}
discord-status-line = Partie #{ $game } ({ $status }) après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
discord-status-to-play = { $line } À { $due } de jouer.
discord-status-time-left = { $line } Temps restant pour jouer : { $left }.
discord-status-player = • { $name } : { $standing }
discord-no-game-here = Vous n'avez aucune partie en cours ici.
discord-games-line = • #{ $game } { $place } : { $players } ; { $turn }
discord-games-to-play = à { $due } de jouer
discord-no-moves = Aucun coup pour l'instant.
discord-log-earlier = { $count ->
    [one] …{ $count } coup précédent omis (il ne tient pas dans un seul message).
   *[other] …{ $count } coups précédents omis (ils ne tiennent pas dans un seul message).
}
discord-resigned = Vous avez abandonné la partie #{ $game }.
discord-abandoned = La partie #{ $game } est annulée.
discord-record = L'enregistrement de la partie #{ $game }.
discord-vacation = Bonnes vacances ! Vos parties vous attendent jusqu'au { $until }.
discord-dms-on = Je vous enverrai vos tours de jeu (et vos cartes) en message privé.
discord-dms-off = Plus de messages privés : je vous préviendrai dans le fil de la partie.
discord-reminders = Quand ce sera à vous de jouer, vous recevrez un rappel { $hours ->
    [one] toutes les heures
   *[other] toutes les { $hours } heures
}.
discord-leaderboard-all-time = depuis toujours
discord-leaderboard-days = { $days ->
    [one] le dernier jour
   *[other] les { $days } derniers jours
}
discord-leaderboard-empty = Aucune partie de { $game } classée sur ce serveur ({ $period }) pour l'instant.
discord-leaderboard =
    { $game } sur ce serveur, { $period } :
    { $lines }
discord-leaderboard-line = { $rank }. { $name } { $rating } ({ $games ->
    [one] { $games } partie
   *[other] { $games } parties
})
discord-leaderboard-page =
    { $leaderboard }
    Page : { $url }
discord-profile-none = { $name } n'a encore aucune partie de { $game } classée sur ce serveur.
discord-profile-opponent = { $name } ({ $games })
discord-profile-game = #{ $game } : { $place ->
    [1] 1re
   *[other] { $place }e
} place, { $before } → { $after } ({ $change })
discord-profile-game-page = { $line } { $url }
discord-profile =
    { $name } à { $game } sur ce serveur : { $rating } (n° { $rank }), { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    }, { $wins ->
        [one] { $wins } gagnée
       *[other] { $wins } gagnées
    }.
    Cote : { $history }
    Adversaires les plus fréquents : { $opponents }
    { $recent }
discord-analysis-none = La partie #{ $game } n'est pas terminée : une partie est analysée une fois finie.
discord-analysis-unavailable = La partie #{ $game } n'a pas d'analyse : elle a été annulée, s'est terminée avant que les parties soient analysées, ou n'a pas pu l'être.
discord-analysis-waiting = L'analyse de la partie #{ $game } n'est pas encore prête : réessayez dans une minute.
discord-analysis-not-player = Vous n'avez pas joué la partie #{ $game } : l'analyse montre les coups d'un joueur à lui seul.
discord-analysis-clean = Aucun de vos coups de la partie #{ $game } ne vous a coûté quoi que ce soit que l'analyse ait trouvé.
discord-analysis-move = Coup { $step } : { $before } % → { $after } % ; le meilleur était { $best } ({ $best_share } %).
discord-analysis =
    Vos coups les plus coûteux dans la partie #{ $game } (vos chances de gagner avant → après le coup) :
    { $lines }
discord-your-cards = Vos cartes dans **{ $title } #{ $game }**.
discord-the-board = Le plateau de **{ $title } #{ $game }**.
discord-button-gone = Ce bouton n'est plus utilisable.
discord-declined = Vous avez refusé l'invitation à la partie #{ $game }.
discord-joined-started = Vous avez rejoint la partie #{ $game }, et elle a commencé.
discord-joined = Vous avez rejoint la partie #{ $game } ; elle commencera quand tous les invités l'auront rejointe.
error-nothing-to-choose = Vous n'avez rien à choisir dans la partie #{ $game } pour l'instant.
discord-choose-again = Votre coup dans la partie #{ $game } : choisissez à nouveau.
discord-then = { $first }, puis { $then }
# Un coup proposé avant que son joueur le confirme.
discord-confirm = { $moves } ?
discord-command = /{ $root } { $command }
discord-and-more = …et { $count } de plus

## Noms des joueurs ordinateurs (enregistrés dans la langue de la partie, comme le nom d'une personne).
computer-level = { $level ->
    [easy] facile
    [strong] fort
   *[normal] normal
}
computer = Ordinateur ({ $level })
computer-numbered = Ordinateur { $number } ({ $level })
computer-for = { $computer } pour { $player }

## Le temps des joueurs : avertissements avant la fin d'un délai, et heures dans le fuseau de chacun.
clock-warning = { $head } Il vous reste { $left } pour jouer, jusqu'à { $at } : passé ce délai, on jouera à votre place.
clock-at = { $weekday } à { $time } ({ $zone })
clock-weekday = { $day ->
    [1] lundi
    [2] mardi
    [3] mercredi
    [4] jeudi
    [5] vendredi
    [6] samedi
   *[7] dimanche
}
settings-warnings = Vous recevrez un avertissement { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} avant la fin du délai de chacun de vos coups.
settings-warnings-off = Vous ne recevrez plus d'avertissement avant la fin du délai de vos coups.
settings-warnings-bounds = Les avertissements sont 1 à { $most } nombres d'heures entre { $min } et { $max } (par exemple « 12 1 »), ou « off », pas « { $typed } ».
settings-time-zone = Je vous donne désormais les heures dans le fuseau { $zone }.
settings-time-zone-none = Je vous donne désormais les heures en UTC.
settings-time-zone-unknown = Il n'y a pas de fuseau horaire « { $zone } » : utilisez un nom comme Europe/Paris ou America/New_York.
settings-shown =
    Vos paramètres (chacun se change par sa propre commande sous paramètres) :
    { $lines }
settings-shown-dms = Messages privés : { $on ->
    [yes] oui
   *[no] non
}
settings-shown-reminders = Rappels : { $hours ->
    [one] toutes les heures
   *[other] toutes les { $hours } heures
}
settings-shown-reminders-game = Rappels : selon chaque partie
settings-shown-warnings = Avertissements : { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} avant la fin d'un délai
settings-shown-warnings-off = Avertissements : aucun
settings-shown-zone = Fuseau horaire : { $zone }
settings-shown-language = Langue : { $language }
settings-shown-vacation = Vacances : jusqu'au { $until }
settings-shown-no-vacation = Vacances : aucune ({ $left ->
    [one] { $left } jour restant
   *[other] { $left } jours restants
} cette année)
settings-quiet = Heures calmes : aucun message privé de ma part de { $from } à { $to } dans votre fuseau ; ce qui arrive entre-temps attend, puis vient en un seul message.
settings-quiet-off = Pas d'heures calmes : les messages privés arrivent aussitôt.
settings-quiet-both = Donnez les deux heures (de et à), ou aucune pour ne pas avoir d'heures calmes.
settings-quiet-same = Des heures calmes de { $hour } à { $hour } ne dureraient pas du tout : donnez deux heures différentes.
settings-hour-bounds = Les heures de la journée vont de { $min } à { $max }, pas { $hour }.
settings-digest = Votre résumé quotidien arrive à { $at } dans votre fuseau : toutes les parties qui vous attendent en un seul message, au lieu des rappels.
settings-digest-off = Pas de résumé quotidien : les rappels arrivent partie par partie.
settings-shown-quiet = Heures calmes : de { $from } à { $to }
settings-shown-quiet-off = Heures calmes : aucune
settings-shown-digest = Résumé quotidien : à { $at }
settings-shown-digest-off = Résumé quotidien : aucun
quiet-held =
    Pendant vos heures calmes :
    { $lines }
digest =
    { $count ->
        [one] Une partie vous attend :
       *[other] { $count } parties vous attendent :
    }
    { $lines }
digest-game = { $head } Il reste { $left }, jusqu'à { $at }.
digest-links = { $thread } · page : { $page }
digest-more = …et { $more } de plus.
button-accept = Accepter
substitute-asked = { $leaving } quitte la partie #{ $game } : sa place est proposée à { $arriving }.
substitute-offered = On demande à { $arriving }, dans le fil de la partie #{ $game }, de reprendre la place laissée par { $leaving }.
substitute-declined = { $arriving } ne reprendra pas la place laissée par { $leaving }.
substitute-you-declined = Vous avez refusé la place dans la partie #{ $game }.
substitute-took = { $arriving } reprend la place laissée par { $leaving }.
substitute-your-seat = Vous jouez désormais la place laissée par { $leaving } dans **{ $title } #{ $game }**.
substitute-you-took = Vous jouez désormais la place laissée par { $leaving } dans la partie #{ $game } : votre jeu et vos menus vous arrivent en privé.
error-may-not-substitute = Seuls l'hôte de la partie #{ $game }, le joueur qui part ou quelqu'un qui peut gérer les fils de son salon peuvent confier une place à un remplaçant.
error-plays-already = { $name } joue déjà dans la partie #{ $game }.
error-no-seat-offer = Aucune place de la partie #{ $game } ne vous attend : l'offre a reçu une réponse, a été remplacée, ou sa place a changé de mains.
error-seat-changed-hands = Votre place dans la partie #{ $game } a changé de mains : { $to } la joue désormais.
discord-substitute-bot = { $name } est un bot : un remplaçant est une personne ; utilisez { cmd-computer } pour confier la place à l'ordinateur.
rejoin-asked = { $player } demande à reprendre sa place dans la partie #{ $game } à { $computer } : l'hôte est-il d'accord ?
rejoin-you-asked = On demande à l'hôte de la partie #{ $game }, dans son fil, de vous rendre votre place.
rejoin-you-took = Vous jouez de nouveau votre place dans la partie #{ $game } : votre jeu et vos menus vous arrivent en privé.
rejoin-took = { $player } reprend sa place à l'ordinateur.
rejoin-your-seat = Vous jouez de nouveau votre place dans **{ $title } #{ $game }**.
rejoin-declined = L'hôte ne rend pas sa place à { $player }.
rejoin-you-let = { $player } joue de nouveau sa place dans la partie #{ $game }.
error-no-seat-to-rejoin = Vous n'avez pas de place à reprendre dans la partie #{ $game } : seule une place que l'ordinateur vous a prise, et qu'il joue encore, peut l'être.
undo-asked = { $name } demande à reprendre son dernier coup dans la partie #{ $game } ({ $lines }) : êtes-vous d'accord ? Tous les autres joueurs doivent accepter dans les 24 heures.
undo-you-asked = On le demande aux autres joueurs de la partie #{ $game }, dans son fil ; la demande expire au bout de 24 heures, ou dès que quelqu'un joue.
undo-you-took = Le coup est repris dans la partie #{ $game }.
undo-you-agreed = Vous acceptez la reprise dans la partie #{ $game } ; on attend { $waiting }.
undo-you-refused = Vous avez refusé la reprise dans la partie #{ $game }.
undo-refused = { $name } refuse la reprise demandée par { $asker }.
undo-done = { $name } reprend son coup ({ $lines })
undo-your-turn = Un coup a été repris : c'est de nouveau à vous de jouer.
undo-no-move = vous n'avez joué aucun coup à reprendre
undo-moved-since = { $name } a joué depuis
undo-card-turned = il a retourné une carte, que tous ont vue
undo-programmes-revealed = les programmes ont été révélés
undo-not-a-choice = un abandon ou un tour perdu au temps n'était pas votre choix
error-undo-refused = Votre dernier coup dans la partie #{ $game } ne peut pas être repris : { $why }.
error-no-undo = Aucune reprise de la partie #{ $game } n'attend votre réponse : elle a reçu sa réponse, a été redemandée, ou quelqu'un a joué depuis.
error-undo-waiting = La reprise demandée par { $name } dans la partie #{ $game } attend ses réponses : elle passe d'abord.
error-undo-lapsed = La reprise demandée dans la partie #{ $game } a expiré : 24 heures ont passé.

## Fair play: whose result, seats by consent, requests that stand once, reliability.
fair-min-reliability-bounds = La fiabilité minimale est une part de tours joués à temps, de 0 à { $max } % : { $minimum } est hors limites.
fair-asked-already = Vous avez déjà demandé dans la partie #{ $game } : votre demande attend sa réponse (elle tombe après un jour).
fair-too-many-requests = Vous avez demandé des places { $max } fois dans la partie #{ $game } aujourd'hui : redemandez demain.
fair-too-many-substitutions = Cette place de la partie #{ $game } a changé de mains { $max } fois, le plus qu'une place le puisse : elle reste à qui la tient.
fair-held-another-seat = { $name } a déjà tenu une place de la partie #{ $game } : une place par personne et par partie, et un ancien joueur ne revient qu'à la sienne, avec { cmd-rejoin }.
fair-resigned = { $name } a abandonné la partie #{ $game } : l'abandon est définitif, on n'y rejoue pas.
fair-offer-lapsed = L'offre de cette place dans la partie #{ $game } est tombée : elle date de plus d'un jour. Redemandez si elle tient toujours.
fair-offer-stale = L'offre de cette place dans la partie #{ $game } ne tient plus : la place a changé de mains ou abandonné depuis. Redemandez si elle tient toujours.
fair-undo-off-tournament = On ne reprend pas de coup dans la partie #{ $game } : c'est une partie de tournoi.
fair-undo-off = On ne reprend pas de coup dans la partie #{ $game } : son hôte a désactivé les reprises au départ.
fair-below-minimum = { $name } a joué { $percent } % de ses derniers tours à temps ; il en faut au moins { $minimum } %.
substitute-offered-both = On demande à { $arriving }, dans le fil de la partie #{ $game }, de reprendre la place tenue par { $leaving }, et à { $leaving }, qui la joue encore, d'accepter.
substitute-asked-leaving = { $leaving }, on vous demande de céder votre place dans **{ $title } #{ $game }** à { $arriving } : êtes-vous d'accord ? Personne ne la prend sans votre accord.
substitute-while-away = Votre tour dans **{ $title } #{ $game }** a expiré, ou vous n'avez pas joué dans le délai : on demande à { $arriving } de reprendre votre place.
substitute-you-agreed = Votre accord est noté pour la partie #{ $game } : la place change de mains quand l'autre joueur accepte aussi.
substitute-you-let = { $arriving } joue désormais votre place dans la partie #{ $game }. Merci d'avoir joué.
substitute-kept = { $leaving } garde sa place.
fair-reliability = Tours joués à temps : { $recent } % des { $count } derniers, { $all } % de tous ({ $turns }). Temps médian pour jouer : { $median }.
fair-reliability-none = Aucun tour joué sur ce serveur pour l'instant.
fair-reliability-short = { $recent } % à temps, { $median }
fair-reliability-none-short = nouveau
fair-no-median = pas encore
play-rating-change-provisional = { $who } { $before } → { $after } ({ $change }, provisoire)
play-with-provisional-ratings =
    { $result }
    Cotes : { $changes }. Une cote est provisoire pendant { $games ->
        [one] la première partie classée de son joueur
       *[other] les { $games } premières parties classées de son joueur
    } : elle bouge vite jusque-là.
lobby-over = **{ $title } #{ $game }** : la partie est terminée. { $result }
lobby-abandoned = **{ $title } #{ $game }** : la partie a été annulée. Personne ne gagne.
turn-head = { $turn ->
    [0] **{ $title } #{ $game }** : à vous de jouer.
   *[other] **{ $title } #{ $game }** : à vous de jouer (tour n° { $turn }).
}
turn-head-server = { $turn ->
    [0] **{ $title } #{ $game }** sur *{ $server }* : à vous de jouer.
   *[other] **{ $title } #{ $game }** sur *{ $server }* : à vous de jouer (tour n° { $turn }).
}
turn-due = À jouer avant le { $at } ({ $relative }).
turn-ran-out = { $left ->
    [one] Votre dernier tour a expiré et a été joué pour vous : encore un de suite et vous abandonnez d'office.
   *[other] Votre dernier tour a expiré et a été joué pour vous : encore { $left } de suite et vous abandonnez d'office.
}
retired-played = Joué
retired-ran-out = Temps écoulé : joué pour vous
retired-undone = Coup repris
retired-substituted = Votre place est passée à quelqu'un d'autre
retired-over = La partie est terminée
retired-answered = Réponse donnée
retired-started = La partie a commencé
retired-closed = La table est fermée
delivery-dms-explained = { $user } : je ne peux pas vous envoyer de messages privés ({ $why }) ; vos tours sont donc annoncés ici, avec une mention et le bouton « Voir ma partie » pour voir votre partie en privé et jouer. Je ne le dis qu'une fois par partie.
delivery-turn-here = { $user }, { $note }
settings-colours = { $colours ->
    [safe] Je dessinerai les images que je vous envoie en couleurs que tout le monde distingue, avec la forme de chaque joueur là où la couleur seule le dirait.
   *[standard] Je dessinerai les images que je vous envoie dans les couleurs habituelles.
}
settings-colours-game = Je dessinerai les images que je vous envoie dans les couleurs de chaque partie.
settings-shown-colours = Couleurs : { $colours ->
    [safe] adaptées au daltonisme
   *[standard] habituelles
}
settings-shown-colours-game = Couleurs : celles de chaque partie
puzzle-find = Trouvez un meilleur coup pour **{ $player }** dans { $title } #{ $game }, coup { $seq } : la position telle qu'il ou elle la voyait.
puzzle-no-such-choice = Ce n'est pas l'un des coups de ce problème (partie #{ $game }, coup { $seq }). Rien n'a été modifié.
puzzle-solved = Résolu ! { $chosen } : { $chosen_chance } % de chances de gagner. Le meilleur : { $best } ({ $best_chance } %). Dans la partie : { $played } ({ $played_chance } %).
puzzle-failed = Pas cette fois. { $chosen } : { $chosen_chance } % de chances de gagner. Le meilleur : { $best } ({ $best_chance } %). Dans la partie : { $played } ({ $played_chance } %). Ce problème reviendra { $back }.
puzzle-none = Pas encore de problème pour vous : ils viennent des coups de parties terminées qui ont coûté { $points ->
    [one] { $points } point
   *[other] { $points } points
} de chance ou plus, une fois la partie analysée.
puzzle-none-back = Pas de nouveau problème pour vous maintenant. Le prochain que vous avez manqué reviendra { $back }.
error-no-such-puzzle = Il n'y a pas de problème au coup { $seq } de la partie #{ $game } qui puisse vous être posé ici.
error-puzzle-solved = Vous avez déjà résolu le problème de la partie #{ $game }, coup { $seq }.
error-puzzle-not-due = Vous avez déjà essayé ce problème : il reviendra { $back }.
puzzle-server-in-dm = Les problèmes tirés des parties d'un serveur se demandent sur ce serveur ; ici, ils viennent de vos propres parties.
discord-profile-puzzles = Problèmes : résolus { $solved } sur { $tried } essayés ; série en cours : { $streak }.
