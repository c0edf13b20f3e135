Rows but no columns.
: rows
1
1
