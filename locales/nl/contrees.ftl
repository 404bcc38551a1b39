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

## De weigeringen van de regels, elk met de regel erbij (contrees.md §3–§5).
contrees-refused-game-over = het spel is afgelopen
contrees-refused-turn = beurtvolgorde: plaats { $due } is aan de beurt, niet plaats { $seat }
contrees-refused-no-seat = plaatsen: er is geen plaats { $seat } (de plaatsen zijn 0 en 1)
contrees-refused-resign = opgeven: plaats { $seat } kan niet opgeven voor plaats { $named }
contrees-refused-lands-first = fase 1: nu worden er gebieden gelegd; torens komen pas als alle 16 gebieden liggen
contrees-refused-lands-laid = fase 2: alle 16 gebieden liggen; plaats een toren of pas
contrees-refused-occupied = gebieden: { $land } is al gelegd
contrees-refused-not-connected = gebieden: { $land } heeft geen gemeenschappelijke zijde met het speelveld (dat moet aaneengesloten blijven)
contrees-refused-not-expert = wit gebied: alleen de expertversie heeft witte gebieden
contrees-refused-white-laid = wit gebied: je hebt je witte gebied al gelegd
contrees-refused-white-last = wit gebied: je laatste gebied moet je witte gebied zijn
contrees-refused-not-a-spot = hoeken: { $spot } is geen hoek van een gebied van het speelveld
contrees-refused-spot-taken = op { $spot } staat al een toren
contrees-refused-rebuild = niet meteen herbouwen: je toren op { $spot } is net gesloopt; vanaf je volgende beurt mag je daar weer bouwen
contrees-refused-no-towers = voorraad: je hebt geen torens meer (pas)
contrees-refused-may-not-pass = passen: je mag alleen passen als je geen toren meer hebt of geen hoek om er een op te plaatsen
contrees-refused-timeout = tijd om: in fase 1 legt het platform de gebieden voor een speler van wie de tijd om is

## De regels in het kort, voor `regels`.
contrees-rules = **Contrées** in het kort, voor twee. **Fase 1**: leg elke beurt twee van je 8 gebieden, elk aansluitend op het speelveld (`/{ cmd-contrees } { cmd-contrees-lay }`, met de labels op het bord: `B3` is de vrije plaats aan zijde 3 van gebied B, zijden geteld met de klok mee vanaf rechtsboven). In de expertversie is een van je gebieden wit en telt het driedubbel; het moet uiterlijk je achtste zijn. **Fase 2**: bouw elke beurt een toren op een vrije hoek (`/{ cmd-contrees } { cmd-contrees-place }`, `B4` is hoek 4 van gebied B, hoeken geteld met de klok mee vanaf boven). Met vier van de zes hoeken van een gebied is het van jou: je bezitsmarker komt erop en de torens van de andere speler eromheen worden gesloopt. Een groep torens zonder vrije hoek ernaast langs de muren wordt ook gesloopt, wanneer een toren van de andere speler hem omsingelt. Een gebied waarop minder dan 4 torens van de bezitter overblijven, verliest zijn marker. Je mag niet meteen herbouwen waar je net gesloopt bent; heb je geen toren of geen vrije hoek meer, dan pas je. Het spel eindigt wanneer een speler alle 10 markers geplaatst heeft, niemand nog torens heeft, of er geen hoek meer vrij is. Wie de meeste gebieden bezit, wint (bij gelijke stand: wie de meeste torens sloopte). Een beurt die niet op tijd gespeeld wordt, wordt voor je gespeeld: in fase 1 komen de gebieden op de vrije plaatsen met het laagste label (zwart, of je witte gebied als dat aan de beurt is), in fase 2 wordt er niets gebouwd; drie keer op rij, en je geeft automatisch op. Je mag op elk moment opgeven (`/{ cmd-contrees } { cmd-resign }`): dan wint de andere speler.

## Getypte commando's.
contrees-lands-laid = Alle 16 gebieden liggen: bouw met /{ cmd-contrees } { cmd-contrees-place }, of pas met /{ cmd-contrees } { cmd-contrees-pass }.
contrees-no-free-place = Er is geen vrije plaats ‘{ $label }’ naast het speelveld: gebruik een label op het bord.
contrees-no-corner = Er is geen hoek ‘{ $spot }’ op het bord.
