### Woorden die alle spellen delen: opsommingen, weigeringen, antwoorden, lobby's, beurten en herinneringen.

## Opsommingen: "ana, ben en cy", "/a, /b of /c".
list-and = { $init } en { $last }
list-or = { $init } of { $last }

## Een aantal spelers: "2" of "2 tot 4".
players-range = { $min } tot { $max }

## Weigeringen: er is niets gewijzigd.
error-no-such-game = Er is geen spel #{ $game }.
error-not-seated = Je speelt niet mee in spel #{ $game }.
error-not-your-turn = Het is de beurt aan { $due }, niet aan jou.
error-illegal = Die zet is niet toegestaan: { $rule }.
error-pledged = Je hebt al gekozen: { $kept }. Je koos voordat je zag waar dat naartoe leidt, dus die keuze is definitief.
error-moved-on = Spel #{ $game } is intussen verdergegaan (jij zag zet { $seen }, nu zijn we bij zet { $now }). Er is niets gewijzigd.
error-game-over = Spel #{ $game } is afgelopen.
error-not-started = Spel #{ $game } is nog niet begonnen.
error-already-started = Spel #{ $game } is al begonnen.
error-already-seated = Je hebt al een plaats in spel #{ $game }.
error-lobby-full = Spel #{ $game } is vol ({ $max ->
    [one] { $max } speler
   *[other] { $max } spelers
}).
error-player-count = Spel #{ $game } heeft { $players ->
    [one] { $players } speler
   *[other] { $players } spelers
} nodig om te beginnen; { $have ->
    [one] er is er nu { $have }
   *[other] er zijn er nu { $have }
}.
error-not-host = Alleen de organisator van spel #{ $game } kan dat doen.
error-not-a-player = { $name } speelt niet mee in spel #{ $game }.
error-not-host-or-player = Alleen de organisator van spel #{ $game } of de speler zelf kan een plaats aan een computer overdragen.
error-computer-already = De plaats van { $name } wordt al door een computer gespeeld.
error-seat-gone = { $name } heeft opgegeven in spel #{ $game }, en in dit spel nemen de regels het deel van wie opgeeft uit het spel: niemand kan die plaats innemen.
error-not-host-or-moderator = Alleen de organisator van spel #{ $game } kan het stopzetten, of iemand die threads mag beheren in het kanaal van het spel (typ het commando in de thread van het spel).
error-too-many-lobbies = Je hebt al { $max ->
    [one] { $max } lobby
   *[other] { $max } lobby's
} open op deze server: start er eerst een of zet er een stop.
error-too-many-invitations = { $name } heeft al { $max ->
    [one] { $max } openstaande uitnodiging
   *[other] { $max } openstaande uitnodigingen
} op deze server; die moeten eerst beantwoord worden.
error-not-invited = Je bent niet uitgenodigd voor spel #{ $game }.
error-host-cannot-leave = De organisator kan de eigen lobby niet verlaten; zet het spel in plaats daarvan stop.
error-no-such-page = Die spelpagina bestaat niet.
error-no-such-move = Spel #{ $game } heeft geen zet { $step }: het staat bij zet { $last }.
error-replay-moves = Spel #{ $game } heeft zetten 0 tot en met { $last }: terugkijken gaat van een ervan tot dezelfde of een latere (gevraagd: { $from } tot { $to }).
error-replay-nothing-shown = Er is geen bord van spel #{ $game } in de thread getoond van zet { $from } tot zet { $to }: vraag om meer zetten.
discord-replay = Spel #{ $game } zoals de thread het liet zien, van zet { $from } tot zet { $to }.
error-export-too-early = Het verslag van een spel bevat de geheimen van dat spel, dus spel #{ $game } kan pas geëxporteerd worden als het afgelopen is.
error-bad-options = Ongeldige spelopties: { $why }
error-internal = Er ging bij ons iets mis; er is niets gewijzigd.
setup-unreadable = de opties van { $game } zijn onleesbaar: { $why }
setup-players = { $game } is voor { $players ->
    [one] { $players } speler
   *[other] { $players } spelers
}, niet voor { $have }
setup-other-game = een zet van { $action } in een spel { $game }
refused-other-game = dit is een zet van { $action }, niet van { $game }

## Menu's van een zet.
menu-nothing = Er valt nu niets te kiezen
menu-page = { $first } … { $last }
menu-first-the-page = { $prompt } (eerst de pagina)
chart-points = punten

## Wat een wijziging deed, in de thread van het spel.
play-lines = { $lines }
play-said = { $lines }.
play-to-play = { $turn ->
    [0] { $lines }. Aan de beurt: { $due }.
   *[other] { $lines }. Aan de beurt: { $due } (beurt { $turn }).
}
play-game-over =
    { $lines }. Het spel is afgelopen.
    { $result }
play-resigned = { $who } heeft opgegeven; de beurten van die speler worden voortaan automatisch gespeeld
play-abandoned = Spel #{ $game } is stopgezet. Niemand wint.
play-time-ran-out = De tijd van { $who } is om
play-timed-out-resigned = { $who } liet { $turns ->
    [one] { $turns } beurt
   *[other] { $turns } beurten op rij
} verlopen en geeft daarmee automatisch op
play-only-outcome = De enige mogelijke uitkomst: { $line }
play-for-resigned = { $line } (opgegeven)
play-score = { $who } { $score }
play-winner = Winnaar: { $winners }.
play-final-scores = Eindstand: { $scores }. Winnaar: { $winners }.
play-rating-change = { $who } { $before } → { $after } ({ $change })
play-with-ratings =
    { $result }
    Nieuwe ratings: { $changes }.
play-over-to-player = **{ $title } #{ $game }** is afgelopen. { $result }

## Lobby's en uitnodigingen.
lobby-seats-invite = een spel heeft { $max } plaatsen: nodig maximaal { $others ->
    [one] { $others } andere speler
   *[other] { $others } andere spelers
} uit
lobby-seats-invite-or-computers = een spel heeft { $max } plaatsen: vul maximaal { $others ->
    [one] { $others } plaats
   *[other] { $others } plaatsen
} met uitgenodigde spelers of computers
lobby-invites = { $host } nodigt je uit om { $title } te spelen (spel #{ $game }). Kies Deelnemen om een plaats in te nemen, of Weigeren. Het spel begint zodra iedereen die uitgenodigd is, deelneemt.
lobby-declined = { $who } heeft de uitnodiging geweigerd. De organisator kan beginnen met de spelers die al een plaats hebben, of wachten tot er nog iemand deelneemt.
lobby-begins = Spel #{ $game } begint. Speelvolgorde: { $order }. { $first } { $count ->
    [one] begint
   *[other] beginnen
}.
lobby-started = Spel #{ $game } is begonnen; { $first } { $count ->
    [one] begint
   *[other] beginnen
}.

## Bedenktijd, herinneringen, vakanties, instellingen.
clock-turn-limit-bounds = de bedenktijd per beurt is { $min } tot { $max ->
    [one] { $max } dag
   *[other] { $max } dagen
}, niet { $days }
clock-choice-limit-bounds = de bedenktijd voor een keuze is { $min } tot { $max } uur, niet { $hours }
clock-less-than-an-hour = minder dan een uur
clock-hours = { $hours } uur
clock-days = { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
}
clock-days-hours = { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} en { $hours } uur
clock-reminder = Herinnering: { $head }
vacation-bounds = Een vakantie duurt 1 tot { $max ->
    [one] { $max } dag
   *[other] { $max } dagen
}.
vacation-left = Je hebt dit jaar nog { $left ->
    [one] { $left } vakantiedag
   *[other] { $left } vakantiedagen
} over.
vacation-said = { $who } is { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} op vakantie: de bedenktijd en de herinneringen wachten tot die speler terug is.
settings-reminder-bounds = Herinneringen komen om de { $min } tot { $max } uur, niet { $hours }.
computer-took-seat = De plaats van { $who } wordt vanaf nu door een computer gespeeld: { $computer }.
page-link = Elke zet, stap voor stap: { $url }
analysis-ready = De analyse van spel #{ $game } is klaar: elke speler kan zijn duurste zetten opvragen met het commando analyse.
analysis-ready-page = De analyse van spel #{ $game } is klaar, met de duurste zetten aangeduid: { $url }

## Privéberichten.
delivery-since-last-turn = Sinds je vorige beurt:

## De webpagina van een spel.
page-begins = Het spel begint.
page-rating = rating { $rating }
page-costly = Een dure zet: { $before } % → { $after } %; het beste was { $best }.
page-abandoned = Stopgezet.
page-won = Afgelopen: gewonnen door { $winners }.
page-over = Afgelopen.
page-to-play = Aan de beurt: { $due }.
delivery-in-thread = { $user }, { $note } Ik kan je geen privéberichten sturen ({ $why }). Gebruik de knop om je spel hier privé te bekijken en te spelen.
delivery-dms-off = je hebt privéberichten uitgezet
delivery-dms-closed = je DM's zijn gesloten

## Knoppen.
button-join = Deelnemen
button-leave = Verlaten
button-start = Starten
button-decline = Weigeren
button-back = Terug
button-confirm = Bevestigen
button-my-view = Mijn spel bekijken

## Berichten in de lobby.
lobby-on = **{ $title } #{ $game }**: { $seated }. Het spel is bezig; zie de thread.
lobby-looking = **{ $title } #{ $game }** zoekt spelers ({ $players }). Aan tafel: { $seated }.
lobby-looking-invited = { $looking } Uitgenodigd: { $invited } (zij antwoorden in de thread).

## Antwoorden op commando's en klikken.
language-name = Nederlands
discord-language = Ik schrijf je voortaan in het { $language }.
discord-no-game = Je hebt geen lopend spel. Start er een met { $starts }.
discord-several-games = Je speelt in meerdere spellen: gebruik dit in de thread van een spel, of geef spel:# op.
discord-start-in-a-server = Spellen worden gespeeld in een kanaal van een server, elk in een eigen thread: start er daar een.
discord-start-not-in-a-thread = Dit is een thread: start een spel vanuit het kanaal zelf, dan krijgt het een eigen thread.
discord-no-thread = { $title } #{ $game } kon hier geen thread openen.
discord-thread-permissions = Ik kan in dit kanaal geen thread openen: geef me hier de rechten Openbare threads maken (Create Public Threads) en Berichten versturen in threads (Send Messages in Threads), en start dan opnieuw.
error-other-game = Spel #{ $game } is geen { $title }-spel: gebruik de eigen commando's van dat spel.
discord-already-played = Al gespeeld.
# Een zet zodra gespeeld, zoals de speler die leest: ‘Je speelde kaart 4-5-6-7 …’.
discord-played = { $moves }.
discord-status = { $status ->
    [lobby] lobby
    [active] bezig
    [finished] afgelopen
   *[abandoned] stopgezet
}
discord-status-line = Spel #{ $game } ({ $status }) na { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}.
discord-status-to-play = { $line } Aan de beurt: { $due }.
discord-status-time-left = { $line } Resterende tijd voor deze beurt: { $left }.
discord-status-player = • { $name }: { $standing }
discord-no-game-here = Je hebt hier geen lopend spel.
discord-games-line = • #{ $game } { $place }: { $players }; { $turn }
discord-games-to-play = aan de beurt: { $due }
discord-no-moves = Nog geen zetten.
discord-log-earlier = …{ $count ->
    [one] { $count } eerdere zet weggelaten (die past niet in één bericht).
   *[other] { $count } eerdere zetten weggelaten (ze passen niet in één bericht).
}
discord-resigned = Je hebt opgegeven in spel #{ $game }.
discord-abandoned = Spel #{ $game } is stopgezet.
discord-record = Het verslag van spel #{ $game }.
discord-vacation = Geniet van je pauze. Je spellen wachten op je tot { $until }.
discord-dms-on = Ik stuur je beurten (en je kaarten) via DM.
discord-dms-off = Geen DM's meer: ik laat het je weten in de thread van het spel.
discord-reminders = Als je aan de beurt bent, krijg je { $hours ->
    [one] elk uur
   *[other] om de { $hours } uur
} een herinnering.
discord-leaderboard-all-time = aller tijden
discord-leaderboard-days = { $days ->
    [one] de laatste dag
   *[other] de laatste { $days } dagen
}
discord-leaderboard-empty = Nog geen { $game }-spellen met rating op deze server ({ $period }).
discord-leaderboard =
    { $game } op deze server, { $period }:
    { $lines }
discord-leaderboard-line = { $rank }. { $name } { $rating } ({ $games ->
    [one] { $games } spel
   *[other] { $games } spellen
})
discord-leaderboard-page =
    { $leaderboard }
    Pagina: { $url }
discord-profile-none = { $name } heeft nog geen { $game }-spel met rating op deze server.
discord-profile-opponent = { $name } ({ $games })
discord-profile-game = #{ $game }: plaats { $place }, { $before } → { $after } ({ $change })
discord-profile-game-page = { $line } { $url }
discord-profile =
    { $name } in { $game } op deze server: { $rating } (#{ $rank }), { $games ->
        [one] { $games } spel met rating
       *[other] { $games } spellen met rating
    }, { $wins } gewonnen.
    Rating: { $history }
    Vaakst ontmoet: { $opponents }
    { $recent }
discord-analysis-none = Spel #{ $game } is nog niet voorbij: een spel wordt geanalyseerd zodra het afgelopen is.
discord-analysis-unavailable = Spel #{ $game } heeft geen analyse: het werd stopgezet, eindigde voordat spellen geanalyseerd werden, of kon niet geanalyseerd worden.
discord-analysis-waiting = De analyse van spel #{ $game } is nog niet klaar: probeer het over een minuut opnieuw.
discord-analysis-not-player = Je speelde niet mee in spel #{ $game }: de analyse toont alleen de eigen zetten van een speler.
discord-analysis-clean = Geen van je zetten in spel #{ $game } heeft je iets gekost dat de analyse kon vinden.
discord-analysis-move = Zet { $step }: { $before } % → { $after } %; het beste was { $best } ({ $best_share } %).
discord-analysis =
    Je duurste zetten in spel #{ $game } (je kans om te winnen voor → na de zet):
    { $lines }
discord-your-cards = Je kaarten in **{ $title } #{ $game }**.
discord-the-board = Het spelbord van **{ $title } #{ $game }**.
discord-button-gone = Deze knop wordt niet meer gebruikt.
discord-declined = Je hebt de uitnodiging voor spel #{ $game } geweigerd.
discord-joined-started = Je neemt deel aan spel #{ $game }, en het is begonnen.
discord-joined = Je neemt deel aan spel #{ $game }; het begint zodra iedereen die uitgenodigd is, deelneemt.
error-nothing-to-choose = Je hebt nu niets te kiezen in spel #{ $game }.
discord-choose-again = Je zet in spel #{ $game }: kies opnieuw.
discord-then = { $first }, daarna { $then }
# Een voorgestelde zet, voor de speler die bevestigt.
discord-confirm = { $moves }?
discord-command = /{ $root } { $command }
discord-and-more = …en nog { $count }

## Namen van computerspelers (bewaard in de taal van het spel, zoals de naam van een persoon).
computer-level = { $level ->
    [easy] makkelijk
    [strong] sterk
   *[normal] normaal
}
computer = Computer ({ $level })
computer-numbered = Computer { $number } ({ $level })
computer-for = { $computer } voor { $player }

## De tijd van spelers: waarschuwingen voordat een bedenktijd verloopt, en tijden in de tijdzone van elke speler.
clock-warning = { $head } Je beurt verloopt over { $left }, op { $at }: daarna wordt hij voor je gespeeld.
clock-at = { $weekday } om { $time } ({ $zone })
clock-weekday = { $day ->
    [1] maandag
    [2] dinsdag
    [3] woensdag
    [4] donderdag
    [5] vrijdag
    [6] zaterdag
   *[7] zondag
}
settings-warnings = Je krijgt een waarschuwing { $hours } uur voordat een beurt van je verloopt.
settings-warnings-off = Je krijgt geen waarschuwing meer voordat een beurt van je verloopt.
settings-warnings-bounds = Waarschuwingen zijn 1 tot { $most } uren tussen { $min } en { $max } (bv. ‘12 1’), of ‘off’, niet ‘{ $typed }’.
settings-time-zone = Ik geef tijden voortaan in { $zone }.
settings-time-zone-none = Ik geef tijden voortaan in UTC.
settings-time-zone-unknown = Er is geen tijdzone ‘{ $zone }’: gebruik een naam als Europe/Paris of America/New_York.
settings-shown =
    Je instellingen (elk verander je met een eigen commando onder instellingen):
    { $lines }
settings-shown-dms = Privéberichten: { $on ->
    [yes] aan
   *[no] uit
}
settings-shown-reminders = Herinneringen: { $hours ->
    [one] elk uur
   *[other] om de { $hours } uur
}
settings-shown-reminders-game = Herinneringen: volgens elk spel
settings-shown-warnings = Waarschuwingen: { $hours } uur voordat een beurt verloopt
settings-shown-warnings-off = Waarschuwingen: geen
settings-shown-zone = Tijdzone: { $zone }
settings-shown-language = Taal: { $language }
settings-shown-vacation = Vakantie: tot { $until }
settings-shown-no-vacation = Vakantie: geen (nog { $left ->
    [one] { $left } dag
   *[other] { $left } dagen
} dit jaar)
settings-quiet = Stille uren: geen privébericht van mij van { $from } tot { $to } in je tijdzone; wat intussen binnenkomt, krijg je daarna in één bericht.
settings-quiet-off = Geen stille uren: privéberichten komen meteen binnen.
settings-quiet-both = Geef beide uren (van en tot), of geen van beide voor geen stille uren.
settings-quiet-same = Stille uren van { $hour } tot { $hour } zouden helemaal niet duren: geef twee verschillende uren.
settings-hour-bounds = De uren van de dag zijn { $min } tot { $max }, niet { $hour }.
settings-digest = Je dagelijkse overzicht komt om { $at } in je tijdzone: alle spellen die op je wachten in één bericht, in plaats van herinneringen.
settings-digest-off = Geen dagelijks overzicht: herinneringen komen per spel.
settings-shown-quiet = Stille uren: { $from } tot { $to }
settings-shown-quiet-off = Stille uren: geen
settings-shown-digest = Dagelijks overzicht: om { $at }
settings-shown-digest-off = Dagelijks overzicht: geen
quiet-held =
    Tijdens je stille uren:
    { $lines }
digest =
    { $count ->
        [one] Eén spel wacht op je:
       *[other] { $count } spellen wachten op je:
    }
    { $lines }
digest-game = { $head } Nog { $left }, tot { $at }.
digest-links = { $thread } · pagina: { $page }
digest-more = …en nog { $more }.
button-accept = Accepteren
substitute-asked = { $leaving } verlaat spel #{ $game }: neemt { $arriving } de plaats over?
substitute-offered = { $arriving } wordt in de thread van spel #{ $game } gevraagd de plaats van { $leaving } over te nemen.
substitute-declined = { $arriving } neemt de plaats van { $leaving } niet over.
substitute-you-declined = Je hebt de plaats in spel #{ $game } geweigerd.
substitute-took = { $arriving } neemt de plaats van { $leaving } over.
substitute-your-seat = Je speelt voortaan de plaats van { $leaving } in **{ $title } #{ $game }**.
substitute-you-took = Je speelt voortaan de plaats van { $leaving } in spel #{ $game }: je hand of bord en je menu's krijg je privé.
error-may-not-substitute = Alleen de organisator van spel #{ $game }, de speler die vertrekt of iemand die threads in het eigen kanaal mag beheren, kan een plaats aan een vervanger geven.
error-plays-already = { $name } speelt al mee in spel #{ $game }.
error-no-seat-offer = Er wacht geen plaats van spel #{ $game } op je: het aanbod is beantwoord, vervangen, of de plaats is van eigenaar gewisseld.
error-seat-changed-hands = Je plaats in spel #{ $game } is van eigenaar gewisseld: { $to } speelt hem nu.
discord-substitute-bot = { $name } is een bot: een vervanger is een persoon, of gebruik { cmd-computer } om de plaats aan de eigen spelers van de bot te geven.
rejoin-asked = { $player } vraagt de plaats in spel #{ $game } terug van { $computer }: gaat de organisator akkoord?
rejoin-you-asked = De organisator van spel #{ $game } wordt in de thread gevraagd je je plaats terug te geven.
rejoin-you-took = Je speelt je plaats in spel #{ $game } weer: je hand of bord en je menu's krijg je privé.
rejoin-took = { $player } neemt de plaats terug van de computer.
rejoin-your-seat = Je speelt je plaats in **{ $title } #{ $game }** weer.
rejoin-declined = De organisator geeft { $player } de plaats niet terug.
rejoin-you-let = { $player } speelt weer mee in spel #{ $game }.
error-no-seat-to-rejoin = Je hebt geen plaats om terug te nemen in spel #{ $game }: alleen een plaats die een computer van je overnam, en nog speelt, kan terug.
undo-asked = { $name } wil de laatste zet in spel #{ $game } terugnemen ({ $lines }): ga je akkoord? Alle anderen moeten binnen een dag akkoord gaan.
undo-you-asked = De andere spelers van spel #{ $game } worden het in de thread gevraagd; het verzoek vervalt na een dag, of zodra iemand een zet doet.
undo-you-took = De zet in spel #{ $game } is teruggenomen.
undo-you-agreed = Je gaat akkoord met het terugnemen in spel #{ $game }; nog wachten op { $waiting }.
undo-you-refused = Je hebt het terugnemen in spel #{ $game } geweigerd.
undo-refused = { $name } gaat niet akkoord met het terugnemen van de zet van { $asker }.
undo-done = De zet van { $name } is teruggenomen ({ $lines })
undo-your-turn = Er is een zet teruggenomen: je bent weer aan de beurt.
undo-no-move = je hebt geen zet gedaan om terug te nemen
undo-moved-since = { $name } heeft intussen een zet gedaan
undo-card-turned = die zet draaide een kaart om, die iedereen gezien heeft
undo-programmes-revealed = de programma's zijn onthuld
undo-not-a-choice = een opgave of een beurt verloren door de klok was niet jouw keuze
error-undo-refused = Je laatste zet in spel #{ $game } kan niet worden teruggenomen: { $why }.
error-no-undo = Geen verzoek om terug te nemen in spel #{ $game } wacht op je antwoord: het is beantwoord, opnieuw gedaan, of iemand heeft intussen een zet gedaan.
error-undo-waiting = Het verzoek van { $name } om terug te nemen in spel #{ $game } wacht op antwoorden: dat gaat eerst.
error-undo-lapsed = Het verzoek om terug te nemen in spel #{ $game } is vervallen: er is een dag voorbij.

## Fair play: whose result, seats by consent, requests that stand once, reliability.
fair-min-reliability-bounds = De minimale betrouwbaarheid is een aandeel beurten op tijd gespeeld, van 0 tot { $max }%: { $minimum } valt erbuiten.
fair-asked-already = Je hebt het in spel #{ $game } al gevraagd: je verzoek wacht op antwoord (het vervalt na een dag).
fair-too-many-requests = Je hebt vandaag { $max } keer om plaatsen gevraagd in spel #{ $game }: vraag het morgen opnieuw.
fair-too-many-substitutions = Deze plaats in spel #{ $game } is { $max } keer van hand gewisseld, zo vaak als een plaats mag: ze blijft bij wie ze nu heeft.
fair-held-another-seat = { $name } heeft al een plaats in spel #{ $game } gehad: één plaats per persoon per spel, en een oud-speler komt alleen terug op zijn eigen plaats, met { cmd-rejoin }.
fair-resigned = { $name } heeft spel #{ $game } opgegeven: opgeven is definitief, die speelt het niet meer.
fair-offer-lapsed = Het aanbod van die plaats in spel #{ $game } is vervallen: het is meer dan een dag oud. Vraag het opnieuw als het nog geldt.
fair-offer-stale = Het aanbod van die plaats in spel #{ $game } geldt niet meer: de plaats is sindsdien van hand gewisseld of opgegeven. Vraag het opnieuw als het nog geldt.
fair-undo-off-tournament = In spel #{ $game } worden geen zetten teruggenomen: het is een toernooispel.
fair-undo-off = In spel #{ $game } worden geen zetten teruggenomen: de host heeft terugnemen bij de start uitgezet.
fair-below-minimum = { $name } speelde { $percent }% van zijn recente beurten op tijd; hier is minstens { $minimum }% nodig.
substitute-offered-both = { $arriving } wordt in de thread van spel #{ $game } gevraagd de plaats van { $leaving } over te nemen, en { $leaving } om akkoord te gaan: die speelt nog.
substitute-asked-leaving = { $leaving }, je wordt gevraagd je plaats in **{ $title } #{ $game }** aan { $arriving } over te dragen: ga je akkoord? Niemand neemt ze zonder jouw akkoord.
substitute-while-away = Je beurt in **{ $title } #{ $game }** is verlopen, of je hebt binnen de bedenktijd niet gezet: { $arriving } wordt gevraagd je plaats over te nemen.
substitute-you-agreed = Je akkoord voor spel #{ $game } is genoteerd: de plaats wisselt van hand zodra de andere speler ook akkoord gaat.
substitute-you-let = { $arriving } speelt voortaan je plaats in spel #{ $game }. Bedankt voor het spelen.
substitute-kept = { $leaving } houdt zijn plaats.
fair-reliability = Beurten op tijd: { $recent }% van de laatste { $count }, { $all }% van alle { $turns }. Mediane bedenktijd: { $median }.
fair-reliability-none = Nog geen beurt gespeeld op deze server.
fair-reliability-short = { $recent }% op tijd, { $median }
fair-reliability-none-short = nieuw
fair-no-median = nog geen
play-rating-change-provisional = { $who } { $before } → { $after } ({ $change }, voorlopig)
play-with-provisional-ratings =
    { $result }
    Nieuwe ratings: { $changes }. Een rating is voorlopig tijdens { $games ->
        [one] het eerste gerate spel van de speler
       *[other] de eerste { $games } gerate spellen van de speler
    }: tot dan beweegt hij snel.
lobby-over = **{ $title } #{ $game }** is afgelopen. { $result }
lobby-abandoned = **{ $title } #{ $game }** is stopgezet. Niemand wint.
turn-head = { $turn ->
    [0] **{ $title } #{ $game }**: jij bent aan de beurt.
   *[other] **{ $title } #{ $game }**: jij bent aan de beurt (beurt { $turn }).
}
turn-head-server = { $turn ->
    [0] **{ $title } #{ $game }** op *{ $server }*: jij bent aan de beurt.
   *[other] **{ $title } #{ $game }** op *{ $server }*: jij bent aan de beurt (beurt { $turn }).
}
turn-due = Uiterlijk { $at } ({ $relative }).
turn-ran-out = { $left ->
    [one] Je vorige beurt is verlopen en voor je gespeeld: nog één keer op rij en je geeft automatisch op.
   *[other] Je vorige beurt is verlopen en voor je gespeeld: nog { $left } keer op rij en je geeft automatisch op.
}
retired-played = Gespeeld
retired-ran-out = Verlopen: voor je gespeeld
retired-undone = Teruggenomen
retired-substituted = Je plaats is naar iemand anders gegaan
retired-over = Het spel is afgelopen
retired-answered = Beantwoord
retired-started = Het spel is begonnen
retired-closed = De lobby is gesloten
delivery-dms-explained = { $user }: ik kan je geen privéberichten sturen ({ $why }), dus je beurten worden hier aangekondigd, met een vermelding en de knop ‘Mijn spel bekijken’ om je spel privé te bekijken en te spelen. Dit zeg ik één keer per spel.
delivery-turn-here = { $user }, { $note }
settings-colours = { $colours ->
    [safe] Ik teken de afbeeldingen die ik je stuur voortaan in kleuren die iedereen uit elkaar houdt, met de vorm van elke speler waar anders alleen de kleur het zou zeggen.
   *[standard] Ik teken de afbeeldingen die ik je stuur voortaan in de gewone kleuren.
}
settings-colours-game = Ik teken de afbeeldingen die ik je stuur voortaan in de kleuren van elk spel.
settings-shown-colours = Kleuren: { $colours ->
    [safe] geschikt voor kleurenblinden
   *[standard] gewoon
}
settings-shown-colours-game = Kleuren: die van elk spel
puzzle-find = Vind een betere zet voor **{ $player }** in { $title } #{ $game }, zet { $seq }: de stelling zoals die toen voor hen lag.
puzzle-no-such-choice = Dat is geen van de zetten van deze puzzel (spel #{ $game }, zet { $seq }). Er is niets gewijzigd.
puzzle-solved = Opgelost! { $chosen }: { $chosen_chance }% kans om te winnen. De beste: { $best } ({ $best_chance }%). In het spel: { $played } ({ $played_chance }%).
puzzle-failed = Deze keer niet. { $chosen }: { $chosen_chance }% kans om te winnen. De beste: { $best } ({ $best_chance }%). In het spel: { $played } ({ $played_chance }%). Deze puzzel komt { $back } terug.
puzzle-none = Nog geen puzzel voor jou: puzzels komen uit zetten van afgelopen spellen die { $points } procentpunt kans of meer kostten, zodra het spel geanalyseerd is.
puzzle-none-back = Nu geen nieuwe puzzel voor jou. De volgende die je miste komt { $back } terug.
error-no-such-puzzle = Er is geen puzzel bij zet { $seq } van spel #{ $game } die je hier kunt krijgen.
error-puzzle-solved = Je hebt de puzzel van spel #{ $game }, zet { $seq } al opgelost.
error-puzzle-not-due = Je hebt deze puzzel al geprobeerd: hij komt { $back } terug.
puzzle-server-in-dm = Puzzels uit de spellen van een server vraag je op die server aan; hier komen ze uit je eigen spellen.
discord-profile-puzzles = Puzzels: { $solved } van de { $tried } opgelost; reeks: { $streak }.
