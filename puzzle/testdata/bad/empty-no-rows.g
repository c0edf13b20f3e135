Only free text, no clues.
