//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "nonosat's browser engine: build it with GOOS=js GOARCH=wasm go build -o nonosat.wasm ./wasm (make web builds the whole site)")
	os.Exit(2)
}
