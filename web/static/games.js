// The games the page knows, by the name the server gives them (the "game"
// of a RaceInfo or of a profile). The pages ask the registry for a game's
// board and words and never ask which game they show: a new game is its
// module (its Board subclass and its entry) and one register line below.
//
// An entry has, besides name, title (for people) and Board (its board
// class, a subclass of board.js's Board):
//   rules(info)           what its board needs from a RaceInfo (profile, rules text)
//   view(w)               its board's view from the hub's wire view
//   boardText(v)          the view as lines of text, for screen readers
//   moveText(m, v)        move m of view v (the view before it) in words
//   hintText(m, v)        a hinted move m in words
//   movedCard(m, v)       the card the board marks as played by m, or ''
//   newsText(b, a)        what a move did for the win between views b and a, or ''
//   stockText(tok, b, a)  what practice says of the stock after action tok, or ''
//   scoreText(v, r)       the race's score line of view v under rules r, or ''
//   winText               the race's words for a win
//   counted               what a result counts: 'cards' or 'runs' (the
//                         catalogue's result.<counted> words)
//   lineText(m, v, n)     move m of view v as an instruction in a line of
//                         moves ("Move 7♥ from column 3 onto 8♠ in column
//                         5", "Draw"), played n times in a row
//   homeCard(m, v)        the card move m of view v puts on its foundation,
//                         or '': the analysis says such moves as one step
//   repeats               the moves said once for a run of them ("Draw 3
//                         times"), e.g. ['D']
//   faceUp                every card is face up from the deal: an analysis
//                         knew nothing the player could not see
//   progress(v)           a racer's progress counts (foundations, foundation,
//                         completed, turned_up, passes) from their own view
//   standingText(s)       a result's count ("31/52")
//   bars(p), barsClass    a racer's progress bars, and the class they add
//   counts(p)             a racer's progress counts in words
//   countsShort(p)        the first of them alone, in few words ("6/52 home"),
//                         for a narrow column
//   news(name, r, said)   [text, count] announcing a racer's progress r
//                         when it is worth it past count said, or null
//   raceKeys, practiceKeys  the key help of the race and practice pages
//   scoring               whether practice offers a score
//   ruleHints             whether hints need no solver (the game's rule gives one)
//   statsHTML(state, deal, time)  practice's status line, around the deal's
//                         link and the clock
//   wonText(state)        what practice adds to "Won in N actions and T"
//   picture(profile)      a small drawing of the game (an inline SVG, no
//                         text), for the home page's choices; profile is a
//                         profile's description from the server
//
// A profile's name for people is its game's title and the catalogue's
// 'variant.<profile>' words ("Klondike · draw 3"); the server's text of
// its rules stands in for a profile the catalogue does not know.
import { cardName, turnedUp } from './cards.js';
import { t, has } from './i18n.js';
import { serverConfig } from './util.js';
import { klondike } from './klondike.js';
import { spider } from './spider.js';
import { freecell } from './freecell.js';

const registry = new Map();

/** register adds a game; the first one is the game of whatever names none. */
export function register(game) {
  registry.set(game.name, game);
}

register(klondike);
register(spider);
register(freecell);

/** games lists the games in the order they were registered. */
export function games() {
  return [...registry.values()];
}

/** gameNamed is the game called name; an absent or unknown name is the first game's. */
export function gameNamed(name) {
  return registry.get(name) || games()[0];
}

// known holds the server's profiles by name, once it has said them.
const known = new Map();
serverConfig().then((c) => { for (const p of c.profiles || []) known.set(p.name, p); });

/** variantName is a profile's words within its game ("draw 3"), for a choice under the game's title. */
export function variantName(name) {
  if (has('variant.' + name)) return t('variant.' + name);
  if (has('profile.' + name)) return t('profile.' + name);
  return (known.get(name) || {}).text || name;
}

/**
 * profileName is a profile's short name for people ("Klondike · draw
 * 3", "Spider · 1 suit"); game names its game when the server's
 * profiles are not known yet.
 */
export function profileName(name, game) {
  const g = gameNamed(game || (known.get(name) || {}).game);
  return has('variant.' + name) ? t('profile.name', { game: g.title, variant: t('variant.' + name) }) : variantName(name);
}

/** gameOfProfile is the game of the profile called name in the server's profiles. */
export function gameOfProfile(profiles, name) {
  return gameNamed((profiles.find((p) => p.name === name) || {}).game);
}

/** profilesOf lists the profiles of game. */
export function profilesOf(profiles, game) {
  return profiles.filter((p) => gameNamed(p.game) === game);
}

/**
 * sideEffects says what a move did besides itself, from views before and
 * after: the cards it turned up and the game's news, each after "; ".
 */
export function sideEffects(game, before, after) {
  let said = '';
  const up = turnedUp(before, after);
  if (up.length) said += `; ${t('move.turnedup', { cards: up.map(cardName).join(', ') })}`;

  const news = game.newsText(before, after);
  if (news) said += `; ${news}`;
  return said;
}
