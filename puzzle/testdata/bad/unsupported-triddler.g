A hexagonal puzzle.
#triddler
: side A
1
