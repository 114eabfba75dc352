// Palavras da página em português do Brasil, por chave; ver ../i18n.js.
export default {
  'lang.switch': 'Idioma',

  // O visual da página: sons.
  'sound.label': 'Som',
  'sound.title': 'Tocar sons curtos nos lances, nas cartas viradas e na vitória',
};
