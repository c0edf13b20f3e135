package linekernel

// A Grid is a puzzle's line-solving state as the learner takes it over
// (linestate.Kernel): the cell domains narrowed so far and the
// lines' templates and cache, shared with the state, not copied.
type Grid struct {
	H, W     int
	OneColor bool        // the puzzle has one colour (of any size)
	Failed   bool        // the state has met a contradiction
	Cells    []Set       // row-major; read only
	Lines    []*Template // rows 0…H-1, then columns
	Cache    *LineCache  // the state's cache of solved one-word lines, or nil
}
