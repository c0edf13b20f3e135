// Package picture turns pictures into nonogram grids and draws puzzles:
// as SVG, as PNG, and as text for a terminal.
//
// # Reading pictures
//
// [Decode] and [ReadFile] read PNG, GIF and JPEG (through the standard
// library), PBM, PGM and PPM in their plain and raw forms ([DecodePNM]),
// and text art ([DecodeTextArt]); [Sniff] tells them apart by content. The
// result is a [puzzle.Grid] and a palette for [puzzle.FromGrid]. How a
// picture becomes a grid:
//
//  1. Background. Pixels less than half opaque, and the background
//     characters of text art, are background. If a picture has none, the
//     lightest colour (after step 2) is the background (text art then has
//     no background cell), or with [Options.Background] set, the colour
//     nearest to it.
//  2. Colours. With [Options.Colors] = N, the other pixels are reduced to
//     at most N colours (N+1 when the background is still to be chosen
//     from them) by a variance-based median cut: starting from one box
//     holding every colour, split the box with the largest squared error
//     along its channel of largest variance, at the cut that leaves the
//     least squared error (which finds the gap between two clusters of
//     colour where a plain median would halve the larger one), until there
//     are enough boxes. Each box stands for the pixel-weighted mean of its
//     colours, and each pixel takes the nearest of those (squared RGB
//     distance). A picture with few enough colours keeps them exactly. With
//     N = 0 every colour is kept, up to [puzzle.MaxColors].
//  3. Size. With [Options.Width] and [Options.Height] the picture is scaled
//     down: each cell covers a block of pixels and takes its most common
//     colour; on a tie a colour beats the background, and the colour that
//     covers more of the picture beats one that covers less.
//  4. Palette. Colours that survive are numbered by the cells they fill,
//     most first, and named after the nearest of a short list of colour
//     names ("black", "red", "red 2", ...); each is drawn with the initial
//     of its name ('#' for black) or, when that is taken, the next free
//     character of "#abc...".
//
// # Text art
//
// Text art is one line per row of cells and one character per cell, such as
// the output of [puzzle.Grid.String] or [puzzle.Puzzle.FormatGrid]. Short
// lines are padded with background, and blank lines before and after the
// art are dropped. The characters in " .·_-0⬜□◻▫" are background; every
// other character is a colour of its own, and keeps its character in the
// palette. Well-known characters get their natural colour: '#', 'X', '1',
// '█', '■', '◼', '⬛' and friends black, the coloured emoji squares and
// circles their colour, 'r', 'g', 'b', 'y', 'o' red, green, blue, yellow
// and orange. A character whose colour is unknown or taken gets the next
// of a list of spare colours, so that different characters always stay
// different colours. Emoji variation selectors are ignored; tabs are an
// error, since their width is unknown.
//
// # Drawing
//
// [SVG] and [PNG] (through [Image]) draw the same printed nonogram: a
// margin of half a cell, the row clues right-aligned in cell-sized slots,
// the column clues bottom-aligned above the grid, thin grey lines between
// cells, thick black ones every five cells and around the grid, and light
// guides every five cells through the clues. A black-and-white puzzle's
// numbers are printed in its colour; a colour puzzle's numbers sit on a
// square of their block's colour, in black or white, whichever reads
// better. An empty clue is a grey 0. [RenderOptions.Solution] fills the
// cells in and [RenderOptions.Marks] outlines cells in red. For a puzzle
// with R row-clue slots and C column-clue slots (the most blocks of any
// row or column, at least 1) and cell size S, the picture is
// (R+W)·S + 2·(S/2) pixels wide and (C+H)·S + 2·(S/2) high, and cell
// (r, c) has its top-left corner at (S/2 + (R+c)·S, S/2 + (C+r)·S).
//
// [Text] draws the same layout with characters for a terminal, in ANSI
// 24-bit colour or plain; [Diff] lists the cells where two grids differ,
// for [TextMarked] and [RenderOptions.Marks].
package picture
