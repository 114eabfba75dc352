package hub

// Channel names used by the hub on its Broker and Presence. The broker
// treats them as opaque; the race's ID sits in a Redis hash tag because
// the Redis store keys the race's data by it too. The arenas' channel
// is arenarun.Channel.
func raceChannel(raceID string) string     { return "race:{" + raceID + "}" }
func playerChannel(playerID string) string { return "player:" + playerID }
