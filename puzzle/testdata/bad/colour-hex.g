#d
  1:X  #12345G
: rows
1
: columns
1
: end
