### A game's web page.
