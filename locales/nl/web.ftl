### De webpagina van een spel (src/web/page.html en page.js).

web-title = { $title } — spel #{ $game }
web-languages = Talen
web-moves-nav = Zetten
web-first = Begin
web-first-title = De opstelling (Home)
web-previous = Vorige
web-previous-title = Vorige zet (pijl links)
web-next = Volgende
web-next-title = Volgende zet (pijl rechts)
web-last = Laatste
web-last-title = De laatste zet (End)
web-moves = Zetten
web-standing = Stand nu
web-record = Het verslag van het spel downloaden
web-record-note = (JSON, met elke kaart en elk programma; het replay-commando van de bot leest het)
web-board-alt-setup = Het bord bij de opstelling
web-board-alt = Het bord na zet { $step }
web-counter-setup = opstelling (van { $last })
web-counter = zet { $step } van { $last }
web-chart-title = { $chart }, zet na zet
web-at-setup = Bij de opstelling:
web-after-move = Na zet { $step }:
