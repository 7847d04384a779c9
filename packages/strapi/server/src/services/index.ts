import access from './access';
import audio from './audio';
import batching from './batching';
import client from './client';
import instances from './instances';
import keyCheck from './key-check';
import overview from './overview';
import queue from './queue';
import runs from './runs';
import settings from './settings';
import stateStore from './state-store';
import translator from './translator';
import usage from './usage';
import worker from './worker';
import writer from './writer';

export default {
  access,
  audio,
  batching,
  client,
  instances,
  keyCheck,
  overview,
  queue,
  runs,
  settings,
  stateStore,
  translator,
  usage,
  worker,
  writer,
};
