: rows
1 x2
: columns
1
: end
