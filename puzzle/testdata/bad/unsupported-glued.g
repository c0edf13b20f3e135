#d
  1:*  black
  /:a  white/black  <<  a triangle glued to its block
: rows
/2
