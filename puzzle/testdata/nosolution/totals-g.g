: rows
2
0
: columns
1
0
: end
