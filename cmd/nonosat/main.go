package main

import "os"

func main() {
	err := runApp(newApp(os.Stdout, os.Stderr), os.Args)
	os.Exit(exitReport(os.Stderr, err))
}
