// The admin panel's languages: English and Russian (the content team writes in Russian), so an
// editor may switch the interface, and the Circassian plugin's own Russian strings, to Russian.
export default {
  config: { locales: ['ru'] },
  bootstrap() {},
};
