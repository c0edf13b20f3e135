package main

import "os"

func main() {
	err := newApp(os.Stdout, os.Stderr).Run(os.Args)
	os.Exit(report(os.Stderr, err))
}
