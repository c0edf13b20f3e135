// Package decode turns a model of an encoded puzzle back into a grid.
package decode
