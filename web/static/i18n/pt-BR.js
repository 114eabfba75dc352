// Palavras da página em português do Brasil, por chave; ver ../i18n.js.
export default {
  'lang.switch': 'Idioma',
};
