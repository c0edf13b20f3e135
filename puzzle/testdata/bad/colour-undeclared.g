#d
  1:X  black
  r:%  red
: rows
1r 1
1g
: columns
1r
1
: end
