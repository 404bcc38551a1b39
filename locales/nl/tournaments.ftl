# Toernooien (issue 49): inschrijvingen, rondes, stand.

tournament-none-here = Er is geen toernooi van dit spel op deze server (of geen met dat nummer).
tournament-entries-closed = Toernooi #{ $tournament } neemt geen inschrijvingen meer aan: het is begonnen.
tournament-already-entered = Je bent al ingeschreven voor toernooi #{ $tournament }.
tournament-not-entered = Je bent niet ingeschreven voor toernooi #{ $tournament }.
tournament-already-withdrawn = Je hebt je al teruggetrokken uit toernooi #{ $tournament }.
tournament-over = Toernooi #{ $tournament } is afgelopen.
tournament-full = Toernooi #{ $tournament } is vol: er kunnen maximaal { $max ->
    [one] { $max } deelnemer
   *[other] { $max } deelnemers
} meedoen.
tournament-other-server = Toernooi #{ $tournament } hoort bij een andere server.
tournament-not-host-or-moderator = Alleen de organisator van toernooi #{ $tournament } kan het starten, of iemand die threads mag beheren in het kanaal ervan (typ het commando daar of in de thread van het toernooi).
tournament-too-few = Toernooi #{ $tournament } heeft { $have } { $have ->
    [one] deelnemer
   *[other] deelnemers
}; het heeft er minstens { $min } nodig om te beginnen.
tournament-not-in-a-server = Toernooien worden op een server gespeeld: maak of kies er een in een kanaal van een server.
tournament-name-length = De naam van een toernooi heeft 1 tot { $max ->
    [one] { $max } teken
   *[other] { $max } tekens
}.
tournament-round-robin-rounds = Een allen-tegen-allen-toernooi heeft zoveel rondes als nodig zijn om iedereen elkaar te laten ontmoeten: laat rondes weg.
tournament-swiss-rounds = Een Zwitsers toernooi heeft 1 tot { $max ->
    [one] { $max } ronde
   *[other] { $max } rondes
}.
tournament-computers = Aan een toernooi kunnen maximaal { $max ->
    [one] { $max } computer
   *[other] { $max } computers
} meedoen.
tournament-starts-when = De start moet een datum en tijd in de toekomst zijn, binnen { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
}, geschreven als 2026-12-24 20:00 (in je tijdzone zodra je die hebt ingesteld).
tournament-round-begins = **{ $name }**: ronde { $round } van { $rounds } begint, { $games } { $games ->
    [one] spel
   *[other] spellen
}{ $count ->
    [0] {""}
    [one] {""}, een bye voor { $byes }
   *[other] {""}, byes voor { $byes }
}.
tournament-table = **{ $name }**, ronde { $round }, tafel { $table }: { $players } spelen spel #{ $game } in deze thread.
tournament-thread-name = { $name }, ronde { $round }: spel #{ $game }
tournament-finished = **{ $name }** is afgelopen. { $winners } { $count ->
    [one] wint
   *[other] winnen
}!
tournament-column-player = Speler
tournament-column-points = Punten
tournament-column-buchholz = WP
tournament-column-sonneborn-berger = S-B
tournament-withdrawn-name = { $name } (gestopt)
tournament-more-lines = …en nog { $count } op de pagina van het toernooi.

tournament-may-not-create = Een toernooi aanmaken vraagt hier de toestemming om threads te beheren in dit kanaal, of de rol van de organisatoren van de server.
tournament-no-thread = Dit toernooi kon hier zijn thread niet openen (de bot mag in dit kanaal geen threads maken), dus het is niet aangemaakt.
tournament-entered = Je bent ingeschreven voor { $name } (toernooi #{ $tournament }). Je spellen beginnen vanzelf, elk in een eigen thread, en je hoort het wanneer je aan de beurt bent.
tournament-withdrew = Je hebt { $name } verlaten.
tournament-started = { $name } is begonnen: de spellen van de eerste ronde openen in dit kanaal.
tournament-state-open = **{ $name }** neemt inschrijvingen aan tot de organisator het start.
tournament-state-starts = **{ $name }** neemt inschrijvingen aan tot het begint, { $at }.
tournament-state-running = **{ $name }**: ronde { $round } van { $rounds } is bezig.
tournament-state-finished = **{ $name }** is afgelopen, na { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}.
tournament-format-swiss = een Zwitsers toernooi
tournament-format-round-robin = een allen-tegen-allen-toernooi
tournament-announcement = Het is { $format } van { $title } (toernooi #{ $id }): schrijf je in met de knop hieronder.
tournament-announcement-closed = Het is { $format } van { $title } (toernooi #{ $id }).
tournament-no-entrants = Nog niemand heeft zich ingeschreven.
tournament-entrants = { $count } { $count ->
    [one] deelnemer
   *[other] deelnemers
}: { $names }.
tournament-may-not-name-organisers = De rol van de organisatoren aanwijzen vraagt de toestemming om deze server te beheren.
tournament-organisers = Leden van { $role } mogen nu toernooien maken op deze server, naast wie threads mag beheren in een kanaal.
tournament-organisers-none = Alleen wie threads mag beheren in een kanaal mag daar nu toernooien maken.
tournament-not-in-a-thread = Dit is een thread: maak een toernooi vanuit het kanaal zelf; het krijgt een eigen thread, en elk van zijn spellen ook.
