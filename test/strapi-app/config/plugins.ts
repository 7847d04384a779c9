// The Circassian plugin: Russian articles translated into Kabardian, Adyghe and English, and the
// body read aloud into `audio` in Kabardian and Adyghe. The key and the service URL come from
// CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL (the plugin's defaults), never from this file.
export default () => ({
  circassian: {
    enabled: true,
    config: {
      contentTypes: {
        'api::article.article': {
          sourceLocale: 'ru',
          targetLocales: ['kbd', 'ady', 'en'],
          audio: [{ from: 'body', to: 'audio', locales: ['kbd', 'ady'], voice: 'female' }],
        },
      },
    },
  },
});
