import { validateConfig } from './schema';

export default {
  // The key and address are read from the environment when left out (CIRCASSIAN_API_KEY,
  // CIRCASSIAN_BASE_URL), so they need not appear in config files.
  default: () => ({ contentTypes: {} }),
  validator: (config: unknown) => validateConfig(config),
};
