### Contrées: zetten, menu's per label, weigeringen.

## Een zet in woorden: voor de thread; -done voor de speler zodra gespeeld; -proposed voor de speler voor die bevestigt.
contrees-laid = { $who } legde gebied { $land }
contrees-laid-done = Je legde gebied { $land }
contrees-laid-proposed = gebied { $land } leggen
contrees-laid-white = { $who } legde gebied { $land } (wit, telt driedubbel)
contrees-laid-white-done = Je legde gebied { $land } (wit, telt driedubbel)
contrees-laid-white-proposed = gebied { $land } leggen (wit, telt driedubbel)
contrees-built = { $who } bouwde een toren op { $spot }
contrees-built-done = Je bouwde een toren op { $spot }
contrees-built-proposed = een toren bouwen op { $spot }
contrees-taking = { $line }, nam { $count ->
    [one] gebied
   *[other] de gebieden
} { $lands } in bezit
contrees-demolishing = { $line }, en sloopte { $count } { $count ->
    [one] toren
   *[other] torens
} van { $other } ({ $spots })
contrees-lost = { $line }; { $other } verloor { $count ->
    [one] gebied
   *[other] de gebieden
} { $lands }
contrees-passed = { $who } paste (geen toren of geen vrije hoek meer)
contrees-passed-done = Je paste (geen toren of geen vrije hoek meer)
contrees-passed-proposed = passen (geen toren of geen vrije hoek meer)
contrees-placed-nothing = { $who } plaatste niets
contrees-placed-nothing-done = Je plaatste niets
contrees-placed-nothing-proposed = niets plaatsen
contrees-resigned = { $who } heeft opgegeven
contrees-resigned-done = Je hebt opgegeven
contrees-resigned-proposed = opgeven
contrees-standing = { $score ->
    [one] { $score } gebied
   *[other] { $score } gebieden
}, nog { $markers ->
    [one] { $markers } bezitsmarker
   *[other] { $markers } bezitsmarkers
} en { $towers ->
    [one] { $towers } toren
   *[other] { $towers } torens
}, { $demolished ->
    [one] { $demolished } toren
   *[other] { $demolished } torens
} gesloopt
contrees-chart = gebieden

## De menu's van een zet: gebieden en hoeken met de labels op het bord.
contrees-land = Gebied { $label }
contrees-land-choose = Kies een gebied
contrees-land-choose-land-first = Kies een gebied: eerst het gebied waar het naast komt
contrees-land-choose-next-to = Kies een gebied naast gebied { $land }
contrees-second-land = Tweede gebied { $label }
contrees-second-land-choose = Kies een tweede gebied
contrees-second-land-choose-land-first = Kies een tweede gebied: eerst het gebied waar het naast komt
contrees-second-land-choose-next-to = Kies een tweede gebied naast gebied { $land }
contrees-spot = Hoek { $label }
contrees-spot-choose = Kies een hoek
contrees-spot-choose-land-first = Kies een hoek: eerst het gebied waar hij bij hoort
contrees-spot-choose-next-to = Kies een hoek van gebied { $land }
contrees-next-to-land = Naast gebied { $land }
contrees-no-spot-open = Er is geen vrije hoek voor jou: je moet passen
contrees-pass-option = Passen
contrees-black-option = Zwart gebied
contrees-white-option = Wit gebied (telt driedubbel)
contrees-black-or-white = Gebied { $label }: zwart of wit?

## De weigeringen van de regels, elk met de regel erbij, en wat er nu kan als een speler ze kan tegenkomen (contrees.md §3–§5).
contrees-refused-game-over = het spel is afgelopen
contrees-refused-turn = beurtvolgorde: plaats { $due } is aan de beurt, niet plaats { $seat }
contrees-refused-no-seat = plaatsen: er is geen plaats { $seat } (de plaatsen zijn 0 en 1)
contrees-refused-resign = opgeven: plaats { $seat } kan niet opgeven voor plaats { $named }
contrees-refused-lands-first = er { $laid ->
    [one] ligt
   *[other] liggen
} { $laid } van de 16 gebieden, en torens komen pas als ze er allemaal liggen. { $way }
contrees-refused-lands-laid = alle 16 gebieden liggen er al, er valt geen gebied meer te leggen. { $way }
contrees-refused-occupied = daar ligt al gebied { $land }. { $way }
contrees-refused-not-connected = die plaats sluit niet aan op het speelveld, dat aaneengesloten moet blijven. { $way }
contrees-refused-not-expert = alleen de expertversie heeft witte gebieden, dus laat { cmd-contrees-lay-white } weg. { $way }
contrees-refused-white-laid = je witte gebied ligt er al en de andere zijn zwart, dus laat { cmd-contrees-lay-white } weg. { $way }
contrees-refused-white-last = je achtste gebied moet je witte zijn, dus kies bij { cmd-contrees-lay-white } ‘{ cmd-contrees-lay-white.choice-2 }’. { $way }
contrees-refused-not-a-spot = { $spot } is geen hoek van het speelveld. { $way }
contrees-refused-spot-taken = op { $spot } staat al een toren. { $way }
contrees-refused-rebuild = je toren op { $spot } is net gesloopt; vanaf je volgende beurt mag je daar weer bouwen. { $way }
contrees-refused-no-towers = je hebt geen torens meer. { $way }
contrees-refused-may-not-pass = je mag alleen passen als je geen toren of geen vrije hoek meer hebt, en je hebt nog { $towers } { $towers ->
    [one] toren
   *[other] torens
}. { $way }
contrees-refused-timeout = tijd om: in fase 1 legt het platform de gebieden voor een speler van wie de tijd om is

## Na een weigering: wat er nu kan, met het commando en de labels die er zijn.
contrees-way-lay = { $count ->
    [one] Leg je tweede gebied
   *[other] Leg je twee gebieden
} met /{ cmd-contrees } { cmd-contrees-lay } (vrije plaatsen: { $places })
contrees-way-build = Bouw met /{ cmd-contrees } { cmd-contrees-place } (vrije hoeken: { $spots })
contrees-way-pass = Pas met /{ cmd-contrees } { cmd-contrees-pass }
contrees-way-board = Bekijk het bord met /{ cmd-contrees } { cmd-board }

## De regels in het kort, voor `regels`.
contrees-rules = **Contrées** in het kort, voor twee. **Fase 1**: leg elke beurt twee van je 8 gebieden, elk aansluitend op het speelveld (`/{ cmd-contrees } { cmd-contrees-lay }`, met de labels op het bord: `B3` is de vrije plaats aan zijde 3 van gebied B, zijden geteld met de klok mee vanaf rechtsboven). In de expertversie is een van je gebieden wit en telt het driedubbel; het moet uiterlijk je achtste zijn. **Fase 2**: bouw elke beurt een toren op een vrije hoek (`/{ cmd-contrees } { cmd-contrees-place }`, `B4` is hoek 4 van gebied B, hoeken geteld met de klok mee vanaf boven). Met vier van de zes hoeken van een gebied is het van jou: je bezitsmarker komt erop en de torens van de andere speler eromheen worden gesloopt. Een groep torens zonder vrije hoek ernaast langs de muren wordt ook gesloopt, wanneer een toren van de andere speler hem omsingelt. Een gebied waarop minder dan 4 torens van de bezitter overblijven, verliest zijn marker. Je mag niet meteen herbouwen waar je net gesloopt bent; heb je geen toren of geen vrije hoek meer, dan pas je. Het spel eindigt wanneer een speler alle 10 markers geplaatst heeft, niemand nog torens heeft, of er geen hoek meer vrij is. Wie de meeste gebieden bezit, wint (bij gelijke stand: wie de meeste torens sloopte). Een beurt die niet op tijd gespeeld wordt, wordt voor je gespeeld: in fase 1 komen de gebieden op de vrije plaatsen met het laagste label (zwart, of je witte gebied als dat aan de beurt is), in fase 2 wordt er niets gebouwd; drie keer op rij, en je geeft automatisch op. Je mag op elk moment opgeven (`/{ cmd-contrees } { cmd-resign }`): dan wint de andere speler.

## Getypte commando's.
contrees-lands-laid = Alle 16 gebieden liggen er al, er valt geen gebied meer te leggen. { $way }.
contrees-no-free-place = Er is geen vrije plaats ‘{ $label }’ naast het speelveld. { $way }.
contrees-place-taken = Plaats ‘{ $label }’ is bezet: daar ligt gebied { $land }. { $way }.
contrees-no-corner = Er is geen hoek ‘{ $spot }’ op het bord. { $way }.
