import type { Strapi } from '../strapi';
import { ACTION_DEFINITIONS } from '../permissions';
import { getService } from '../utils/get-service';
import { prepareMemoryTable } from '../utils/memory-table-setup';
import { prepareSpeechPartsTable } from '../utils/speech-parts-table';

export default async ({ strapi }: { strapi: Strapi }) => {
  await strapi.admin?.services.permission.actionProvider.registerMany(ACTION_DEFINITIONS);
  // The memory's UNIQUE key index (and the key hashes of rows made before it); without it the memory
  // cannot store, which translation survives: logged, and Strapi starts all the same.
  await prepareMemoryTable(strapi).catch((error: unknown) =>
    strapi.log.error(
      `[circassian] the translation memory's table could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
  // The speech memory's table (the audio service makes it on first use too, should this fail now).
  await prepareSpeechPartsTable(strapi.db.connection, strapi.db.dialect.client).catch((error: unknown) =>
    strapi.log.error(`[circassian] the speech memory's table could not be made: ${error instanceof Error ? error.message : String(error)}`),
  );
  const settings = getService(strapi, 'settings');
  if (!settings.hasKey()) {
    // One line, once; Strapi runs on and the plugin stays idle until a key is configured.
    strapi.log.warn('[circassian] no key configured (CIRCASSIAN_API_KEY or apiKey in config/plugins.ts): translation and audio are off');
    return;
  }
  const configured = settings.contentTypes().map((type) => `${type.uid} (${type.sourceLocale} -> ${type.targetLocales.join(', ')})`);
  strapi.log.info(`[circassian] translating ${configured.join('; ') || 'no content types yet'}`);
  getService(strapi, 'worker').start();
};
