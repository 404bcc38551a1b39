### A game's web page (src/web/page.html and page.js).

web-title = { $title } — game #{ $game }
web-languages = Languages
web-moves-nav = Moves
web-first = First
web-first-title = The set-up (Home)
web-previous = Previous
web-previous-title = Previous move (Left arrow)
web-next = Next
web-next-title = Next move (Right arrow)
web-last = Last
web-last-title = The latest move (End)
web-moves = Moves
web-standing = Standing now
web-record = Download the game's record
web-record-note = (JSON, every card and programme shown; the bot's replay command reads it)
web-board-alt-setup = The board at the set-up
web-board-alt = The board after move { $step }
web-counter-setup = set-up (of { $last })
web-counter = move { $step } of { $last }
web-chart-title = { $chart }, move by move
web-at-setup = At the set-up:
web-after-move = After move { $step }:
