title: Flag
Every block names its colour: there is no default colour (1).
#declaration of the colours
  g:G  #00A000    green
  y:Y  yellow
  t:/  black/orange   a griddlers.net triangle is just a colour
  0:   white
:rows
2g 2y
2g,	2y
0
1t 1t 1t
:columns
2g 1t
2g
1t
2y
2y 1t

