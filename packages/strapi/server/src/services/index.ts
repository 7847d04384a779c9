import audio from './audio';
import client from './client';
import queue from './queue';
import settings from './settings';
import translator from './translator';
import worker from './worker';

export default { audio, client, queue, settings, translator, worker };
