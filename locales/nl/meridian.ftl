### Meridian (Leo Colovini): zetten, menu's, weigeringen en opties.

## Een zet in woorden: voor de thread; -done voor de speler zodra gespeeld; -proposed voor de speler voor die bevestigt.
meridian-passed = { $who } paste en legde kaart { $card } af
meridian-passed-done = Je paste en legde kaart { $card } af
meridian-passed-proposed = passen en kaart { $card } afleggen
meridian-played = { $who } speelde kaart { $card } op meridiaan { $meridian }: { $what }
meridian-played-done = Je speelde kaart { $card } op meridiaan { $meridian }: { $what }
meridian-played-proposed = kaart { $card } spelen op meridiaan { $meridian } — { $what }
meridian-took-back = eigen toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } weggenomen
meridian-took-back-done = je toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } weggenomen
meridian-took-back-proposed = je toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } wegnemen
meridian-placed = een toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } geplaatst
meridian-placed-done = een toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } geplaatst
meridian-placed-proposed = een nieuwe toren van { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
} op { $city } plaatsen
meridian-then = { $first }, daarna { $then }
meridian-pushing = { $line }; { $direction } verplaatst: { $pushed }
meridian-pushed-tower = de toren van { $name } ({ $height ->
    [one] { $height } stuk
   *[other] { $height } stukken
})
meridian-north = naar boven
meridian-south = naar beneden
meridian-standing = { $score ->
    [one] { $score } punt
   *[other] { $score } punten
}, { $reserve ->
    [one] { $reserve } torenstuk
   *[other] { $reserve } torenstukken
} in voorraad

## De menu's van een zet.
meridian-choose-card = Kies een kaart
meridian-card = Kaart { $card }
meridian-choose-meridian = Kies een meridiaan, of pas
meridian-meridian = Meridiaan { $meridian }
meridian-pass-option = Passen (niets plaatsen)
meridian-choose-action = Kies wat je doet
meridian-place-option = Een nieuwe toren plaatsen
meridian-take-back-option = Je toren op { $city } wegnemen
meridian-replace-option = Je toren op { $city } wegnemen en een nieuwe plaatsen
meridian-choose-height = Kies de hoogte
meridian-floors = { $floors ->
    [one] { $floors } stuk
   *[other] { $floors } stukken
}
meridian-choose-city = Kies de stad
meridian-city = Stad { $city }

## De weigeringen van de regels, elk met de regel erbij (spec §3–§4).
meridian-refused-game-over = het spel is afgelopen
meridian-refused-turn = beurtvolgorde: plaats { $due } is aan de beurt, niet plaats { $seat }
meridian-refused-card = kaart: { $card } is geen van je openliggende kaarten
meridian-refused-no-meridian = kaart: een zet die een toren wegneemt of plaatst, moet de meridiaan vermelden
meridian-refused-not-on-card = kaart: { $card } laat meridiaan { $meridian } niet toe
meridian-refused-no-city = stad: er is geen stad { $city }; elke meridiaan heeft de steden 1 tot en met { $rows }
meridian-refused-no-tower = wegnemen: je hebt geen toren op { $city }
meridian-refused-identical = wegnemen en plaatsen: de nieuwe toren moet in hoogte of stad verschillen van de weggenomen toren
meridian-refused-zero-height = hoogte: een toren heeft minstens 1 stuk
meridian-refused-r1 = R1 eerste toren: meridiaan { $meridian } heeft nog geen toren, dus een toren daar moet minstens 2 stukken hebben
meridian-refused-r2 = R2 verschillende hoogtes: meridiaan { $meridian } heeft al een toren van hoogte { $height }
meridian-refused-r3 = R3 volgorde: een toren van hoogte { $height } op { $city } zou de aflopende volgorde van de hoogtes, van boven naar beneden, verstoren
meridian-refused-r4 = R4 één toren per meridiaan: je hebt er al { $limit } op meridiaan { $meridian }
meridian-refused-r5 = R5 voorraad: een toren van hoogte { $height } heeft { $height ->
    [one] { $height } torenstuk
   *[other] { $height } torenstukken
} nodig en je hebt er { $available }
meridian-refused-r6-own = R6 stad: op { $city } staat je eigen toren; alleen de toren van een andere speler kan verplaatst worden
meridian-refused-r6-off = R6 stad: plaatsen op { $city } zou een toren { $direction } van het bord duwen

## Na een weigering: wat er nu kan, de toegestane waarden van het deel van de zet dat niet klopt, met het commando.
meridian-refused-way = { $rule }. { $way }
meridian-way-cards = Je openliggende kaarten: { $cards }; speel er een met /{ cmd-meridian } { cmd-meridian-play }, of leg er een af met /{ cmd-meridian } { cmd-meridian-pass }
meridian-way-meridians = Kaart { $card } kan nu op { $count ->
    [one] meridiaan
   *[other] de meridianen
} { $meridians }, met /{ cmd-meridian } { cmd-meridian-play }
meridian-way-take-back = Je kunt { $count ->
    [one] je toren op
   *[other] je torens op
} { $cities } wegnemen, met /{ cmd-meridian } { cmd-meridian-play } en { cmd-meridian-play-take_back }
meridian-way-heights = Op meridiaan { $meridian } kun je een toren van { $heights } stukken plaatsen, met /{ cmd-meridian } { cmd-meridian-play } en { cmd-meridian-play-height }
meridian-way-cities = Een toren van { $height ->
    [one] { $height } stuk
   *[other] { $height } stukken
} kan op { $cities }, met /{ cmd-meridian } { cmd-meridian-play } en { cmd-meridian-play-row }
meridian-way-pass = Kaart { $card } kun je nu alleen afleggen, met /{ cmd-meridian } { cmd-meridian-pass }

## Opties waarmee geen spel opgezet kan worden.
meridian-board-unknown = onbekend bord { $name } (gebruik ‘standard-5’, ‘standard-4’ of een raster van rijen als tekst)
meridian-board-rows = een bord heeft 4 of 5 rijen, dit raster heeft er { $rows }
meridian-board-row-length = rij { $row } van het bord heeft { $len ->
    [one] { $len } teken
   *[other] { $len } tekens
}, elke rij heeft er 10 (één per meridiaan)
meridian-board-letter = rij { $row } van het bord, meridiaan { $meridian }: { $found } is geen eilandletter (a-z, A-Z voor een hoofdstad)
meridian-board-does-not-suit = een bord met { $rows } steden per meridiaan past niet bij { $players ->
    [one] { $players } speler
   *[other] { $players } spelers
} (4 steden per meridiaan voor 3 spelers, 5 voor 2 of 4)
meridian-board-unreadable = dit bord kan niet worden klaargezet

## De regels in het kort, voor `regels`.
meridian-rules = **Meridian** in het kort. Speel elke beurt een van je twee openliggende kaarten en kies een meridiaan die de kaart toelaat (1–10, of een uit een reeks). Daarop mag je een toren **plaatsen** (torenstukken uit je voorraad), een van je torens **wegnemen**, **allebei**, of **passen**. De torens op een meridiaan hebben verschillende hoogtes, de hoogste bovenaan; de eerste toren op een lege meridiaan heeft minstens 2 stukken; één toren per speler per meridiaan (twee bij 2 spelers). Plaats je op de toren van een andere speler, dan verplaats je die toren (en de torens erachter) één stad naar boven als de jouwe korter is, naar beneden als hij hoger is, maar nooit van het bord. Als alle kaarten gespeeld zijn, wordt elk eiland gecontroleerd door de speler met het sterkste garnizoen daar (1 per toren, 2 in een hoofdstad ★); de steden van dat eiland zijn punten voor die speler. Bij gelijke stand: de meeste ongebruikte torenstukken. Een beurt die niet op tijd gespeeld wordt, wordt vanzelf gepast; drie keer op rij, en de speler geeft automatisch op.

## Getypte commando's.
meridian-your-tower = Je toren op { $city }
meridian-no-such-card = Er is geen kaart ‘{ $card }’: de kaarten zijn 1 tot 10, 1-2-3, 4-5-6-7 en 8-9-10. { $way }.
meridian-out-of-range = { $what ->
    [height] hoogte
    [row] rij
    [meridian] meridiaan
   *[other] { $what }
} { $value } valt buiten het bereik
meridian-height-and-row = Een nieuwe toren heeft zowel een hoogte als een rij nodig.
meridian-nothing-to-do = Geef hoogte en rij op om een toren te plaatsen, of { cmd-meridian-play-take_back } om je eigen toren weg te nemen; om te passen gebruik je /{ cmd-meridian } { cmd-meridian-pass }.
