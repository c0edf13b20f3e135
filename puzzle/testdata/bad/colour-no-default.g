#d
  r:%  red
: rows
1r
1
: columns
1r
1r
: end
