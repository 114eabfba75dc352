package cards

// UnmarshalText sets *v to what parse reads from text, and leaves *v as
// it was when parse fails: the body of the encoding.TextUnmarshaler of
// an engine's deal or move.
func UnmarshalText[T any, In string | []byte](v *T, text In, parse func(In) (T, error)) error {
	t, err := parse(text)
	if err != nil {
		return err
	}
	*v = t
	return nil
}

// MarshalDeal returns the text of a deal (see Join) when validate, the
// deal's own check, accepts it, and validate's error otherwise: the body
// of the encoding.TextMarshaler of an engine's deal.
func MarshalDeal(deal []Card, validate func() error) ([]byte, error) {
	if err := validate(); err != nil {
		return nil, err
	}
	return []byte(Join(deal)), nil
}
