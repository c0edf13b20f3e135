Example B of docs/formats.md: different colours may touch, the same colour
needs a gap.
#d
   0:.  white   background
   1:X  black   default block color
   r:%  red
: rows
2r 1
2
1r 2
: columns
1r 1r
1r 1
3
1
: end
