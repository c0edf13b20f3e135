package main

import "os"

func main() {
	err := runApp(newAppFor(os.Stdout, os.Stderr, os.Args), os.Args)
	os.Exit(report(os.Stderr, err))
}
