package main

import "time"

// partialBudget bounds the line solving that shows, after a timeout, what
// is known of the grid (report.Known).
const partialBudget = time.Second
