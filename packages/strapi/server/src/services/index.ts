// The plugin's services by the name Strapi registers them under; their types are the
// hand-written map in types/services.ts, which getService reads.
import access from './access';
import audio from './audio';
import batching from './batching';
import client from './client';
import glossary from './glossary';
import instances from './instances';
import keyCheck from './key-check';
import memory from './memory';
import overview from './overview';
import pauses from './pauses';
import queue from './queue';
import runs from './runs';
import settings from './settings';
import spending from './spending';
import translator from './translator';
import worker from './worker';
import writer from './writer';

export default {
  access,
  audio,
  batching,
  client,
  glossary,
  instances,
  keyCheck,
  memory,
  overview,
  pauses,
  queue,
  runs,
  settings,
  spending,
  translator,
  worker,
  writer,
};
