// Package cnf is the literal vocabulary shared by the encoder, the decoder
// and the solver back ends: variables, literals, clauses, formulas, models,
// and the DIMACS text form.
//
// # Representation
//
// A [Var] is a positive int32, 1-based as in DIMACS. A [Lit] is a signed
// int32: v is the positive literal of variable v and -v its negation. A
// [Model] is indexed by variable minus one; [Model.Value] is the one place
// that knows the offset.
package cnf
