package main

import "os"

func main() {
	err := runApp(newAppFor(os.Stdout, os.Stderr, os.Args), os.Args)
	os.Exit(exitReport(os.Stderr, err))
}
