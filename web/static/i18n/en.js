// English words of the page, by key; see ../i18n.js. Keys are grouped by
// page with a dotted prefix; a value may be a function of its params.
export default {
  'lang.switch': 'Language',

  // The page's look: sounds.
  'sound.label': 'Sound',
  'sound.title': 'Play short sounds for moves, cards turned up and the win',
};
