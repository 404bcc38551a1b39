### Dragon Delta (Roberto Fraga): kaarten, plaatsen, zetten, menu's en weigeringen.

## Kleuren van pionnen, dorpen en planken (verbogen vorm: "het rode dorp", "rode draak").
dd-colour = { $colour ->
    [red] rode
    [black] zwarte
    [blue] blauwe
    [green] groene
    [white] witte
   *[yellow] gele
}

## De plaats van een plank met haar twee uiteinden, in de woorden van de lezer (‘rood-5’, ‘5-19’): een dorp met de naam van zijn kleur, in de menu's, de thread en op de afbeelding van het bord.
dd-ends = { $from }-{ $to }
dd-colour-name = { $colour ->
    [red] rood
    [black] zwart
    [blue] blauw
    [green] groen
    [white] wit
   *[yellow] geel
}

## Kaarten: hun namen en wat ze doen.
dd-card = { $card ->
    [stone] steen
    [stones-2] 2 stenen
    [plank] plank
    [planks-2] 2 planken
    [take] wegnemen
    [move] verplaatsen
    [move-2] 2× verplaatsen
   *[jump] springen
}
dd-card-dragon = { $colour } draak
dd-does = { $card ->
    [stone] plaats 1 steen
    [stones-2] plaats 2 stenen
    [plank] plaats 1 plank
    [planks-2] plaats 2 planken
    [take] neem 1 plank of 1 steen weg
    [move] verplaats je pion 1 plank
    [move-2] verplaats je pion 2 planken
   *[jump] spring met je pion over een andere pion
}
dd-does-dragon = annuleert de actie van de { $colour } speler op dezelfde positie
dd-card-option = { $card }: { $does }

## Plaatsen.
dd-village = het { $colour } dorp
dd-on-plank = de plank { $plank }

## Een zet in woorden: voor de thread; -done voor de speler zodra gespeeld; -proposed voor de speler voor die bevestigt.
dd-programmed = { $who } heeft geprogrammeerd
dd-programmed-done = Je hebt geprogrammeerd
dd-programmed-proposed = dit programma vastleggen
dd-placed-stone = { $who } plaatste een steen op eiland { $island }
dd-placed-stone-done = Je plaatste een steen op eiland { $island }
dd-placed-stone-proposed = een steen plaatsen op eiland { $island }
dd-laid-plank = { $who } legde een plank van { $size } op { $ends }
dd-laid-plank-done = Je legde een plank van { $size } op { $ends }
dd-laid-plank-proposed = een plank van { $size } leggen op { $ends }
dd-plank-lost = { $who } kan plank { $size } nergens leggen: die gaat verloren
dd-plank-lost-done = Je kunt plank { $size } nergens leggen: die gaat verloren
dd-plank-lost-proposed = plank { $size } leggen: die past nergens en gaat verloren
dd-took-plank = { $who } nam de plank { $ends } weg en legde die in de eigen voorraad
dd-took-plank-done = Je nam de plank { $ends } weg en legde die in je voorraad
dd-took-plank-proposed = de plank { $ends } wegnemen en in je voorraad leggen
dd-took-stone = { $who } nam de steen van eiland { $island } weg
dd-took-stone-done = Je nam de steen van eiland { $island } weg
dd-took-stone-proposed = de steen van eiland { $island } wegnemen
dd-moved = { $who } ging naar { $places }
dd-moved-done = Je ging naar { $places }
dd-moved-proposed = naar { $places } gaan
dd-jumped = { $who } sprong naar { $places }
dd-jumped-done = Je sprong naar { $places }
dd-jumped-proposed = naar { $places } springen
dd-then-place = { $first }, daarna naar { $then }
dd-resigned = { $who } heeft opgegeven
dd-resigned-done = Je hebt opgegeven
dd-resigned-proposed = opgeven
dd-reached-goal = { $line } en bereikte zo het doel: gewonnen!
dd-reached-goal-done = { $line } en bereikte zo je doel: gewonnen!
dd-reached-goal-proposed = { $line } en zo je doel bereiken (gewonnen)
dd-then-event = { $line }. { $event }
dd-revealed = Positie { $position } omgedraaid: { $cards }
dd-revealed-card = { $who } speelt ‘{ $card }’
dd-cancelled = De kaart ‘{ $card }’ van { $who } wordt door een draak geannuleerd
dd-nothing = De kaart ‘{ $card }’ van { $who } kan niet uitgevoerd worden: er gebeurt niets
dd-fell = De kaart ‘{ $card }’ van { $who }: de pion kan nergens heen, valt in het water en gaat terug naar { $village }
dd-new-round = Ronde { $round }: iedereen programmeert vijf kaarten; het beeldje staat bij { $statue }
dd-programme-laid = Je programma voor ronde { $round } ligt al klaar.
dd-standing = { $colour } pion, nu op { $at }, onderweg naar { $goal }; { $reserve } in voorraad
dd-standing-resigned = opgegeven
dd-reserve = planken { $planks }
dd-reserve-empty = geen plank
dd-chart = resterende weg naar het doel (%)

## De menu's: een programma kaart per kaart, daarna de uitkomsten van elke actie.
dd-programme-card = Kaart { $number } van { $of }
dd-programme-card-after = Kaart { $number } van { $of }, na { $after }
dd-your-goal = { $place } (je doel)
dd-island = Eiland { $island }
dd-choose-island = Kies een eiland voor je steen
dd-plank-option = De { $colour } plank { $size }
dd-choose-plank = Kies een plank uit je voorraad (waar die past, zie je pas nadat je gekozen hebt)
dd-between = Op { $ends }
dd-choose-where-plank = Plank { $size }: kies waar je die legt
dd-take-plank = De plank { $ends }
dd-take-plank-piece = De plank { $ends } ({ $colour } plank { $size })
dd-take-stone = De steen van eiland { $island }
dd-choose-take = Kies een plank of een steen om weg te nemen
dd-choose-where = Kies waar je heen gaat
dd-choose-landing = Kies waar je landt
dd-choose-first-step = Kies waar je heen gaat (eerste stap)
dd-choose-second-step = En dan waarheen? (tweede stap, vanaf { $from })

## De weigeringen van de regels, elk met de regel erbij, en wat er nu kan als een speler ze kan tegenkomen.
dd-refused-game-over = het spel is afgelopen
dd-refused-no-seat = plaatsen: er is geen plaats { $seat }
dd-refused-resigned = opgeven: plaats { $seat } heeft al opgegeven
dd-refused-programmed = programma's: plaats { $seat } heeft deze ronde al een programma gelegd
dd-refused-programming = de programma's worden nu gekozen: leg eerst je eigen programma, met /{ cmd-delta } { cmd-delta-program }
dd-refused-not-programming = nieuwe programma's volgen in de volgende ronde; nu worden de acties van deze ronde uitgevoerd. { $way }
dd-refused-programme-length = programma: het heeft { $count ->
    [one] { $count } kaart
   *[other] { $count } kaarten
}; een programma telt er 5
dd-refused-not-in-hand = programma: ‘{ $card }’ zit niet in je hand. { $way }
dd-refused-twice = programma: ‘{ $card }’ staat er twee keer in. { $way }
dd-refused-two-dragons = programma: hoogstens één draak, dus een ervan moet eruit. { $way }
dd-refused-turn = beurtvolgorde: plaats { $due } is aan de beurt, niet plaats { $seat }
dd-refused-impossible = ‘{ $card }’: dat is nu geen mogelijke uitkomst van die kaart. { $way }

## Na een weigering: wat er nu kan, de kaarten die een foute kaart kunnen vervangen, of de keuze die aan de beurt is.
dd-way-cards = Kaarten die de plaats ervan kunnen innemen: { $cards }, met /{ cmd-delta } { cmd-delta-program }
dd-way-choice = Je kaart ‘{ $card }’ is nu aan de beurt: kies wat ze doet in de menu's van /{ cmd-delta } { cmd-hand }
dd-way-menus = Kies in de menu's van /{ cmd-delta } { cmd-hand }

## De regels in het kort, voor `regels`.
dd-rules = **Dragon Delta** in het kort, voor 2 tot 6. Steek de rivier over van je dorp naar het dorp aan de overkant, door stenen op eilanden te plaatsen en er planken tussen te leggen. **Elke ronde** programmeert iedereen in het geheim vijf van zijn kaarten, in volgorde (`/{ cmd-delta } { cmd-delta-program }`, of met klikken in je DM): 1 of 2 stenen plaatsen, 1 of 2 planken uit je voorraad plaatsen, een plank of een steen wegnemen, 1 verplaatsen, 2 verplaatsen, over een pion naast je springen (zoals een verplaatsing van 2: naar het dorp of een vrije plank erachter), en hoogstens één draak, die de actie van die kleur op dezelfde positie annuleert. Daarna wordt positie 1 voor iedereen omgedraaid en uitgevoerd, te beginnen bij wie het beeldje heeft, dan positie 2, enzovoort; het beeldje gaat elke ronde door. Je kiest elke uitkomst wanneer je actie aan de beurt is (eilanden op nummer, planken op hun uiteinden zoals `5-19`, dorpen op kleur); een plank kies je uit je voorraad voordat je ziet waar die past (die keuze is definitief), en ze gaat verloren als ze nergens past. Een actie met één mogelijke uitkomst wordt meteen gespeeld; zonder uitkomst gebeurt er niets, en een pion die zich niet kan verplaatsen, valt in het water en gaat terug naar zijn dorp. De eerste pion die zijn doel bereikt, wint meteen. **Tijd**: 3 dagen om te programmeren en 1 dag voor een keuze (in te stellen bij de start). Niet op tijd: het programma wordt `stone, stones-2, plank, planks-2, take` (steen, 2 stenen, plank, 2 planken, wegnemen), een keuze wordt de eerste optie van elk menu (het laagste label); drie programma's op rij niet op tijd gelegd, en je geeft automatisch op. Je mag op elk moment opgeven (`/{ cmd-delta } { cmd-resign }`).

## Getypte commando's.
dd-unknown-card = Er is geen kaart ‘{ $card }’: typ de kaarten als stone, stones-2, plank, planks-2, take, move, move-2, jump en dragon- met de Engelse kleurnaam (bv. dragon-red).
dd-programme-length = Een programma bestaat uit 5 kaarten in volgorde, niet { $count }: bv. stone plank move move-2 jump.
