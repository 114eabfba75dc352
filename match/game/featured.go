package game

// FeaturedProfiles returns the profiles of g that a home page offers
// first, in its order: the game's own choice when it has one (a method
// FeaturedProfiles() []string), else its default profile alone. The
// other profiles stay a choice away.
func FeaturedProfiles(g Game) []string {
	if o, ok := g.(interface{ FeaturedProfiles() []string }); ok {
		return o.FeaturedProfiles()
	}
	return []string{g.DefaultProfile()}
}
