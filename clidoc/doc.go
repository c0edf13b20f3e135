// Package clidoc writes the documents a command-line program built on
// urfave/cli (v2) gives about itself, from the [cli.App] alone: the
// manual page in roff ([Man]), shell completion scripts for bash, zsh
// and fish ([Bash], [Zsh], [Fish]), and the "did you mean" guess for a
// mistyped name ([Nearest]).
//
// Everything is read from the app as it is built: commands, their usage,
// ArgsUsage and Description, and the flags with their usage and
// defaults. What the app cannot say (the DESCRIPTION of the page, the
// exit codes, extra sections, the values a flag takes) the caller passes
// in a [Page] or a [Values] function. The package writes to an
// [io.Writer]; it neither prints nor exits, and does no work when it is
// only linked in (no package variables to set up), so a program pays
// for it only when it writes a document.
//
// The manual page is written here rather than by urfave/cli's ToMan,
// which goes through Markdown: its Markdown library would cost every run
// of the program, and its page has no per-command synopsis.
package clidoc
