package game

import (
	"errors"
	"fmt"
)

// What every adapter does with its engine in the same way: profiles,
// deals, refusals and move logs, generic over the engine's types.

// NamedRules is the named part of a Variant: a rule profile's name and
// the engine's rules R for it. An adapter's Variant embeds it for Profile and
// Rules. The zero value is an unnamed profile with R's zero rules.
type NamedRules[R fmt.Stringer] struct {
	name  string
	rules R
}

// NewNamedRules returns the profile name with the engine's rules r.
func NewNamedRules[R fmt.Stringer](name string, r R) NamedRules[R] {
	return NamedRules[R]{name: name, rules: r}
}

// Profile returns the profile's name.
func (p NamedRules[R]) Profile() string { return p.name }

// Rules describes the rules for people (R's String).
func (p NamedRules[R]) Rules() string { return p.rules.String() }

// EngineRules returns the engine's rules.
func (p NamedRules[R]) EngineRules() R { return p.rules }

// ProfileLookup returns lookup, an engine's rules by profile name, with
// its errors made ErrUnknownProfile too (ProfileError).
func ProfileLookup[R any](lookup func(name string) (R, error)) func(name string) (R, error) {
	return func(name string) (R, error) {
		r, err := lookup(name)
		if err != nil {
			return r, ProfileError(err)
		}
		return r, nil
	}
}

// ProfileError returns err, an engine's error for a profile name it does
// not know, as an error that is also ErrUnknownProfile (errors.Is); its
// text is err's and it unwraps to err.
func ProfileError(err error) error { return &engineError{err: err, is: ErrUnknownProfile} }

// DealError returns err, an engine's error for a deal that is not in its
// notation, as an error that is also ErrNotation (errors.Is); its text is
// err's and it unwraps to err.
func DealError(err error) error { return &engineError{err: err, is: ErrNotation} }

// engineError is an engine's error that is also one of the contract's.
type engineError struct {
	err error
	is  error
}

func (e *engineError) Error() string        { return e.err.Error() }
func (e *engineError) Unwrap() error        { return e.err }
func (e *engineError) Is(target error) bool { return target == e.is }

// CanonicalDeal reads a deal's text with the engine's parse and returns
// it in canonical form (D's String); errors are parse's, made DealError.
func CanonicalDeal[D fmt.Stringer](text string, parse func(text string) (D, error)) (string, error) {
	d, err := parse(text)
	if err != nil {
		return "", DealError(err)
	}
	return d.String(), nil
}

// IllegalAs returns err as an *IllegalMoveError when its chain holds an
// engine's refusal E, whose move (in notation) and reason why gives; else
// err.
func IllegalAs[E error](err error, why func(E) (move, reason string)) error {
	if e, ok := errors.AsType[E](err); ok {
		move, reason := why(e)
		return &IllegalMoveError{Move: move, Reason: reason, Err: err}
	}
	return err
}

// PlayLog reads moves with n and plays them from s, returning them as the
// engine's moves. A move that does not parse is an error wrapping
// ErrNotation, an illegal one n.Illegal's; both name the move's number
// ("move 3: …").
func PlayLog[S, M any, P Position[S, M]](s S, moves []string, n *Notation[M]) ([]M, error) {
	ms := make([]M, len(moves))
	for i, text := range moves {
		m, err := n.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, NotationError(text, err))
		}
		if err := P(&s).Apply(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, n.Illegal(text, err))
		}
		ms[i] = m
	}
	return ms, nil
}
