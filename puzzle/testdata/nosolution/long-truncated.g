id: webpbn #1
title: Demo Puzzle from Front Page
author: Jan Wolter
copyright: (c) 2004 Jan Wolter; redistributable with attribution

Black and white: no colour table. Free text before the first line that
starts with a colon is ignored.

: rows
2
2 1
1 1
3
1 1
1 1
2
1 1
1 2
2
: columns
2 1
2