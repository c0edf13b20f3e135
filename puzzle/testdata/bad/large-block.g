: rows
1000000000
: columns
1
: end
