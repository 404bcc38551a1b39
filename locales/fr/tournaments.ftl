# Tournois (issue 49) : inscriptions, rondes, classement.

tournament-none-here = Il n'y a pas de tournoi de ce jeu sur ce serveur (ou aucun avec ce numéro).
tournament-entries-closed = Le tournoi #{ $tournament } ne prend plus d'inscriptions : il a commencé.
tournament-already-entered = Vous êtes déjà inscrit au tournoi #{ $tournament }.
tournament-not-entered = Vous n'êtes pas inscrit au tournoi #{ $tournament }.
tournament-already-withdrawn = Vous vous êtes déjà retiré du tournoi #{ $tournament }.
tournament-over = Le tournoi #{ $tournament } est terminé.
tournament-full = Le tournoi #{ $tournament } est complet : il est limité à { $max ->
    [one] { $max } inscrit
   *[other] { $max } inscrits
}.
tournament-other-server = Le tournoi #{ $tournament } appartient à un autre serveur.
tournament-not-host-or-moderator = Seul l'hôte du tournoi #{ $tournament }, ou une personne autorisée à gérer les fils de son salon, peut le lancer (tapez la commande dans ce salon ou dans le fil du tournoi).
tournament-too-few = Le tournoi #{ $tournament } a { $have } { $have ->
    [one] inscrit
   *[other] inscrits
} ; il lui en faut au moins { $min } pour commencer.
tournament-not-in-a-server = Les tournois se jouent sur un serveur : créez-en ou rejoignez-en un dans un salon de serveur.
tournament-name-length = Le nom d'un tournoi a de 1 à { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
}.
tournament-round-robin-rounds = Un toutes-rondes a autant de rondes qu'il en faut pour que chacun rencontre tous les autres : n'indiquez pas de rondes.
tournament-swiss-rounds = Un tournoi suisse a de 1 à { $max ->
    [one] { $max } ronde
   *[other] { $max } rondes
}.
tournament-computers = Un tournoi accepte au plus { $max ->
    [one] { $max } ordinateur
   *[other] { $max } ordinateurs
}.
tournament-starts-when = Le début doit être une date et une heure à venir, dans un délai de { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}, écrites comme 2026-12-24 20:00 (dans votre fuseau horaire une fois que vous l'avez choisi).
tournament-round-begins = **{ $name }** : la ronde { $round } sur { $rounds } commence, { $games } { $games ->
    [one] partie
   *[other] parties
}{ $count ->
    [0] {""}
    [one] {""}, exemption pour { $byes }
   *[other] {""}, exemptions pour { $byes }
}.
tournament-table = **{ $name }**, ronde { $round }, table { $table } : { $players } jouent la partie #{ $game } dans ce fil.
tournament-thread-name = { $name }, ronde { $round } : partie #{ $game }
tournament-finished = **{ $name }** est terminé. { $count ->
    [one] Vainqueur : { $winners }
   *[other] Victoire partagée : { $winners }
} !
tournament-column-player = Joueur
tournament-column-points = Points
tournament-column-buchholz = Buch.
tournament-column-sonneborn-berger = S-B
tournament-withdrawn-name = { $name } (retrait)
tournament-more-lines = …et { $count } de plus sur la page du tournoi.

tournament-may-not-create = Créer un tournoi ici demande la permission de gérer les fils dans ce salon, ou le rôle des organisateurs du serveur.
tournament-no-thread = Ce tournoi n'a pas pu ouvrir son fil ici (le bot ne peut pas créer de fils dans ce salon) ; il n'a donc pas été créé.
tournament-entered = Votre inscription à { $name } (tournoi #{ $tournament }) est enregistrée. Vos parties commencent d'elles-mêmes, chacune dans son propre fil, et un message vous prévient quand c'est à vous de jouer.
tournament-withdrew = Vous avez quitté { $name }.
tournament-started = { $name } a commencé : les parties de la première ronde s'ouvrent dans ce salon.
tournament-state-open = Les inscriptions à **{ $name }** sont ouvertes jusqu'à ce que son hôte le lance.
tournament-state-starts = **{ $name }** prend des inscriptions jusqu'à son début, { $at }.
tournament-state-running = **{ $name }** : la ronde { $round } sur { $rounds } est en cours.
tournament-state-finished = **{ $name }** est terminé, après { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}.
tournament-format-swiss = un tournoi suisse
tournament-format-round-robin = un toutes-rondes
tournament-announcement = C'est { $format } de { $title } (tournoi #{ $id }) : inscrivez-vous avec le bouton ci-dessous.
tournament-announcement-closed = C'est { $format } de { $title } (tournoi #{ $id }).
tournament-no-entrants = Personne ne s'est encore inscrit.
tournament-entrants = { $count } { $count ->
    [one] inscrit
   *[other] inscrits
} : { $names }.
tournament-may-not-name-organisers = Désigner le rôle des organisateurs demande la permission de gérer ce serveur.
tournament-organisers = Les membres de { $role } peuvent désormais créer des tournois sur ce serveur, en plus de ceux qui peuvent gérer les fils d'un salon.
tournament-organisers-none = Seuls ceux qui peuvent gérer les fils d'un salon peuvent désormais y créer des tournois.
tournament-not-in-a-thread = Ceci est un fil : créez un tournoi depuis le salon lui-même ; il aura son propre fil, et chacune de ses parties aussi.
