### The slash commands: names, descriptions, options and choices.
