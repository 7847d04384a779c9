// The Circassian plugin: Russian articles translated into Kabardian, Adyghe and English, and the
// title and body read aloud into `audio` in Kabardian and Adyghe. The key and the service URL come from
// CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL (the plugin's defaults), never from this file.
// The queue settings come from the environment only so the end-to-end tests can make claims small
// and leases short (a killed instance's work is taken over within seconds); publicWrites so they can
// start the app once with the Public role's writes translated. Users & Permissions (the Content
// API's Public role and users) reads JWT_SECRET, which the host sets.
export default ({ env }) => ({
  circassian: {
    enabled: true,
    config: {
      contentTypes: {
        'api::article.article': {
          sourceLocale: 'ru',
          targetLocales: ['kbd', 'ady', 'en'],
          // Translated on every save of the Russian source; audio made when a target is published.
          translateOn: 'save',
          audioOn: 'publish',
          // A quote's author is a name: copied into every locale, not translated.
          fields: { 'sections.author': 'copy' },
          // The title, then the body, read aloud (a pause between them). The bulk benchmark measures
          // translation alone: CIRCASSIAN_TEST_AUDIO=off leaves audio out.
          audio:
            env('CIRCASSIAN_TEST_AUDIO', 'on') === 'off'
              ? []
              : [{ from: ['title', 'body'], to: 'audio', locales: ['kbd', 'ady'], voice: 'female' }],
        },
        // Test-only: relations (linked in the target locale where the related entry has one),
        // numbers, dates and enumerations copied, a field skipped.
        'api::note.note': {
          sourceLocale: 'ru',
          targetLocales: ['kbd', 'en'],
          fields: { internal: 'skip' },
        },
        // Test-only, a content model in the shape of the official Strapi 5 demos: relations inside
        // components and dynamic zones, a required uid with no target field, a length-limited title.
        'api::page.page': {
          sourceLocale: 'ru',
          targetLocales: ['kbd', 'en'],
        },
      },
      publicWrites: env.bool('CIRCASSIAN_TEST_PUBLIC_WRITES', false),
      queue: {
        claimSize: env.int('CIRCASSIAN_QUEUE_CLAIM_SIZE', 200),
        leaseMs: env.int('CIRCASSIAN_QUEUE_LEASE_MS', 120_000),
        pollMs: env.int('CIRCASSIAN_QUEUE_POLL_MS', 1_000),
      },
    },
  },
});
