// Package bot drives the program's solitaire racers: the bot of any game
// that has one (game.Botter, in the game contract), at a level a person
// can pick and at that level's human pace, in races through the hub's
// client package, and offline to measure the bots.
//
// The bots themselves are their games': each game's bot chooses a move
// from what its racer may see (the view's JSON from the wire, never a
// face-down card nor the stock's order), and this package knows games
// only through the contract, by their profile names. A game with a bot
// is raced by bots with no change here.
//
// Race plays one race from the race message the hub sent: it waits out
// the countdown, sends each move with the next sequence number after the
// level's pause, and plays on from the view in the acknowledgement. The
// bot never resigns: with no move left it waits for the race's end,
// ranked by its cards off the table (only the load levels, Greedy and
// Random, finish at once). Join connects as a player the hub seated and
// plays its race; a Launcher starts such bots for the hub.
//
//	c, _ := client.Dial(ctx, url, client.Options{})
//	rm, _ := c.WaitRace(ctx)
//	res, err := bot.Race(ctx, c, rm, bot.RaceConfig{Bot: bot.Config{Level: bot.Steady}, Pace: bot.Steady.Pace()})
//
// The levels for people (PlayerLevels) are Relaxed, Steady (the default)
// and Strong; each has its pace (Level.Pace), a pause before each action
// that a person can follow. Greedy and Random serve load tests.
//
// Evaluate plays many deals of a profile offline (only those the game's
// solver proves winnable, if asked) and sums the games: win rate, median
// cards off the table, and the pace an action would take in a race;
// `loadgen bots` prints it. Games end where a race would end them: won,
// or stuck by the race's stuck detection. Its searches are bounded by
// positions, so its results are the same on any machine.
package bot
