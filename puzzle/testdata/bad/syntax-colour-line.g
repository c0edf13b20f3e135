#d
  1:X  black
  red
: rows
1
: columns
1
: end
