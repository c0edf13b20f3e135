#d
  r:%  red
  r:&  pink
: rows
1r
: columns
1r
: end
