### De webpagina van een spel (src/web/page.html en page.js).

web-title = { $title } — spel #{ $game }
# Wat een link naar de pagina van een spel toont: het spel, dan de spelers.
web-og-title = { $title }: { $players }
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
web-counter-setup = opstelling (van { $last })
web-counter = zet { $step } van { $last }
web-chart-title = { $chart }, zet na zet
web-at-setup = Bij de opstelling:
web-after-move = Na zet { $step }:
web-analysis = Kans om te winnen, zet voor zet (de analyse van het spel)
web-leaderboard-title = { $game }: de ranglijst
web-leaderboard-player = Speler
web-leaderboard-rating = Rating
web-leaderboard-games = Spellen met rating
web-leaderboard-note = Een rating met ‘?’ is voorlopig: de speler heeft minder dan { $games ->
    [one] { $games } spel
   *[other] { $games } spellen
} met rating gespeeld.

# Een koploper in de kaart van een link: ‘1. ana 3’.
web-tournament-unfurled = { $place }. { $name } { $points }
web-tournament-title = { $name }: { $title }, { $format }
web-tournament-swiss = Zwitsers
web-tournament-round-robin = allen-tegen-allen
web-tournament-open = Inschrijvingen open: { $count } tot nu toe.
web-tournament-running = Ronde { $round } van { $rounds } is bezig.
web-tournament-finished = Afgelopen na { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}.
web-tournament-standings = Stand
web-tournament-player = Speler
web-tournament-points = Punten
web-tournament-buchholz = Weerstandspunten (Buchholz)
web-tournament-sonneborn-berger = Sonneborn-Berger
web-tournament-games = Spellen
web-tournament-byes = Byes
web-tournament-withdrawn = { $name } (gestopt)
web-tournament-cross-table = Kruistabel
web-tournament-rounds = Rondes
web-tournament-round = Ronde { $round }
web-tournament-game = Spel #{ $game }: { $players }
web-tournament-byes-of = Bye: { $names }
web-tournament-note = Punten: 1 voor winst, ½ voor remise, 0 voor verlies; aan een tafel van meer dan twee het deel van de anderen die achter je eindigden. Een bye telt als winst in spellen voor twee, als ½ aan grotere tafels. Bij gelijke stand beslissen de weerstandspunten (Buchholz: de punten van de tegenstanders, elk spel telt het gemiddelde van zijn tegenstanders), dan Sonneborn-Berger (hetzelfde, gewogen naar de punten die je in elk spel scoorde).
web-leaderboard-in-time = Beurten op tijd
web-chart-table = { $chart }: de waarden als tabel
web-chart-move = Zet
web-colours = Kleuren
web-colours-standard = gewoon
web-colours-safe = geschikt voor kleurenblinden
web-colours-label = Kleuren:
