// Package session holds guest identities and the signed tokens that
// carry them: a player is a stable 16-hex-digit ID and a display name,
// and a token (base64url JSON, a dot, base64url HMAC-SHA256) lets the
// player reconnect to any node holding the same key.
//
//	s := session.NewSigner(secret)
//	id, err := session.New("Ann", time.Now())
//	if err != nil { ... } // a name ValidateName refuses
//	token := s.Sign(id)
//	again, err := s.Verify(token) // on any node with the same secret
package session
